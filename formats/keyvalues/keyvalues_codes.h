// Diagnostic codes of the KeyValues text reader (formats/keyvalues): syntax KVT001-KVT006 (the
// read stops at the first), surface properties KVT020-KVT026 (the game's
// scripts/surfaceproperties*.txt). Numbers in a decade belong together; gaps are kept free for
// their group.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kKeyValuesCodeList[] = {
    {"KVT001", Severity::Error, ExitCode::InvalidInput, "a string not closed on its line",
     "add the closing '\"'"},
    {"KVT002", Severity::Error, ExitCode::InvalidInput, "a key without a value or block after it",
     "write \"key\" \"value\" or \"key\" { ... }"},
    {"KVT003", Severity::Error, ExitCode::InvalidInput, "a '{' with no key before it",
     "name the block: \"name\" { ... }"},
    {"KVT004", Severity::Error, ExitCode::InvalidInput, "a '}' that closes no '{'",
     "remove it, or add the '{' it belongs to"},
    {"KVT005", Severity::Error, ExitCode::InvalidInput, "a '{' that is never closed",
     "add the missing '}'"},
    {"KVT006", Severity::Error, ExitCode::InvalidInput, "blocks nested deeper than 64",
     "this is not a KeyValues file vtxc reads: check the file"},
    {"KVT020", Severity::Error, ExitCode::Io,
     "the game folder has neither scripts/surfaceproperties_manifest.txt nor "
     "scripts/surfaceproperties.txt",
     "name the game folder (the one holding scripts/), e.g. hl2"},
    {"KVT021", Severity::Warning, ExitCode::Ok,
     "a file the surface property manifest lists is missing or lies outside the game folder: "
     "skipped",
     "correct the \"file\" line, or add the file"},
    {"KVT022", Severity::Warning, ExitCode::Ok,
     "a file listed twice in the surface property manifest is read once",
     "remove the second \"file\" line"},
    {"KVT023", Severity::Warning, ExitCode::Ok,
     "a surface property's \"base\" names no surface defined before it: it starts from "
     "\"default\"",
     "define the base surface first, or correct its name"},
    {"KVT024", Severity::Warning, ExitCode::Ok,
     "a surface property's density or thickness is not a number of 0 or more: the inherited "
     "value is kept",
     "write a plain number, e.g. \"density\" \"2700\""},
    {"KVT025", Severity::Warning, ExitCode::Ok,
     "a surface file entry that is not understood (a top-level value, a nested block) is ignored",
     "remove it, or check the file's layout"},
    {"KVT026", Severity::Warning, ExitCode::Ok,
     "a surface property the game does not define: \"default\" is used (its density decides "
     "$automass)",
     "use a name of the game's scripts/surfaceproperties*.txt"},
};

inline constexpr DiagnosticCatalogue kKeyValuesCodes{"KVT", "KeyValues text reader",
                                                     kKeyValuesCodeList};

} // namespace vtxc
