// The WebGL2 side of the page: the context, the two programs, the data textures the mesh shader
// reads (vertices, bones, each LOD's triangles, the skin row and body-group choice), the camera's
// eye and framing, and draw() / redraw(), which render one frame and mark the page ready.
import { $, body, status } from './dom.js';
import { perspective, lookAt, mul34, IDENTITY34 } from './math.js';
import { arr } from './model_data.js';
import { overlayLines } from './overlays.js';
import { reportState } from './report.js';
import { TEX_WIDTH, MESH_VS, MESH_FS, LINE_VS, LINE_FS } from './shaders.js';
import { currentWorld } from './skeleton.js';
import { state, camera, vertexCount, vtx, skins, bones, currentLod } from './state.js';
import { MODES } from './view_modes.js';

const BACKGROUND = [0.11, 0.125, 0.15];

export let canvas = null;
let gl = null;
let meshProgram = null;
let lineProgram = null;
let emptyVao = null;
let lineVao = null;
let lineBuffer = null;
let vertexTexture = null;
let boneTexture = null;
let skinRowTexture = null;
let choiceTexture = null;

// ---- WebGL2 ----------------------------------------------------------------------------------
// Gets the context, compiles the programs and uploads the vertices. False, with the status line
// and body's data-error saying so, when the browser has no WebGL2.
export function initScene() {
  canvas = $('gl');
  gl = canvas.getContext('webgl2', { antialias: true, preserveDrawingBuffer: true });
  if (!gl) {
    status('WebGL2 is not available in this browser.');
    body.dataset.error = 'webgl2';
    return false;
  }

  meshProgram = program(MESH_VS, MESH_FS);
  lineProgram = program(LINE_VS, LINE_FS);
  emptyVao = gl.createVertexArray();
  lineVao = gl.createVertexArray();
  lineBuffer = gl.createBuffer();
  gl.bindVertexArray(lineVao);
  gl.bindBuffer(gl.ARRAY_BUFFER, lineBuffer);
  const aPos = gl.getAttribLocation(lineProgram.p, 'aPos');
  const aColour = gl.getAttribLocation(lineProgram.p, 'aColour');
  gl.enableVertexAttribArray(aPos);
  gl.vertexAttribPointer(aPos, 3, gl.FLOAT, false, 24, 0);
  gl.enableVertexAttribArray(aColour);
  gl.vertexAttribPointer(aColour, 3, gl.FLOAT, false, 24, 12);
  gl.bindVertexArray(null);

  const vertexTexels = new Float32Array(rows(vertexCount * 4) * TEX_WIDTH * 4);
  for (let v = 0; v < vertexCount; ++v) {
    const o = v * 16;
    for (let k = 0; k < 3; ++k) {
      vertexTexels[o + k] = vtx.position[v * 3 + k] || 0;
      vertexTexels[o + 4 + k] = vtx.normal[v * 3 + k] || 0;
      vertexTexels[o + 8 + k] = vtx.boneIndex[v * 3 + k] || 0;
      vertexTexels[o + 12 + k] = vtx.boneWeight[v * 3 + k] || 0;
    }
  }
  vertexTexture = texture(gl.RGBA32F, gl.RGBA, gl.FLOAT, TEX_WIDTH, rows(vertexCount * 4), vertexTexels);
  boneTexture = texture(gl.RGBA32F, gl.RGBA, gl.FLOAT, 3, Math.max(1, bones.length), new Float32Array(Math.max(1, bones.length) * 12));
  return true;
}

function program(vs, fs) {
  const p = gl.createProgram();
  for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]]) {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error('shader: ' + gl.getShaderInfoLog(s));
    gl.attachShader(p, s);
  }
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error('program: ' + gl.getProgramInfoLog(p));
  const u = {};
  const n = gl.getProgramParameter(p, gl.ACTIVE_UNIFORMS);
  for (let i = 0; i < n; ++i) {
    const name = gl.getActiveUniform(p, i).name;
    u[name] = gl.getUniformLocation(p, name);
  }
  return { p, u };
}

// Data textures: WebGL2 reads them with texelFetch, so the draw needs no vertex attributes, and
// per-triangle values (strip, cache misses) need no duplicated vertices.
function texture(internal, format, type, width, height, data, old) {
  const t = old || gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, t);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.texImage2D(gl.TEXTURE_2D, 0, internal, width, height, 0, format, type, data);
  return t;
}
function rows(texels) {
  return Math.max(1, Math.ceil(texels / TEX_WIDTH));
}

function gpuLod(l) {
  if (l.gpu) return l.gpu;
  const n = l.triangles;
  const index = new Uint32Array(rows(n * 3) * TEX_WIDTH);
  index.set(l.index.subarray(0, n * 3));
  const tri = new Uint32Array(rows(n) * TEX_WIDTH * 4);
  for (let i = 0; i < n; ++i) {
    tri[i * 4] = (l.bodyPart[i] || 0) | ((l.model[i] || 0) << 8) | ((l.misses[i] || 0) << 16);
    tri[i * 4 + 1] = l.material[i] || 0;
    tri[i * 4 + 2] = l.stripGroup[i] || 0;
    tri[i * 4 + 3] = l.strip[i] || 0;
  }
  l.gpu = {
    index: texture(gl.R32UI, gl.RED_INTEGER, gl.UNSIGNED_INT, TEX_WIDTH, rows(n * 3), index),
    tri: texture(gl.RGBA32UI, gl.RGBA_INTEGER, gl.UNSIGNED_INT, TEX_WIDTH, rows(n), tri),
  };
  return l.gpu;
}

// The chosen skin's material row and each body part's chosen model, for the mesh shader.
export function uploadSelection() {
  const row = Uint32Array.from(arr(skins[state.skin]).map((x) => Number(x) || 0));
  skinRowTexture = texture(gl.R32UI, gl.RED_INTEGER, gl.UNSIGNED_INT, Math.max(1, row.length), 1, row.length ? row : new Uint32Array(1), skinRowTexture);
  const choice = new Uint32Array(256);
  state.bodyGroups.forEach((m, i) => { if (i < 256) choice[i] = m + 1; });
  choiceTexture = texture(gl.R32UI, gl.RED_INTEGER, gl.UNSIGNED_INT, 256, 1, choice, choiceTexture);
}

// ---- the camera: an orbit around camera.target ----------------------------------------------
export function eyePosition() {
  const c = Math.cos(camera.pitch);
  return [camera.target[0] + camera.dist * c * Math.cos(camera.yaw), camera.target[1] + camera.dist * c * Math.sin(camera.yaw),
    camera.target[2] + camera.dist * Math.sin(camera.pitch)];
}

// ---- the bounds, for the camera --------------------------------------------------------------
export function fit() {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < vertexCount; ++v) {
    for (let k = 0; k < 3; ++k) {
      const x = vtx.position[v * 3 + k];
      if (x < lo[k]) lo[k] = x;
      if (x > hi[k]) hi[k] = x;
    }
  }
  if (!(lo[0] <= hi[0])) { lo.fill(-1); hi.fill(1); }
  camera.target = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
  camera.radius = Math.max(1e-3, Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2);
  camera.dist = camera.radius / Math.tan(0.4) * 1.15;
  camera.yaw = 0.6;
  camera.pitch = 0.25;
}

// ---- drawing ---------------------------------------------------------------------------------
export function draw() {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
  const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  gl.viewport(0, 0, w, h);
  gl.clearColor(BACKGROUND[0], BACKGROUND[1], BACKGROUND[2], 1);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
  const near = Math.max(camera.dist - camera.radius * 3, camera.dist * 0.005, 1e-3);
  const proj = perspective(0.8, w / h, near, camera.dist + camera.radius * 4);
  const view = lookAt(eyePosition(), camera.target, [0, 0, 1]);
  const world = currentWorld();

  const lod = currentLod();
  if (lod && lod.triangles > 0) {
    const g = gpuLod(lod);
    const skinning = state.sequence >= 0 && bones.length > 0;
    if (skinning) {
      const m = new Float32Array(bones.length * 12);
      bones.forEach((b, i) => m.set(mul34(world[i], Array.isArray(b.poseToBone) && b.poseToBone.length === 12 ? b.poseToBone.map(Number) : IDENTITY34), i * 12));
      texture(gl.RGBA32F, gl.RGBA, gl.FLOAT, 3, bones.length, m, boneTexture);
    }
    const u = meshProgram.u;
    gl.useProgram(meshProgram.p);
    const bind = (unit, tex, loc) => { gl.activeTexture(gl.TEXTURE0 + unit); gl.bindTexture(gl.TEXTURE_2D, tex); gl.uniform1i(loc, unit); };
    bind(0, vertexTexture, u.uVert);
    bind(1, boneTexture, u.uBones);
    bind(2, g.index, u.uIndex);
    bind(3, g.tri, u.uTri);
    bind(4, skinRowTexture, u.uSkinRow);
    bind(5, choiceTexture, u.uChoice);
    gl.uniformMatrix4fv(u.uProj, false, proj);
    gl.uniformMatrix4fv(u.uView, false, view);
    gl.uniform1i(u.uMode, MODES.indexOf(state.mode));
    gl.uniform1i(u.uBone, state.bone);
    gl.uniform1i(u.uSkinning, skinning ? 1 : 0);
    gl.uniform1i(u.uWire, state.mode === 'wireframe' ? 2 : state.wire ? 1 : 0);
    gl.enable(gl.DEPTH_TEST);
    gl.disable(gl.CULL_FACE);
    gl.bindVertexArray(emptyVao);
    gl.drawArrays(gl.TRIANGLES, 0, lod.triangles * 3);
  }

  const lines = overlayLines(world);
  if (lines.length) {
    gl.disable(gl.DEPTH_TEST);
    gl.useProgram(lineProgram.p);
    gl.uniformMatrix4fv(lineProgram.u.uProj, false, proj);
    gl.uniformMatrix4fv(lineProgram.u.uView, false, view);
    gl.bindVertexArray(lineVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, lineBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, lines, gl.DYNAMIC_DRAW);
    gl.drawArrays(gl.LINES, 0, lines.length / 6);
  }
  gl.bindVertexArray(null);
  reportState();
  body.dataset.ready = '1';
}

// A draw on the next animation frame; body's data-ready is '0' until it has happened.
let pending = false;
export function redraw() {
  body.dataset.ready = '0';
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; draw(); });
}
