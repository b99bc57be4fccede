// The side panel and the figures beside the picture: the selects and checkboxes (filled from the
// model, their change events), the statistics, files, check and collision tables, and set(), the
// one way the state changes (from the panel, the keys or window.vtxcView.set), which then brings
// the controls, the legend and the picture up to date.
import { $, el, options, fmt, bytes, status } from './dom.js';
import { arr } from './model_data.js';
import { startPlaying } from './animation.js';
import { drawnTriangles, reportState } from './report.js';
import { uploadSelection, draw, redraw } from './scene.js';
import { state, camera, model, skins, bodyParts, bones, sequences, variants, currentLod } from './state.js';
import { MODES, fillLegend } from './view_modes.js';

// ---- the panel -------------------------------------------------------------------------------
let bodyPartSelects = [];

// Fills the model's name, the selects and the rows that only some models need.
export function initPanel() {
  const name = String(model.name || 'model');
  $('model-name').textContent = name;
  document.title = name + ' - vtxc view';

  options($('variant'), variants.map((v, i) => [i, v.name + (v.cacheSize ? ` (cache ${v.cacheSize})` : '')]));
  options($('bone'), bones.map((b, i) => [i, `${i}: ${b.name}`]));
  options($('skin'), skins.map((s, i) => [i, `skin ${i}`]));
  $('skin-row').hidden = skins.length < 2;
  $('collision-row').hidden = !(model.collision && arr(model.collision.solids).length);
  options($('sequence'), [[-1, 'bind pose'], ...sequences.map((s, i) => [i, `${s.name} (${s.frames} frames, ${s.fps} fps)`])]);
  if (model.sequencesOmitted) $('seq-note').textContent = `${model.sequencesOmitted} more sequences not embedded`;
  $('anim').hidden = sequences.length === 0;

  bodyPartSelects = bodyParts.map((bp, i) => {
    const label = el('label', bp.name + ' ');
    const s = el('select');
    options(s, bp.models.map((m, j) => [j, m === '' ? `(model ${j}: no name)` : m]));
    s.addEventListener('change', () => set({ bodyGroups: Object.assign([], state.bodyGroups, { [i]: Number(s.value) }) }));
    label.appendChild(s);
    $('bodyparts').appendChild(label);
    return s;
  });
}

// ---- events ----------------------------------------------------------------------------------
export function bindControls() {
  $('mode').addEventListener('change', (e) => set({ mode: e.target.value }));
  $('wire').addEventListener('change', (e) => set({ wire: e.target.checked }));
  $('variant').addEventListener('change', (e) => set({ variant: Number(e.target.value) }));
  $('lod').addEventListener('change', (e) => set({ lod: Number(e.target.value) }));
  $('skin').addEventListener('change', (e) => set({ skin: Number(e.target.value) }));
  $('bone').addEventListener('change', (e) => set({ bone: Number(e.target.value) }));
  for (const k of ['skeleton', 'hitboxes', 'attachments', 'collision']) $('show-' + k).addEventListener('change', (e) => set({ [k]: e.target.checked }));
  $('sequence').addEventListener('change', (e) => set({ sequence: Number(e.target.value) }));
  $('frame').addEventListener('input', (e) => set({ frame: Number(e.target.value), playing: false }));
  $('play').addEventListener('click', () => set({ playing: !state.playing }));
}

function fillLods() {
  const v = variants[state.variant];
  options($('lod'), (v ? v.lods : []).map((l, i) => [i, `LOD ${l.lod}: ${l.triangles} triangles, ` +
    (l.switchPoint < 0 ? 'shadow' : `switch ${fmt(Number(l.switchPoint) || 0)}`)]));
}

function flatten(obj, prefix, out) {
  for (const [k, v] of Object.entries(obj || {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v === null || typeof v !== 'object') out.push([key, v === null ? '-' : fmt(v)]);
    else if (Array.isArray(v)) out.push([key, v.every((x) => typeof x !== 'object') ? v.map(fmt).join(', ') : `${v.length} entries`]);
    else flatten(v, key, out);
  }
  return out;
}
function table(t, rowsOf) {
  t.replaceChildren(...rowsOf.map(([k, v]) => { const tr = el('tr'); tr.append(el('td', k), el('td', v)); return tr; }));
}
function fillStats() {
  const v = variants[state.variant];
  const l = currentLod();
  $('stats-title').textContent = v ? `${v.name}, LOD ${l ? l.lod : state.lod}` : '';
  const s = model.stats && model.stats.variants && v ? model.stats.variants[v.name] : null;
  const lodStats = s && Array.isArray(s.lods) ? s.lods[state.lod] : null;
  const r = lodStats ? flatten(lodStats, '', []) : [['triangles', String(l ? l.triangles : 0)]];
  if (s) for (const k of Object.keys(s)) if (k !== 'lods' && typeof s[k] !== 'object') r.push([k, fmt(s[k])]);
  table($('stats'), r);
  $('lod-error').textContent = l && l.error ? 'error: ' + flatten(l.error, '', []).map(([k, x]) => `${k} ${x}`).join(', ') : '';
}
export function fillInfo() {
  const files = arr(model.files);
  const r = files.map((f) => [String(f.name), bytes(Number(f.bytes) || 0)]);
  if (files.length > 1) r.push(['total', bytes(files.reduce((a, f) => a + (Number(f.bytes) || 0), 0))]);
  table($('files'), r);
  const collision = model.stats && model.stats.collision && typeof model.stats.collision === 'object' ? model.stats.collision : null;
  $('collision-info').hidden = !collision;
  if (collision) table($('collision-stats'), flatten(collision, '', []));
  const check = arr(model.check);
  $('check').replaceChildren(...(check.length ? check.map((c) => el('li', `${c.severity} ${c.code}: ${c.message}`, String(c.severity) === 'error' ? 'error' : 'warning'))
    : [el('li', 'no findings')]));
}

function syncControls() {
  $('mode').value = state.mode;
  $('wire').checked = state.wire;
  $('variant').value = String(state.variant);
  fillLods();
  $('lod').value = String(state.lod);
  $('skin').value = String(state.skin);
  $('bone').value = String(state.bone);
  bodyPartSelects.forEach((s, i) => { s.value = String(state.bodyGroups[i]); });
  $('show-skeleton').checked = state.skeleton;
  $('show-hitboxes').checked = state.hitboxes;
  $('show-attachments').checked = state.attachments;
  $('show-collision').checked = state.collision;
  $('sequence').value = String(state.sequence);
  const s = sequences[state.sequence];
  const sampled = s ? Math.max(1, Number(s.sampledFrames) || 1) : 1;
  $('frame').max = String(sampled - 1);
  $('frame').value = String(state.frame);
  $('frame').disabled = !s;
  $('play').disabled = !s;
  $('play').textContent = state.playing ? 'pause' : 'play';
  const real = s ? Math.round(state.frame * Math.max(0, (Number(s.frames) || 1) - 1) / Math.max(1, sampled - 1)) : 0;
  $('frame-label').textContent = s ? `frame ${real} of ${s.frames} (sample ${state.frame + 1}/${sampled})` : '';
  status(`${drawnTriangles()} triangles drawn`);
  fillLegend();
  fillStats();
}

// A frame that playback moved on to.
function showFrame() {
  syncControls();
  draw();
}

// Applies a change of state (from the panel, the keys or a test) and redraws.
export function set(change, now) {
  const c = change || {};
  const clampInt = (x, n) => Math.min(Math.max(0, Math.trunc(Number(x)) || 0), Math.max(0, n - 1));
  if (c.mode !== undefined && MODES.includes(c.mode)) state.mode = c.mode;
  if (c.wire !== undefined) state.wire = !!c.wire;
  if (c.variant !== undefined) {
    const i = typeof c.variant === 'string' ? variants.findIndex((v) => v.name === c.variant) : Number(c.variant);
    if (i >= 0 && i < variants.length) state.variant = i;
  }
  const v = variants[state.variant];
  if (c.lod !== undefined) state.lod = clampInt(c.lod, v ? v.lods.length : 0);
  state.lod = clampInt(state.lod, v ? v.lods.length : 0);
  if (c.skin !== undefined) state.skin = clampInt(c.skin, skins.length);
  if (c.bone !== undefined) {
    const i = typeof c.bone === 'string' ? bones.findIndex((b) => b.name === c.bone) : Number(c.bone);
    if (i >= 0 && i < bones.length) state.bone = i;
  }
  if (Array.isArray(c.bodyGroups)) state.bodyGroups = bodyParts.map((bp, i) => clampInt(c.bodyGroups[i] ?? state.bodyGroups[i], bp.models.length));
  for (const k of ['skeleton', 'hitboxes', 'attachments', 'collision']) if (c[k] !== undefined) state[k] = !!c[k];
  if (c.sequence !== undefined) {
    const i = typeof c.sequence === 'string' ? sequences.findIndex((s) => s.name === c.sequence) : Number(c.sequence);
    state.sequence = i >= 0 && i < sequences.length ? i : -1;
    state.frame = 0;
    if (state.sequence < 0) state.playing = false;
  }
  const s = sequences[state.sequence];
  if (c.frame !== undefined) state.frame = clampInt(c.frame, s ? Number(s.sampledFrames) || 1 : 1);
  if (c.playing !== undefined) state.playing = !!c.playing && !!s;
  if (c.camera) for (const k of ['yaw', 'pitch', 'dist']) if (Number.isFinite(c.camera[k])) camera[k] = c.camera[k];
  uploadSelection();
  syncControls();
  if (state.playing) startPlaying(showFrame);
  reportState();
  if (now) { draw(); } else redraw();
  return snapshot();
}
export function snapshot() {
  return Object.assign({}, state, { variantName: variants[state.variant] ? variants[state.variant].name : '', drawn: drawnTriangles() });
}
