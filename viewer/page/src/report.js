// What the page reports to tests (tests/browser/view_test.mjs) on <body>: data-triangles (every
// variant's LODs' triangle counts), and after each change data-view, data-lod, data-variant,
// data-sequence, data-frame and data-drawn (the triangles of the chosen body-group models).
import { body } from './dom.js';
import { state, sequences, variants, currentLod } from './state.js';

// ---- what the page reports to tests ----------------------------------------------------------
export const triangleCounts = {};
export function reportTriangles() {
  variants.forEach((v) => { triangleCounts[v.name] = v.lods.map((l) => l.triangles); });
  body.dataset.triangles = JSON.stringify(triangleCounts);
}
export function drawnTriangles() {
  const l = currentLod();
  if (!l) return 0;
  let n = 0;
  for (let i = 0; i < l.triangles; ++i) if (state.bodyGroups[l.bodyPart[i]] === l.model[i]) ++n;
  return n;
}
export function reportState() {
  const v = variants[state.variant];
  body.dataset.view = state.mode;
  body.dataset.lod = String(state.lod);
  body.dataset.variant = v ? v.name : '';
  body.dataset.sequence = state.sequence >= 0 ? String(sequences[state.sequence].name) : '';
  body.dataset.frame = String(state.frame);
  body.dataset.drawn = String(drawnTriangles());
}
