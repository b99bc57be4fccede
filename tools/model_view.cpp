// The typed data of `vtxc view` (tools/model_view.h), taken from a compiled model's parsed files.
// Every index read from a file is checked before it is followed: a damaged model gives fewer
// triangles (and the model check's findings say why), never a read outside an array.
#include "tools/model_view.h"

#include "formats/phy/phy_check.h"
#include "formats/studio/mdl_codecs.h"
#include "formats/studio/model_check.h"
#include "formats/studio/vvd_mesh_order.h"
#include "optimizer/strips/fifo_state.h"
#include "tools/model_physics_check.h"
#include "tools/tools_codes.h"

#include <algorithm>
#include <limits>
#include <map>

namespace vtxc {

namespace {

template <class T> T saturate(std::int64_t value) {
    return static_cast<T>(std::clamp<std::int64_t>(value, 0, std::numeric_limits<T>::max()));
}

ViewVertices viewVertices(const VvdFile& vvd, const std::vector<std::uint32_t>& order) {
    ViewVertices out;
    out.position.reserve(3 * order.size());
    out.normal.reserve(3 * order.size());
    out.boneIndex.reserve(3 * order.size());
    out.boneWeight.reserve(3 * order.size());
    for (std::uint32_t i : order) {
        const VvdVertex& v = vvd.vertices[i];
        out.position.insert(out.position.end(), {v.position.x, v.position.y, v.position.z});
        out.normal.insert(out.normal.end(), {v.normal.x, v.normal.y, v.normal.z});
        for (std::size_t k = 0; k < 3; ++k) {
            // Slots past numBones are unused whatever they hold.
            const bool used = k < v.boneWeights.numBones;
            out.boneIndex.push_back(used ? static_cast<std::uint8_t>(v.boneWeights.bone[k]) : 0);
            out.boneWeight.push_back(used ? v.boneWeights.weight[k] : 0.0f);
        }
    }
    return out;
}

// Where one .vtx mesh's vertices start in the mesh-ordered vertex array, or nothing when the .mdl
// has no such mesh or places it outside the array.
struct MeshPlace {
    std::int64_t first = 0;
    std::int64_t count = 0; // vertices of the array from `first` on
    int material = 0;
};

std::optional<MeshPlace> meshPlace(const MdlFile& mdl, std::size_t bodyPart, std::size_t model,
                                   std::size_t mesh, std::size_t vertexCount) {
    if (bodyPart >= mdl.bodyParts.size()) return std::nullopt;
    const auto& models = mdl.bodyParts[bodyPart].models;
    if (model >= models.size() || mesh >= models[model].meshes.size()) return std::nullopt;
    const MdlModel& m = models[model];
    if (m.vertexindex < 0 || m.vertexindex % static_cast<std::int32_t>(kVvdVertexSize) != 0)
        return std::nullopt;
    const std::int64_t first =
        std::int64_t(m.vertexindex) / std::int64_t(kVvdVertexSize) + m.meshes[mesh].vertexoffset;
    if (first < 0 || first > static_cast<std::int64_t>(vertexCount)) return std::nullopt;
    return MeshPlace{first, static_cast<std::int64_t>(vertexCount) - first,
                     m.meshes[mesh].material};
}

// The triangles of one strip group appended to `lod`: each corner resolved to the vertex array,
// each triangle given its strip and its FIFO misses. The FIFO starts cold at each strip, as each
// strip is its own draw call (the figures of `vtxc stats`, optimizer/strips/vtx_analysis.h).
class LodBuilder {
  public:
    LodBuilder(ViewLod& lod, std::size_t cacheSize) : lod_(lod), cacheSize_(cacheSize) {}

    void addStripGroup(const VtxStripGroup& group, const MeshPlace& place, std::uint8_t bodyPart,
                       std::uint8_t model) {
        const std::size_t triangles = group.indices.size() / 3;
        std::vector<std::int64_t> stripOf(triangles, -1);
        std::vector<std::uint8_t> misses(triangles, 0);
        FifoState fifo(group.vertices.size(), std::max<std::size_t>(cacheSize_, 1));
        std::vector<std::uint32_t> touched;
        const auto replay = [&](std::size_t begin, std::size_t end, auto&& belongs) {
            fifo.clear(touched);
            touched.clear();
            for (std::size_t p = begin; p < end; ++p) {
                const std::uint16_t v = group.indices[p];
                if (v >= group.vertices.size() || !belongs(p / 3)) continue;
                touched.push_back(v);
                if (fifo.touch(v) && p / 3 < triangles && misses[p / 3] < 3) ++misses[p / 3];
            }
        };
        for (std::size_t s = 0; s < group.strips.size(); ++s) {
            const VtxStrip& strip = group.strips[s];
            const auto begin = std::min(group.indices.size(),
                                        static_cast<std::size_t>(std::max(0, strip.indexOffset)));
            const auto end =
                std::min(group.indices.size(),
                         begin + static_cast<std::size_t>(std::max(0, strip.numIndices)));
            for (std::size_t t = (begin + 2) / 3; t * 3 < end && t < triangles; ++t)
                if (stripOf[t] < 0) stripOf[t] = static_cast<std::int64_t>(s);
            replay(begin, end, [](std::size_t) { return true; });
        }
        // Triangles no strip covers (none in a sound file) are drawn all the same: one more
        // cold run over them alone.
        replay(0, triangles * 3, [&](std::size_t t) { return stripOf[t] < 0; });

        for (std::size_t t = 0; t < triangles; ++t) {
            std::array<std::uint32_t, 3> corner{};
            bool inside = true;
            for (std::size_t k = 0; k < 3 && inside; ++k) {
                const std::uint16_t v = group.indices[3 * t + k];
                if (v >= group.vertices.size()) {
                    inside = false;
                    break;
                }
                const std::int64_t id = group.vertices[v].origMeshVertID;
                inside = id < place.count;
                corner[k] = static_cast<std::uint32_t>(place.first + id);
            }
            if (!inside) continue;
            lod_.index.insert(lod_.index.end(), corner.begin(), corner.end());
            lod_.triBodyPart.push_back(bodyPart);
            lod_.triModel.push_back(model);
            lod_.triMaterial.push_back(saturate<std::uint16_t>(place.material));
            lod_.triStripGroup.push_back(saturate<std::uint16_t>(stripGroups_));
            const std::int64_t strip =
                stripOf[t] < 0 ? std::int64_t(group.strips.size()) : stripOf[t];
            lod_.triStrip.push_back(saturate<std::uint16_t>(strips_ + strip));
            lod_.triCacheMisses.push_back(misses[t]);
        }
        ++stripGroups_;
        strips_ += static_cast<std::int64_t>(group.strips.size());
    }

  private:
    ViewLod& lod_;
    std::size_t cacheSize_;
    std::int64_t stripGroups_ = 0;
    std::int64_t strips_ = 0;
};

ViewVariant viewVariant(const LoadedModel::Vtx& vtx, const MdlFile& mdl, std::size_t vertexCount) {
    ViewVariant variant;
    variant.name = vtx.variant;
    variant.cacheSize = vtx.file.vertCacheSize;
    const std::size_t cacheSize =
        static_cast<std::size_t>(std::clamp(vtx.file.vertCacheSize, 1, kVtxMaxVertCacheSize));
    const auto lodCount = static_cast<std::size_t>(std::clamp(vtx.file.numLODs, 0, kVvdMaxLods));
    variant.lods.resize(lodCount);
    std::vector<LodBuilder> builders;
    for (std::size_t l = 0; l < lodCount; ++l) {
        variant.lods[l].lod = static_cast<int>(l);
        builders.emplace_back(variant.lods[l], cacheSize);
    }
    std::vector<bool> switchPointSet(lodCount, false);
    for (std::size_t b = 0; b < vtx.file.bodyParts.size(); ++b)
        for (std::size_t m = 0; m < vtx.file.bodyParts[b].models.size(); ++m) {
            const VtxModel& model = vtx.file.bodyParts[b].models[m];
            for (std::size_t l = 0; l < model.lods.size() && l < lodCount; ++l) {
                if (!switchPointSet[l]) {
                    variant.lods[l].switchPoint = model.lods[l].switchPoint;
                    switchPointSet[l] = true;
                }
                for (std::size_t mesh = 0; mesh < model.lods[l].meshes.size(); ++mesh) {
                    const auto place = meshPlace(mdl, b, m, mesh, vertexCount);
                    if (!place) continue;
                    for (const VtxStripGroup& group : model.lods[l].meshes[mesh].stripGroups)
                        builders[l].addStripGroup(
                            group, *place, saturate<std::uint8_t>(static_cast<std::int64_t>(b)),
                            saturate<std::uint8_t>(static_cast<std::int64_t>(m)));
                }
            }
        }
    return variant;
}

std::array<float, 12> matrixOf(const MdlMatrix3x4& m) {
    std::array<float, 12> out{};
    std::copy(m.m.begin(), m.m.end(), out.begin());
    return out;
}

std::vector<ViewCollisionSolid> viewCollision(const PhyFile& phy, const MdlFile& mdl) {
    std::vector<ViewCollisionSolid> solids;
    const bool jointed = isJointedPhy(phy);
    const std::vector<const PhyTextBlock*> blocks = phySolidBlocks(phy);
    for (std::size_t s = 0; s < phy.solids.size(); ++s) {
        const PhyCompactSurface& surface = phy.solids[s].surface;
        ViewCollisionSolid solid;
        if (const PhyTextBlock* block = s < blocks.size() ? blocks[s] : nullptr)
            if (const std::string* name = block->find("name")) solid.name = *name;
        // A jointed model's solids are each in their bone's space; a prop's one solid is in the
        // model's space (compiler/physics/physics_model.cpp, docs/formats.md ".phy").
        if (jointed)
            if (const auto bone = findMdlBone(mdl, solid.name))
                solid.bone = static_cast<int>(*bone);
        for (std::size_t ledge : phyPieceLedges(surface)) {
            ViewCollisionPiece piece;
            std::map<std::uint16_t, std::uint16_t> local;
            for (const PhyTriangle& tri : surface.ledges[ledge].triangles) {
                bool inPool = true;
                for (const PhyEdge& edge : tri.edges)
                    inPool = inPool && edge.startPointIndex < surface.points.size();
                if (!inPool) continue;
                for (const PhyEdge& edge : tri.edges) {
                    const auto [at, added] = local.try_emplace(
                        edge.startPointIndex, static_cast<std::uint16_t>(local.size()));
                    if (added) {
                        const PhyPoint& p = surface.points[edge.startPointIndex];
                        const Vec3 source = phyToSourceUnits({p.x, p.y, p.z});
                        piece.position.insert(piece.position.end(), {source.x, source.y, source.z});
                    }
                    piece.index.push_back(at->second);
                }
            }
            solid.pieces.push_back(std::move(piece));
        }
        solids.push_back(std::move(solid));
    }
    return solids;
}

// The frames sampled from `frames`: all of them up to the cap, else evenly spaced with the first
// and the last.
std::vector<int> sampledFrames(int frames) {
    const int count = std::clamp(frames, 1, kViewMaxSampledFrames);
    std::vector<int> out;
    for (int i = 0; i < count; ++i)
        out.push_back(count == 1
                          ? 0
                          : static_cast<int>((std::int64_t(i) * (frames - 1) + (count - 1) / 2) /
                                             (count - 1)));
    return out;
}

std::size_t sequenceBytes(const MdlFile& mdl, const MdlSeqDesc& seq) {
    if (seq.blends.empty() || seq.blends.front() < 0 ||
        static_cast<std::size_t>(seq.blends.front()) >= mdl.animations.size())
        return 0;
    const MdlAnimDesc& anim = mdl.animations[static_cast<std::size_t>(seq.blends.front())];
    return sampledFrames(anim.numframes).size() * mdl.bones.size() * 7 * sizeof(float);
}

ViewSequence viewSequence(const MdlFile& mdl, const MdlSeqDesc& seq) {
    ViewSequence out;
    out.name = seq.label;
    out.loop = (seq.flags & kStudioLooping) != 0;
    if (seq.blends.empty() || seq.blends.front() < 0 ||
        static_cast<std::size_t>(seq.blends.front()) >= mdl.animations.size())
        return out;
    const MdlAnimDesc& anim = mdl.animations[static_cast<std::size_t>(seq.blends.front())];
    out.fps = anim.fps;
    out.frames = std::max(1, anim.numframes);
    out.loop = out.loop || (anim.flags & kStudioLooping) != 0;
    const std::vector<int> frames = sampledFrames(anim.numframes);
    out.sampledFrames = static_cast<int>(frames.size());
    out.pose.reserve(frames.size() * mdl.bones.size() * 7);
    for (int frame : frames) {
        const std::vector<BonePose> poses = decodeAnimationFrame(anim, mdl.bones, frame);
        for (std::size_t b = 0; b < mdl.bones.size(); ++b) {
            const BonePose pose = b < poses.size() ? poses[b] : BonePose{};
            out.pose.insert(out.pose.end(),
                            {pose.position.x, pose.position.y, pose.position.z, pose.rotation.x,
                             pose.rotation.y, pose.rotation.z, pose.rotation.w});
        }
    }
    return out;
}

std::uintmax_t encodedSize(std::uintmax_t raw) {
    return (raw + 2) / 3 * 4;
}

template <class T> std::uintmax_t bytesOf(const std::vector<T>& v) {
    return v.size() * sizeof(T);
}

std::uintmax_t geometryBytes(const ModelView& view) {
    std::uintmax_t raw = bytesOf(view.vertices.position) + bytesOf(view.vertices.normal) +
                         bytesOf(view.vertices.boneIndex) + bytesOf(view.vertices.boneWeight);
    for (const ViewVariant& variant : view.variants)
        for (const ViewLod& lod : variant.lods)
            raw += bytesOf(lod.index) + bytesOf(lod.triBodyPart) + bytesOf(lod.triModel) +
                   bytesOf(lod.triMaterial) + bytesOf(lod.triStripGroup) + bytesOf(lod.triStrip) +
                   bytesOf(lod.triCacheMisses);
    if (view.collision)
        for (const ViewCollisionSolid& solid : *view.collision)
            for (const ViewCollisionPiece& piece : solid.pieces)
                raw += bytesOf(piece.position) + bytesOf(piece.index);
    return encodedSize(raw);
}

void addFile(std::vector<FileSize>& files, const std::filesystem::path& path) {
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(path, error);
    if (!error) files.push_back({path.filename().string(), bytes});
}

} // namespace

std::uintmax_t defaultSequenceBudget(std::uintmax_t modelBytes, std::uintmax_t geometryBytes) {
    // One 60-frame sequence of a 16-bone skeleton, so a small model still shows its motion.
    constexpr std::uintmax_t kFloor = std::uintmax_t(kViewMaxSampledFrames) * 16 * 7 * 4;
    const std::uintmax_t target = 2 * modelBytes;
    const std::uintmax_t left = target > geometryBytes ? (target - geometryBytes) / 4 * 3 : 0;
    return std::max(left, kFloor);
}

ModelView buildModelView(const ModelFilePaths& paths, const LoadedModel& model, const PhyFile* phy,
                         const std::filesystem::path& phyPath, const ModelViewOptions& options,
                         DiagnosticSink& sink) {
    ModelView view;
    const MdlFile& mdl = *model.mdl;
    const VvdFile& vvd = *model.vvd;
    view.name = mdl.name;

    addFile(view.files, paths.mdl);
    addFile(view.files, paths.vvd);
    for (const ModelFilePaths::Vtx& vtx : paths.vtx)
        addFile(view.files, vtx.path);
    std::uintmax_t modelBytes = 0;
    for (const FileSize& file : view.files)
        modelBytes += file.bytes;

    const std::vector<std::uint32_t> order = meshOrderedVertexIndices(vvd, 0);
    view.vertices = viewVertices(vvd, order);
    for (const MdlTexture& texture : mdl.textures)
        view.materials.push_back(texture.name);
    for (const auto& family : mdl.skinFamilies)
        view.skins.emplace_back(family.begin(), family.end());
    for (const MdlBodyPart& part : mdl.bodyParts) {
        ViewBodyPart out{part.name, {}};
        for (const MdlModel& m : part.models)
            out.models.push_back(m.name);
        view.bodyParts.push_back(std::move(out));
    }
    for (const LoadedModel::Vtx& vtx : model.vtx)
        view.variants.push_back(viewVariant(vtx, mdl, order.size()));

    for (const MdlBone& bone : mdl.bones)
        view.bones.push_back(
            {bone.name, bone.parent, bone.pos, bone.quat, matrixOf(bone.poseToBone)});
    for (const MdlHitboxSet& set : mdl.hitboxSets)
        for (const MdlHitbox& box : set.hitboxes)
            view.hitboxes.push_back(
                {set.name, box.bone, box.group, box.bbmin, box.bbmax, box.name});
    for (const MdlAttachment& a : mdl.attachments)
        view.attachments.push_back({a.name, a.localbone, matrixOf(a.local)});
    if (phy) view.collision = viewCollision(*phy, mdl);

    view.stats = modelStats(paths, model, StatsOptions{});
    view.stats.generatedLods = generatedLodsBeside(paths, model, sink);
    if (phy) {
        view.stats.collision = collisionStats(*phy, &vvd);
        view.stats.collision->file = phyPath.filename().string();
        addFile(view.files, phyPath);
    }
    // A generated LOD's figures belong to every variant's LOD of that number (one switch point
    // serves all models); the first model's are shown.
    for (ViewVariant& variant : view.variants)
        for (ViewLod& lod : variant.lods)
            for (const GeneratedLodFigures& g : view.stats.generatedLods)
                if (g.lod == lod.lod && !lod.error) lod.error = g;

    const std::uintmax_t budget = options.sequenceBudgetBytes.value_or(
        defaultSequenceBudget(modelBytes, geometryBytes(view)));
    std::uintmax_t used = 0;
    for (const MdlSeqDesc& seq : mdl.sequences) {
        const std::size_t bytes = sequenceBytes(mdl, seq);
        if (used + bytes > budget) {
            ++view.sequencesOmitted;
            continue;
        }
        used += bytes;
        view.sequences.push_back(viewSequence(mdl, seq));
    }

    if (!view.variants.empty()) view.initialVariant = view.variants.front().name;
    return view;
}

} // namespace vtxc

namespace vtxc {

std::optional<std::string> modelPage(const std::filesystem::path& basePath,
                                     const ModelPageOptions& options, DiagnosticSink& sink) {
    const ModelFilePaths paths = findModelFiles(basePath);
    if (paths.empty()) {
        sink.report(kViewCodes["VIEW001"], {basePath.string()},
                    "no .mdl, .vvd or .vtx file of this model (give the base path: models/foo for "
                    "foo.mdl)");
        return std::nullopt;
    }
    const LoadedModel model = loadModelFiles(paths, sink);
    if (sink.hasErrors()) return std::nullopt;
    if (!model.mdl || !model.vvd || model.vtx.empty()) {
        const char* missing = !model.mdl ? ".mdl" : !model.vvd ? ".vvd" : ".vtx (dx90, dx80 or sw)";
        sink.report(kViewCodes["VIEW002"], {basePath.string()},
                    std::string("the model has no ") + missing +
                        " file; the page needs its .mdl, .vvd and at least one .vtx");
        return std::nullopt;
    }
    const std::filesystem::path phyPath = findModelPhy(paths.mdl);
    std::optional<PhyFile> phy;
    if (!phyPath.empty()) {
        phy = loadPhyFile(phyPath, sink);
        if (!phy) return std::nullopt;
    }
    // The model check runs once: its errors refuse the page, its warnings are shown on it.
    const std::vector<Diagnostic> findings = checkModel(model);
    bool consistent = true;
    for (const Diagnostic& finding : findings)
        if (finding.severity == Severity::Error) {
            sink.report(finding);
            consistent = false;
        }
    if (!consistent) return std::nullopt;

    ModelView view =
        buildModelView(paths, model, phy ? &*phy : nullptr, phyPath, options.view, sink);
    for (const Diagnostic& d : findings)
        view.check.push_back({d.severity, d.code, d.message});
    if (phy)
        for (const Diagnostic& d :
             checkModelPhysics(&*model.mdl, model.mdlName, *phy, phyPath.string()))
            view.check.push_back({d.severity, d.code, d.message});
    if (options.variant) {
        const auto found =
            std::find_if(view.variants.begin(), view.variants.end(),
                         [&](const ViewVariant& v) { return v.name == *options.variant; });
        if (found == view.variants.end()) {
            std::string have;
            for (const ViewVariant& v : view.variants)
                have += (have.empty() ? "" : ", ") + v.name;
            sink.report(kViewCodes["VIEW003"], {"--variant"},
                        "the model has no " + *options.variant + " .vtx (it has " + have + ")");
            return std::nullopt;
        }
        view.initialVariant = *options.variant;
    }
    if (options.lod) {
        const auto found =
            std::find_if(view.variants.begin(), view.variants.end(),
                         [&](const ViewVariant& v) { return v.name == view.initialVariant; });
        const std::size_t lods = found == view.variants.end() ? 0 : found->lods.size();
        if (*options.lod < 0 || static_cast<std::size_t>(*options.lod) >= lods) {
            sink.report(kViewCodes["VIEW004"], {"--lod"},
                        "LOD " + std::to_string(*options.lod) + " is past the " +
                            view.initialVariant + " variant's " + std::to_string(lods) + " LODs");
            return std::nullopt;
        }
        view.initialLod = *options.lod;
    }
    return renderViewerPage(viewerPageSources(), modelViewJsonText(view));
}

} // namespace vtxc
