// Files a QC line names (meshes, animations, physics, included models): resolved and checked.
// Applies the path policy documented in qc_project.h; each kind has its own "missing" severity.
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/file_system.h"
#include "formats/qc/qc_lexer.h"
#include "formats/qc/qc_paths.h"

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace vtxc {

// A file named by a QC line.
struct QcFileRef {
    std::string written;        // as the QC wrote it (the MDL keeps this spelling for models)
    std::filesystem::path path; // resolved: the content root joined with the relative path
                                // (empty when it lies outside the content root)
    bool found = false;         // the file exists (always true for mesh SMDs of a valid project)
    SourceLocation namedAt;     // the QC file:line:col of the token that named it
};

// The $scale and $origin in force when a QC line named an SMD; they apply to its positions: a
// mesh's vertices and skeleton, an animation's frames.
struct QcPlacement {
    double scale = 1.0;
    std::array<double, 3> origin{0.0, 0.0, 0.0};
    double originRotationDegrees = 0.0; // $origin's optional fourth value: a turn about Z
    bool operator==(const QcPlacement&) const = default;
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

    // Resolves `token` relative to the current folder (".smd" appended to SMD names without it),
    // reporting what is wrong with it. The result has `found` false when the file is not there.
    // The current folder is the QC's folder joined with every folder `$pushd` put on the stack;
    // an included model is always looked for relative to the QC's folder.
    QcFileRef resolve(const QcToken& token, QcFileRole role);
    // Whether an animation SMD of that name is in the current folder (letter case aside),
    // reporting nothing: a source word names a file before an earlier animation.
    bool animationFileExists(const std::string& written) const;

    // `$pushd FOLDER`: FOLDER ('\' and '/' both separate) is relative to the current folder and
    // becomes it. An absolute folder is an error (QC013); a folder that climbs out of the content
    // root is kept as "outside", so every file named under it is reported as outside the root.
    void pushFolder(const QcToken& folder);
    // `$popd`: back to the folder before the last `$pushd`; false when no `$pushd` is open.
    bool popFolder();
    std::size_t pushedFolders() const { return folders_.size(); }

  private:
    // The folder files are relative to now; nothing when a `$pushd` took it outside the root.
    std::optional<RelativePath> currentFolder() const;
    // Where `written` (its extension already settled) is for `role`: the current folder, or the
    // QC's folder for an included model; a problem when a `$pushd` took the folder outside.
    ContainedPath locate(const std::string& written, QcFileRole role) const;
    bool checkPath(const ContainedPath& resolved, const QcToken& token, QcFileRole role);
    void findBesideQc(QcFileRef& ref, const std::string& written);
    void reportMissing(const QcFileRef& ref, QcFileRole role, const std::string& why = "");

    const QcPathResolver& paths_;
    FileSystem& files_;
    DiagnosticSink& sink_;
    std::vector<std::optional<RelativePath>> folders_; // the `$pushd` stack, innermost last
};

} // namespace vtxc
