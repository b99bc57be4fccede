// Diagnostic codes of file input and output (formats/common/file_io.h): IO001-IO008. Reading and
// writing fail with status 2; refused inputs (IO003, IO004) with 3; outputs that are inputs or
// odd names (IO007, IO008) with 1.
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
    {"IO003", Severity::Error, ExitCode::InvalidInput,
     "an input is a folder, FIFO, device or socket, not a regular file",
     "give the path of a file"},
    {"IO004", Severity::Error, ExitCode::InvalidInput,
     "an input is larger than the size cap of its kind (docs/guarantees.md)",
     "check the path: no model file of this kind is that large"},
    {"IO005", Severity::Error, ExitCode::Io,
     "a folder below the output root is a symbolic link (or not a folder): not followed",
     "remove the link, or name the folder it points to as the output root"},
    {"IO006", Severity::Error, ExitCode::Io,
     "another vtxc held the output folder's lock for longer than VTXC_LOCK_TIMEOUT seconds",
     "wait for the other writer, or raise VTXC_LOCK_TIMEOUT"},
    {"IO007", Severity::Error, ExitCode::Usage,
     "an output name is empty, hidden (starts with '.') or holds a control character",
     "give a plain file name after the folder"},
    {"IO008", Severity::Error, ExitCode::Usage,
     "an output path is one of the command's inputs (also through a link)",
     "choose another output name or folder"},
};

inline constexpr DiagnosticCatalogue kIoCodes{"IO", "File input and output", kIoCodeList};

} // namespace vtxc
