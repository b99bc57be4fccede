// Faces one at a time, and side by side, one per lane (optimizer/simplify/double_lanes.h). Every
// lane expression copies, term for term and in the same order, the scalar code it stands for: the
// cross product, length and normal (Eigen's), planeQuadric and AttributeMoments::ofFace
// (optimizer/simplify/quadric.cpp). A face the scalar code would leave out (degenerate) gets values
// here too; the caller leaves them out the same way.
#include "optimizer/simplify/face_quadrics.h"

#include "optimizer/simplify/double_lanes.h"

#include <Eigen/Geometry>

namespace vtxc {

FaceQuadrics faceQuadricsOf(const std::array<Vector3d, 3>& p,
                            const std::array<AttributeValues, 3>& values) {
    FaceQuadrics face;
    const Vector3d cross = (p[1] - p[0]).cross(p[2] - p[0]);
    const double length = cross.norm();
    face.degenerate = !(length > 0);
    if (face.degenerate) return face;
    face.area = 0.5 * length;
    const Vector3d n = cross / length;
    face.plane = planeQuadric(n, -n.dot(p[0]), face.area);
    face.attributes = AttributeMoments::ofFace(p, values, face.area);
    return face;
}

#if VTXC_DOUBLE_LANES

namespace {

using namespace lanes;
static_assert(kFaceLanes == kWidth, "a face per lane");

VTXC_LANES Vec loadCorner(const std::array<FaceCorners, kFaceLanes>& faces, int k) {
    const double* from[kWidth];
    for (int l = 0; l < kWidth; ++l)
        from[l] = faces[l].position[k]->data();
    return gather3(from);
}

// Corner k's attribute values of each lane's face, one vector per attribute.
VTXC_LANES void loadValues(const std::array<FaceCorners, kFaceLanes>& faces, int k, Lanes* values) {
    const double* from[kWidth];
    for (int l = 0; l < kWidth; ++l)
        from[l] = faces[l].values[k]->data();
    gather4(from, values);
    for (int l = 0; l < kWidth; ++l)
        values[4][l] = (*faces[l].values[k])[4];
}

// Eigen's cross product: (y z' - z y', z x' - x z', x y' - y x').
VTXC_LANES Vec cross(const Vec& u, const Vec& v) {
    return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}

// planeQuadric(n, offset, weight) into q (Quadric's eleven fields).
VTXC_LANES void planeQuadric(const Vec& n, Lanes offset, Lanes weight, Lanes* q) {
    q[0] = weight * n.x * n.x;
    q[1] = weight * n.x * n.y;
    q[2] = weight * n.x * n.z;
    q[3] = weight * n.y * n.y;
    q[4] = weight * n.y * n.z;
    q[5] = weight * n.z * n.z;
    q[6] = weight * offset * n.x;
    q[7] = weight * offset * n.y;
    q[8] = weight * offset * n.z;
    q[9] = weight * offset * offset;
    q[10] = weight;
}

// AttributeMoments::ofFace: area, area times the means, the second moment; zero where the face
// has no area in its own plane.
VTXC_LANES void attributeMoments(const std::array<FaceCorners, kFaceLanes>& faces, const Vec* p,
                                 Lanes area, Lanes& faceArea, Lanes* weightedMean, Lanes* second) {
    const Vec e1 = p[1] - p[0], e2 = p[2] - p[0];
    const Lanes e11 = dot(e1, e1), e12 = dot(e1, e2), e22 = dot(e2, e2);
    const Lanes det = e11 * e22 - e12 * e12;
    const Mask solvable = (det > Lanes{}) & (area > Lanes{});
    faceArea = throughFloat(area);
    static_assert(kQuadricAttributes == 5, "four attributes gathered at once, then the fifth");
    Lanes values[3][kQuadricAttributes];
    for (int k = 0; k < 3; ++k)
        loadValues(faces, k, values[k]);
    Lanes s[10] = {};
    for (int j = 0; j < kQuadricAttributes; ++j) {
        const Lanes s0 = values[0][j];
        const Lanes ds1 = values[1][j] - s0, ds2 = values[2][j] - s0;
        const Lanes x = (e22 * ds1 - e12 * ds2) / det, y = (e11 * ds2 - e12 * ds1) / det;
        const Vec g{x * e1.x + y * e2.x, x * e1.y + y * e2.y, x * e1.z + y * e2.z};
        const Lanes m[4] = {throughFloat(g.x), throughFloat(g.y), throughFloat(g.z),
                            throughFloat(s0 - dot(g, p[0]))};
        for (int c = 0; c < 4; ++c)
            weightedMean[4 * j + c] = select(solvable, faceArea * m[c], Lanes{});
        s[0] += m[0] * m[0];
        s[1] += m[0] * m[1];
        s[2] += m[0] * m[2];
        s[3] += m[1] * m[1];
        s[4] += m[1] * m[2];
        s[5] += m[2] * m[2];
        s[6] += m[3] * m[0];
        s[7] += m[3] * m[1];
        s[8] += m[3] * m[2];
        s[9] += m[3] * m[3];
    }
    for (int i = 0; i < 10; ++i)
        second[i] = select(solvable, Lanes{} + faceArea * s[i], Lanes{});
    faceArea = select(solvable, faceArea, Lanes{});
}

VTXC_LANES_KERNEL void lanesFaceQuadrics(const std::array<FaceCorners, kFaceLanes>& faces,
                                         std::array<FaceQuadrics, kFaceLanes>& out) {
    Vec p[3];
    for (int k = 0; k < 3; ++k)
        p[k] = loadCorner(faces, k);
    const Vec normal = cross(p[1] - p[0], p[2] - p[0]);
    const Lanes length = squareRoot(dot(normal, normal));
    const Lanes area = splat(0.5) * length;
    const Vec n{normal.x / length, normal.y / length, normal.z / length};
    Lanes plane[11];
    planeQuadric(n, -dot(n, p[0]), area, plane);
    Lanes faceArea, weightedMean[4 * kQuadricAttributes], second[10];
    attributeMoments(faces, p, area, faceArea, weightedMean, second);
    for (int l = 0; l < kWidth; ++l) {
        FaceQuadrics& face = out[l];
        face.degenerate = !(length[l] > 0);
        face.area = area[l];
        double q[11];
        for (int f = 0; f < 11; ++f)
            q[f] = plane[f][l];
        face.plane = {q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8], q[9], q[10]};
        double mean[4 * kQuadricAttributes], moments[10];
        for (int i = 0; i < 4 * kQuadricAttributes; ++i)
            mean[i] = weightedMean[i][l];
        for (int i = 0; i < 10; ++i)
            moments[i] = second[i][l];
        face.attributes = AttributeMoments::fromSums(faceArea[l], mean, moments);
    }
}

} // namespace

void faceQuadrics(const std::array<FaceCorners, kFaceLanes>& faces,
                  std::array<FaceQuadrics, kFaceLanes>& out) {
    lanesFaceQuadrics(faces, out);
}

#else

void faceQuadrics(const std::array<FaceCorners, kFaceLanes>&,
                  std::array<FaceQuadrics, kFaceLanes>&) {}

#endif

} // namespace vtxc
