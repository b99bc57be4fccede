// The compile driver: a ModelProject (from SMDs on the command line, or a QC) in, the .mdl, the
// .vvd, the .vtx variants, layout.json and the quality report out. Nothing is written until all
// succeeded.
#pragma once

#include "compiler/meshes/quality_report.h"
#include "compiler/meshes/vtx_assembly.h"
#include "compiler/model_layout.h"
#include "compiler/physics/physics_model.h"
#include "compiler/project/compile_options.h"
#include "compiler/project/model_project.h"
#include "formats/common/diagnostics.h"
#include "formats/common/file_io.h"
#include "formats/studio/mdl.h"
#include "formats/studio/vvd.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// One file of a compile, serialised once, its checksum in place.
struct CompiledFile {
    std::string suffix; // "vvd", "dx90.vtx", ...: the file is NAME.<suffix>
    std::vector<std::uint8_t> bytes;
};

struct CompileOutput {
    std::optional<MdlFile> mdl; // when the project has a description (QC or SMD form)
    VvdFile vvd;
    std::vector<VtxAssembly> vtx;        // in the order of CompileOptions::variants
    std::vector<CompiledFile> files;     // the bytes of `vvd`, of each of `vtx` in order, of `mdl`
    ModelLayout layout;                  // what an .mdl writer needs (NAME.layout.json)
    QualityReport report;                // quality figures of every .vtx (--report)
    std::int32_t checksum = 0;           // in every header, and in the layout
    std::optional<PhysicsModel> physics; // the collision model, when the QC has one (NAME.phy)
};

// A project of one body part with one model: `reference` at LOD 0, each (switch point, SMD) as a
// further LOD, and an optional shadow LOD last.
struct LodArgument {
    float switchPoint = 0;
    std::filesystem::path smd;
};
ModelProject projectFromSmds(const std::filesystem::path& reference,
                             const std::vector<LodArgument>& lods,
                             const std::optional<std::filesystem::path>& shadowLod);

std::optional<CompileOutput> compileProject(const ModelProject& project,
                                            const CompileOptions& options, DiagnosticSink& sink);

// The two halves of compileProject, for callers that strip one model many ways (vtxc tune): the
// meshes, welded and LOD-sorted, and then the strips for the hardware parameters in `options`.
// The prepared model refers to `project` and `sink`: both must outlive it.
struct PreparedModel;
struct PreparedModelDeleter {
    void operator()(PreparedModel* model) const;
};
using PreparedModelPtr = std::unique_ptr<PreparedModel, PreparedModelDeleter>;
PreparedModelPtr prepareModel(const ModelProject& project, const CompileOptions& options,
                              DiagnosticSink& sink);
// Only the .vtx files (checksum 0, no layout or report): what tuning measures.
std::optional<std::vector<VtxAssembly>>
stripPreparedModel(const PreparedModel& model, const CompileOptions& options, DiagnosticSink& sink);

// The files of a compile at `outBase` (OUT/NAME): NAME.mdl, NAME.vvd, NAME.<variant>.vtx,
// NAME.layout.json, written all or none (options.root: the folder nothing may be written outside
// of).
bool writeCompileOutput(const CompileOutput& output, const std::filesystem::path& outBase,
                        DiagnosticSink& sink, const WriteOptions& options = {});

} // namespace vtxc
