// Diagnostic catalogues: every code a library can report, with its severity, exit status, a
// one-line summary and the usual remedy. One catalogue per domain (SMD, QC, KV3, VMDL, studio
// files, compile, ...), each defined next to the code that reports it. `vtxc --list-codes` prints
// them and docs/diagnostics.md is generated from them; a test checks that every code the sources
// report is catalogued and every catalogued code is reported somewhere.
#pragma once

#include "formats/common/diagnostics.h"

#include <span>
#include <string_view>

namespace vtxc {

struct DiagnosticCode {
    std::string_view id;     // "SMD004": letters of the domain, three digits
    Severity severity;       // the severity it is reported with
    ExitCode exit;           // for errors: the exit status it maps to (Ok for notes and warnings)
    std::string_view summary; // what it means, one line
    std::string_view remedy;  // what the user usually does about it
};

struct DiagnosticCatalogue {
    std::string_view domain; // "SMD"
    std::string_view title;  // "SMD reader"
    std::span<const DiagnosticCode> codes; // in id order
};

// The entry for `id` in `catalogue`, or nullptr.
const DiagnosticCode* findCode(const DiagnosticCatalogue& catalogue, std::string_view id);

} // namespace vtxc
