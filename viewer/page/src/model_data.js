// The model JSON that `vtxc view` embeds in the page (schema 1, docs/view.md): reading it from its
// <script type="application/json"> element and decoding its base64 typed arrays, vertices,
// variants and LODs into the arrays the other modules draw. Pure functions: the decoded model is
// kept by state.js.
import { $ } from './dom.js';

// The parsed JSON, or null when the page holds none (the bare template) or an unknown schema.
export function readModel() {
  let parsed = null;
  try {
    parsed = JSON.parse($('vtxc-model').textContent);
  } catch (e) {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || parsed.schema !== 1) return null;
  return parsed;
}

const TYPES = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array };
export function decode(a, fallback) {
  const C = (a && TYPES[a.type]) || fallback || Float32Array;
  if (!a || typeof a.base64 !== 'string') return new C(0);
  const bin = atob(a.base64);
  const raw = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; ++i) raw[i] = bin.charCodeAt(i);
  const n = Math.min(Number(a.count) || 0, Math.floor(raw.length / C.BYTES_PER_ELEMENT));
  return new C(raw.buffer, 0, n);
}
export const arr = (x) => (Array.isArray(x) ? x : []);
// The first n entries of a JSON array as numbers, padded with zeros.
export const num = (a, n) => { const o = arr(a).slice(0, n).map(Number); while (o.length < n) o.push(0); return o; };

// Everything the page draws from but the sequences' poses (skeleton.js decodes those). Each LOD's
// `gpu` is filled by scene.js on first draw.
export function decodeModel(json) {
  const vertices = json.vertices;
  return {
    vertexCount: Number(vertices && vertices.count) || 0,
    vtx: {
      position: decode(vertices && vertices.position, Float32Array),
      normal: decode(vertices && vertices.normal, Float32Array),
      boneIndex: decode(vertices && vertices.boneIndex, Uint8Array),
      boneWeight: decode(vertices && vertices.boneWeight, Float32Array),
    },
    materials: arr(json.materials).map(String),
    skins: arr(json.skins).map(arr),
    bodyParts: arr(json.bodyParts).map((bp) => ({ name: String(bp.name), models: arr(bp.models).map(String) })),
    bones: arr(json.bones),
    sequences: arr(json.sequences),
    variants: arr(json.variants).map((v) => ({
      name: String(v.name),
      cacheSize: v.cacheSize,
      lods: arr(v.lods).map((l, i) => {
        const index = decode(l.index, Uint32Array);
        const t = Math.floor(index.length / 3);
        return {
          lod: Number.isInteger(l.lod) ? l.lod : i,
          switchPoint: l.switchPoint,
          triangles: t,
          index,
          bodyPart: decode(l.triBodyPart, Uint8Array),
          model: decode(l.triModel, Uint8Array),
          material: decode(l.triMaterial, Uint16Array),
          stripGroup: decode(l.triStripGroup, Uint16Array),
          strip: decode(l.triStrip, Uint16Array),
          misses: decode(l.triCacheMisses, Uint8Array),
          error: l.error && typeof l.error === 'object' ? l.error : null,
          gpu: null,
        };
      }),
    })),
  };
}
