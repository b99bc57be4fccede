// vtxc_optimizer: the mesh algorithms, one per file, in the manner of meshoptimizer's src/. Index
// of the entry points; each is declared in the header named beside it. Depends on vtxc_studio and
// vtxc_common (and meshoptimizer, Eigen, TBB). Code OPT001 (optimizer_codes.h).
// Every function is deterministic: the same input gives the same output on any thread count.
//
//   capBoneWeights(influences, options)                   (bone_weights.h)
//       Merge equal bones, sort, drop weights under the threshold, keep three, renormalise.
//       Pre: none (negative and non-finite weights count as 0).
//   weldCorners(corners, options)                         (welding.h)
//       Triangle corners (three per triangle) to unique vertices and indices; degenerate
//       triangles dropped. Linear time. Pre: none.
//   computeTangents(vertices, indices)                    (tangents.h)
//       One tangent per vertex with handedness in w. Pre: UVs as they will be stored.
//   computeTangentFrames(vertices, indices)               (tangents.h)
//       The same tangents, and per vertex whether its UVs gave a usable direction.
//   orderForVertexCache(indices, vertexCount, options)    (vertex_cache_order.h)
//       The triangles reordered for a FIFO of options.cacheSize that starts empty; never worse
//       than the input order; corners keep their order. Pre: every index < vertexCount.
//       Its parts: greedyFifoOrder (fifo_greedy_order.h), the local searches (window_regreedy.h,
//       forward_pull_search.h), the FIFO model (fifo_state.h), triangle adjacency
//       (triangle_adjacency.h).
//   simulateFifoCache(indices, vertexCount, cacheSize)    (fifo_cache.h)
//       Misses of a FIFO cache that starts empty (ACMR, ATVR). Indices >= vertexCount are
//       skipped.
//   partitionTrianglesByBones(indices, weights, limit)    (strip_partition.h)
//       Triangles split into sets of at most `limit` distinct bones, few sets, few duplicated
//       vertices. Pre: no triangle uses more than `limit` bones; indices < weights.size().
//       Per-triangle bone sets: gatherTriangleBones, keepFirstOfEach (triangle_bones.h).
//   buildStripGroups(indices, weights, limits, sink)      (strip_partition.h)
//       The whole strip step of one mesh and .vtx variant: bone limits checked (OPT001),
//       partition, cache order, 65535-vertex groups, the records. Nothing after an error.
//       Pre (VTXC_ASSERT): every index < weights.size().
//   analyzeStripGroups(groups, cacheSize)                 (strip_analysis.h)
//   analyseVtx(file, cacheSizes)                          (vtx_analysis.h)
//       Quality figures of built strip groups or of a whole .vtx.
//   simplifyMesh(input, options)                          (simplify.h)
//       Edge collapse to a triangle count or error, with attributes, seams, materials, parts and
//       bone weights; docs/lod.md. Pre: none (invalid indices give an empty result). Its parts:
//       the working mesh (simplify_mesh.h), quadrics (quadric.h), the queues (collapse_queue.h),
//       faces and collapses costed four at a time (face_quadrics.h, collapse_cost.h, on the
//       lanes of double_lanes.h), reading memory ahead (read_ahead.h), weights
//       (bone_weight_blend.h).
//   measureSurfaceError(reference, lod, options)          (surface_error.h)
//       Distances between two surfaces sampled both ways, mean and max.
#pragma once

#include "optimizer/bone_weights.h"
#include "optimizer/fifo_cache.h"
#include "optimizer/fifo_greedy_order.h"
#include "optimizer/fifo_state.h"
#include "optimizer/forward_pull_search.h"
#include "optimizer/mesh_types.h"
#include "optimizer/optimizer_codes.h"
#include "optimizer/point_grid.h"
#include "optimizer/simplify.h"
#include "optimizer/strip_analysis.h"
#include "optimizer/strip_partition.h"
#include "optimizer/surface_error.h"
#include "optimizer/tangents.h"
#include "optimizer/triangle_adjacency.h"
#include "optimizer/triangle_bones.h"
#include "optimizer/vertex_cache_order.h"
#include "optimizer/vtx_analysis.h"
#include "optimizer/welding.h"
#include "optimizer/window_regreedy.h"
