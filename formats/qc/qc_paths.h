// The contained-path policy (formats/common/contained_path.h) for a QC: its paths stay inside the
// content root (by default the QC's folder) and are relative to the QC's folder inside it, so they
// may climb out of that folder with ".." as long as they stay inside the root.
#pragma once

#include "formats/common/contained_path.h"
#include "formats/common/file_system.h"

#include <filesystem>
#include <utility>

namespace vtxc {

class QcPathResolver : public ContainedPathResolver {
  public:
    // `root` is the content root (may be empty for the current folder); `qcFolder` is the QC's
    // folder relative to it (empty: the root itself).
    QcPathResolver(std::filesystem::path root, FileSystem& files, RelativePath qcFolder = {})
        : ContainedPathResolver(std::move(root), files), qcFolder_(std::move(qcFolder)) {}

    const RelativePath& qcFolder() const { return qcFolder_; }

  private:
    RelativePath qcFolder_;
};

} // namespace vtxc
