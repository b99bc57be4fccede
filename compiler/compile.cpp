// The compile driver: loads the SMDs a project names, builds the bone and material tables, extracts
// and assembles every model's LODs, and builds the .vvd, .vtx variants, layout and quality report.
#include "compiler/compile.h"

#include "compiler/checksum.h"
#include "compiler/compile_json.h"
#include "compiler/mdl/mdl_assembly.h"
#include "compiler/meshes/mesh_extraction.h"
#include "compiler/meshes/vvd_assembly.h"
#include "compiler/project/compile_codes.h"
#include "compiler/project/qc_import.h"
#include "compiler/skeleton/skeleton_placement.h"
#include "formats/common/byte_writer.h"
#include "formats/common/file_io.h"
#include "formats/smd/smd.h"
#include "formats/studio/studio_codes.h"
#include "formats/studio/vtx.h"
#include "optimizer/bone_weights.h"
#include "optimizer/strips/strip_memo.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

namespace vtxc {

namespace fs = std::filesystem;

namespace {
constexpr std::size_t kMdlChecksumOffset = 8; // studiohdr_t::checksum (public studio.h)

MeshSourceRef sourceOf(const fs::path& smd) {
    MeshSourceRef source;
    source.smdPath = smd;
    source.requestedAt.file = smd.string();
    return source;
}
} // namespace

ModelProject projectFromSmds(const fs::path& reference, const std::vector<LodArgument>& lods,
                             const std::optional<fs::path>& shadowLod) {
    ModelProject project;
    project.name = reference.stem().string();
    ProjectModel model;
    model.name = reference.filename().string();
    model.lods.push_back(sourceOf(reference));
    for (const LodArgument& lod : lods) {
        project.lods.push_back({lod.switchPoint, false, {}, {}});
        model.lods.push_back(sourceOf(lod.smd));
    }
    if (shadowLod) {
        project.lods.push_back({-1.0f, true, {}, {}});
        model.lods.push_back(sourceOf(*shadowLod));
    }
    project.bodyParts.push_back({project.name, {model}});
    project.description =
        std::make_shared<const QcProject>(smdFormDescription(reference, project.name));
    return project;
}

namespace {

using SmdCache = std::map<fs::path, std::shared_ptr<const SmdFile>>;

// Reads every SMD the project names once, in parallel; diagnostics come out in path order.
std::optional<SmdCache> loadSmds(const ModelProject& project, DiagnosticSink& sink) {
    SmdCache cache;
    for (const ProjectBodyPart& part : project.bodyParts)
        for (const ProjectModel& model : part.models)
            for (const auto& lod : model.lods)
                if (lod) cache.emplace(lod->smdPath, nullptr);
    std::vector<fs::path> paths;
    for (auto& [path, file] : cache) {
        const auto generated = project.generatedSmds.find(path);
        if (generated != project.generatedSmds.end())
            file = generated->second;
        else
            paths.push_back(path);
    }
    std::vector<CollectingSink> sinks(paths.size());
    std::vector<std::optional<SmdFile>> files(paths.size());
    tbb::parallel_for(std::size_t(0), paths.size(),
                      [&](std::size_t i) { files[i] = readSmdFile(paths[i], sinks[i]); });
    bool ok = true;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        for (const Diagnostic& d : sinks[i].diagnostics())
            sink.report(d);
        if (!files[i]) {
            ok = false;
            continue;
        }
        if (files[i]->kind() != SmdKind::Reference)
            sink.report(kMeshCodes["MESH003"], {paths[i].string()},
                        "this SMD has no triangles section: it is an animation, not a mesh");
        cache[paths[i]] = std::make_shared<const SmdFile>(std::move(*files[i]));
    }
    if (!ok) return std::nullopt;
    return cache;
}

// The SMD line of the first triangle whose placed corners are not finite ($scale 3.4e38 turns
// finite positions into infinities, a huge $origin rotation into NaNs).
std::optional<std::uint32_t> firstNonFiniteLine(const ExtractedMesh& mesh) {
    // x - x is 0 for a finite x and NaN for an infinity or a NaN: a triangle's sum of them is
    // NaN exactly when one of its values is not finite (without a branch per value).
    auto probe = [](const Vec3& v) { return (v.x - v.x) + (v.y - v.y) + (v.z - v.z); };
    for (const MaterialCorners& material : mesh.materials)
        for (std::size_t t = 0; t < material.corners.size() / 3; ++t) {
            float sum = 0;
            for (std::size_t k = 0; k < 3; ++k) {
                const ModelVertex& corner = material.corners[3 * t + k];
                sum += probe(corner.position) + probe(corner.normal);
            }
            if (std::isnan(sum)) return material.sourceLines[t];
        }
    return std::nullopt;
}

bool samePlacement(const MeshSourceRef& a, const MeshSourceRef& b) {
    return a.smdPath == b.smdPath && a.scale == b.scale && a.origin == b.origin &&
           a.originRotationDegrees == b.originRotationDegrees &&
           a.reverseWinding == b.reverseWinding;
}

class Driver {
  public:
    Driver(const ModelProject& project, const CompileOptions& options, DiagnosticSink& sink)
        : project_(project), options_(options), sink_(sink) {}

    bool prepare();
    std::optional<CompileOutput> finish(const CompileOptions& options);
    const BuiltProject& built() const { return built_; }

  private:
    bool buildBoneTable();
    const SmdFile* referenceSkeleton(const MeshSourceRef& source);
    bool extractAll();
    void buildMaterialTable();
    bool assembleAll();
    bool checkBoneLimit();
    void reportSummary() const;
    std::int32_t headerFlags() const;
    bool serialiseMdl(const MdlFile& mdl, std::vector<CompiledFile>& files);
    bool buildPhysics();
    bool hasMeshes() const { return !project_.bodyParts.empty(); }
    bool loadAnimationSkeletons();
    void foldUnneededBones();
    std::vector<bool> animatedBones(const std::vector<bool>& candidates);
    std::optional<CompileOutput> finishWithoutMeshes(const CompileOptions& options);

    const ModelProject& project_;
    const CompileOptions& options_;
    DiagnosticSink& sink_;
    SmdCache smds_;
    BuiltProject built_;
    // Per model (body part order), per LOD: the extracted mesh.
    std::vector<std::vector<std::optional<ExtractedMesh>>> extracted_;
    std::vector<const ProjectModel*> models_;
    InfluenceLossSummary loss_;
    AssemblyStatistics stats_;
    std::size_t nullFaces_ = 0;
    std::optional<PhysicsModel> physics_; // the .phy, when the QC has a collision model
    // A model without meshes and without $definebone: its animation SMDs, for their bones.
    std::vector<std::shared_ptr<const SmdFile>> animationSkeletons_;
    // Reference SMDs whose skeleton a $scale or $origin places (skeleton_placement.h).
    std::vector<std::unique_ptr<const SmdFile>> placedReferences_;
    // The table before unneeded bones were folded away, each LOD's bone rules on it
    // (replacebone, bonetreecollapse) and where each of its bones went: SMD nodes are mapped
    // through all three.
    BoneTable fullBones_;
    std::vector<std::vector<int>> lodBoneMaps_;
    std::vector<int> foldedTo_;
    // Per LOD, on the final bones: where the LOD's rules take each bone (empty: nowhere else).
    std::vector<std::vector<int>> finalLodBoneMaps_;
    void finalLodBoneMaps(const std::vector<bool>& keep);
};

// The animation SMDs of a model without meshes, each once, in QC order of first use; diagnostics
// come out in that order. Their bones are read, not their triangles.
bool Driver::loadAnimationSkeletons() {
    const QcProject* qc = project_.description.get();
    if (!qc) return true;
    std::vector<const QcSequence*> entries;
    for (const auto* list : {&qc->animations, &qc->sequences})
        for (const QcSequence& entry : *list)
            entries.push_back(&entry);
    std::stable_sort(entries.begin(), entries.end(),
                     [](const QcSequence* a, const QcSequence* b) { return a->order < b->order; });
    std::vector<fs::path> paths;
    std::vector<QcPlacement> placements; // each file's as its first animation places it
    std::vector<const QcFileRef*> namedBy;
    for (const QcSequence* entry : entries)
        for (const QcAnimationSource& source : entry->sources)
            if (source.file && source.file->found &&
                std::find(paths.begin(), paths.end(), source.file->path) == paths.end()) {
                paths.push_back(source.file->path);
                placements.push_back(placementOf(*entry));
                namedBy.push_back(&*source.file);
            }
    std::vector<CollectingSink> sinks(paths.size());
    std::vector<std::optional<SmdFile>> files(paths.size());
    SmdReadOptions poses;
    poses.posesOnly = true;
    tbb::parallel_for(std::size_t(0), paths.size(),
                      [&](std::size_t i) { files[i] = readSmdFile(paths[i], sinks[i], poses); });
    bool ok = true;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        for (const Diagnostic& d : sinks[i].diagnostics())
            sink_.report(d);
        if (!files[i]) {
            ok = false;
            continue;
        }
        // Its bind pose where its placed frames put the bones (skeleton_placement.h).
        placeSkeleton(*files[i], placements[i]);
        auto placed = std::make_shared<const SmdFile>(std::move(*files[i]));
        if (const auto line = lineBeyondFloatRange(*placed)) {
            sink_.error("SEQ012", namedBy[i]->namedAt,
                        "placing '" + namedBy[i]->written +
                            "' by the $scale and $origin in force takes the skeleton frame of "
                            "its line " +
                            std::to_string(*line) +
                            " past the range of 32-bit floats; use a smaller $scale or $origin");
            ok = false;
            continue;
        }
        animationSkeletons_.push_back(std::move(placed));
    }
    return ok;
}

bool Driver::buildBoneTable() {
    if (project_.staticProp) {
        built_.bones = BoneTable::staticProp();
        return true;
    }
    // $definebone bones, then the reference (LOD 0) meshes' bones; LOD files are matched to them
    // by name. A model without meshes takes its bones from $definebone, else from the skeletons
    // of its animation SMDs in QC order.
    std::vector<const SmdFile*> references;
    bool placed = true;
    for (const ProjectModel* model : models_)
        if (!model->lods.empty() && model->lods[0]) {
            const SmdFile* reference = referenceSkeleton(*model->lods[0]);
            placed = placed && reference;
            if (reference) references.push_back(reference);
        }
    if (!placed) return false;
    if (!hasMeshes() && (!project_.description || project_.description->definedBones.empty())) {
        if (!loadAnimationSkeletons()) return false;
        for (const auto& smd : animationSkeletons_)
            references.push_back(smd.get());
    }
    if (!project_.description || project_.description->definedBones.empty()) {
        built_.bones = BoneTable::fromReferences(references, sink_);
        return true;
    }
    auto table = BoneTable::fromDefinitions(project_.description->definedBones, references, sink_);
    if (!table) return false;
    built_.bones = std::move(*table);
    return true;
}

// A reference mesh's SMD with its skeleton placed as its vertices are: the bind pose then holds
// the bones where the placed vertices hang on them.
const SmdFile* Driver::referenceSkeleton(const MeshSourceRef& source) {
    const SmdFile* smd = smds_.at(source.smdPath).get();
    QcPlacement placement;
    placement.scale = source.scale;
    placement.origin = {source.origin.x, source.origin.y, source.origin.z};
    placement.originRotationDegrees = source.originRotationDegrees;
    if (isIdentity(placement)) return smd;
    auto placed = std::make_unique<const SmdFile>(placedSkeletonOf(*smd, placement));
    if (const auto line = lineBeyondFloatRange(*placed)) {
        sink_.report(kMeshCodes["MESH006"], source.requestedAt,
                     "placing " + source.smdPath.string() +
                         " ($scale, $origin and its rotation) takes the skeleton frame of its "
                         "line " +
                         std::to_string(*line) +
                         " past the range of 32-bit floats; use a smaller $scale, $origin or "
                         "rotation");
        return nullptr;
    }
    placedReferences_.push_back(std::move(placed));
    return placedReferences_.back().get();
}

// The bones of the project's animation sources' skeletons, among `candidates` (docs/mdl-compile.md,
// "Unused bones"). A QC without $sequence gets the reference's bind pose as `idle`, which names
// every bone of the first reference SMD. A source that cannot be read counts as naming every bone:
// nothing is removed on a guess.
std::vector<bool> Driver::animatedBones(const std::vector<bool>& candidates) {
    const std::size_t n = fullBones_.bones().size();
    std::vector<bool> animated(n, false);
    const QcProject* qc = project_.description.get();
    std::vector<fs::path> paths;
    bool unknown = false;
    if (qc)
        for (const auto* list : {&qc->animations, &qc->sequences})
            for (const QcSequence& entry : *list)
                for (const QcAnimationSource& source : entry.sources) {
                    if (!source.file) continue;
                    if (!source.file->found)
                        unknown = true;
                    else if (std::find(paths.begin(), paths.end(), source.file->path) ==
                             paths.end())
                        paths.push_back(source.file->path);
                }
    if (!qc || (qc->sequences.empty() && qc->animations.empty())) {
        if (!models_.empty() && !models_[0]->lods.empty() && models_[0]->lods[0])
            paths.push_back(models_[0]->lods[0]->smdPath);
        else
            unknown = true;
    }
    if (unknown) return std::vector<bool>(n, true);
    SmdReadOptions poses;
    poses.posesOnly = true;
    for (const fs::path& path : paths) {
        std::shared_ptr<const SmdFile> smd;
        if (const auto cached = smds_.find(path); cached != smds_.end()) {
            smd = cached->second;
        } else {
            NullSink quiet; // its diagnostics come when the animations are built
            auto read = readSmdFile(path, quiet, poses);
            if (!read) return std::vector<bool>(n, true);
            smd = std::make_shared<const SmdFile>(std::move(*read));
        }
        for (const SmdNode& node : smd->nodes)
            if (const auto bone = fullBones_.find(node.name))
                animated[static_cast<std::size_t>(*bone)] = true;
        bool allAnimated = true;
        for (std::size_t b = 0; b < n; ++b)
            allAnimated = allAnimated && (!candidates[b] || animated[b]);
        if (allAnimated) break; // the other files cannot change the result
    }
    return animated;
}

namespace {
bool isSmdForm(const QcProject& description) {
    std::string extension = description.qcPath.extension().string();
    for (char& c : extension)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return extension == ".smd";
}
} // namespace

// Each LOD's rules on the bones that remain: a kept bone goes where its rule takes it, or to the
// bone that took the bone its rule names. `keep` empty: every bone stays.
void Driver::finalLodBoneMaps(const std::vector<bool>& keep) {
    finalLodBoneMaps_.assign(lodBoneMaps_.size(), {});
    const std::size_t bones = built_.bones.bones().size();
    for (std::size_t lod = 0; lod < lodBoneMaps_.size(); ++lod) {
        std::vector<int> map(bones);
        bool moves = false;
        for (std::size_t b = 0; b < lodBoneMaps_[lod].size(); ++b) {
            if (!keep.empty() && !keep[b]) continue;
            const int from = foldedTo_[b];
            const int to = std::max(0, foldedTo_[static_cast<std::size_t>(lodBoneMaps_[lod][b])]);
            map[static_cast<std::size_t>(from)] = to;
            moves = moves || to != from;
        }
        if (moves) finalLodBoneMaps_[lod] = std::move(map);
    }
}

// studiomdl leaves out the bones nothing needs, folding each into its nearest kept ancestor,
// which takes its vertex weights (bonesToKeep). Vertex weights are those the LODs give after
// their replacebone and bonetreecollapse rules and after weight capping.
void Driver::foldUnneededBones() {
    fullBones_ = built_.bones;
    lodBoneMaps_.clear();
    for (std::size_t lod = 0; lod < project_.lods.size(); ++lod) {
        static const QcLod kNoRules{};
        const QcProject* qc = project_.description.get();
        const QcLod& rules = qc && lod < qc->lods.size() ? qc->lods[lod] : kNoRules;
        lodBoneMaps_.push_back(lodBoneMap(fullBones_, rules, sink_));
    }
    const std::size_t n = fullBones_.bones().size();
    foldedTo_.resize(n);
    for (std::size_t b = 0; b < n; ++b)
        foldedTo_[b] = static_cast<int>(b);
    finalLodBoneMaps({});
    if (project_.staticProp || !hasMeshes() || !project_.description) return;
    // The SMD form (`vtxc compile REF.smd`, no QC) keeps every node of its SMD as a bone: its
    // .vvd and .vtx name bones by the SMD's node order, as callers pairing them with an .mdl
    // of their own expect. The rule is studiomdl's for QCs.
    if (isSmdForm(*project_.description)) return;

    BoneNeeds needs;
    needs.named.assign(n, false);
    auto name = [&](const std::string& bone) {
        if (const auto found = fullBones_.find(bone))
            needs.named[static_cast<std::size_t>(*found)] = true;
    };
    if (const QcProject* qc = project_.description.get()) {
        const QcMdlSettings& mdl = qc->mdl;
        for (const QcAttachment& attachment : mdl.attachments)
            name(attachment.bone);
        for (const QcHitboxSet& set : mdl.hitboxSets)
            for (const QcHitbox& box : set.boxes)
                name(box.bone);
        for (const std::string& bone : mdl.boneMerges)
            name(bone);
        for (const QcIkChain& chain : mdl.ikChains)
            name(chain.bone);
        for (const QcWeightList& list : mdl.weightLists)
            for (const auto& [bone, weight] : list.weights)
                name(bone);
    }
    std::vector<bool> candidates(n, false);
    for (std::size_t b = 0; b < n; ++b)
        candidates[b] = !fullBones_.bones()[b].defined && !needs.named[b];
    if (std::none_of(candidates.begin(), candidates.end(), [](bool c) { return c; })) return;

    needs.weighted.assign(n, false);
    BoneWeightOptions weightOptions;
    weightOptions.dropThreshold = options_.weightThreshold;
    // Every LOD's vertices take their weights from LOD 0's (docs/formats.md, "LOD vertex
    // sharing"), moved by that LOD's rules.
    for (const ProjectModel* model : models_) {
        if (model->lods.empty() || !model->lods[0]) continue;
        const SmdFile& smd = *smds_.at(model->lods[0]->smdPath);
        NullSink quiet; // an unknown node is reported when the meshes are extracted
        const auto nodeMap = fullBones_.mapNodes(smd, quiet);
        if (!nodeMap) continue;
        for (const SmdTriangle& triangle : smd.triangles)
            for (const SmdVertex& corner : triangle.corners) {
                BoneInfluence influences[kSmdMaxLinksPerVertex + 1];
                std::size_t count = 0;
                for (const SmdLink& link : smd.influences(corner))
                    influences[count++] = {(*nodeMap)[static_cast<std::size_t>(link.bone)],
                                           link.weight};
                const BoneWeights weights =
                    capBoneWeights({influences, count}, weightOptions).weights;
                for (int k = 0; k < weights.count; ++k)
                    if (weights.weight[k] > 0.0f)
                        needs.weighted[static_cast<std::size_t>(weights.bone[k])] = true;
            }
    }
    const std::vector<bool> lod0Weighted = needs.weighted;
    for (const std::vector<int>& rules : lodBoneMaps_)
        for (std::size_t b = 0; b < n; ++b)
            if (lod0Weighted[b]) needs.weighted[static_cast<std::size_t>(rules[b])] = true;
    needs.animated = animatedBones(candidates);
    const std::vector<bool> keep = bonesToKeep(fullBones_, needs);
    if (std::all_of(keep.begin(), keep.end(), [](bool k) { return k; })) return;
    foldedTo_ = built_.bones.collapse(keep);
    finalLodBoneMaps(keep);
    for (const auto& [bone, into] : built_.bones.collapsed())
        sink_.report(kBoneCodes["BONE008"], bone.declaredAt,
                     "bone '" + bone.name +
                         "' is not needed (no $definebone, attachment, hitbox, $bonemerge, IK "
                         "chain or weight list names it, and no animation poses it): " +
                         (into >= 0
                              ? "folded into '" +
                                    built_.bones.bones()[static_cast<std::size_t>(into)].name +
                                    "', which takes its vertex weights"
                              : std::string("left out")));
}

bool Driver::extractAll() {
    ExtractionOptions extraction;
    extraction.weightThreshold = options_.weightThreshold;
    extraction.staticProp = project_.staticProp;
    bool ok = true;
    extracted_.assign(models_.size(), {});
    for (std::size_t m = 0; m < models_.size(); ++m) {
        extracted_[m].resize(project_.lods.size());
        for (std::size_t lod = 0; lod < models_[m]->lods.size() && lod < project_.lods.size();
             ++lod) {
            const auto& source = models_[m]->lods[lod];
            if (!source) continue;
            const SmdFile& smd = *smds_.at(source->smdPath);
            auto nodeMap = fullBones_.mapNodes(smd, sink_);
            if (!nodeMap) {
                ok = false;
                continue;
            }
            // Folded bones' nodes go to the bone that took them. (A LOD's own bone rules apply
            // to its vertices' final weights, which come from LOD 0: see assembleAll.)
            for (int& bone : *nodeMap)
                if (static_cast<std::size_t>(bone) < foldedTo_.size())
                    bone = std::max(0, foldedTo_[static_cast<std::size_t>(bone)]);
            extracted_[m][lod] = extractMesh(smd, *nodeMap, *source, extraction);
            if (const auto line = firstNonFiniteLine(*extracted_[m][lod])) {
                char scale[32];
                std::snprintf(scale, sizeof scale, "%g", double(source->scale));
                sink_.report(kMeshCodes["MESH006"], source->requestedAt,
                             "placing " + source->smdPath.string() + " (scale " + scale +
                                 ", $origin and its rotation) takes the triangle of its line " +
                                 std::to_string(*line) +
                                 " past the range of 32-bit floats (infinity or NaN); use a "
                                 "smaller $scale, $origin or rotation");
                ok = false;
                continue;
            }
            loss_.merge(extracted_[m][lod]->influenceLoss);
            nullFaces_ += extracted_[m][lod]->skippedNullFaces;
        }
    }
    return ok;
}

void Driver::buildMaterialTable() {
    for (const auto& lods : extracted_)
        if (!lods.empty() && lods[0])
            for (const MaterialCorners& m : lods[0]->materials)
                if (std::none_of(
                        built_.materials.begin(), built_.materials.end(),
                        [&](const std::string& known) { return sameMaterial(known, m.material); }))
                    built_.materials.push_back(m.material);
}

bool Driver::assembleAll() {
    std::vector<std::optional<BuiltModel>> results(models_.size());
    std::vector<CollectingSink> sinks(models_.size());
    std::vector<AssemblyStatistics> stats(models_.size());
    tbb::parallel_for(std::size_t(0), models_.size(), [&](std::size_t m) {
        std::vector<ModelLodInput> inputs(project_.lods.size());
        for (std::size_t lod = 0; lod < inputs.size(); ++lod) {
            ModelLodInput& input = inputs[lod];
            input.mesh = std::move(extracted_[m][lod]); // not needed after assembly
            input.removedMaterials = project_.lods[lod].removeMeshes;
            const auto& source =
                models_[m]->lods.size() > lod ? models_[m]->lods[lod] : std::nullopt;
            if (source) input.fileName = source->smdPath.string();
            if (lod < finalLodBoneMaps_.size()) input.boneMap = finalLodBoneMaps_[lod];
            input.sameAsLod0 = lod > 0 && source && models_[m]->lods[0] &&
                               samePlacement(*source, *models_[m]->lods[0]) &&
                               input.boneMap.empty();
        }
        results[m] =
            assembleModel(models_[m]->name, inputs, built_.materials, options_, stats[m], sinks[m]);
    });
    bool ok = true;
    std::size_t m = 0;
    for (const ProjectBodyPart& part : project_.bodyParts) {
        BuiltBodyPart& builtPart = built_.bodyParts.emplace_back();
        builtPart.name = part.name;
        for (std::size_t i = 0; i < part.models.size(); ++i, ++m) {
            for (const Diagnostic& d : sinks[m].diagnostics())
                sink_.report(d);
            stats_.degenerateTriangles += stats[m].degenerateTriangles;
            stats_.lodVerticesReused += stats[m].lodVerticesReused;
            stats_.lodVerticesAdded += stats[m].lodVerticesAdded;
            if (!results[m]) {
                ok = false;
                continue;
            }
            builtPart.models.push_back(std::move(*results[m]));
        }
    }
    return ok;
}

bool Driver::checkBoneLimit() {
    int highest = -1;
    for (const BuiltBodyPart& part : built_.bodyParts)
        for (const BuiltModel& model : part.models)
            for (const BuiltMesh& mesh : model.meshes)
                for (const ModelVertex& v : mesh.vertices)
                    for (int k = 0; k < v.weights.count; ++k)
                        highest = std::max<int>(highest, v.weights.bone[k]);
    if (highest <= 127) return true;
    // Reported at the node line that declares the highest bone used.
    const auto& bones = built_.bones.bones();
    sink_.report(
        kMeshCodes["MESH002"], bones[static_cast<std::size_t>(highest)].declaredAt,
        "vertices use bone index " + std::to_string(highest) + " of " +
            std::to_string(built_.bones.bones().size()) +
            " bones; the .vvd stores bone indices as signed bytes, so a model may use at most "
            "128 bones (split the model, or collapse bones)");
    return false;
}

void Driver::reportSummary() const {
    if (loss_.verticesLosingInfluence > 0) {
        std::ostringstream message;
        message << loss_.verticesLosingInfluence
                << " vertex corners lost bone influence (weights under " << options_.weightThreshold
                << " or past the third); the largest weight dropped was "
                << loss_.largestDroppedWeight << " (adjust with --weight-threshold)";
        sink_.report(kWeightCodes["WEIGHT001"], {project_.name}, message.str());
    }
    if (nullFaces_ > 0)
        sink_.report(kMeshCodes["MESH004"], {project_.name},
                     std::to_string(nullFaces_) + " faces with null materials were left out");
    if (stats_.degenerateTriangles > 0)
        sink_.report(kMeshCodes["MESH005"], {project_.name},
                     std::to_string(stats_.degenerateTriangles) +
                         " degenerate triangles (two corners on one vertex) were left out");
}

// The project's STUDIOHDR_FLAGS_*; STATIC_PROP and HASSHADOWLOD also for the SMD form.
std::int32_t Driver::headerFlags() const {
    std::int32_t flags = project_.mdlFlags;
    if (project_.staticProp) flags |= 0x10; // STUDIOHDR_FLAGS_STATIC_PROP
    if (!project_.lods.empty() && project_.lods.back().shadow)
        flags |= 0x40;   // STUDIOHDR_FLAGS_HASSHADOWLOD
    return flags & ~0x1; // AUTOGENERATED_HITBOX follows the hitboxes the .mdl stage builds
}

// The collision model of a QC's $collisionmodel/$collisionjoints (a missing SMD was reported by
// the QC reader: no .phy then). Built before the meshes' parsed files are freed.
bool Driver::buildPhysics() {
    const QcProject* qc = project_.description.get();
    if (!qc || !qc->collisionModel || !qc->collisionModel->smd.found) return true;
    auto smd = readSmdFile(qc->collisionModel->smd.path, sink_);
    if (!smd) return false;
    const QcPlacement& placement = qc->collisionModel->placement;
    if (!isIdentity(placement)) {
        placePositions(*smd, placement);
        if (const auto line = lineBeyondFloatRange(*smd)) {
            sink_.report(kMeshCodes["MESH006"], qc->collisionModel->smd.namedAt,
                         "placing " + qc->collisionModel->smd.written +
                             " ($scale, $origin and its rotation) takes its line " +
                             std::to_string(*line) +
                             " past the range of 32-bit floats; use a smaller $scale, $origin or "
                             "rotation");
            return false;
        }
    }
    PhysicsBuildOptions physics;
    physics.pieces = options_.collisionPieces;
    physics.surfaceProperties = options_.surfaceProperties.get();
    physics.pose = firstAnimationPose(*qc, built_.bones);
    physics_ = buildPhysicsModel(*qc, *smd, built_.bones, physics, sink_);
    return physics_.has_value();
}

bool Driver::prepare() {
    for (const ProjectBodyPart& part : project_.bodyParts)
        for (const ProjectModel& model : part.models)
            models_.push_back(&model);
    auto smds = loadSmds(project_, sink_);
    if (!smds) return false;
    smds_ = std::move(*smds);
    built_.lods = project_.lods;
    built_.staticProp = project_.staticProp;
    if (!buildBoneTable()) return false;
    foldUnneededBones();
    if (!extractAll() || !buildPhysics()) return false;
    smds_.clear(); // the corners hold all the meshes need: free the parsed files before welding
    animationSkeletons_.clear();
    placedReferences_.clear();
    buildMaterialTable();
    if (!assembleAll() || !checkBoneLimit()) return false;
    reportSummary();
    extracted_.clear(); // the corners are not needed once the meshes are assembled
    return true;
}

// The files' bytes, each serialised once with checksum 0 in its header; the files in parallel
// (a big model's .vvd and .vtx files take a tenth of a second each).
std::vector<CompiledFile> serialise(const VvdFile& vvd, const std::vector<VtxAssembly>& vtx) {
    std::vector<CompiledFile> files(1 + vtx.size());
    tbb::parallel_for(std::size_t(0), files.size(), [&](std::size_t i) {
        if (i == 0) {
            files[0] = {"vvd", writeVvd(vvd)};
            return;
        }
        const VtxAssembly& v = vtx[i - 1];
        files[i] = {std::string(variantName(v.variant)) + ".vtx", writeVtx(v.file)};
    });
    return files;
}

// Unless the user gave one, the checksum is the content hash of the .vvd's bytes and then each
// .vtx's, all with checksum 0; it then goes into every header, in place.
std::int32_t setChecksum(std::vector<CompiledFile>& files, const CompileOptions& options) {
    std::int32_t checksum = 0;
    if (options.checksum) {
        checksum = *options.checksum;
    } else {
        ContentChecksum content;
        for (const CompiledFile& file : files)
            content.add(file.bytes);
        checksum = content.value();
    }
    patchI32(files.front().bytes, kVvdChecksumOffset, checksum);
    for (std::size_t i = 1; i < files.size(); ++i)
        patchI32(files[i].bytes, kVtxChecksumOffset, checksum);
    return checksum;
}

// The .mdl's bytes after the others (its header already holds the checksum). The writer refuses
// a layout whose offsets or counts do not fit their fields: the assembly should never hand it one.
bool Driver::serialiseMdl(const MdlFile& mdl, std::vector<CompiledFile>& files) {
    try {
        files.push_back({"mdl", writeMdl(mdl)});
        return true;
    } catch (const std::logic_error& e) {
        sink_.report(kMdlCodes["MDL100"], {project_.name + ".mdl"},
                     std::string("the .mdl could not be laid out: ") + e.what() +
                         "; please report this with the model's sources");
        return false;
    }
}

// A model of animations alone (no $body/$model/$bodygroup) is an .mdl without body parts and
// nothing else, as Valve's animation libraries are (vortigaunt_anims.mdl: numbodyparts 0, no
// textures, one empty skin family, no .vvd or .vtx beside it). Without a .vvd and .vtx to hash,
// the checksum is the content hash of the .mdl's own bytes with checksum 0.
std::optional<CompileOutput> Driver::finishWithoutMeshes(const CompileOptions& options) {
    const QcProject* qc = project_.description.get();
    if (!qc) return std::nullopt; // the SMD form always has a mesh
    CompileOutput out;
    VvdAssembly vvd; // no vertices: the body part records are empty
    const MdlAssemblyInput input{built_, *qc,           vvd,
                                 0,      headerFlags(), physics_ ? &*physics_ : nullptr};
    out.mdl = assembleMdl(input, sink_);
    if (!out.mdl || !serialiseMdl(*out.mdl, out.files)) return std::nullopt;
    if (options.checksum) {
        out.checksum = *options.checksum;
    } else {
        ContentChecksum content;
        content.add(out.files.front().bytes);
        out.checksum = content.value();
    }
    patchI32(out.files.front().bytes, kMdlChecksumOffset, out.checksum);
    out.mdl->checksum = out.checksum;
    if (physics_) {
        physics_->phy.checkSum = out.checksum;
        out.files.push_back({"phy", writePhy(physics_->phy)});
        out.physics = std::move(physics_);
    }
    out.layout = modelLayout(built_, project_, vvd);
    out.layout.checksum = out.checksum;
    return out;
}

std::optional<CompileOutput> Driver::finish(const CompileOptions& options) {
    if (!hasMeshes()) return finishWithoutMeshes(options);
    auto vtx = assembleVtx(built_, options, sink_);
    if (!vtx) return std::nullopt;
    VvdAssembly vvd = assembleVvd(built_);
    CompileOutput out;
    out.files = serialise(vvd.file, *vtx);
    out.checksum = setChecksum(out.files, options);
    vvd.file.checksum = out.checksum;
    for (VtxAssembly& v : *vtx)
        v.file.checkSum = out.checksum;
    out.layout = modelLayout(built_, project_, vvd);
    out.layout.checksum = out.checksum;
    std::vector<NamedVtx> named;
    for (const VtxAssembly& v : *vtx)
        named.push_back({variantName(v.variant), &v.file});
    out.report = qualityReport(named);
    if (project_.description) {
        const MdlAssemblyInput input{built_,        *project_.description,
                                     vvd,           out.checksum,
                                     headerFlags(), physics_ ? &*physics_ : nullptr};
        out.mdl = assembleMdl(input, sink_);
        if (!out.mdl || !serialiseMdl(*out.mdl, out.files)) return std::nullopt;
        if (physics_) {
            physics_->phy.checkSum = out.checksum;
            out.files.push_back({"phy", writePhy(physics_->phy)});
            out.physics = std::move(physics_);
        }
    }
    out.vvd = std::move(vvd.file);
    out.vtx = std::move(*vtx);
    return out;
}

} // namespace

std::optional<CompileOutput> compileProject(const ModelProject& project,
                                            const CompileOptions& options, DiagnosticSink& sink) {
    std::unique_ptr<tbb::global_control> threads;
    if (options.threads > 0)
        threads =
            std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  static_cast<std::size_t>(options.threads));
    Driver driver(project, options, sink);
    if (!driver.prepare()) return std::nullopt;
    return driver.finish(options);
}

struct PreparedModel {
    CompileOptions options; // the Driver keeps a reference to these
    Driver driver;
    // Shared by every stripPreparedModel call: partitions and orders already worked out are reused.
    mutable StripMemo memo;
    PreparedModel(const ModelProject& project, const CompileOptions& o, DiagnosticSink& sink)
        : options(o), driver(project, options, sink) {}
};

void PreparedModelDeleter::operator()(PreparedModel* model) const {
    delete model;
}

PreparedModelPtr prepareModel(const ModelProject& project, const CompileOptions& options,
                              DiagnosticSink& sink) {
    PreparedModelPtr model(new PreparedModel(project, options, sink));
    if (!model->driver.prepare()) return nullptr;
    return model;
}

std::optional<std::vector<VtxAssembly>> stripPreparedModel(const PreparedModel& model,
                                                           const CompileOptions& options,
                                                           DiagnosticSink& sink) {
    return assembleVtx(model.driver.built(), options, sink, &model.memo);
}

bool writeCompileOutput(const CompileOutput& output, const fs::path& outBase, DiagnosticSink& sink,
                        const WriteOptions& options) {
    std::vector<PendingFile> files;
    const std::string base = outBase.string();
    for (const CompiledFile& file : output.files)
        files.push_back({base + "." + file.suffix, file.bytes});
    const std::string layout = layoutJsonText(output.layout);
    files.push_back(
        {base + ".layout.json", std::vector<std::uint8_t>(layout.begin(), layout.end())});
    return writeFilesAtomically(files, sink, options);
}

} // namespace vtxc
