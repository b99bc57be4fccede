// Planning levels of detail: targets, simplification from LOD 0, error and switch points.
#include "compiler/lods/auto_lods.h"

#include "compiler/meshes/mesh_extraction.h"
#include "compiler/project/compile_codes.h"
#include "optimizer/vertices/welding.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <tbb/parallel_for.h>

namespace vtxc {

LodSource lodSourceFromSmd(const SmdFile& smd, const BoneWeightOptions& weights) {
    std::vector<ModelVertex> corners;
    std::vector<std::uint32_t> triangleMaterials;
    std::vector<BoneInfluence> influences;
    for (const SmdTriangle& triangle : smd.triangles) {
        if (triangle.material >= smd.materials.size() ||
            isNullMaterial(smd.materials[triangle.material]))
            continue;
        for (const SmdVertex& v : triangle.corners) {
            influences.clear();
            for (const SmdLink& link : smd.influences(v))
                influences.push_back({link.bone, link.weight});
            corners.push_back(
                {v.position, v.normal, v.uv, capBoneWeights(influences, weights).weights});
        }
        triangleMaterials.push_back(triangle.material);
    }
    WeldedMesh welded = weldCorners(corners);
    LodSource source;
    source.vertices = std::move(welded.vertices);
    source.indices = std::move(welded.indices);
    for (std::uint32_t t : welded.sourceTriangles)
        source.materials.push_back(triangleMaterials[t]);
    return source;
}

SmdFile lodSmd(const SmdFile& reference, const SimplifiedMesh& mesh) {
    SmdFile out;
    out.fileName = reference.fileName;
    out.nodes = reference.nodes;
    if (!reference.frames.empty()) out.frames.push_back(reference.frames.front());
    out.materials = reference.materials;
    out.hasTrianglesSection = true;
    out.triangles.reserve(mesh.indices.size() / 3);
    for (std::size_t t = 0; t < mesh.indices.size() / 3; ++t) {
        SmdTriangle triangle;
        triangle.material = mesh.materials[t];
        for (int k = 0; k < 3; ++k) {
            const ModelVertex& v = mesh.vertices[mesh.indices[3 * t + k]];
            SmdVertex& corner = triangle.corners[k];
            corner.position = v.position;
            corner.normal = v.normal;
            corner.uv = v.uv;
            corner.bone = v.weights.count > 0 ? v.weights.bone[0] : 0;
            corner.firstLink = static_cast<std::uint32_t>(out.links.size());
            corner.linkCount = v.weights.count;
            for (int i = 0; i < v.weights.count; ++i)
                out.links.push_back({v.weights.bone[i], v.weights.weight[i]});
        }
        out.triangles.push_back(triangle);
    }
    return out;
}

std::vector<PlannedLod> planLods(const LodSource& lod0, std::span<const LodTarget> targets,
                                 const AutoLodOptions& options) {
    std::vector<PlannedLod> lods(targets.size());
    std::vector<Vec3> positions;
    positions.reserve(lod0.vertices.size());
    for (const ModelVertex& v : lod0.vertices)
        positions.push_back(v.position);
    tbb::parallel_for(std::size_t(0), targets.size(), [&](std::size_t i) {
        const auto start = std::chrono::steady_clock::now();
        SimplifyOptions simplify = options.simplify;
        simplify.targetTriangles = std::max<std::size_t>(1, targets[i].triangles);
        PlannedLod& lod = lods[i];
        lod.mesh = simplifyMesh({lod0.vertices, lod0.indices, lod0.materials}, simplify);
        lod.shadow = targets[i].shadow;
        std::vector<Vec3> simplified;
        simplified.reserve(lod.mesh.vertices.size());
        for (const ModelVertex& v : lod.mesh.vertices)
            simplified.push_back(v.position);
        lod.error = measureSurfaceError({positions, lod0.indices}, {simplified, lod.mesh.indices},
                                        options.measure);
        lod.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    });
    return lods;
}

std::vector<LodTarget> targetsFromRatios(std::size_t triangles, std::span<const double> ratios,
                                         std::optional<double> shadowRatio) {
    auto count = [triangles](double ratio) {
        const double clamped = std::clamp(ratio, 0.0, 1.0);
        return std::max<std::size_t>(
            1, static_cast<std::size_t>(std::llround(clamped * static_cast<double>(triangles))));
    };
    std::vector<LodTarget> targets;
    for (double ratio : ratios)
        targets.push_back({count(ratio), false});
    if (shadowRatio) targets.push_back({count(*shadowRatio), true});
    return targets;
}

std::vector<double> halvingRatios(int count) {
    std::vector<double> ratios;
    double ratio = 1.0;
    for (int i = 0; i < count; ++i)
        ratios.push_back(ratio *= 0.5);
    return ratios;
}

float switchPointForError(double maxError, double pixelError) {
    if (!(pixelError > 0) || !std::isfinite(maxError)) return 0;
    // Rounded up to a hundredth, so a switch point written as text reads back no earlier.
    return static_cast<float>(std::ceil(100.0 * 100.0 * std::max(0.0, maxError) / pixelError) /
                              100.0);
}

std::vector<float> switchPoints(std::span<const double> maxErrors, double pixelError) {
    std::vector<float> points;
    float previous = 0;
    for (double error : maxErrors) {
        previous = std::max(previous, switchPointForError(error, pixelError));
        points.push_back(previous);
    }
    return points;
}

namespace {

// The name a generated LOD goes by in the project: the reference's path with a suffix no file
// name on disk carries, so that it can never be confused with a real SMD.
std::filesystem::path generatedName(const std::filesystem::path& reference, std::size_t lod) {
    return reference.string() + "#auto_lod" + std::to_string(lod);
}

// A generated LOD's size and error (in model units after the reference's $scale).
GeneratedLodFigures lodFigures(const std::string& model, std::size_t index, const PlannedLod& plan,
                               float scale) {
    GeneratedLodFigures f;
    f.model = model;
    f.lod = static_cast<int>(index + 1);
    f.shadow = plan.shadow;
    f.triangles = plan.mesh.indices.size() / 3;
    f.vertices = plan.mesh.vertices.size();
    f.meanError = plan.error.mean * scale;
    f.maxError = plan.error.max * scale;
    f.meanErrorPercent = plan.error.meanPercent();
    f.maxErrorPercent = plan.error.maxPercent();
    return f;
}

// Where the switch point of LOD index + 1 came from: its own largest error, the LOD before's
// (switchPoints never lowers one), or the shadow LOD's -1.
void describeSwitchPoint(GeneratedLodFigures& f, std::size_t index, std::span<const double> largest,
                         double pixelError) {
    f.pixelError = pixelError;
    if (index >= largest.size()) {
        f.switchPointRule = SwitchPointRule::Shadow;
        return;
    }
    f.switchError = largest[index];
    f.switchPointRule = f.switchPoint > switchPointForError(largest[index], pixelError)
                            ? SwitchPointRule::Previous
                            : SwitchPointRule::Error;
}

struct ModelLods {
    const MeshSourceRef* reference = nullptr;
    std::vector<PlannedLod> plans;
};

} // namespace

bool addAutoLods(ModelProject& project, const AutoLodRequest& request, DiagnosticSink& sink) {
    if (request.count <= 0 && !request.shadowRatio) return true;
    if (project.lods.size() > 1) {
        sink.report(kLodCodes["LOD003"], {project.name},
                    "the project has its own LODs ($lod or --lod): no LODs were generated "
                    "(drop --auto-lods, or the $lod blocks)");
        return true;
    }
    const std::vector<double> ratios = halvingRatios(request.count);
    std::vector<ModelLods> models;
    std::vector<const ProjectModel*> owners;
    for (ProjectBodyPart& part : project.bodyParts)
        for (ProjectModel& model : part.models) {
            if (model.lods.empty() || !model.lods[0]) continue;
            const MeshSourceRef& reference = *model.lods[0];
            const auto smd = readSmdFile(reference.smdPath, sink);
            if (!smd) return false;
            const LodSource source = lodSourceFromSmd(*smd, request.weights);
            ModelLods planned;
            planned.reference = &reference;
            if (!source.indices.empty()) {
                const auto targets =
                    targetsFromRatios(source.indices.size() / 3, ratios, request.shadowRatio);
                planned.plans = planLods(source, targets, request.lod);
                for (std::size_t i = 0; i < planned.plans.size(); ++i)
                    project.generatedSmds[generatedName(reference.smdPath, i + 1)] =
                        std::make_shared<const SmdFile>(lodSmd(*smd, planned.plans[i].mesh));
            }
            models.push_back(std::move(planned));
            owners.push_back(&model);
        }
    // One switch point per LOD for the whole model: from the largest error of any part.
    const std::size_t lodCount =
        static_cast<std::size_t>(std::max(0, request.count)) + (request.shadowRatio ? 1 : 0);
    std::vector<double> largest(static_cast<std::size_t>(std::max(0, request.count)), 0.0);
    for (const ModelLods& model : models)
        for (std::size_t i = 0; i < model.plans.size() && i < largest.size(); ++i)
            largest[i] = std::max(largest[i], model.plans[i].error.max * model.reference->scale);
    const std::vector<float> switches = switchPoints(largest, request.lod.pixelError);
    for (std::size_t i = 0; i < lodCount; ++i) {
        const bool shadow = i >= largest.size();
        project.lods.push_back({shadow ? -1.0f : switches[i], shadow, {}, {}});
    }
    std::size_t m = 0;
    for (ProjectBodyPart& part : project.bodyParts)
        for (ProjectModel& model : part.models) {
            if (m == owners.size() || owners[m] != &model) {
                model.lods.resize(project.lods.size()); // draws nothing in any LOD
                continue;
            }
            const ModelLods& planned = models[m++];
            const MeshSourceRef reference = *planned.reference;
            model.lods.resize(1);
            for (std::size_t i = 0; i < lodCount; ++i) {
                if (planned.plans.empty()) {
                    model.lods.push_back(std::nullopt);
                    continue;
                }
                MeshSourceRef source = reference;
                source.smdPath = generatedName(reference.smdPath, i + 1);
                model.lods.push_back(source);
                const PlannedLod& plan = planned.plans[i];
                GeneratedLodFigures f = lodFigures(model.name, i, plan, reference.scale);
                f.switchPoint = project.lods[i + 1].switchPoint;
                describeSwitchPoint(f, i, largest, request.lod.pixelError);
                project.generatedLodFigures.push_back(f);
            }
        }
    return true;
}

} // namespace vtxc
