// Browser tests of the page that `vtxc view` writes: each corpus model's page is loaded from a
// file:// URL into headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core), then
// checked for console errors, network requests, the triangle counts it reports, and pictures that
// change with the LOD, the view mode and the animation frame. A model compiled here from SMD text
// with hostile bone and material names must show them as text and run no script.
//
//   node view_test.mjs VTXC [CORPUS]
//
// The corpus: $VTXC_CORPUS, else CORPUS, else ../shared/corpus beside the repository (as the C++
// tests find it). Exits 77 (CTest's
// SKIP_RETURN_CODE) when chromium or node_modules are missing. With VTXC_UPDATE_SCREENSHOTS=1 the
// README's screenshots in docs/images/ are rewritten from this run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SKIP = 77;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const vtxc = process.argv[2];
const corpus = process.env.VTXC_CORPUS || process.argv[3] || path.resolve(repo, '..', 'shared', 'corpus');
const chromiumPath = process.env.VTXC_CHROMIUM || '/usr/bin/chromium';

function skip(why) {
  console.log(`SKIP: ${why}`);
  process.exit(SKIP);
}
if (!vtxc || !fs.existsSync(vtxc)) {
  console.error('usage: node view_test.mjs PATH/TO/vtxc [CORPUS]');
  process.exit(2);
}
// playwright-core declares Node 20 or later; Debian 12's own nodejs package is 18.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < 20) skip(`Node ${process.versions.node} is older than the 20 playwright-core needs (install Node 20, e.g. from NodeSource)`);
if (!fs.existsSync(chromiumPath)) skip(`${chromiumPath} is missing (apt-get install chromium, or set VTXC_CHROMIUM)`);
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  skip(`playwright-core is not installed (run npm ci in ${here})`);
}
const haveCorpus = fs.existsSync(corpus);
if (!haveCorpus && process.env.VTXC_REQUIRE_CORPUS === '1') {
  console.error(`the corpus ${corpus} is missing`);
  process.exit(1);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vtxc-view-'));
let browser;
let helper; // a blank page that decodes screenshots with a 2D canvas

before(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'],
  });
  helper = await browser.newPage();
});
after(async () => {
  if (browser) await browser.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// ---- the models ----------------------------------------------------------------------------------
// Single-model folders (a top-level folder holding an .mdl) and projects/valve's models with meshes.
function corpusModels() {
  if (!haveCorpus) return [];
  const found = [];
  const scan = (dir) => {
    const mdl = fs.readdirSync(dir).filter((f) => f.toLowerCase().endsWith('.mdl'));
    const vvd = fs.readdirSync(dir).some((f) => f.toLowerCase().endsWith('.vvd'));
    if (mdl.length === 1 && vvd) found.push({ name: path.basename(dir), base: path.join(dir, mdl[0].slice(0, -4)) });
  };
  for (const d of fs.readdirSync(corpus, { withFileTypes: true })) {
    if (d.isDirectory() && d.name !== 'projects') scan(path.join(corpus, d.name));
  }
  const valve = path.join(corpus, 'projects', 'valve');
  if (fs.existsSync(valve)) {
    for (const d of fs.readdirSync(valve, { withFileTypes: true })) if (d.isDirectory()) scan(path.join(valve, d.name));
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

// Run from the model's folder, so that the paths in the page's findings (and in the README's
// screenshots) are the model's file names, not this machine's folders.
function viewPage(base, name) {
  const out = path.join(work, `${name}.html`);
  execFileSync(path.resolve(vtxc), ['view', path.basename(base), '-o', out], { cwd: path.dirname(base), stdio: ['ignore', 'pipe', 'pipe'] });
  return out;
}

// The model JSON embedded in the page, read back the way the page reads it.
function embeddedModel(file) {
  const html = fs.readFileSync(file, 'utf8');
  const m = html.match(/<script type="application\/json" id="vtxc-model">([\s\S]*?)<\/script>/);
  assert.ok(m, 'the page holds the model JSON element');
  return JSON.parse(m[1]);
}
function decode(a) {
  const bytes = Buffer.from(a.base64, 'base64');
  const C = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array }[a.type];
  const copy = new Uint8Array(bytes); // aligned copy
  return new C(copy.buffer, 0, a.count);
}

// Opens a page and records everything that must not happen: console errors, uncaught errors,
// dialogs and any request other than the file itself.
async function open(file) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 720 } });
  const events = { errors: [], requests: [], dialogs: [] };
  page.on('console', (m) => { if (m.type() === 'error') events.errors.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => events.errors.push(`pageerror: ${e.message}`));
  page.on('request', (r) => events.requests.push(r.url()));
  page.on('dialog', (d) => { events.dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  const url = pathToFileURL(file).href;
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout: 60000 });
  const clean = () => {
    assert.deepEqual(events.errors, [], 'no console error');
    assert.deepEqual(events.dialogs, [], 'no dialog');
    assert.deepEqual(events.requests, [url], 'no request but the file itself');
  };
  return { page, events, clean };
}

async function set(page, change) {
  const state = await page.evaluate((c) => window.vtxcView.set(c), change);
  assert.equal(await page.getAttribute('body', 'data-ready'), '1');
  return state;
}
const shot = (page) => page.locator('#gl').screenshot();

// Pixels unlike the background (the top-left corner), and pixels that differ between two shots.
async function compare(a, b) {
  return helper.evaluate(async ([pa, pb]) => {
    const pixels = async (b64) => {
      const bmp = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const g = c.getContext('2d');
      g.drawImage(bmp, 0, 0);
      return g.getImageData(0, 0, bmp.width, bmp.height);
    };
    const x = await pixels(pa);
    const y = pb ? await pixels(pb) : null;
    let foreground = 0;
    let differ = 0;
    const d = x.data;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 12) ++foreground;
      if (y && Math.abs(d[i] - y.data[i]) + Math.abs(d[i + 1] - y.data[i + 1]) + Math.abs(d[i + 2] - y.data[i + 2]) > 12) ++differ;
    }
    return { total: d.length / 4, foreground, differ };
  }, [a.toString('base64'), b ? b.toString('base64') : null]);
}

// A sequence, and a sampled frame of it, that moves a bone that the vertices drawn first (LOD 0,
// the first model of each body part) hang on, or an ancestor of such a bone, as far as possible
// from the sequence's first frame.
function animatedFrame(model) {
  const bones = model.bones;
  const weights = decode(model.vertices.boneWeight);
  const index = decode(model.vertices.boneIndex);
  const lod = model.variants[0].lods[0];
  const corners = decode(lod.index);
  const part = decode(lod.triBodyPart);
  const sub = decode(lod.triModel);
  const moves = new Set();
  for (let c = 0; c < corners.length; ++c) {
    if (sub[Math.floor(c / 3)] !== 0 || part[Math.floor(c / 3)] >= model.bodyParts.length) continue;
    for (let k = 0; k < 3; ++k) {
      const i = corners[c] * 3 + k;
      if (!(weights[i] > 0)) continue;
      for (let b = index[i]; b >= 0 && b < bones.length && !moves.has(b); b = bones[b].parent) moves.add(b);
    }
  }
  let best = null;
  model.sequences.forEach((s, si) => {
    if (s.sampledFrames < 2) return;
    const pose = decode(s.pose);
    for (let f = 1; f < s.sampledFrames; ++f) {
      let change = 0;
      for (const b of moves) {
        for (let k = 0; k < 7; ++k) {
          const d = Math.abs(pose[(f * bones.length + b) * 7 + k] - pose[b * 7 + k]);
          change = Math.max(change, k < 3 ? d / 10 : d);
        }
      }
      if (!best || change > best.change) best = { sequence: s.name, frame: f, change };
    }
  });
  return best && best.change > 0.02 ? best : null;
}

// Triangles of a LOD drawn with one model chosen per body part, and the choice whose triangle
// counts differ most between two LODs.
function drawnCount(lod, bodyGroups) {
  const part = decode(lod.triBodyPart);
  const sub = decode(lod.triModel);
  let n = 0;
  for (let i = 0; i < part.length; ++i) if (bodyGroups[part[i]] === sub[i]) ++n;
  return n;
}
function bodyGroupsThatChange(data, a, b) {
  return data.bodyParts.map((bp, i) => {
    let best = 0;
    let bestChange = -1;
    bp.models.forEach((_, m) => {
      const only = data.bodyParts.map((_, j) => (j === i ? m : -1));
      const change = Math.abs(drawnCount(a, only) - drawnCount(b, only));
      if (change > bestChange) { best = m; bestChange = change; }
    });
    return best;
  });
}

const shotsDir = path.join(repo, 'docs', 'images');
const updateShots = process.env.VTXC_UPDATE_SCREENSHOTS === '1';
async function readme(page, file, change) {
  if (!updateShots) return;
  await set(page, change);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, file) });
}

// ---- the tests -----------------------------------------------------------------------------------
const models = corpusModels();
if (!haveCorpus) console.log(`note: no corpus at ${corpus}; only the hostile-names test runs`);

for (const m of models) {
  test(`corpus model ${m.name}`, async () => {
    const file = viewPage(m.base, m.name);
    const data = embeddedModel(file);
    const { page, clean } = await open(file);
    try {
      // The page's draw lists hold the JSON's triangles, per variant and LOD.
      const expected = {};
      for (const v of data.variants) {
        expected[v.name] = v.lods.map((l) => {
          assert.equal(l.index.count, l.triangles * 3, `${v.name} LOD ${l.lod}: index count`);
          return l.triangles;
        });
      }
      assert.deepEqual(JSON.parse(await page.getAttribute('body', 'data-triangles')), expected);
      assert.ok(data.variants.length > 0, 'at least one variant');

      const lods = data.variants[0].lods.length;
      const shaded = await shot(page);
      const s0 = await compare(shaded);
      assert.ok(s0.foreground > s0.total * 0.01, `the shaded picture is not blank (${s0.foreground} of ${s0.total} pixels)`);
      assert.equal(await page.getAttribute('body', 'data-view'), 'shaded');
      assert.equal(await page.getAttribute('body', 'data-lod'), '0');

      await set(page, { mode: 'cache' });
      assert.equal(await page.getAttribute('body', 'data-view'), 'cache');
      const cache = await shot(page);
      const c = await compare(shaded, cache);
      assert.ok(c.differ > c.total * 0.005, `the cache view differs from the shaded view (${c.differ} pixels)`);

      if (lods > 1) {
        // The body-group models whose triangles change most between LOD 0 and the last LOD.
        const v0 = data.variants[0];
        const bodyGroups = bodyGroupsThatChange(data, v0.lods[0], v0.lods[lods - 1]);
        await set(page, { mode: 'shaded', lod: 0, bodyGroups });
        assert.equal(Number(await page.getAttribute('body', 'data-drawn')), drawnCount(v0.lods[0], bodyGroups));
        const first = await shot(page);
        await set(page, { lod: lods - 1 });
        assert.equal(await page.getAttribute('body', 'data-lod'), String(lods - 1));
        assert.equal(Number(await page.getAttribute('body', 'data-drawn')), drawnCount(v0.lods[lods - 1], bodyGroups));
        const last = await shot(page);
        const l = await compare(first, last);
        assert.ok(l.differ > 0, `LOD ${lods - 1} looks different from LOD 0 (${l.differ} pixels)`);
        await set(page, { lod: 0, bodyGroups: data.bodyParts.map(() => 0) });
      }

      // Every view mode and overlay draws without an error.
      for (const mode of ['materials', 'wireframe', 'strips', 'stripgroups', 'weights', 'shaded']) {
        await set(page, { mode, skeleton: true, hitboxes: true, attachments: true, collision: true, wire: mode === 'materials' });
        assert.equal(await page.getAttribute('body', 'data-view'), mode);
      }
      await set(page, { skeleton: false, hitboxes: false, attachments: false, collision: false, wire: false });

      const moving = animatedFrame(data);
      if (moving) {
        await set(page, { mode: 'shaded', sequence: moving.sequence, frame: 0 });
        assert.equal(await page.getAttribute('body', 'data-sequence'), moving.sequence);
        const first = await shot(page);
        await set(page, { frame: moving.frame });
        assert.equal(await page.getAttribute('body', 'data-frame'), String(moving.frame));
        const later = await shot(page);
        const f = await compare(first, later);
        assert.ok(f.differ > 0, `${moving.sequence}: frame ${moving.frame} looks different from frame 0 (${f.differ} pixels)`);
        // Playback moves the frame on by itself.
        await set(page, { frame: 0, playing: true });
        await page.waitForFunction(() => document.body.dataset.frame !== '0', null, { timeout: 20000 });
        await set(page, { playing: false, sequence: -1 });
        assert.equal(await page.getAttribute('body', 'data-sequence'), '');
      }

      if (m.name === 'combine_super_soldier_choreo') {
        const front = { yaw: 3.74, pitch: 0.25 };
        await readme(page, 'view-shaded.png', { mode: 'shaded', lod: 0, sequence: -1, camera: front });
        await readme(page, 'view-cache.png', { mode: 'cache', wire: true });
        await readme(page, 'view-strips.png', { mode: 'strips', wire: false, variant: 'dx80' });
      }
      clean();
    } finally {
      await page.close();
    }
  });
}

test('mouse and keys move the camera and switch the view', { skip: models.length === 0 && 'no corpus' }, async () => {
  const { page, clean } = await open(viewPage(models[0].base, models[0].name));
  try {
    const box = await page.locator('#gl').boundingBox();
    const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
    const before = await shot(page);
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 120, cy + 30, { steps: 4 });
    await page.mouse.up();
    await page.waitForSelector('body[data-ready="1"]', { state: 'attached' });
    const orbited = await shot(page);
    assert.ok((await compare(before, orbited)).differ > 0, 'dragging orbits the camera');
    await page.mouse.wheel(0, 400);
    await page.waitForSelector('body[data-ready="1"]', { state: 'attached' });
    assert.ok((await compare(orbited, await shot(page))).differ > 0, 'the wheel zooms');
    await page.locator('#gl').focus();
    await page.keyboard.press('6');
    assert.equal(await page.getAttribute('body', 'data-view'), 'cache');
    await page.keyboard.press('1');
    assert.equal(await page.getAttribute('body', 'data-view'), 'shaded');
    await page.selectOption('#mode', 'strips');
    assert.equal(await page.getAttribute('body', 'data-view'), 'strips');
    await page.waitForSelector('body[data-ready="1"]', { state: 'attached' });
    clean();
  } finally {
    await page.close();
  }
});

test('an animated model changes between frames', { skip: models.length === 0 && 'no corpus' }, (t) => {
  const animated = models.filter((m) => {
    const file = path.join(work, `${m.name}.html`);
    return fs.existsSync(file) && animatedFrame(embeddedModel(file));
  });
  t.diagnostic(`models whose frames were compared: ${animated.map((m) => m.name).join(', ')}`);
  assert.ok(animated.length > 0, 'the corpus has at least one model with an animated bone that moves vertices');
});

test('the page starts on the variant and LOD given to vtxc view', { skip: !models.some((m) => m.name === 'chamberdoor_frame') && 'no chamberdoor_frame in the corpus' }, async () => {
  const m = models.find((x) => x.name === 'chamberdoor_frame');
  const out = path.join(work, 'initial.html');
  execFileSync(path.resolve(vtxc), ['view', m.base, '-o', out, '--variant', 'sw', '--lod', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const { page, clean } = await open(out);
  try {
    assert.equal(await page.getAttribute('body', 'data-variant'), 'sw');
    assert.equal(await page.getAttribute('body', 'data-lod'), '1');
    assert.equal(await page.inputValue('#lod'), '1');
    clean();
  } finally {
    await page.close();
  }
});

// Bone and material names that would run script if they reached the page as HTML.
test('hostile names stay text', async () => {
  const dir = path.join(work, 'hostile');
  fs.mkdirSync(dir);
  const bone = '<img src=x onerror=alert(1)>';
  const bone2 = '</script><script>alert(2)</script>';
  const material = '<img src=x onerror=alert(3)></script>';
  const corner = (b, x, y, z) => `${b} ${x} ${y} ${z} 0 0 1 0 0 1 ${b} 1.0`;
  fs.writeFileSync(path.join(dir, 'hostile.smd'), [
    'version 1', 'nodes', `0 "${bone}" -1`, `1 "${bone2}" 0`, 'end',
    'skeleton', 'time 0', '0 0 0 0 0 0 0', '1 0 0 10 0 0 0', 'end',
    'triangles',
    material, corner(0, 0, 0, 0), corner(0, 10, 0, 0), corner(0, 0, 10, 0),
    material, corner(1, 0, 0, 10), corner(1, 10, 0, 10), corner(1, 0, 10, 10),
    'end', ''].join('\n'));
  fs.writeFileSync(path.join(dir, 'hostile.qc'), [
    '$modelname "hostile/hostile.mdl"', '$cdmaterials "models/hostile/"',
    '$body studio "hostile.smd"', '$sequence idle "hostile.smd"', ''].join('\n'));
  execFileSync(vtxc, ['compile', path.join(dir, 'hostile.qc'), '-o', path.join(dir, 'out')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const file = viewPage(path.join(dir, 'out', 'models', 'hostile', 'hostile'), 'hostile');
  const html = fs.readFileSync(file, 'utf8');
  assert.ok(!html.includes(bone) && !html.includes(bone2), 'the names are escaped in the file');
  const { page, clean } = await open(file);
  try {
    await set(page, { mode: 'weights', skeleton: true });
    const boneText = await page.locator('#bone').textContent();
    assert.ok(boneText.includes(bone), `the bone name is shown as text: ${boneText}`);
    assert.ok(boneText.includes(bone2), `the second bone name is shown as text: ${boneText}`);
    await set(page, { mode: 'materials' });
    const legend = await page.locator('#legend').textContent();
    assert.ok(legend.includes('onerror=alert(3)'), `the material name is shown as text: ${legend}`);
    assert.equal(await page.locator('img').count(), 0, 'no element came from a name');
    assert.equal(await page.locator('script').count(), 2, 'only the page\'s own two script elements');
    clean();
  } finally {
    await page.close();
  }
});
