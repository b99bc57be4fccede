// optimizer/vertices: triangle corners to the vertices a mesh stores. Takes corners (ModelVertex,
// three per triangle) with their weights capped (bone_weights.h); gives unique vertices and
// indices, per-vertex tangents, and a grid for finding near points. Includes only the mesh types.
//
//   weldCorners(corners, options)                         (welding.h)
//       Triangle corners to unique vertices and indices; degenerate triangles dropped. Linear.
//   computeTangents(vertices, indices)                    (tangents.h)
//   computeTangentFrames(vertices, indices)               (tangents.h)
//       One tangent per vertex with handedness in w (and whether its UVs gave a direction).
//   PointGrid                                             (point_grid.h)
//       Points bucketed by cell, for "is a vertex of an earlier LOD this close" queries.
#pragma once

#include "optimizer/vertices/point_grid.h"
#include "optimizer/vertices/tangents.h"
#include "optimizer/vertices/welding.h"
