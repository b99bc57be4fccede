// Tests of the .phy writer, reader, text section and structural check on synthetic files: the
// layout of docs/formats.md (".phy"), each reader error with its code and byte offset, truncation
// at every length, and each check finding.
#include "formats/phy/phy_family.h"
#include "testing/test_support.h"

#include <array>
#include <cmath>
#include <cstring>
#include <memory>

namespace vtxc::test {
namespace {

using Face = std::array<std::uint16_t, 3>;

std::int32_t i32At(const std::vector<std::uint8_t>& b, std::size_t at) {
    std::int32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

void putI32(std::vector<std::uint8_t>& b, std::size_t at, std::int32_t v) {
    std::memcpy(b.data() + at, &v, 4);
}

// A closed ledge from faces (counter-clockwise seen from outside): each edge's opposite is the
// reversed edge of the neighbouring face, counted in 4-byte edge slots.
PhyLedge closedLedge(const std::vector<Face>& faces, std::int32_t clientData) {
    PhyLedge ledge;
    ledge.clientData = clientData;
    for (std::size_t t = 0; t < faces.size(); ++t) {
        PhyTriangle tri;
        tri.triIndex = static_cast<std::uint16_t>(t);
        tri.pierceIndex = static_cast<std::uint16_t>((t + 1) % faces.size());
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint16_t a = faces[t][k];
            const std::uint16_t b = faces[t][(k + 1) % 3];
            tri.edges[k].startPointIndex = a;
            for (std::size_t t2 = 0; t2 < faces.size(); ++t2)
                for (std::size_t k2 = 0; k2 < 3; ++k2)
                    if (faces[t2][k2] == b && faces[t2][(k2 + 1) % 3] == a)
                        tri.edges[k].oppositeIndex = static_cast<std::int16_t>(
                            static_cast<int>(4 * t2 + k2) - static_cast<int>(4 * t + k));
        }
        ledge.triangles.push_back(tri);
    }
    ledge.sizeDiv16 = phyCompactLedgeSizeDiv16(ledge);
    return ledge;
}

// A tetrahedron with corners `base` + (0,0,0), (s,0,0), (0,s,0), (0,0,s) in Source units.
std::vector<Face> tetraFaces(std::uint16_t first) {
    const auto f = [first](int a, int b, int c) {
        return Face{static_cast<std::uint16_t>(first + a), static_cast<std::uint16_t>(first + b),
                    static_cast<std::uint16_t>(first + c)};
    };
    return {f(0, 2, 1), f(0, 1, 3), f(0, 3, 2), f(1, 2, 3)};
}

void addTetraPoints(PhyCompactSurface& surface, Vec3 base, float s) {
    for (const Vec3& c : {Vec3{0, 0, 0}, Vec3{s, 0, 0}, Vec3{0, s, 0}, Vec3{0, 0, s}}) {
        const Vec3 p = sourceUnitsToPhy({base.x + c.x, base.y + c.y, base.z + c.z});
        surface.points.push_back({p.x, p.y, p.z, 0});
    }
}

PhyText sampleText(std::size_t solids) {
    PhyText text;
    for (std::size_t s = 0; s < solids; ++s) {
        PhySolidParams params;
        params.index = static_cast<std::int32_t>(s);
        params.name = "piece" + std::to_string(s);
        params.volume = 166.666672f;
        text.blocks.push_back(makeSolidBlock(params));
    }
    text.blocks.push_back(makeEditParamsBlock({"", 1.0f, true, {}}));
    return text;
}

// One solid, one tetrahedron of side 10 inches, one leaf.
PhyFile singleTetra() {
    PhyFile file;
    file.checkSum = 0x12345678;
    PhySolid solid;
    solid.dragAxisAreas = {1.0f, 0.5f, 0.5f};
    addTetraPoints(solid.surface, {0, 0, 0}, 10);
    solid.surface.ledges.push_back(closedLedge(tetraFaces(0), 0));
    PhyTreeNode leaf;
    leaf.ledge = 0;
    leaf.radius = 0.2f;
    solid.surface.nodes.push_back(leaf);
    file.solids.push_back(solid);
    file.text = sampleText(1);
    return file;
}

// One solid of two tetrahedra and their outer hull (a ledge over all 8 points is not needed for
// the layout: the hull is the first tetrahedron again), tree root -> (leaf 0, leaf 1).
PhyFile twoPiecesWithHull() {
    PhyFile file = singleTetra();
    PhyCompactSurface& surface = file.solids[0].surface;
    addTetraPoints(surface, {20, 0, 0}, 10);
    surface.ledges.push_back(closedLedge(tetraFaces(4), 0));
    PhyLedge hull = closedLedge(tetraFaces(0), 0);
    hull.hasChildrenFlag = 1;
    surface.ledges.push_back(hull);
    PhyTreeNode root;
    root.ledge = 2;
    root.rightNode = 2;
    PhyTreeNode left;
    left.ledge = 0;
    PhyTreeNode right;
    right.ledge = 1;
    surface.nodes = {root, left, right};
    const PhySurfaceLayout layout = layoutCompactSurface(surface);
    surface.ledges[2].clientData = static_cast<std::int32_t>(layout.nodeOffsets[0]) -
                                   static_cast<std::int32_t>(layout.ledgeOffsets[2]);
    file.text = sampleText(2);
    return file;
}

// Where the first solid's compact surface starts: header 16, solid size 4, VPHY header 28.
constexpr std::size_t kSurface = 48;

TEST(PhyWriter, LaysOutHeaderSolidLedgesPointsAndTree) {
    const auto bytes = writePhy(singleTetra());
    EXPECT_EQ(i32At(bytes, 0), 16);
    EXPECT_EQ(i32At(bytes, 8), 1);           // solidCount
    EXPECT_EQ(i32At(bytes, 12), 0x12345678); // checkSum
    const std::int32_t surfaceSize = 48 + (16 + 4 * 16) + 4 * 16 + 28;
    EXPECT_EQ(i32At(bytes, 16), 28 + surfaceSize); // solid size
    EXPECT_EQ(std::string(bytes.begin() + 20, bytes.begin() + 24), "VPHY");
    EXPECT_EQ(i32At(bytes, 28), surfaceSize);
    EXPECT_EQ(static_cast<std::uint32_t>(i32At(bytes, kSurface + 28)) >> 8,
              static_cast<std::uint32_t>(surfaceSize));   // byte_size
    EXPECT_EQ(i32At(bytes, kSurface + 32), 48 + 80 + 64); // tree root
    EXPECT_EQ(std::string(bytes.begin() + kSurface + 44, bytes.begin() + kSurface + 48), "IVPS");
    EXPECT_EQ(i32At(bytes, kSurface + 48), 80); // c_point_offset
    EXPECT_EQ(static_cast<std::uint32_t>(i32At(bytes, kSurface + 56)) >> 8, 1u + 4 + 4);
    EXPECT_EQ(i32At(bytes, kSurface + 48 + 80 + 64 + 4), -(80 + 64)); // leaf -> ledge
    const std::string text(bytes.begin() + kSurface + surfaceSize, bytes.end());
    EXPECT_EQ(text.substr(0, 20), "solid {\n\"index\" \"0\"\n");
    EXPECT_EQ(text.back(), '\0');
}

TEST(PhyWriter, TreeOffsetsAndOuterHullClientDataPointBetweenRecords) {
    const PhyFile file = twoPiecesWithHull();
    const auto bytes = writePhy(file);
    const std::size_t root = kSurface + 48 + 3 * 80 + 8 * 16;
    EXPECT_EQ(i32At(bytes, kSurface + 32), static_cast<std::int32_t>(root - kSurface));
    EXPECT_EQ(i32At(bytes, root), 56);                 // right child two nodes on
    EXPECT_EQ(i32At(bytes, root + 4), -(8 * 16 + 80)); // root -> outer hull (third ledge)
    EXPECT_EQ(i32At(bytes, root + 28), 0);             // left leaf
    EXPECT_EQ(i32At(bytes, root + 28 + 4), -(28 + 8 * 16 + 3 * 80)); // -> first ledge
    const std::size_t hull = kSurface + 48 + 2 * 80;
    EXPECT_EQ(i32At(bytes, hull + 4), static_cast<std::int32_t>(root - hull)); // client_data
    EXPECT_EQ(i32At(bytes, hull + 8) & 3, 1);                                  // has_children
    EXPECT_EQ(i32At(bytes, hull), 80); // every ledge names the one pool
    EXPECT_EQ(i32At(bytes, kSurface + 48), 3 * 80);
}

TEST(PhyReader, ReadsBackWhatTheWriterWrote) {
    for (const PhyFile& file : {singleTetra(), twoPiecesWithHull()}) {
        const auto bytes = writePhy(file);
        CollectingSink sink;
        const auto back = readPhy(bytes, "t.phy", sink);
        ASSERT_TRUE(back) << (sink.diagnostics().empty() ? "" : sink.diagnostics()[0].message);
        EXPECT_EQ(*back, file);
        EXPECT_EQ(writePhy(*back), bytes);
        EXPECT_TRUE(checkPhy(*back, "t.phy").empty());
        EXPECT_EQ(phyOuterHullLedge(back->solids[0].surface),
                  file.solids[0].surface.nodes.size() > 1 ? std::optional<std::size_t>(2)
                                                          : std::nullopt);
    }
}

TEST(PhyReader, ReadsTheOldHeaderlessSolid) {
    PhyFile file = singleTetra();
    file.solids[0].hasVphyHeader = false;
    file.solids[0].dragAxisAreas = {}; // the old form has no VPHY header to hold them
    const auto bytes = writePhy(file);
    EXPECT_EQ(i32At(bytes, 16), 48 + 80 + 64 + 28);
    CollectingSink sink;
    const auto back = readPhy(bytes, "old.phy", sink);
    ASSERT_TRUE(back);
    EXPECT_FALSE(back->solids[0].hasVphyHeader);
    EXPECT_EQ(*back, file);
}

// The first error of reading `bytes`, formatted.
std::string firstError(const std::vector<std::uint8_t>& bytes) {
    CollectingSink sink;
    EXPECT_FALSE(readPhy(bytes, "bad.phy", sink));
    return sink.diagnostics().empty() ? "" : formatDiagnostic(sink.diagnostics().front());
}

TEST(PhyReader, WrongHeaderSizeIsNotAPhy) {
    auto bytes = writePhy(singleTetra());
    putI32(bytes, 0, 20);
    EXPECT_EQ(firstError(bytes),
              "bad.phy: error[PHY001]: phyheader_t size at byte 0 is 20, not 16; "
              "this is not a .phy collision file");
}

TEST(PhyReader, UnknownVphyVersionIsRefused) {
    auto bytes = writePhy(singleTetra());
    bytes[24] = 0;
    bytes[25] = 2;
    EXPECT_EQ(firstError(bytes),
              "bad.phy: error[PHY002]: VPHY solid at byte 20 has version 0x200 and model type 0; "
              "only version 0x100 model type 0 is read");
}

TEST(PhyReader, SolidWithoutVphyOrIvpsIsRefused) {
    auto bytes = writePhy(singleTetra());
    bytes[20] = 'X';
    EXPECT_NE(firstError(bytes).find("error[PHY002]: solid at byte 20 starts neither"),
              std::string::npos);
}

TEST(PhyReader, PointPoolBeforeTheFileIsAnOffsetError) {
    auto bytes = writePhy(singleTetra());
    putI32(bytes, kSurface + 48, -1000);
    EXPECT_NE(
        firstError(bytes).find("error[PHY003]: point pool offset -904 points before the start"),
        std::string::npos);
}

TEST(PhyReader, SolidSizePastTheEndIsCutOff) {
    auto bytes = writePhy(singleTetra());
    putI32(bytes, 16, 100000);
    EXPECT_EQ(firstError(bytes).substr(0, 58),
              "bad.phy: error[PHY004]: solid at byte 20 needs 100000 x 1 ");
}

TEST(PhyReader, TooManyTrianglesIsACountError) {
    auto bytes = writePhy(singleTetra());
    bytes[kSurface + 60] = 0x01;
    bytes[kSurface + 61] = 0x10; // 4097
    EXPECT_EQ(firstError(bytes), "bad.phy: error[PHY005]: n_triangles at byte 108 is 4097, "
                                 "outside 0..4096; the file is corrupt");
}

TEST(PhyReader, NegativeSolidCountIsACountError) {
    auto bytes = writePhy(singleTetra());
    putI32(bytes, 8, -1);
    EXPECT_NE(firstError(bytes).find("error[PHY005]: solidCount at byte 8 is -1"),
              std::string::npos);
}

TEST(PhyReader, SurfaceSizeDisagreeingWithTheSolidIsInconsistent) {
    auto bytes = writePhy(singleTetra());
    putI32(bytes, 28, 12);
    EXPECT_NE(firstError(bytes).find("error[PHY007]: VPHY surfaceSize at byte 28 is 12"),
              std::string::npos);
}

TEST(PhyReader, LedgesNamingDifferentPoolsAreALayoutError) {
    auto bytes = writePhy(twoPiecesWithHull());
    putI32(bytes, kSurface + 48 + 80, 3 * 80 - 80 + 16); // second ledge: pool 16 bytes late
    EXPECT_NE(firstError(bytes).find("error[PHY008]: c_point_offset of the compact ledge at byte "
                                     "176 is 176 but the point pool starts at byte 336"),
              std::string::npos);
}

TEST(PhyReader, TreeNodeNamingNoLedgeIsALayoutError) {
    auto bytes = writePhy(singleTetra());
    const std::size_t leaf = kSurface + 48 + 80 + 64;
    putI32(bytes, leaf + 4, -(80 + 64) + 16);
    EXPECT_NE(firstError(bytes).find("error[PHY008]: offset_compact_ledge of the tree node at byte "
                                     "244 is -128, which is not the start of a ledge"),
              std::string::npos);
}

TEST(PhyReader, EveryTruncationFailsInsideTheBinaryPartAndKeepsTheTextAfterIt) {
    const auto whole = writePhy(twoPiecesWithHull());
    const std::size_t binaryEnd = static_cast<std::size_t>(16 + 4 + i32At(whole, 16));
    for (std::size_t n = 0; n < whole.size(); ++n) {
        // Each prefix in an allocation of exactly its size, so a read past it is caught.
        std::unique_ptr<std::uint8_t[]> exact(new std::uint8_t[n == 0 ? 1 : n]);
        std::memcpy(exact.get(), whole.data(), n);
        CollectingSink sink;
        const auto file = readPhy(std::span<const std::uint8_t>(exact.get(), n), "cut.phy", sink);
        if (n < binaryEnd) {
            EXPECT_FALSE(file) << n;
            ASSERT_FALSE(sink.diagnostics().empty()) << n;
            // Cut off; or, when the cut leaves too few bytes for the solids, a count too big.
            const std::string& code = sink.diagnostics().front().code;
            EXPECT_TRUE(code == "PHY004" || (code == "PHY005" && n < 16 + 4 * 2)) << n << code;
        } else {
            ASSERT_TRUE(file) << n;
            EXPECT_FALSE(file->text.nulTerminated);
            EXPECT_EQ(writePhy(*file), std::vector<std::uint8_t>(whole.begin(), whole.begin() + n));
        }
    }
}

// ---- check --------------------------------------------------------------------------------

std::vector<std::string> findingCodes(const PhyFile& file) {
    std::vector<std::string> codes;
    for (const Diagnostic& d : checkPhy(file, "c.phy"))
        codes.push_back(d.code + ": " + d.message);
    return codes;
}

TEST(PhyCheck, OpenHullIsFound) {
    PhyFile file = singleTetra();
    file.solids[0].surface.ledges[0].triangles[1].edges[2].oppositeIndex += 4;
    const auto codes = findingCodes(file);
    ASSERT_FALSE(codes.empty());
    EXPECT_EQ(codes.front().substr(0, 41), "PHY101: solid 0 ledge 0 triangle 1 edge 2");
}

TEST(PhyCheck, EdgeJoiningOtherPointsIsFound) {
    PhyFile file = singleTetra();
    auto& tri = file.solids[0].surface.ledges[0].triangles[0];
    std::swap(tri.edges[0].startPointIndex, tri.edges[1].startPointIndex);
    const auto codes = findingCodes(file);
    ASSERT_FALSE(codes.empty());
    EXPECT_NE(codes.front().find("do not join the same points the other way"), std::string::npos);
}

TEST(PhyCheck, PierceIndexOutsideTheLedgeIsFound) {
    PhyFile file = singleTetra();
    file.solids[0].surface.ledges[0].triangles[3].pierceIndex = 4;
    EXPECT_EQ(findingCodes(file),
              std::vector<std::string>{"PHY103: solid 0 ledge 0 triangle 3 has pierce_index 4 but "
                                       "the ledge has 4 triangles"});
}

TEST(PhyCheck, PointOutsideThePoolIsFound) {
    PhyFile file = singleTetra();
    file.solids[0].surface.points.pop_back();
    const auto codes = findingCodes(file);
    ASSERT_EQ(codes.size(), 3u); // point 3 starts an edge of three triangles
    EXPECT_EQ(codes[0], "PHY104: solid 0 ledge 0 triangle 1 edge 2 starts at point 3 but the pool "
                        "has 3 points");
}

TEST(PhyCheck, LedgeTheTreeDoesNotReachIsFound) {
    PhyFile file = twoPiecesWithHull();
    file.solids[0].surface.nodes[2].ledge = 0;
    EXPECT_EQ(findingCodes(file),
              std::vector<std::string>{"PHY105: solid 0 ledge 1 is not reached by the ledge tree"});
}

// ---- geometry and units -------------------------------------------------------------------

TEST(PhyGeometry, PhysicsSpaceIsMetresWithZUpTurnedToMinusY) {
    const Vec3 p = sourceUnitsToPhy({100, 200, 300});
    EXPECT_FLOAT_EQ(p.x, 2.54f);
    EXPECT_FLOAT_EQ(p.y, -7.62f);
    EXPECT_FLOAT_EQ(p.z, 5.08f);
    const Vec3 back = phyToSourceUnits(p);
    EXPECT_NEAR(back.x, 100, 1e-4);
    EXPECT_NEAR(back.y, 200, 1e-4);
    EXPECT_NEAR(back.z, 300, 1e-4);
}

TEST(PhyGeometry, VolumeAndBoundsAreInSourceUnits) {
    const PhyFile file = twoPiecesWithHull();
    const PhyCompactSurface& surface = file.solids[0].surface;
    EXPECT_NEAR(phyLedgeVolume(surface, surface.ledges[1]), 1000.0 / 6.0, 1e-3);
    const PhyBounds bounds = phyLedgeBounds(surface, surface.ledges[1]);
    EXPECT_NEAR(bounds.min.x, 20, 1e-4);
    EXPECT_NEAR(bounds.max.x, 30, 1e-4);
    EXPECT_NEAR(bounds.max.z, 10, 1e-4);
    EXPECT_EQ(phyLedgePointIndices(surface.ledges[1]), (std::vector<std::uint16_t>{4, 5, 6, 7}));
    EXPECT_EQ(phyPieceLedges(surface), (std::vector<std::size_t>{0, 1}));
}

// ---- text ---------------------------------------------------------------------------------

TEST(PhyText, BlocksPrintAsValvePrintsThem) {
    PhySolidParams solid;
    solid.index = 1;
    solid.name = "bip01_spine";
    solid.parent = "bip01_pelvis";
    solid.mass = 11.002486f;
    solid.surfaceprop = "flesh";
    solid.volume = 1432.584351f;
    PhyText text;
    text.blocks = {
        makeSolidBlock(solid),
        makeRagdollConstraintBlock({0, 1, {-48, -25, -25}, {48, 25, 50}, {0.2f, 0.2f, 0.2f}}),
        makeCollisionRulesBlock({true, {{6, 8}}}),
        makeEditParamsBlock({"bip01_pelvis", 100, false, {{"a", "b"}}})};
    const std::string printed = formatPhyText(text);
    EXPECT_EQ(printed.substr(0, 127),
              "solid {\n\"index\" \"1\"\n\"name\" \"bip01_spine\"\n\"parent\" \"bip01_pelvis\"\n"
              "\"mass\" \"11.002486\"\n\"surfaceprop\" \"flesh\"\n\"damping\" \"0.000000\"\n");
    EXPECT_NE(printed.find("\"volume\" \"1432.584351\"\n}\nragdollconstraint {\n\"parent\" \"0\"\n"
                           "\"child\" \"1\"\n\"xmin\" \"-48.000000\"\n\"xmax\" \"48.000000\"\n"
                           "\"xfriction\" \"0.200000\"\n\"ymin\""),
              std::string::npos);
    EXPECT_NE(printed.find("collisionrules {\n\"collisionpair\" \"6,8\"\n}\neditparams {\n"
                           "\"rootname\" \"bip01_pelvis\"\n\"totalmass\" \"100.000000\"\n"
                           "\"jointmerge\" \"a,b\"\n}\n"),
              std::string::npos);
    EXPECT_EQ(printed.back(), '\0');
    EXPECT_EQ(parsePhyText(printed), text);
    const auto params = solidParams(parsePhyText(printed).blocks[0]);
    ASSERT_TRUE(params);
    EXPECT_EQ(params->parent, std::optional<std::string>("bip01_pelvis"));
    EXPECT_FLOAT_EQ(params->volume, 1432.584351f);
    const auto joint = ragdollConstraintParams(parsePhyText(printed).blocks[1]);
    ASSERT_TRUE(joint);
    EXPECT_FLOAT_EQ(joint->max[2], 50.0f);
}

TEST(PhyText, OtherBlocksAndTrailingTextAreKeptAsWritten) {
    const std::string bytes = std::string("solid {\n\"index\" \"0\"\n}\n"
                                          "break { \"model\" \"gib1\" \"health\" \"5\" }\r\n"
                                          "editparams {\n\"rootname\"  \"\"\n}\n"
                                          "not a block") +
                              '\0';
    const PhyText text = parsePhyText(bytes);
    ASSERT_EQ(text.blocks.size(), 3u);
    EXPECT_EQ(text.blocks[0].kind, PhyBlockKind::Solid);
    EXPECT_EQ(text.blocks[1].kind, PhyBlockKind::Other);
    EXPECT_EQ(text.blocks[1].name, "break");
    EXPECT_EQ(text.blocks[2].kind, PhyBlockKind::Other); // not in Valve's exact form: verbatim
    EXPECT_EQ(text.blocks[2].name, "editparams");
    EXPECT_EQ(text.trailing, "not a block");
    EXPECT_TRUE(text.nulTerminated);
    EXPECT_EQ(formatPhyText(text), bytes);
}

TEST(PhyText, AnyBytesFormatBackToThemselves) {
    for (const std::string& bytes :
         {std::string(), std::string("x {"), std::string("a { \" } \" }"),
          std::string("solid {\n\"a\" \"b\"\n}\n\0\0", 18), std::string("}{\0x", 4)})
        EXPECT_EQ(formatPhyText(parsePhyText(bytes)), bytes);
}

} // namespace
} // namespace vtxc::test
