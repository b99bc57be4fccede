// The quadrics of triangles, several at a time: each face's plane quadric (Garland and Heckbert
// 1997) and Hoppe's attribute moments (Hoppe 1999), as the simplifier's mesh build sums them into
// points and wedges. Each lane computes, to the bit, what planeQuadric and AttributeMoments::ofFace
// give one triangle (the build is a long run of independent triangles: side by side, one face's
// square root and divisions overlap the others').
#pragma once

#include "optimizer/simplify/quadric.h"

#include <array>

namespace vtxc {

inline constexpr int kFaceLanes = 4;

struct FaceCorners {
    std::array<const Vector3d*, 3> position{};
    std::array<const AttributeValues*, 3> values{};
};

struct FaceQuadrics {
    bool degenerate = true; // the corners' cross product has no length
    double area = 0;        // half that length
    Quadric plane;
    AttributeMoments attributes;
};

// One face: its corners' cross product, whose length is twice its area, the plane quadric of
// its unit normal weighted by that area, its attribute moments (AttributeMoments::ofFace).
FaceQuadrics faceQuadricsOf(const std::array<Vector3d, 3>& positions,
                            const std::array<AttributeValues, 3>& values);

// kFaceLanes faces, each lane what faceQuadricsOf gives. Only where doubleLanesAvailable()
// (optimizer/simplify/double_lanes.h); elsewhere it does nothing.
void faceQuadrics(const std::array<FaceCorners, kFaceLanes>& faces,
                  std::array<FaceQuadrics, kFaceLanes>& out);

} // namespace vtxc
