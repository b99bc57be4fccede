// Sequence playback: a requestAnimationFrame clock that moves state.frame on at the sequence's
// frame rate (its sampled frames stand for evenly spaced real frames) while state.playing holds.
// The caller says how to show a new frame, so this module needs neither the panel nor the scene.
import { state, sequences } from './state.js';

// ---- playback --------------------------------------------------------------------------------
let playClock = null;
export function startPlaying(onFrame) {
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
      onFrame();
    }
    playClock = requestAnimationFrame(tick);
  };
  playClock = requestAnimationFrame(tick);
}
