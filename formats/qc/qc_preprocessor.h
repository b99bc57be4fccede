// QC preprocessor: $include, $definemacro with macro calls, and $definevariable substitution.
// As docs/qc.md describes them and real QCs use them (see qc_project.h for paths).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/common/file_system.h"
#include "formats/qc/qc_lexer.h"
#include "formats/qc/qc_paths.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace vtxc {

// Bounds that keep hostile QCs from hanging or exhausting memory.
struct QcPreprocessorLimits {
    std::size_t maxIncludeDepth = 32;
    std::size_t maxMacroDepth = 64;
    std::size_t maxTokens = 500'000;         // tokens taken from files and macro bodies in all
    std::size_t maxTextBytes = 64u << 20;    // the text of those tokens in all
    std::uintmax_t maxFileBytes = 16u << 20; // one QC or .qci file
    std::size_t maxExpandedTokenBytes = 64u << 10; // one word after $definevariable substitution
};

struct QcPreprocessed {
    // The command stream: no directive, macro call or `$name$` variable left in it.
    std::vector<QcToken> tokens;
    // Every file read: the QC first, then each included file when first read.
    std::vector<std::filesystem::path> filesRead;
    // The limits stopped reading before the end (QC025); `tokens` is incomplete.
    bool truncated = false;
};

// Reads the QC `qcFileName` (a file in `paths.root()`) and everything it includes. Reports
// problems to `sink` and returns what could be read; the caller checks the sink for errors.
//  - `$include "f"`: f is relative to the including file. A file that is missing, or that lies
//    outside the QC's folder through "..", is looked for by its file name beside the including
//    file and then beside the QC (a note says so); if still missing, a warning names the line.
//    Absolute paths and links leading outside the QC's folder are errors. Include cycles too.
//    A name that matches an existing file only when case is ignored reads that file (warning).
//  - `$definemacro NAME p1 p2 \\` + body lines holding `\\` (also inside a comment); the first
//    line without it, a blank line too, is the last. `$NAME a b` expands the body with
//    `$p1$` -> a: the arguments are the next words on the call's line (words after them are read
//    after the expansion), and the expansion keeps the body's lines, so calls inside it take
//    their arguments from their body line. A body token that is exactly `$p1$` becomes the
//    argument token itself, so diagnostics point at the argument as written.
//  - `$definevariable name value`; `$name$` in any later token is replaced.
QcPreprocessed preprocessQc(const QcPathResolver& paths, const std::string& qcFileName,
                            FileSystem& files, DiagnosticSink& sink,
                            const QcPreprocessorLimits& limits = {});

// The warning for a file found by ignoring letter case (shared with the project reader).
void reportCaseMismatch(DiagnosticSink& sink, const std::string& written,
                        const std::filesystem::path& found, const SourceLocation& where);

} // namespace vtxc
