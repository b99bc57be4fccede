// vtxc_common: what every library shares. Index of the entry points; each is declared in the
// header named beside it. Depends on nothing but the standard library.
//
// Diagnostics (diagnostics.h, diagnostic_catalogue.h)
//   DiagnosticSink::report(code, location, message)
//       Reports a catalogued code (severity and exit status from its entry). The library reports,
//       the command line prints; no library function prints or exits.
//       Pre: `code` is an entry of a catalogue, named as kXCodes["X001"] (checked at compile time).
//   CollectingSink, ForwardingSink, NullSink
//       Keep every diagnostic (tests, deferred printing); count a stage's own errors; drop them.
//   formatDiagnostic(diagnostic)  ->  "file:line:col: error[CODE]: message".
//
// File input and output (file_io.h; codes IO001-IO002 in io_codes.h)
//   readWholeFile(path, sink)
//       The file's bytes, or nothing after IO001 (exit status 2).
//   TextSource::openFile(path, sink, maxBytes), TextWindow (text_window.h)
//       Big text inputs read front to back through one reused buffer (read(2), never mapped: a
//       file cut short meanwhile ends the text instead of faulting), or nothing after IO001.
//   writeFilesAtomically(files, sink)
//       Writes every file under a temporary name and renames them into place only when all were
//       written: a model's files appear together or not at all. Pre: distinct paths.
//   setInputRecorder(recorder), finishAbandonedPublications(folder)   (file_tracking.h)
//       Every input file a process opens, for depfiles (thread-safe; one recorder per process);
//       a folder's publications left by killed writers finished before its files are compared.
//
// Paths and files behind a seam (contained_path.h, file_system.h)
//   ContainedPathResolver(root, files).resolve(written)
//       A path written in an input, resolved under `root`; empty, absolute, escaping and
//       symbolic-link-escaping names are refused (PathProblem), the same way for QC and VMDL.
//   FileSystem, RealFileSystem, MemoryFileSystem
//       What the readers ask of the disk; in memory for tests and fuzzers.
//
// Memory (page_prefault.h)
//   prefaultPages, prefaultAfterSize
//       Fresh pages of a big array faulted in ahead, by a thread with time to spare (Linux).
//
// Text and internal errors (text.h, internal_error.h)
//   asciiLower, equalsIgnoringAsciiCase, lowerExtension
//       Case folding of ASCII only: names in Source files are ASCII, and locale rules must not
//       change a match.
//   VTXC_ASSERT(condition), VTXC_CHECK(condition, message)
//       A bug in vtxc raises InternalError (the CLI exits 4); bad input never does.
//
// Binary records (byte_reader.h, byte_writer.h, binary_read_support.h)
//   ByteReader        little-endian reads; never past the end (callers check `fits` first).
//   ByteWriter        little-endian writes; each record's size checked as it is written.
//   BinaryRecordReader
//       The bounds, count and aliasing checks of the binary readers; each failure reports one of
//       the reader's own codes (BinaryReadCodes). Pre: the codes outlive the reader.
#pragma once

#include "formats/common/binary_read_support.h"
#include "formats/common/byte_reader.h"
#include "formats/common/byte_writer.h"
#include "formats/common/contained_path.h"
#include "formats/common/diagnostic_catalogue.h"
#include "formats/common/diagnostics.h"
#include "formats/common/file_io.h"
#include "formats/common/file_system.h"
#include "formats/common/internal_error.h"
#include "formats/common/io_codes.h"
#include "formats/common/page_prefault.h"
#include "formats/common/text.h"
#include "formats/common/text_window.h"
#include "formats/common/vector_types.h"
