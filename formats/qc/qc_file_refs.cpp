// Files a QC line names (meshes, animations, physics, included models): resolved and checked.
// Applies the path policy documented in qc_project.h; each kind has its own "missing" severity.
#include "formats/qc/qc_file_refs.h"

#include "formats/common/text.h"
#include "formats/qc/qc_codes.h"
#include "formats/qc/qc_preprocessor.h"

namespace vtxc {

namespace {

// The extension of the last name of a written path ('\' separates too), lower-cased.
std::string writtenExtension(std::string_view written) {
    const std::vector<std::string> parts = splitWrittenPath(written);
    if (parts.empty()) return {};
    const std::size_t dot = parts.back().rfind('.');
    return dot == std::string::npos ? std::string() : asciiLower(parts.back().substr(dot));
}

} // namespace

QcFileRef QcFileRefResolver::resolve(const QcToken& token, QcFileRole role) {
    QcFileRef ref;
    ref.written = token.text;
    ref.namedAt = token.where();
    std::string written = token.text;
    const std::string extension = writtenExtension(written);
    if (role == QcFileRole::Mesh &&
        (extension == ".dmx" || extension == ".fbx" || extension == ".obj")) {
        sink_.report(kQcCodes["QC036"], ref.namedAt,
                     "'" + written + "': vtxc reads meshes in SMD format only; export it as SMD");
        return ref;
    }
    if (role != QcFileRole::IncludedModel && extension != ".smd") written += ".smd";
    const ContainedPath resolved = locate(written, role);
    if (!checkPath(resolved, token, role)) return ref;
    ref.path = resolved.path;
    ref.found = files_.isFile(resolved.path);
    if (!ref.found) {
        if (std::optional<ContainedPath> other = paths_.findIgnoringCase(resolved.relative)) {
            reportCaseMismatch(sink_, written, other->path, ref.namedAt);
            ref.path = other->path;
            ref.found = true;
        }
    }
    if (!ref.found) findBesideQc(ref, written);
    if (!ref.found) reportMissing(ref, role);
    return ref;
}

ContainedPath QcFileRefResolver::locate(const std::string& written, QcFileRole role) const {
    const std::optional<RelativePath> folder =
        role == QcFileRole::IncludedModel ? paths_.qcFolder() : currentFolder();
    ContainedPath resolved;
    if (folder)
        resolved = paths_.resolve(written, *folder);
    else
        resolved.problem = PathProblem::LeavesRoot;
    return resolved;
}

bool QcFileRefResolver::animationFileExists(const std::string& written) const {
    const ContainedPath resolved = locate(
        writtenExtension(written) == ".smd" ? written : written + ".smd", QcFileRole::Animation);
    if (resolved.problem != PathProblem::None) return false;
    return files_.isFile(resolved.path) || paths_.findIgnoringCase(resolved.relative).has_value();
}

std::optional<RelativePath> QcFileRefResolver::currentFolder() const {
    if (folders_.empty()) return paths_.qcFolder();
    return folders_.back();
}

void QcFileRefResolver::pushFolder(const QcToken& folder) {
    const std::optional<RelativePath> base = currentFolder();
    if (!base) {
        folders_.push_back(std::nullopt); // still outside: a folder below stays outside
        return;
    }
    if (splitWrittenPath(folder.text).empty()) { // "" or ".": the current folder again
        folders_.push_back(*base);
        return;
    }
    const ContainedPath resolved = paths_.resolve(folder.text, *base);
    switch (resolved.problem) {
    case PathProblem::None:
    case PathProblem::Empty: // climbs back to the content root itself
        folders_.push_back(resolved.relative);
        return;
    case PathProblem::Absolute:
        sink_.report(kQcCodes["QC013"], folder.where(),
                     "$pushd '" + folder.text +
                         "' is an absolute path; vtxc reads only files inside the content "
                         "root, so write the folder relative to the QC");
        folders_.push_back(*base); // keeps the $popd that follows balanced
        return;
    case PathProblem::LeavesRoot:
    case PathProblem::LinkLeavesRoot:
        folders_.push_back(std::nullopt);
        return;
    }
}

bool QcFileRefResolver::popFolder() {
    if (folders_.empty()) return false;
    folders_.pop_back();
    return true;
}

// Flat copies of source trees keep every file beside the QC although the QC names folders.
void QcFileRefResolver::findBesideQc(QcFileRef& ref, const std::string& written) {
    const std::vector<std::string> parts = splitWrittenPath(written);
    if (parts.size() < 2) return;
    const ContainedPath beside = paths_.resolve(parts.back(), paths_.qcFolder());
    if (beside.problem != PathProblem::None || !files_.isFile(beside.path)) return;
    sink_.report(kQcCodes["QC016"], ref.namedAt,
                 "'" + ref.written + "' does not exist at '" + ref.path.string() + "'; reading '" +
                     beside.path.string() + "', the file of that name beside the QC");
    ref.path = beside.path;
    ref.found = true;
}

bool QcFileRefResolver::checkPath(const ContainedPath& resolved, const QcToken& token,
                                  QcFileRole role) {
    const SourceLocation& at = token.where();
    const std::string quoted = "'" + token.text + "'";
    switch (resolved.problem) {
    case PathProblem::None:
        return true;
    case PathProblem::Empty:
        sink_.report(kQcCodes["QC030"], at, "an empty file name; name the file");
        return false;
    case PathProblem::Absolute:
        sink_.report(kQcCodes["QC013"], at,
                     quoted + " is an absolute path; vtxc reads only files inside the QC's "
                              "folder, so write it relative to the QC");
        return false;
    case PathProblem::LinkLeavesRoot:
        sink_.report(kQcCodes["QC014"], at,
                     quoted + " leads outside the content root through a symbolic link; vtxc "
                              "reads only files inside it");
        return false;
    case PathProblem::LeavesRoot:
        if (role == QcFileRole::Mesh) {
            sink_.report(kQcCodes["QC014"], at,
                         quoted + " climbs out of the content root with '..'; vtxc reads only "
                                  "files inside it: move the SMD inside it, or name a wider "
                                  "--content-root");
        } else {
            QcFileRef ref;
            ref.written = token.text;
            ref.namedAt = at;
            reportMissing(ref, role,
                          " (it lies outside the content root, and vtxc reads "
                          "nothing outside it)");
        }
        return false;
    }
    return false;
}

void QcFileRefResolver::reportMissing(const QcFileRef& ref, QcFileRole role,
                                      const std::string& why) {
    const std::string file = "'" + ref.written + "'";
    const SourceLocation& at = ref.namedAt;
    switch (role) {
    case QcFileRole::Mesh:
        sink_.report(kQcCodes["QC050"], at,
                     "cannot find mesh " + file + " (looked for '" + ref.path.string() +
                         "'); SMD paths are relative to the QC's folder");
        return;
    case QcFileRole::Animation:
        sink_.report(kQcCodes["QC051"], at,
                     "animation " + file + " not found" + why +
                         "; the meshes do not need it, so vtxc goes on without it");
        return;
    case QcFileRole::Physics:
        sink_.report(kQcCodes["QC052"], at,
                     "physics mesh " + file + " not found" + why +
                         "; the model gets no .phy (it will not collide): check the path");
        return;
    case QcFileRole::IncludedModel:
        sink_.report(kQcCodes["QC053"], at,
                     "included model " + file + " not found beside the QC" + why +
                         "; it carries animations only, so vtxc goes on without it");
        return;
    }
}

} // namespace vtxc
