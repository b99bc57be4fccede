// optimizer/strips: a mesh's triangles to the .vtx's strip groups and strips. Takes indices and
// per-vertex bone weights with a variant's hardware limits; gives strip groups whose strips use
// at most maxBonesPerStrip bones, each ordered for a FIFO vertex cache, and the figures (ACMR,
// ATVR) of built strips or of a whole .vtx. Includes only the mesh types.
//
//   buildStripGroups(indices, weights, limits, sink)      (strip_partition.h)
//       The whole strip step of one mesh and variant (OPT001 on a triangle over the limit).
//   partitionTrianglesByBones(indices, weights, limit)    (strip_partition.h)
//   orderForVertexCache(indices, vertexCount, options)    (vertex_cache_order.h)
//       Its parts: greedyFifoOrder (fifo_greedy_order.h), the local searches
//       (window_regreedy.h, forward_pull_search.h), the FIFO model (fifo_state.h), triangle
//       adjacency (triangle_adjacency.h), per-triangle bone sets (triangle_bones.h), orders
//       remembered across variants (strip_memo.h).
//   simulateFifoCache(indices, vertexCount, cacheSize)    (fifo_cache.h)
//   analyzeStripGroups(groups, cacheSize)                 (strip_analysis.h)
//   analyseVtx(file, cacheSizes)                          (vtx_analysis.h)
#pragma once

#include "optimizer/strips/fifo_cache.h"
#include "optimizer/strips/fifo_greedy_order.h"
#include "optimizer/strips/fifo_state.h"
#include "optimizer/strips/forward_pull_search.h"
#include "optimizer/strips/strip_analysis.h"
#include "optimizer/strips/strip_memo.h"
#include "optimizer/strips/strip_partition.h"
#include "optimizer/strips/triangle_adjacency.h"
#include "optimizer/strips/triangle_bones.h"
#include "optimizer/strips/vertex_cache_order.h"
#include "optimizer/strips/vtx_analysis.h"
#include "optimizer/strips/window_regreedy.h"
