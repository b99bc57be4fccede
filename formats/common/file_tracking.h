// What a build needs of file input and output (`vtxc compile --depfile`, `vtxc build`): the
// files a process read, and finishing in a folder what killed writers left. Implemented in
// file_io.cpp beside the read paths and the publication they extend.
#pragma once

#include <filesystem>
#include <mutex>
#include <set>
#include <vector>

namespace vtxc {

// The files a process read, for a depfile (`vtxc compile --depfile`): every successful open of
// an input through readWholeFile or TextSource::openFile (text_window.h) is recorded while a
// recorder is installed. Thread-safe: a compile reads its files from several threads. One
// recorder per process (the command that installs it); nullptr stops recording.
class InputRecorder {
  public:
    void record(const std::filesystem::path& path);
    // Each path once, in the order first read.
    std::vector<std::filesystem::path> files() const;

  private:
    mutable std::mutex mutex_;
    std::vector<std::filesystem::path> files_;
    std::set<std::filesystem::path> seen_;
};
void setInputRecorder(InputRecorder* recorder);
// Records `path` in the installed recorder, if any (the read paths call this after opening).
void recordInputRead(const std::filesystem::path& path);

// Finishes (rolls forward or back) what killed writers left in `folder`, as the next
// publication into it would (docs/guarantees.md), under the folder's lock. For a caller that reads
// a folder's files without writing into it (`vtxc build` before it compares a model's outputs).
// False when the folder cannot be opened or its lock not taken in time; a missing folder is fine.
bool finishAbandonedPublications(const std::filesystem::path& folder);

} // namespace vtxc
