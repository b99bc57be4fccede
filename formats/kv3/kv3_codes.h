// Diagnostic codes of the KV3 text reader (formats/kv3): KV3001-KV3011. Syntax errors stop the
// read at the first one; type and duplicate errors are collected up to the sink's error limit.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kKv3CodeList[] = {
    {"KV3001", Severity::Error, ExitCode::InvalidInput,
     "a character that starts no declaration, value or punctuation",
     "remove the character, or quote the text it belongs to"},
    {"KV3002", Severity::Error, ExitCode::InvalidInput, "a string not closed on its line",
     "add the closing '\"'"},
    {"KV3003", Severity::Error, ExitCode::InvalidInput, "an unknown escape in a string",
     "write a backslash as '\\\\' (known escapes: \\\\ \\\" \\n \\t)"},
    {"KV3004", Severity::Error, ExitCode::InvalidInput, "the '<!--' header is never closed",
     "end the header with '-->'"},
    {"KV3005", Severity::Error, ExitCode::InvalidInput, "a malformed or out-of-range number",
     "write digits with an optional sign, '.' and exponent, such as -1.5e3"},
    {"KV3006", Severity::Error, ExitCode::InvalidInput,
     "an unexpected token, or an object or list that is never closed",
     "check the punctuation before the position named: a missing '}', ']' or '='"},
    {"KV3007", Severity::Error, ExitCode::InvalidInput,
     "a value that does not match its declared type",
     "change the value or the declared type so that they agree"},
    {"KV3008", Severity::Error, ExitCode::InvalidInput, "objects or lists nested deeper than 64",
     "this is not a model document vtxc reads: check the file"},
    {"KV3009", Severity::Error, ExitCode::InvalidInput, "an attribute declared twice in one object",
     "remove one of the two declarations"},
    {"KV3010", Severity::Error, ExitCode::InvalidInput, "two named objects with one name",
     "rename one, so that every '&Name' pointer names one object"},
    {"KV3011", Severity::Error, ExitCode::InvalidInput, "a '/*' comment is never closed",
     "end the comment with '*/'"},
};

inline constexpr DiagnosticCatalogue kKv3Codes{"KV3", "KV3 text reader", kKv3CodeList};

} // namespace vtxc
