// vtxc_testing: support for the tests, benchmarks and fuzzers; the shipped binary never links it.
// Index of the entry points; each is declared in the header named beside it.
//
//   corpusDir(), VTXC_REQUIRE_CORPUS(), corpusFiles(ext)  (test_support.h)
//       The corpus of Valve-compiled models ($VTXC_CORPUS or ../shared/corpus). A test that needs
//       it starts with VTXC_REQUIRE_CORPUS(): skipped when it is missing, failed under
//       VTXC_REQUIRE_CORPUS=1 (CI). In the unit tiers (VTXC_TEST_TIER=unit) it is always missing.
//   runVtxc(arguments)                                    (test_support.h)
//       Runs the built binary and captures its exit status and output. cli tier only.
//   TempDir                                               (test_support.h)
//       A fresh folder per test, removed afterwards.
//   synthesizeSmd(options), synthesizeSmdText, writeSynthesizedSmdFile   (smd_synthesis.h)
//       Skinned SMD meshes of any size, deterministic for a seed; quadGridSmdText, quadSmdText:
//       small hand-shaped meshes; writeBenchModelFolders: a folder as `vtxc bench` reads it.
//   parseSmdOrFail, expectSameSmdContent, expectSmdRoundTrip           (smd_round_trip.h)
//       SMD comparison value by value, and the writer's round trip.
//   lodTriangles, unmatchedTriangles, stripLimitViolations             (model_comparison.h)
//       Compiled models compared with Valve's: triangles, vertex counts, strip limits;
//       expectSameTriangles: two .vtx files draw the same triangles.
//   TestMesh, expectValidStripGroups, cappedCorners                     (mesh_checks.h)
//       Every rule of the strip group records, checked against the input mesh.
//   gridTriangles, shuffledTriangles, sortedTriangles                   (triangle_lists.h)
//       Small index lists for the optimizer's tests.
#pragma once

#include "testing/mesh_checks.h"
#include "testing/model_comparison.h"
#include "testing/smd_round_trip.h"
#include "testing/smd_synthesis.h"
#include "testing/test_support.h"
#include "testing/triangle_lists.h"
