// The page of `vtxc view`: draws the model JSON embedded in the same file with plain WebGL2.
// docs/view.md describes the JSON. Every text that comes from the model reaches the page through
// textContent only, so a hostile name stays text.
//
// This is the entry of the page's script: tools/CMakeLists.txt bundles it and the modules beside
// it with esbuild into the one script the page inlines. It reads the model, then starts each part
// in the order the others rely on, and publishes window.vtxcView for tests.
'use strict';

import { status } from './dom.js';
import { readModel } from './model_data.js';
import { bindInput } from './input.js';
import { initPanel, bindControls, fillInfo, set, snapshot } from './panels.js';
import { triangleCounts, reportTriangles } from './report.js';
import { initScene, fit } from './scene.js';
import { initSkeleton } from './skeleton.js';
import { model, setModel } from './state.js';

function main() {
  // ---- the model -------------------------------------------------------------------------------
  const json = readModel();
  if (!json) {
    status('No model data in this page (it is the template of `vtxc view`, or its schema is unknown).');
    return;
  }
  setModel(json);

  // ---- WebGL2, the poses, the panel and the events ---------------------------------------------
  if (!initScene()) return;
  initSkeleton();
  reportTriangles();
  initPanel();
  bindControls();
  bindInput();

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
}

main();
