// vtxc_optimizer: the mesh algorithms, one per file, in the manner of meshoptimizer's src/. Index
// of the entry points; each is declared in the header named beside it. Depends on vtxc_studio and
// vtxc_common (and meshoptimizer, Eigen, TBB). Code OPT001 (optimizer_codes.h).
// Every function is deterministic: the same input gives the same output on any thread count.
//
// Here, shared by every folder: the mesh types (mesh_types.h: ModelVertex, BoneWeights) and the
// rule every vertex's weights obey (bone_weights.h). Three folders, each with an index header,
// include those and themselves only, never one another (CONTRIBUTING.md, "Inside optimizer/"):
// vertices/ (welding, tangents), strips/ (bone partitions, strip groups, vertex-cache order,
// analysis), simplify/ (the simplifier behind generated LODs and its error measure).
//
//   capBoneWeights(influences, options)                   (bone_weights.h)
//       Merge equal bones, sort, drop weights under the threshold, keep three, renormalise.
//       Pre: none (negative and non-finite weights count as 0).
//   weldCorners(corners, options)                         (vertices/welding.h)
//       Triangle corners (three per triangle) to unique vertices and indices; degenerate
//       triangles dropped. Linear time. Pre: none.
//   computeTangents(vertices, indices)                    (vertices/tangents.h)
//       One tangent per vertex with handedness in w. Pre: UVs as they will be stored.
//   computeTangentFrames(vertices, indices)               (vertices/tangents.h)
//       The same tangents, and per vertex whether its UVs gave a usable direction.
//   orderForVertexCache(indices, vertexCount, options)    (strips/vertex_cache_order.h)
//       The triangles reordered for a FIFO of options.cacheSize that starts empty; never worse
//       than the input order; corners keep their order. Pre: every index < vertexCount.
//       Its parts: strips/strips.h.
//   simulateFifoCache(indices, vertexCount, cacheSize)    (strips/fifo_cache.h)
//       Misses of a FIFO cache that starts empty (ACMR, ATVR). Indices >= vertexCount are
//       skipped.
//   partitionTrianglesByBones(indices, weights, limit)    (strips/strip_partition.h)
//       Triangles split into sets of at most `limit` distinct bones, few sets, few duplicated
//       vertices. Pre: no triangle uses more than `limit` bones; indices < weights.size().
//       Per-triangle bone sets: gatherTriangleBones, keepFirstOfEach (strips/triangle_bones.h).
//   buildStripGroups(indices, weights, limits, sink)      (strips/strip_partition.h)
//       The whole strip step of one mesh and .vtx variant: bone limits checked (OPT001),
//       partition, cache order, 65535-vertex groups, the records. Nothing after an error.
//       Pre (VTXC_ASSERT): every index < weights.size().
//   analyzeStripGroups(groups, cacheSize)                 (strips/strip_analysis.h)
//   analyseVtx(file, cacheSizes)                          (strips/vtx_analysis.h)
//       Quality figures of built strip groups or of a whole .vtx.
//   simplifyMesh(input, options)                          (simplify/simplify.h)
//       Edge collapse to a triangle count or error, with attributes, seams, materials, parts and
//       bone weights; docs/lod.md. Pre: none (invalid indices give an empty result). Its parts:
//       simplify/simplify.h.
//   measureSurfaceError(reference, lod, options)          (simplify/surface_error.h)
//       Distances between two surfaces sampled both ways, mean and max.
#pragma once

#include "optimizer/bone_weights.h"
#include "optimizer/mesh_types.h"
#include "optimizer/optimizer_codes.h"
#include "optimizer/simplify/simplify.h"
#include "optimizer/strips/strips.h"
#include "optimizer/vertices/vertices.h"
