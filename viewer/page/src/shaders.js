// The GLSL of the page's two WebGL2 programs: the mesh, which reads vertices, triangles and bone
// matrices from data textures TEX_WIDTH texels wide and colours each view mode (its uMode is the
// index in view_modes.js's MODES), and the overlay lines.

export const TEX_WIDTH = 2048;

export const MESH_VS = `#version 300 es
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

export const MESH_FS = `#version 300 es
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

export const LINE_VS = `#version 300 es
in vec3 aPos; in vec3 aColour; uniform mat4 uProj; uniform mat4 uView; out vec3 vColour;
void main() { vColour = aColour; gl_Position = uProj * uView * vec4(aPos, 1.0); }`;
export const LINE_FS = `#version 300 es
precision mediump float; in vec3 vColour; out vec4 outColour;
void main() { outColour = vec4(vColour, 1.0); }`;
