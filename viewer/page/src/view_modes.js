// The view modes (MODES: the select's values, keys 1-7 and the shader's uMode in this order), the
// colours the shader gives ids, cache misses and weights, recomputed here for the legend, and the
// legend under the mode select.
import { $, el, fmt } from './dom.js';
import { arr } from './model_data.js';
import { state, materials, skins, variants, currentLod } from './state.js';

export const MODES = ['shaded', 'materials', 'wireframe', 'strips', 'stripgroups', 'cache', 'weights'];
const CACHE_COLOURS = [[0.22, 0.62, 0.28], [0.78, 0.8, 0.2], [0.98, 0.55, 0.0], [0.9, 0.22, 0.21]];

// Colours of ids, the same formula as the vertex shader's, for the legends.
export function hue(id, seed) {
  const h = ((id * 0.61803399 + seed) % 1 + 1) % 1;
  const k = [0, 4, 2].map((o) => Math.min(1, Math.max(0, Math.abs(((h * 6 + o) % 6) - 3) - 1)));
  return k.map((x) => 0.92 * (1 + (x - 1) * 0.6));
}
const css = (c) => `rgb(${c.map((x) => Math.round(x * 255)).join(',')})`;

function legendRow(colour, text) {
  const d = el('div');
  const sw = el('i');
  sw.style.background = css(colour);
  d.append(sw, el('span', text));
  return d;
}
export function fillLegend() {
  const g = $('legend');
  const l = currentLod();
  const items = [];
  if (state.mode === 'materials') {
    const row = arr(skins[state.skin]);
    const used = new Set();
    if (l) for (let i = 0; i < l.triangles; ++i) used.add(l.material[i]);
    [...used].sort((a, b) => a - b).forEach((slot) => {
      const m = Number(row[slot] ?? slot);
      items.push(legendRow(hue(m, 0), materials[m] !== undefined ? materials[m] : `material ${m}`));
    });
  } else if (state.mode === 'cache' && l) {
    const count = [0, 0, 0, 0];
    for (let i = 0; i < l.triangles; ++i) count[Math.min(3, l.misses[i])]++;
    CACHE_COLOURS.forEach((c, k) => items.push(legendRow(c, `${k} misses: ${count[k]} triangles`)));
    const misses = count[1] + 2 * count[2] + 3 * count[3];
    items.push(el('div', `ACMR ${fmt(l.triangles ? misses / l.triangles : 0)} (cache ${variants[state.variant].cacheSize})`));
  } else if (state.mode === 'weights') {
    [0, 0.25, 0.5, 0.75, 1].forEach((w) => items.push(legendRow(
      [1.5 - Math.abs(4 * w - 3), 1.5 - Math.abs(4 * w - 2), 1.5 - Math.abs(4 * w - 1)].map((x) => Math.min(1, Math.max(0, x))), `weight ${w}`)));
  } else if ((state.mode === 'strips' || state.mode === 'stripgroups') && l) {
    const a = state.mode === 'strips' ? l.strip : l.stripGroup;
    items.push(el('div', `${new Set(a).size} ${state.mode === 'strips' ? 'strips' : 'strip groups'} in this LOD`));
  }
  g.replaceChildren(...items);
  $('bone-row').hidden = state.mode !== 'weights';
}
