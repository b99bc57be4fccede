// `vtxc compile REF.smd [--lod SWITCH=LOD.smd]... [--shadow-lod LOD.smd] -o OUT/NAME [options]`:
// parses the command line into a project and options, runs the compile, prints a short summary.
#include "cli/cli_codes.h"
#include "cli/command.h"
#include "cli/model_arguments.h"
#include "cli/progress.h"
#include "compiler/compile.h"
#include "compiler/compile_json.h"
#include "compiler/lods/auto_lods.h"
#include "formats/common/file_io.h"
#include "formats/common/file_tracking.h"
#include "formats/studio/vtx.h"
#include "tools/content_hash.h"
#include "tools/tree_build.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace vtxc::cli {

namespace {
struct CompileArguments {
    ModelArguments model;
    std::string output;
    std::string variants = "dx90,dx80,sw";
    std::string report;
    std::int64_t checksum = 0;
    bool checksumGiven = false;
    bool quiet = false;
    bool allWarnings = false; // --all-warnings: every repeat of a warning, not the first three
    CompileOptions options;
    int autoLods = 0;
    double autoShadowRatio = 0;
    double pixelError = 1;
    std::string gameDir;           // --game-dir: scripts/surfaceproperties*.txt for $automass
    std::string surfaceProperties; // --surface-properties FILE
    std::string view;              // --view FILE.html: the page of the compiled model
    std::string depfile;           // --depfile FILE: Make-format outputs and inputs read
    std::string outputHashes;      // --output-hashes FILE: SHA-256 of each model file written
};

} // namespace

void printGeneratedLods(const std::vector<GeneratedLodFigures>& figures) {
    for (const GeneratedLodFigures& f : figures)
        std::printf("generated %s LOD %s: %zu tris, %zu verts, error mean %.4f%% / max %.4f%% of "
                    "the diagonal, switch point %.2f\n",
                    f.model.c_str(), f.shadow ? "shadow" : std::to_string(f.lod).c_str(),
                    f.triangles, f.vertices, f.meanErrorPercent, f.maxErrorPercent,
                    double(f.switchPoint));
}

namespace {

bool parseVariants(const std::string& text, std::vector<VtxVariant>& out) {
    out.clear();
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const auto variant = parseVariantName(text.substr(start, comma - start));
        if (!variant) return false;
        if (std::find(out.begin(), out.end(), *variant) == out.end()) out.push_back(*variant);
        start = comma + 1;
    }
    return !out.empty();
}

void printSummary(const CompileOutput& output, const std::string& base) {
    if (output.mdl)
        std::printf("wrote %s.mdl (%zu bones, %zu sequences, %zu animations, %zu textures)\n",
                    base.c_str(), output.mdl->bones.size(), output.mdl->sequences.size(),
                    output.mdl->animations.size(), output.mdl->textures.size());
    const bool meshes = std::any_of(output.files.begin(), output.files.end(),
                                    [](const CompiledFile& file) { return file.suffix == "vvd"; });
    if (meshes)
        std::printf("wrote %s.vvd (%zu vertices, %d LODs, checksum %d)\n", base.c_str(),
                    output.vvd.vertices.size(), output.vvd.numLODs, output.checksum);
    for (const VariantQualityReport& variant : output.report.variants) {
        if (variant.lods.empty()) continue;
        const QualityFigures& lod0 = variant.lods[0].total;
        std::printf(
            "wrote %s.%s.vtx  LOD0: %zu tris, %zu verts stored, %zu strips, ACMR %.3f, ATVR %.3f\n",
            base.c_str(), variant.variant.c_str(), lod0.triangles, lod0.storedVertices, lod0.strips,
            lod0.acmr, lod0.atvr);
    }
    if (output.physics) {
        std::size_t pieces = 0;
        for (const PhysicsSolidFigures& solid : output.physics->solids)
            pieces += solid.pointsPerPiece.size();
        std::printf("wrote %s.phy (%zu solids, %zu convex pieces, mass %.3f kg)\n", base.c_str(),
                    output.physics->solids.size(), pieces, double(output.physics->totalMass));
    }
    std::printf("wrote %s.layout.json\n", base.c_str());
}

// The collision model's physics SMD, when the QC names one that exists.
const QcFileRef* physicsMesh(const ModelProject& project) {
    if (!project.description || !project.description->collisionModel) return nullptr;
    const QcFileRef& smd = project.description->collisionModel->smd;
    return smd.found ? &smd : nullptr;
}

// --game-dir / --surface-properties: the surface properties $automass takes densities from.
bool loadSurfacePropertiesOption(const CompileArguments& args, CompileOptions& options,
                                 DiagnosticSink& sink) {
    if (!args.gameDir.empty() && !args.surfaceProperties.empty()) {
        sink.report(kCliCodes["CLI013"], {"--surface-properties"},
                    "give --game-dir or --surface-properties, not both");
        return false;
    }
    std::optional<SurfaceProperties> loaded;
    if (!args.gameDir.empty())
        loaded = loadSurfaceProperties(args.gameDir, sink);
    else if (!args.surfaceProperties.empty())
        loaded = loadSurfacePropertiesFile(args.surfaceProperties, sink);
    else
        return true;
    if (!loaded) return false;
    options.surfaceProperties = std::make_shared<const SurfaceProperties>(std::move(*loaded));
    return true;
}

// Every file the compile reads: an output may not be one of them.
std::vector<std::filesystem::path> projectInputs(const ModelProject& project,
                                                 const std::string& input) {
    std::vector<std::filesystem::path> inputs{input};
    for (const ProjectBodyPart& part : project.bodyParts)
        for (const ProjectModel& model : part.models)
            for (const auto& lod : model.lods)
                if (lod) inputs.push_back(lod->smdPath);
    for (const ModelProject::Sequence& sequence : project.sequences)
        inputs.insert(inputs.end(), sequence.files.begin(), sequence.files.end());
    if (const QcFileRef* physics = physicsMesh(project)) inputs.push_back(physics->path);
    return inputs;
}

// A project without meshes (a QC of animations alone) writes no .vvd and no .vtx.
std::vector<std::filesystem::path> outputPaths(const std::string& base,
                                               const std::vector<VtxVariant>& variants,
                                               const std::string& report, bool withMdl,
                                               bool withPhy, bool withMeshes) {
    std::vector<std::filesystem::path> outputs{base + ".layout.json"};
    if (withMeshes) outputs.push_back(base + ".vvd");
    if (withMdl) outputs.push_back(base + ".mdl");
    if (withPhy) outputs.push_back(base + ".phy");
    if (withMeshes)
        for (VtxVariant variant : variants)
            outputs.push_back(base + "." + variantName(variant) + ".vtx");
    if (!report.empty()) outputs.push_back(report);
    return outputs;
}

// FILE of --depfile: "OUTPUTS: INPUTS" as Make and Ninja read them, absolute paths.
bool writeDepfile(const std::string& file, const std::vector<std::filesystem::path>& outputs,
                  const std::vector<std::filesystem::path>& inputs, DiagnosticSink& sink) {
    Depfile depfile;
    for (const auto& output : outputs)
        depfile.outputs.push_back(std::filesystem::absolute(output).lexically_normal());
    for (const auto& input : inputs)
        depfile.inputs.push_back(std::filesystem::absolute(input).lexically_normal());
    const std::string text = depfileText(depfile);
    return writeFileAtomically(file, std::vector<std::uint8_t>(text.begin(), text.end()), sink);
}

// --depfile: records every file read while it lives. After a success the depfile names the
// outputs and the inputs; after a failure it names no output, only the files read up to the
// failure (`vtxc build` keeps a failure until one of them, or the tree's list of files, changes;
// Make and Ninja ignore it).
class InputRecording {
  public:
    explicit InputRecording(std::string depfile) : depfile_(std::move(depfile)) {
        if (!depfile_.empty()) setInputRecorder(&recorder_);
    }
    ~InputRecording() {
        if (depfile_.empty()) return;
        setInputRecorder(nullptr);
        if (finished_) return;
        NullSink ignored;
        writeDepfile(depfile_, {}, recorder_.files(), ignored);
    }
    InputRecording(const InputRecording&) = delete;
    InputRecording& operator=(const InputRecording&) = delete;
    // Stops recording: what the compile read (the model page read afterwards is no input).
    std::vector<std::filesystem::path> stop() {
        if (!depfile_.empty()) setInputRecorder(nullptr);
        return recorder_.files();
    }
    void succeeded(const std::vector<std::filesystem::path>& outputs,
                   const std::vector<std::filesystem::path>& inputs, DiagnosticSink& sink) {
        if (depfile_.empty()) return;
        finished_ = true;
        writeDepfile(depfile_, outputs, inputs, sink);
    }

  private:
    std::string depfile_;
    bool finished_ = false;
    InputRecorder recorder_;
};

// FILE of --output-hashes (for `vtxc build`): "SHA256 PATH" per model file, of the bytes this
// compile published. The build compares them with the files it then finds, which another build
// into the same folder may have replaced meanwhile.
void writeOutputHashes(const std::string& file, const CompileOutput& output,
                       const std::string& base, DiagnosticSink& sink) {
    std::string text;
    auto add = [&](const std::string& path, const void* bytes, std::size_t size) {
        Sha256 hash;
        hash.update(bytes, size);
        text += hash.hexDigest();
        text += ' ';
        text += std::filesystem::absolute(path).lexically_normal().string();
        text += '\n';
    };
    for (const CompiledFile& compiled : output.files)
        add(base + "." + compiled.suffix, compiled.bytes.data(), compiled.bytes.size());
    const std::string layout = layoutJsonText(output.layout);
    add(base + ".layout.json", layout.data(), layout.size());
    writeFileAtomically(file, std::vector<std::uint8_t>(text.begin(), text.end()), sink);
}

void runCompile(const CompileArguments& args, CommandContext& context) {
    InputRecording recording(args.depfile);
    StderrSink sink(args.quiet, args.allWarnings ? 0 : StderrSink::kShownRepeats);
    CompileOptions options = args.options;
    if (args.checksumGiven) options.checksum = static_cast<std::int32_t>(args.checksum);
    if (!parseVariants(args.variants, options.variants)) {
        sink.report(kCliCodes["CLI010"], {"--variants"},
                    "expected a comma-separated list of dx90, dx80, sw");
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    const bool qc = isQcInput(args.model);
    // -o OUT/NAME names the files; `-o dir/` would give hidden files named ".vvd".
    if (!qc && !checkOutputFileName(std::filesystem::path(args.output).filename().string(), {"-o"},
                                    sink)) {
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    if (!loadSurfacePropertiesOption(args, options, sink)) {
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    auto project = projectFromArguments(args.model, sink);
    if (!project) {
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    // A QC names its output ($modelname); -o is then the root the game's models/ folder lies in,
    // and nothing is written outside it.
    WriteOptions where;
    if (qc) where.root = args.output;
    const std::string base =
        qc ? (std::filesystem::path(args.output) / "models" / project->name).string() : args.output;
    auto outputs = outputPaths(base, options.variants, args.report, project->description != nullptr,
                               physicsMesh(*project) != nullptr, !project->bodyParts.empty());
    if (!args.view.empty()) outputs.push_back(args.view);
    const auto inputs = projectInputs(*project, args.model.input);
    if (!checkOutputsAreNotInputs(outputs, inputs, sink)) {
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    AutoLodRequest request;
    request.count = args.autoLods;
    if (args.autoShadowRatio > 0) request.shadowRatio = args.autoShadowRatio;
    request.lod.pixelError = args.pixelError;
    request.weights.dropThreshold = options.weightThreshold;
    if (!addAutoLods(*project, request, sink)) {
        context.exitStatus = exitStatusOf(sink);
        return;
    }
    ProgressBar bar("compiling", args.quiet);
    options.progress = [&bar](std::size_t done, std::size_t total) { bar.update(done, total); };
    auto output = compileProject(*project, options, sink);
    if (output && !args.report.empty()) {
        nlohmann::json report = qualityReportJson(output->report);
        if (!project->generatedLodFigures.empty())
            report["autoLods"] = generatedLodsJson(project->generatedLodFigures);
        const std::string text = jsonFileText(report);
        writeFileAtomically(args.report, std::vector<std::uint8_t>(text.begin(), text.end()), sink);
    }
    const bool written =
        output && !sink.hasErrors() && writeCompileOutput(*output, base, sink, where);
    const std::vector<std::filesystem::path> inputsRead = recording.stop();
    if (written && !args.quiet) {
        printGeneratedLods(project->generatedLodFigures);
        printSummary(*output, base);
    }
    // The page reads the files just written, as `vtxc view` would.
    if (written && !args.view.empty() && writeModelPage(base, args.view, {}, sink) && !args.quiet)
        std::printf("wrote %s\n", args.view.c_str());
    if (written && !sink.hasErrors())
        recording.succeeded({outputs.begin(), outputs.end()}, inputsRead, sink);
    if (written && !args.outputHashes.empty() && !sink.hasErrors())
        writeOutputHashes(args.outputHashes, *output, base, sink);
    context.exitStatus = exitStatusOf(sink);
}
} // namespace

void addCompileCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<CompileArguments>();
    auto* sub =
        app.add_subcommand("compile", "Compile a reference SMD (and LOD SMDs) or a QC project into "
                                      ".vvd and .vtx (dx90, dx80, sw) files");
    addModelArguments(sub, args->model);
    sub->add_option("-o,--output", args->output,
                    "output base path OUT/NAME (for a QC: the root folder; files go to "
                    "ROOT/models/<$modelname>)")
        ->required();
    auto& o = args->options;
    sub->add_option("--vert-cache-size", o.vertCacheSize, "dx90/dx80 vertex cache size (FIFO)")
        ->capture_default_str()
        ->check(CLI::Range(kVtxMinVertCacheSize, 1024));
    sub->add_option("--bones-per-strip", o.bonesPerStrip, "dx90 bones per strip")
        ->capture_default_str()
        ->check(CLI::Range(9, 512));
    sub->add_option("--dx80-bones-per-strip", o.dx80BonesPerStrip, "dx80 bones per strip")
        ->capture_default_str()
        ->check(CLI::Range(9, 512));
    sub->add_option("--variants", args->variants, "which .vtx files to write")
        ->capture_default_str();
    sub->add_option("--weight-threshold", o.weightThreshold, "drop bone weights under this")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    sub->add_option("--normal-angle", o.normalAngleDegrees, "welding tolerance of normals, degrees")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 180.0));
    sub->add_option("--lod-position-tolerance", o.lodPositionTolerance,
                    "a LOD vertex this close to an existing vertex reuses it (model units)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    sub->add_option("--lod-uv-tolerance", o.lodUvTolerance,
                    "and whose UV differs by no more than this")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 1.0));
    sub->add_option("--lod-normal-angle", o.lodNormalAngleDegrees,
                    "and whose normal is within this angle (degrees)")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 180.0));
    sub->add_option("--lod-tangent-angle", o.lodTangentAngleDegrees,
                    "and, for a vertex a LOD after LOD 0 added, whose tangent is within this "
                    "angle (degrees) with the same handedness")
        ->capture_default_str()
        ->check(CLI::Range(0.0, 180.0));
    sub->add_option("--checksum", args->checksum, "checksum for all files (default: from content)")
        ->check(
            CLI::Range(static_cast<std::int64_t>(INT32_MIN), static_cast<std::int64_t>(INT32_MAX)))
        ->each([args](const std::string&) { args->checksumGiven = true; });
    sub->add_option("--threads", o.threads, "worker threads (0: all cores)")
        ->check(CLI::Range(0, 1024));
    sub->add_option("--auto-lods", args->autoLods,
                    "give a model without $lod this many generated LODs (each half the "
                    "triangles of the one before; switch points from their error)")
        ->check(CLI::Range(0, 7));
    sub->add_option("--auto-shadow-lod", args->autoShadowRatio,
                    "and a generated shadow LOD at this share of LOD 0's triangles")
        ->check(CLI::Range(0.0, 1.0));
    sub->add_option("--lod-pixel-error", args->pixelError,
                    "a generated LOD switches in where its largest error covers this many pixels")
        ->capture_default_str()
        ->check(CLI::Range(0.01, 100.0));
    addEffortOption(sub, o.cacheOrderEffort);
    sub->add_option("--report", args->report, "write quality figures (JSON) to this file");
    sub->add_option("--game-dir", args->gameDir,
                    "the game folder: $automass reads its scripts/surfaceproperties*.txt "
                    "(the manifest first, as the game does)");
    sub->add_option("--surface-properties", args->surfaceProperties,
                    "one surface properties file for $automass (instead of --game-dir)");
    const std::map<std::string, CollisionPieceStrategy> pieceStrategies{
        {"studiomdl", CollisionPieceStrategy::SingleHull},
        {"merge", CollisionPieceStrategy::Merge}};
    sub->add_option("--collision-pieces", o.collisionPieces,
                    "$concave past $maxconvexpieces: studiomdl (one hull of everything, as "
                    "Valve's compiler) or merge (join islands, least added volume first)")
        ->transform(CLI::CheckedTransformer(pieceStrategies, CLI::ignore_case));
    sub->add_option("--view", args->view,
                    "also write the compiled model's page (as vtxc view) to this HTML file");
    sub->add_option("--output-hashes", args->outputHashes,
                    "(for vtxc build) write the SHA-256 of each model file written")
        ->group("");
    sub->add_option("--depfile", args->depfile,
                    "write a Make-format depfile naming every output and every file the "
                    "compile read (for Ninja, Make, build farms; after a failure: no output, "
                    "the files read up to it)");
    sub->add_flag("--quiet", args->quiet, "print errors only");
    sub->add_flag("--all-warnings", args->allWarnings,
                  "print every repeat of a warning (by default a warning repeated word for word "
                  "is printed three times, then counted in one note)");
    sub->callback([args, &context] { runCompile(*args, context); });
}

} // namespace vtxc::cli
