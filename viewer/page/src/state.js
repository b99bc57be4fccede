// The page's shared mutable state, in one module so that every other one reads the same values:
// the decoded model (set once by setModel at start), the state that the panel, the keys and
// window.vtxcView.set change, and the camera. The model's parts are live `let` bindings.
import { decodeModel } from './model_data.js';

export let model = null;
export let vertexCount = 0;
export let vtx = null;
export let materials = [];
export let skins = [];
export let bodyParts = [];
export let bones = [];
export let sequences = [];
export let variants = [];

// ---- the state that the panel, the keys and window.vtxcView.set change ------------------------
export const state = {
  mode: 'shaded', wire: false, variant: 0, lod: 0, skin: 0, bone: 0,
  bodyGroups: [],
  skeleton: false, hitboxes: false, attachments: false, collision: false,
  sequence: -1, frame: 0, playing: false,
};
export const camera = { yaw: 0.6, pitch: 0.25, dist: 100, target: [0, 0, 0], radius: 50 };

export function setModel(json) {
  model = json;
  ({ vertexCount, vtx, materials, skins, bodyParts, bones, sequences, variants } = decodeModel(json));
  state.bodyGroups = bodyParts.map(() => 0);
  // The weights view starts on the bone that carries the most vertex weight.
  {
    const load = new Float64Array(Math.max(1, bones.length));
    for (let i = 0; i < vtx.boneWeight.length; ++i) if (vtx.boneIndex[i] < bones.length) load[vtx.boneIndex[i]] += vtx.boneWeight[i];
    state.bone = load.indexOf(Math.max(...load));
  }
}

export function currentLod() {
  const v = variants[state.variant];
  return v ? v.lods[state.lod] || null : null;
}
