// The overlay lines drawn over the mesh: skeleton, hitboxes, attachments and collision hulls, as
// one array of coloured line segments (x y z r g b per end) in model space for the line program.
import { apply34, mul34, IDENTITY34 } from './math.js';
import { arr, decode, num } from './model_data.js';
import { entityMatrix } from './skeleton.js';
import { state, camera, model, bones } from './state.js';
import { hue } from './view_modes.js';

// ---- overlays: skeleton, hitboxes, attachments, collision ------------------------------------
export function overlayLines(world) {
  const out = [];
  const line = (a, b, c) => out.push(a[0], a[1], a[2], c[0], c[1], c[2], b[0], b[1], b[2], c[0], c[1], c[2]);
  const origin = (m) => [m[3], m[7], m[11]];
  if (state.skeleton) {
    bones.forEach((b, i) => {
      const p = b.parent;
      if (Number.isInteger(p) && p >= 0 && p < bones.length) line(origin(world[p]), origin(world[i]), i === state.bone ? [1, 0.3, 1] : [1, 0.85, 0.2]);
      const o = origin(world[i]);
      const s = camera.radius * 0.01;
      line([o[0] - s, o[1], o[2]], [o[0] + s, o[1], o[2]], [1, 1, 1]);
      line([o[0], o[1] - s, o[2]], [o[0], o[1] + s, o[2]], [1, 1, 1]);
    });
  }
  if (state.hitboxes) {
    arr(model.hitboxes).forEach((h) => {
      const m = world[h.bone] || IDENTITY34;
      const lo = num(h.min, 3), hi = num(h.max, 3);
      const c = (i) => apply34(m, [i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]]);
      const colour = hue(h.group || 0, 0.55);
      for (const [a, b] of [[0, 1], [2, 3], [4, 5], [6, 7], [0, 2], [1, 3], [4, 6], [5, 7], [0, 4], [1, 5], [2, 6], [3, 7]]) line(c(a), c(b), colour);
    });
  }
  if (state.attachments) {
    arr(model.attachments).forEach((a) => {
      const m = mul34(world[a.bone] || IDENTITY34, num(a.matrix, 12));
      const o = origin(m);
      const s = camera.radius * 0.08;
      line(o, apply34(m, [s, 0, 0]), [1, 0.2, 0.2]);
      line(o, apply34(m, [0, s, 0]), [0.2, 1, 0.2]);
      line(o, apply34(m, [0, 0, s]), [0.3, 0.5, 1]);
    });
  }
  if (state.collision && model.collision) {
    const entity = entityMatrix();
    arr(model.collision.solids).forEach((s, si) => {
      const m = Number.isInteger(s.bone) && s.bone >= 0 ? world[s.bone] || IDENTITY34 : entity;
      const colour = hue(si, 0.3);
      arr(s.pieces).forEach((piece) => {
        const p = collisionCache(piece);
        for (let t = 0; t + 2 < p.index.length; t += 3) {
          const v = [0, 1, 2].map((k) => apply34(m, [p.position[p.index[t + k] * 3], p.position[p.index[t + k] * 3 + 1], p.position[p.index[t + k] * 3 + 2]]));
          if (v.some((x) => x.some(Number.isNaN))) continue;
          line(v[0], v[1], colour); line(v[1], v[2], colour); line(v[2], v[0], colour);
        }
      });
    });
  }
  return new Float32Array(out);
}

// A collision piece's arrays, decoded the first time the hulls are shown.
const pieces = new Map();
function collisionCache(piece) {
  if (!pieces.has(piece)) pieces.set(piece, { position: decode(piece.position, Float32Array), index: decode(piece.index, Uint16Array) });
  return pieces.get(piece);
}
