// vtxc_tools: tools on compiled models, built on the compiler: restrip, tune, bench, stats. Index
// of the entry points; each is declared in the header named beside it. Depends on vtxc_compiler
// and vtxc_phy. Codes RST, BENCH, STATS, PHYCHK (tools_codes.h).
//
//   restripModel(model, options, sink)                    (restrip.h)
//       New .vtx strips for an existing model (Valve's or vtxc's), same .mdl and .vvd. Checks
//       before it returns that every mesh draws the same triangles, every strip keeps its limits
//       and the model check finds nothing new; a failure is a bug and raises InternalError.
//       Pre: `model` holds a parsed .mdl, .vvd and at least one .vtx (RST001 otherwise).
//   tuneModel(project, base, options, sink)               (tune.h)
//       LOD-0 figures for every (cache size, bones per strip) pair and their Pareto front; the
//       CSV, JSON and SVG forms. Pre: options.progress, if set, is thread-safe.
//   discoverBenchModels(dir, sink), runBench(models, options, sink)   (bench_run.h)
//       Every model under a folder, compiled in memory, with time and quality figures.
//   compareBench(baseline, now, tolerance)                (bench_run.h)
//       The figures that changed; a quality figure worse by more than the tolerance regresses.
//   modelStatsJson(paths, model, options)                 (model_stats.h)
//       ACMR, ATVR, stored vertices and strips of each .vtx, beside reference points.
//   findModelPhy(base), loadPhyFile(path, sink)           (model_physics_check.h)
//       The .phy beside a model (name matched ignoring case) and its parse.
//   checkModelPhysics(mdl, mdlName, phy, phyName)         (model_physics_check.h)
//       The .phy's structural findings and, given the .mdl, the cross-check: checksum (a
//       warning), solid names as bones, physicsbone, mass, client data. Safe on any parsed files.
//   modelPage(base, options, sink), buildModelView(...), modelViewJsonText(view),
//   renderViewerPage(sources, json), viewerPageSources()      (model_view.h)
//       `vtxc view`: the typed data of a model's page (triangles resolved into the .vvd's LOD-0
//       vertices, FIFO misses per triangle, poses, collision hulls), its escaped JSON, and the
//       page embedded from viewer/page/. Codes VIEW.
//   discoverTreeModels(src, contentRoot), checkModel(entry, ...), updateBuildRecord(game, ...),
//   depfileText / parseDepfile, ninjaFileText(request)       (tree_build.h)
//       `vtxc build`: the QCs of a tree that define models, whether each is up to date (content
//       hashes in GAME/.vtxc-build.json, updated under a lock), depfiles and the Ninja file.
//       sha256OfFile, Sha256                                   (content_hash.h)
#pragma once

#include "tools/bench_run.h"
#include "tools/model_physics_check.h"
#include "tools/model_stats.h"
#include "tools/model_view.h"
#include "tools/restrip.h"
#include "tools/tools_codes.h"
#include "tools/tune.h"
