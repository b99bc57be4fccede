// Bone matrices: each bone's local pose (the bind pose, or the current sequence's sampled frame),
// world = parent * local, the bind-pose world matrices, and the matrix of a solid on no bone.
// The sequences' poses are decoded at start by initSkeleton.
import { quatPos, mul34, invert34, IDENTITY34 } from './math.js';
import { decode, num } from './model_data.js';
import { state, bones, sequences } from './state.js';

let seqPoses = [];
let bindWorld = [];

export function initSkeleton() {
  seqPoses = sequences.map((s) => decode(s.pose, Float32Array));
  // Vertices are drawn as stored at the bind pose; the bones' bind world matrices are the
  // inverses of poseToBone, so the overlays sit on the mesh even where the bind pose and the
  // stored vertices would round differently.
  bindWorld = bones.map((b) => (Array.isArray(b.poseToBone) && b.poseToBone.length === 12 ? invert34(b.poseToBone.map(Number)) : null));
}

// ---- poses: world = parent * local; skin matrix = world * poseToBone -------------------------
function localMatrix(b) {
  const s = state.sequence >= 0 ? sequences[state.sequence] : null;
  if (s) {
    const pose = seqPoses[state.sequence];
    const o = (state.frame * bones.length + b) * 7;
    if (o + 7 <= pose.length) return quatPos([pose[o + 3], pose[o + 4], pose[o + 5], pose[o + 6]], [pose[o], pose[o + 1], pose[o + 2]]);
  }
  return quatPos(num(bones[b].quaternion, 4), num(bones[b].position, 3));
}
function worldMatrices() {
  const world = new Array(bones.length);
  const visit = (b, depth) => {
    if (world[b]) return world[b];
    const parent = bones[b].parent;
    const local = localMatrix(b);
    world[b] = Number.isInteger(parent) && parent >= 0 && parent < bones.length && depth < bones.length
      ? mul34(visit(parent, depth + 1), local) : local;
    return world[b];
  };
  for (let b = 0; b < bones.length; ++b) visit(b, 0);
  return world;
}
export function currentWorld() {
  if (state.sequence < 0) {
    const w = worldMatrices();
    return w.map((m, i) => bindWorld[i] || m);
  }
  return worldMatrices();
}

// A solid on no bone is in the model's space as the game draws it: the root bone posed by an
// animation, which in Valve's models turns the model 90 degrees about Z from its bind pose (the
// corpus' w_357: hull x = -vertex y). At the bind pose the hull is carried back through the
// root's pose in the first sequence's first frame; while a sequence plays it stays as it is.
export function entityMatrix() {
  const root = bones.findIndex((b) => !(Number.isInteger(b.parent) && b.parent >= 0));
  if (state.sequence >= 0 || root < 0 || !seqPoses.length || seqPoses[0].length < (root + 1) * 7) return IDENTITY34;
  const p = seqPoses[0].subarray(root * 7, root * 7 + 7);
  const bind = bindWorld[root] || quatPos(num(bones[root].quaternion, 4), num(bones[root].position, 3));
  return mul34(bind, invert34(quatPos([p[3], p[4], p[5], p[6]], [p[0], p[1], p[2]])));
}
