// The page of `vtxc view`: draws the model JSON embedded in the same file with plain WebGL2.
// docs/view.md describes the JSON. Every text that comes from the model reaches the page through
// textContent only, so a hostile name stays text.
(function () {
  'use strict';

  const body = document.body;
  const $ = (id) => document.getElementById(id);
  const MODES = ['shaded', 'materials', 'wireframe', 'strips', 'stripgroups', 'cache', 'weights'];
  const CACHE_COLOURS = [[0.22, 0.62, 0.28], [0.78, 0.8, 0.2], [0.98, 0.55, 0.0], [0.9, 0.22, 0.21]];
  const BACKGROUND = [0.11, 0.125, 0.15];
  const TEX_WIDTH = 2048;

  function status(text) {
    $('status').textContent = text;
  }

  // ---- the model -------------------------------------------------------------------------------
  let model = null;
  try {
    model = JSON.parse($('vtxc-model').textContent);
  } catch (e) {
    model = null;
  }
  if (!model || typeof model !== 'object' || model.schema !== 1) {
    status('No model data in this page (it is the template of `vtxc view`, or its schema is unknown).');
    return;
  }

  const TYPES = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array };
  function decode(a, fallback) {
    const C = (a && TYPES[a.type]) || fallback || Float32Array;
    if (!a || typeof a.base64 !== 'string') return new C(0);
    const bin = atob(a.base64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
    const n = Math.min(Number(a.count) || 0, Math.floor(bytes.length / C.BYTES_PER_ELEMENT));
    return new C(bytes.buffer, 0, n);
  }
  const arr = (x) => (Array.isArray(x) ? x : []);

  const vertexCount = Number(model.vertices && model.vertices.count) || 0;
  const vtx = {
    position: decode(model.vertices && model.vertices.position, Float32Array),
    normal: decode(model.vertices && model.vertices.normal, Float32Array),
    boneIndex: decode(model.vertices && model.vertices.boneIndex, Uint8Array),
    boneWeight: decode(model.vertices && model.vertices.boneWeight, Float32Array),
  };
  const materials = arr(model.materials).map(String);
  const skins = arr(model.skins).map(arr);
  const bodyParts = arr(model.bodyParts).map((bp) => ({ name: String(bp.name), models: arr(bp.models).map(String) }));
  const bones = arr(model.bones);
  const sequences = arr(model.sequences);
  const variants = arr(model.variants).map((v) => ({
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
  }));

  // ---- the state that the panel, the keys and window.vtxcView.set change ------------------------
  const state = {
    mode: 'shaded', wire: false, variant: 0, lod: 0, skin: 0, bone: 0,
    bodyGroups: bodyParts.map(() => 0),
    skeleton: false, hitboxes: false, attachments: false, collision: false,
    sequence: -1, frame: 0, playing: false,
  };
  // The weights view starts on the bone that carries the most vertex weight.
  {
    const load = new Float64Array(Math.max(1, bones.length));
    for (let i = 0; i < vtx.boneWeight.length; ++i) if (vtx.boneIndex[i] < bones.length) load[vtx.boneIndex[i]] += vtx.boneWeight[i];
    state.bone = load.indexOf(Math.max(...load));
  }
  const camera = { yaw: 0.6, pitch: 0.25, dist: 100, target: [0, 0, 0], radius: 50 };

  // ---- WebGL2 ----------------------------------------------------------------------------------
  const canvas = $('gl');
  const gl = canvas.getContext('webgl2', { antialias: true, preserveDrawingBuffer: true });
  if (!gl) {
    status('WebGL2 is not available in this browser.');
    body.dataset.error = 'webgl2';
    return;
  }

  const MESH_VS = `#version 300 es
precision highp float; precision highp int; precision highp usampler2D;
uniform highp sampler2D uVert; uniform highp sampler2D uBones;
uniform usampler2D uIndex; uniform usampler2D uTri; uniform usampler2D uSkinRow; uniform usampler2D uChoice;
uniform mat4 uProj; uniform mat4 uView; uniform int uMode; uniform int uBone; uniform bool uSkinning;
out vec3 vNormal; out vec3 vBary; out vec3 vViewPos; flat out vec3 vColor;
const int W = ${TEX_WIDTH};
ivec2 at(int i) { return ivec2(i % W, i / W); }
vec3 hue(float h, float s, float v) {
  vec3 k = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
  return v * mix(vec3(1.0), k, s);
}
vec3 idColour(uint id, float seed) { return hue(fract(float(id) * 0.61803399 + seed), 0.6, 0.92); }
vec3 heat(float w) { return clamp(vec3(1.5 - abs(4.0 * w - 3.0), 1.5 - abs(4.0 * w - 2.0), 1.5 - abs(4.0 * w - 1.0)), 0.0, 1.0); }
void main() {
  int tri = gl_VertexID / 3; int corner = gl_VertexID - tri * 3;
  uvec4 t = texelFetch(uTri, at(tri), 0);
  uint part = t.r & 255u; uint sub = (t.r >> 8) & 255u; uint miss = (t.r >> 16) & 255u;
  if (texelFetch(uChoice, ivec2(int(part), 0), 0).r != sub + 1u) { gl_Position = vec4(0.0, 0.0, 2.0, 1.0); return; }
  int v = int(texelFetch(uIndex, at(gl_VertexID), 0).r);
  vec3 p = texelFetch(uVert, at(v * 4), 0).xyz; vec3 n = texelFetch(uVert, at(v * 4 + 1), 0).xyz;
  vec4 b = texelFetch(uVert, at(v * 4 + 2), 0); vec4 w = texelFetch(uVert, at(v * 4 + 3), 0);
  if (uSkinning) {
    vec3 sp = vec3(0.0); vec3 sn = vec3(0.0); float tw = 0.0;
    for (int k = 0; k < 3; ++k) {
      if (w[k] <= 0.0) continue;
      int bi = int(b[k]);
      vec4 r0 = texelFetch(uBones, ivec2(0, bi), 0), r1 = texelFetch(uBones, ivec2(1, bi), 0), r2 = texelFetch(uBones, ivec2(2, bi), 0);
      sp += w[k] * vec3(dot(r0, vec4(p, 1.0)), dot(r1, vec4(p, 1.0)), dot(r2, vec4(p, 1.0)));
      sn += w[k] * vec3(dot(r0.xyz, n), dot(r1.xyz, n), dot(r2.xyz, n));
      tw += w[k];
    }
    if (tw > 0.0) { p = sp / tw; n = sn; }
  }
  float bw = 0.0;
  for (int k = 0; k < 3; ++k) if (int(b[k]) == uBone) bw += w[k];
  vec3 c = vec3(0.72, 0.74, 0.78);
  if (uMode == 1) c = idColour(texelFetch(uSkinRow, ivec2(int(t.g), 0), 0).r, 0.0);
  else if (uMode == 3) c = idColour(t.a, 0.13);
  else if (uMode == 4) c = idColour(t.b, 0.41);
  else if (uMode == 5) c = miss == 0u ? vec3(0.22, 0.62, 0.28) : miss == 1u ? vec3(0.78, 0.8, 0.2) : miss == 2u ? vec3(0.98, 0.55, 0.0) : vec3(0.9, 0.22, 0.21);
  else if (uMode == 6) c = heat(clamp(bw, 0.0, 1.0));
  vColor = c;
  vBary = vec3(corner == 0 ? 1.0 : 0.0, corner == 1 ? 1.0 : 0.0, corner == 2 ? 1.0 : 0.0);
  vNormal = mat3(uView) * n;
  vec4 eye = uView * vec4(p, 1.0);
  vViewPos = eye.xyz;
  gl_Position = uProj * eye;
}`;

  const MESH_FS = `#version 300 es
precision highp float; precision highp int;
in vec3 vNormal; in vec3 vBary; in vec3 vViewPos; flat in vec3 vColor;
uniform int uMode; uniform int uWire;
out vec4 outColour;
void main() {
  vec3 n = normalize(vNormal);
  // Two-sided: a triangle seen from behind is lit as seen from the front (Source winds its front
  // faces clockwise, so gl_FrontFacing would say the opposite).
  if (dot(n, vViewPos) > 0.0) n = -n;
  vec3 l = normalize(vec3(0.35, 0.55, 1.0));
  float d = max(dot(n, l), 0.0);
  vec3 c = uMode == 0 ? vColor * (0.22 + 0.78 * d) + vec3(0.25) * pow(max(dot(reflect(-l, n), vec3(0.0, 0.0, 1.0)), 0.0), 24.0)
                      : vColor * (0.55 + 0.45 * d);
  if (uWire > 0) {
    vec3 a = smoothstep(vec3(0.0), fwidth(vBary) * 1.3, vBary);
    float e = 1.0 - min(min(a.x, a.y), a.z);
    if (uWire == 2) { if (e < 0.1) discard; c = mix(vec3(0.45, 0.8, 1.0), vec3(0.75, 0.92, 1.0), d); }
    else c = mix(c, vec3(0.04, 0.05, 0.06), e * 0.85);
  }
  outColour = vec4(c, 1.0);
}`;

  const LINE_VS = `#version 300 es
in vec3 aPos; in vec3 aColour; uniform mat4 uProj; uniform mat4 uView; out vec3 vColour;
void main() { vColour = aColour; gl_Position = uProj * uView * vec4(aPos, 1.0); }`;
  const LINE_FS = `#version 300 es
precision mediump float; in vec3 vColour; out vec4 outColour;
void main() { outColour = vec4(vColour, 1.0); }`;

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
  const meshProgram = program(MESH_VS, MESH_FS);
  const lineProgram = program(LINE_VS, LINE_FS);
  const emptyVao = gl.createVertexArray();
  const lineVao = gl.createVertexArray();
  const lineBuffer = gl.createBuffer();
  gl.bindVertexArray(lineVao);
  gl.bindBuffer(gl.ARRAY_BUFFER, lineBuffer);
  const aPos = gl.getAttribLocation(lineProgram.p, 'aPos');
  const aColour = gl.getAttribLocation(lineProgram.p, 'aColour');
  gl.enableVertexAttribArray(aPos);
  gl.vertexAttribPointer(aPos, 3, gl.FLOAT, false, 24, 0);
  gl.enableVertexAttribArray(aColour);
  gl.vertexAttribPointer(aColour, 3, gl.FLOAT, false, 24, 12);
  gl.bindVertexArray(null);

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
  const vertexTexture = texture(gl.RGBA32F, gl.RGBA, gl.FLOAT, TEX_WIDTH, rows(vertexCount * 4), vertexTexels);
  const boneTexture = texture(gl.RGBA32F, gl.RGBA, gl.FLOAT, 3, Math.max(1, bones.length), new Float32Array(Math.max(1, bones.length) * 12));
  let skinRowTexture = null;
  let choiceTexture = null;

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

  // ---- matrices: 4x4 column-major for the camera, 3x4 row-major (12 floats) for bones ----------
  function perspective(fovy, aspect, near, far) {
    const f = 1 / Math.tan(fovy / 2);
    const m = new Float32Array(16);
    m[0] = f / aspect; m[5] = f; m[10] = (far + near) / (near - far); m[11] = -1; m[14] = (2 * far * near) / (near - far);
    return m;
  }
  const sub3 = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const norm = (a) => { const l = Math.hypot(a[0], a[1], a[2]) || 1; return [a[0] / l, a[1] / l, a[2] / l]; };
  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  function lookAt(eye, target, up) {
    const z = norm(sub3(eye, target));
    const x = norm(cross(up, z));
    const y = cross(z, x);
    return new Float32Array([x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0, -dot(x, eye), -dot(y, eye), -dot(z, eye), 1]);
  }
  function eyePosition() {
    const c = Math.cos(camera.pitch);
    return [camera.target[0] + camera.dist * c * Math.cos(camera.yaw), camera.target[1] + camera.dist * c * Math.sin(camera.yaw),
      camera.target[2] + camera.dist * Math.sin(camera.pitch)];
  }
  function quatPos(q, p) {
    const [x, y, z, w] = q;
    return [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), p[0],
      2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), p[1],
      2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), p[2]];
  }
  function mul34(a, b) {
    const m = new Array(12);
    for (let r = 0; r < 3; ++r) {
      for (let c = 0; c < 4; ++c) {
        m[r * 4 + c] = a[r * 4] * b[c] + a[r * 4 + 1] * b[4 + c] + a[r * 4 + 2] * b[8 + c] + (c === 3 ? a[r * 4 + 3] : 0);
      }
    }
    return m;
  }
  const apply34 = (m, p) => [m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
    m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]];
  const IDENTITY34 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  const num = (a, n) => { const o = arr(a).slice(0, n).map(Number); while (o.length < n) o.push(0); return o; };

  // ---- poses: world = parent * local; skin matrix = world * poseToBone -------------------------
  const seqPoses = sequences.map((s) => decode(s.pose, Float32Array));
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
  // Vertices are drawn as stored at the bind pose; the bones' bind world matrices are the
  // inverses of poseToBone, so the overlays sit on the mesh even where the bind pose and the
  // stored vertices would round differently.
  function invert34(m) {
    const [a, b, c, d, e, f, g, h, i] = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
    const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
    if (Math.abs(det) < 1e-12) return IDENTITY34.slice();
    const r = [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
      (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
      (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det];
    const t = [m[3], m[7], m[11]];
    return [r[0], r[1], r[2], -(r[0] * t[0] + r[1] * t[1] + r[2] * t[2]),
      r[3], r[4], r[5], -(r[3] * t[0] + r[4] * t[1] + r[5] * t[2]),
      r[6], r[7], r[8], -(r[6] * t[0] + r[7] * t[1] + r[8] * t[2])];
  }
  const bindWorld = bones.map((b) => (Array.isArray(b.poseToBone) && b.poseToBone.length === 12 ? invert34(b.poseToBone.map(Number)) : null));
  function currentWorld() {
    if (state.sequence < 0) {
      const w = worldMatrices();
      return w.map((m, i) => bindWorld[i] || m);
    }
    return worldMatrices();
  }

  // ---- the bounds, for the camera --------------------------------------------------------------
  function fit() {
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

  // ---- overlays: skeleton, hitboxes, attachments, collision ------------------------------------
  function overlayLines(world) {
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
  // A solid on no bone is in the model's space as the game draws it: the root bone posed by an
  // animation, which in Valve's models turns the model 90 degrees about Z from its bind pose (the
  // corpus' w_357: hull x = -vertex y). At the bind pose the hull is carried back through the
  // root's pose in the first sequence's first frame; while a sequence plays it stays as it is.
  function entityMatrix() {
    const root = bones.findIndex((b) => !(Number.isInteger(b.parent) && b.parent >= 0));
    if (state.sequence >= 0 || root < 0 || !seqPoses.length || seqPoses[0].length < (root + 1) * 7) return IDENTITY34;
    const p = seqPoses[0].subarray(root * 7, root * 7 + 7);
    const bind = bindWorld[root] || quatPos(num(bones[root].quaternion, 4), num(bones[root].position, 3));
    return mul34(bind, invert34(quatPos([p[3], p[4], p[5], p[6]], [p[0], p[1], p[2]])));
  }
  const pieces = new Map();
  function collisionCache(piece) {
    if (!pieces.has(piece)) pieces.set(piece, { position: decode(piece.position, Float32Array), index: decode(piece.index, Uint16Array) });
    return pieces.get(piece);
  }

  // Colours of ids, the same formula as the vertex shader's, for the legends.
  function hue(id, seed) {
    const h = ((id * 0.61803399 + seed) % 1 + 1) % 1;
    const k = [0, 4, 2].map((o) => Math.min(1, Math.max(0, Math.abs(((h * 6 + o) % 6) - 3) - 1)));
    return k.map((x) => 0.92 * (1 + (x - 1) * 0.6));
  }
  const css = (c) => `rgb(${c.map((x) => Math.round(x * 255)).join(',')})`;

  // ---- drawing ---------------------------------------------------------------------------------
  function currentLod() {
    const v = variants[state.variant];
    return v ? v.lods[state.lod] || null : null;
  }

  function draw() {
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

  let pending = false;
  function redraw() {
    body.dataset.ready = '0';
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  }

  // ---- what the page reports to tests ----------------------------------------------------------
  const triangleCounts = {};
  variants.forEach((v) => { triangleCounts[v.name] = v.lods.map((l) => l.triangles); });
  body.dataset.triangles = JSON.stringify(triangleCounts);
  function drawnTriangles() {
    const l = currentLod();
    if (!l) return 0;
    let n = 0;
    for (let i = 0; i < l.triangles; ++i) if (state.bodyGroups[l.bodyPart[i]] === l.model[i]) ++n;
    return n;
  }
  function reportState() {
    const v = variants[state.variant];
    body.dataset.view = state.mode;
    body.dataset.lod = String(state.lod);
    body.dataset.variant = v ? v.name : '';
    body.dataset.sequence = state.sequence >= 0 ? String(sequences[state.sequence].name) : '';
    body.dataset.frame = String(state.frame);
    body.dataset.drawn = String(drawnTriangles());
  }

  // ---- the panel -------------------------------------------------------------------------------
  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function options(select, items) {
    select.replaceChildren(...items.map(([value, text]) => { const o = el('option', text); o.value = String(value); return o; }));
  }
  const fmt = (x) => (typeof x === 'number' ? (Number.isInteger(x) ? String(x) : x.toFixed(4).replace(/0+$/, '').replace(/\.$/, '')) : String(x));
  const bytes = (n) => (n >= 1048576 ? (n / 1048576).toFixed(2) + ' MiB' : n >= 1024 ? (n / 1024).toFixed(1) + ' KiB' : n + ' B');

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

  const bodyPartSelects = bodyParts.map((bp, i) => {
    const label = el('label', bp.name + ' ');
    const s = el('select');
    options(s, bp.models.map((m, j) => [j, m === '' ? `(model ${j}: no name)` : m]));
    s.addEventListener('change', () => set({ bodyGroups: Object.assign([], state.bodyGroups, { [i]: Number(s.value) }) }));
    label.appendChild(s);
    $('bodyparts').appendChild(label);
    return s;
  });

  function fillLods() {
    const v = variants[state.variant];
    options($('lod'), (v ? v.lods : []).map((l, i) => [i, `LOD ${l.lod}: ${l.triangles} triangles, ` +
      (l.switchPoint < 0 ? 'shadow' : `switch ${fmt(Number(l.switchPoint) || 0)}`)]));
  }

  function uploadSelection() {
    const row = Uint32Array.from(arr(skins[state.skin]).map((x) => Number(x) || 0));
    skinRowTexture = texture(gl.R32UI, gl.RED_INTEGER, gl.UNSIGNED_INT, Math.max(1, row.length), 1, row.length ? row : new Uint32Array(1), skinRowTexture);
    const choice = new Uint32Array(256);
    state.bodyGroups.forEach((m, i) => { if (i < 256) choice[i] = m + 1; });
    choiceTexture = texture(gl.R32UI, gl.RED_INTEGER, gl.UNSIGNED_INT, 256, 1, choice, choiceTexture);
  }

  function legendRow(colour, text) {
    const d = el('div');
    const sw = el('i');
    sw.style.background = css(colour);
    d.append(sw, el('span', text));
    return d;
  }
  function fillLegend() {
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
  function fillInfo() {
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

  // Applies a change of state (from the panel, the keys or a test) and redraws.
  function set(change, now) {
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
    if (state.playing) startPlaying();
    reportState();
    if (now) { draw(); } else redraw();
    return snapshot();
  }
  function snapshot() {
    return Object.assign({}, state, { variantName: variants[state.variant] ? variants[state.variant].name : '', drawn: drawnTriangles() });
  }

  // ---- playback --------------------------------------------------------------------------------
  let playClock = null;
  function startPlaying() {
    if (playClock !== null) return;
    let last = performance.now();
    let acc = 0;
    const tick = (t) => {
      const s = sequences[state.sequence];
      if (!state.playing || !s) { playClock = null; return; }
      const sampled = Math.max(1, Number(s.sampledFrames) || 1);
      const step = (Math.max(1, (Number(s.frames) || 1) - 1) / Math.max(1, sampled - 1)) / (Number(s.fps) || 30);
      acc += (t - last) / 1000;
      last = t;
      if (acc >= step) {
        const n = Math.floor(acc / step);
        acc -= n * step;
        let f = state.frame + n;
        if (f >= sampled) f = s.loop === false ? sampled - 1 : f % sampled;
        state.frame = f;
        syncControls();
        draw();
      }
      playClock = requestAnimationFrame(tick);
    };
    playClock = requestAnimationFrame(tick);
  }

  // ---- events ----------------------------------------------------------------------------------
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

  let drag = null;
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  canvas.addEventListener('pointerdown', (e) => {
    drag = { x: e.clientX, y: e.clientY, pan: e.button !== 0 || e.shiftKey };
    canvas.setPointerCapture(e.pointerId);
    canvas.focus();
  });
  canvas.addEventListener('pointerup', () => { drag = null; });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    drag.x = e.clientX; drag.y = e.clientY;
    if (drag.pan) pan(dx, dy); else orbit(-dx * 0.01, dy * 0.01);
  });
  canvas.addEventListener('wheel', (e) => { e.preventDefault(); zoom(Math.exp(e.deltaY * 0.001)); }, { passive: false });
  function orbit(dyaw, dpitch) {
    camera.yaw += dyaw;
    camera.pitch = Math.min(1.55, Math.max(-1.55, camera.pitch + dpitch));
    redraw();
  }
  function pan(dx, dy) {
    const eye = eyePosition();
    const fwd = norm(sub3(camera.target, eye));
    const right = norm(cross(fwd, [0, 0, 1]));
    const up = cross(right, fwd);
    const k = (camera.dist * 0.85) / Math.max(1, canvas.clientHeight);
    for (let i = 0; i < 3; ++i) camera.target[i] += (-dx * right[i] + dy * up[i]) * k;
    redraw();
  }
  function zoom(f) {
    camera.dist = Math.min(camera.radius * 100, Math.max(camera.radius * 0.02, camera.dist * f));
    redraw();
  }
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t && (t.tagName === 'SELECT' || (t.tagName === 'INPUT' && t.type !== 'checkbox'))) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    const keys = {
      ArrowLeft: () => orbit(0.1, 0), ArrowRight: () => orbit(-0.1, 0), ArrowUp: () => orbit(0, 0.1), ArrowDown: () => orbit(0, -0.1),
      '+': () => zoom(0.85), '=': () => zoom(0.85), '-': () => zoom(1 / 0.85), f: () => { fit(); redraw(); },
      w: () => set({ wire: !state.wire }), s: () => set({ skeleton: !state.skeleton }), h: () => set({ hitboxes: !state.hitboxes }),
      a: () => set({ attachments: !state.attachments }), c: () => set({ collision: !state.collision }),
      l: () => { const n = variants[state.variant] ? variants[state.variant].lods.length : 1; set({ lod: (state.lod + (e.shiftKey ? n - 1 : 1)) % Math.max(1, n) }); },
      v: () => set({ variant: (state.variant + 1) % Math.max(1, variants.length) }),
      ' ': () => set({ playing: !state.playing }),
      ',': () => set({ frame: state.frame - 1, playing: false }), '.': () => set({ frame: state.frame + 1, playing: false }),
    };
    const digit = Number(k);
    const action = keys[k.length === 1 ? k.toLowerCase() : k] || (digit >= 1 && digit <= MODES.length ? () => set({ mode: MODES[digit - 1] }) : null);
    if (action) { e.preventDefault(); action(); }
  });
  window.addEventListener('resize', redraw);

  // ---- start -----------------------------------------------------------------------------------
  fit();
  fillInfo();
  window.vtxcView = {
    set: (change) => set(change, true),
    state: snapshot,
    triangles: () => JSON.parse(JSON.stringify(triangleCounts)),
  };
  // `vtxc view --variant V --lod N` chooses what the page shows first.
  const initial = model.initial && typeof model.initial === 'object' ? model.initial : {};
  try {
    set({ variant: initial.variant !== undefined ? String(initial.variant) : undefined, lod: initial.lod }, true);
  } catch (e) {
    status('Drawing failed: ' + e.message);
    throw e;
  }
})();
