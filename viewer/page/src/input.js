// Mouse and keys: dragging orbits (left) or pans (right, or shift), the wheel zooms, and the keys
// that the panel's "Mouse and keys" list names orbit, zoom, frame the model and change the state
// through set().
import { cross, norm, sub3 } from './math.js';
import { set } from './panels.js';
import { canvas, eyePosition, fit, redraw } from './scene.js';
import { state, camera, variants } from './state.js';
import { MODES } from './view_modes.js';

export function bindInput() {
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
}

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
