// Files a QC line names (meshes, animations, physics, included models): resolved and checked.
// Applies the path policy documented in qc_project.h; each kind has its own "missing" severity.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/file_system.h"
#include "formats/qc/qc_lexer.h"
#include "formats/qc/qc_paths.h"

#include <filesystem>
#include <string>

namespace vtxc {

// A file named by a QC line.
struct QcFileRef {
    std::string written;        // as the QC wrote it (the MDL keeps this spelling for models)
    std::filesystem::path path; // resolved: the content root joined with the relative path
                                // (empty when it lies outside the content root)
    bool found = false;         // the file exists (always true for mesh SMDs of a valid project)
    SourceLocation namedAt;     // the QC file:line:col of the token that named it
};

// What a named file is for; decides whether trouble with it is an error or a warning.
enum class QcFileRole {
    Mesh,         // missing or outside the folder: error (QC050 / QC014)
    Animation,    // missing or outside: warning QC051
    Physics,      // missing or outside: warning QC052
    IncludedModel // missing or outside: warning QC053 (a .mdl; no ".smd" appended)
};

class QcFileRefResolver {
  public:
    QcFileRefResolver(const QcPathResolver& paths, FileSystem& files, DiagnosticSink& sink)
        : paths_(paths), files_(files), sink_(sink) {}

    // Resolves `token` relative to the QC's folder (".smd" appended to SMD names without it),
    // reporting what is wrong with it. The result has `found` false when the file is not there.
    QcFileRef resolve(const QcToken& token, QcFileRole role);

  private:
    bool checkPath(const ContainedPath& resolved, const QcToken& token, QcFileRole role);
    void findBesideQc(QcFileRef& ref, const std::string& written);
    void reportMissing(const QcFileRef& ref, QcFileRole role, const std::string& why = "");

    const QcPathResolver& paths_;
    FileSystem& files_;
    DiagnosticSink& sink_;
};

} // namespace vtxc
