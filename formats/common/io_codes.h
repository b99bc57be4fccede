// Diagnostic codes of file input and output (formats/common/file_io.h): IO001-IO002. Both exit
// with status 2, the I/O status, whichever command meets them.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kIoCodeList[] = {
    {"IO001", Severity::Error, ExitCode::Io,
     "an input file cannot be read: missing, a folder, unreadable, or read failed part-way",
     "check the path and the file's permissions"},
    {"IO002", Severity::Error, ExitCode::Io,
     "an output file or folder cannot be written or moved into place",
     "check that the output folder is writable and the disk not full"},
};

inline constexpr DiagnosticCatalogue kIoCodes{"IO", "File input and output", kIoCodeList};

} // namespace vtxc
