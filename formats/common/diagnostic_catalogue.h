// Diagnostic catalogues: every code a library can report, with its severity, exit status, a
// one-line summary and the usual remedy (in the manner of the validation message tables of
// Khronos' KTX tools). One catalogue per domain, each defined in a `*_codes.h` header beside the
// code that reports it; cli/code_catalogues.h lists them all. `vtxc --list-codes` prints them,
// docs/diagnostics.md is generated from them, and a test checks that every code the sources report
// is catalogued and every catalogued code is reported somewhere.
//
// A call site names its code by id, checked at compile time:
//
//     sink.report(kSmdCodes["SMD008"], location, "bone 7 is not in 'nodes'; ...");
//
// so the id a user sees is the id `grep` finds, and the severity and exit status come from the
// catalogue instead of being decided again at every call site.
#pragma once

#include "formats/common/diagnostics.h"

#include <span>
#include <string_view>

namespace vtxc {

struct DiagnosticCode {
    std::string_view id;      // "SMD004": the catalogue's prefix and three digits
    Severity severity;        // the severity it is always reported with
    ExitCode exit;            // errors: the exit status it asks for; notes and warnings: Ok
    std::string_view summary; // what it means, one line
    std::string_view remedy;  // what the user usually does about it, one line
};

struct DiagnosticCatalogue {
    std::string_view prefix; // "SMD": the letters every id of this catalogue starts with
    std::string_view title;  // "SMD reader": what reports these codes
    std::span<const DiagnosticCode> codes; // in id order

    // The entry for `id`. Only usable in constant expressions: an id that is not in the
    // catalogue does not compile ("throw" is not a constant expression).
    consteval const DiagnosticCode& operator[](std::string_view id) const {
        for (const DiagnosticCode& code : codes)
            if (code.id == id) return code;
        throw "diagnostic code not in this catalogue";
    }
};

// The entry for `id` in `catalogue`, or nullptr (for ids known only at run time).
const DiagnosticCode* findCode(const DiagnosticCatalogue& catalogue, std::string_view id);

// "ok", "usage", "io", "invalid input", "internal", "quality regression".
std::string_view exitLabel(ExitCode exit);

} // namespace vtxc
