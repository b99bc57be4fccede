// Diagnostic codes of the model document interpreter (formats/vmdl): VMDL001-VMDL017. The
// animation processing of `vtxc anim` continues the numbering from VMDL020 (anim/anim_codes.h):
// both report on the same document, so a user sees one family of codes.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kVmdlDocumentCodeList[] = {
    {"VMDL001", Severity::Error, ExitCode::InvalidInput, "the document has no 'm_pAnimGroups' list",
     "add 'CVanimGroupReference[] m_pAnimGroups = [ ... ]' naming the animation groups"},
    {"VMDL002", Severity::Error, ExitCode::InvalidInput,
     "an attribute or list item of the wrong type or class",
     "give the attribute the type the animation tables expect (see docs/vmdl-animation.md)"},
    {"VMDL003", Severity::Error, ExitCode::InvalidInput,
     "a number out of range (beyond 32 bits, negative, or an end frame before the start)",
     "correct the number"},
    {"VMDL004", Severity::Error, ExitCode::InvalidInput,
     "a pointer '&Name' names no object in the document",
     "declare 'Class Name { ... }', or write NULL"},
    {"VMDL005", Severity::Error, ExitCode::InvalidInput,
     "a pointer to an object of the wrong class",
     "point m_pObject at a CVanimGroup and m_pIkRules at CIKrule objects"},
    {"VMDL006", Severity::Error, ExitCode::InvalidInput,
     "a group reference names both m_pObject and m_sFileName", "keep one of the two"},
    {"VMDL007", Severity::Warning, ExitCode::Ok,
     "an empty group reference (m_pObject NULL and no m_sFileName) is skipped",
     "remove the reference, or name its group"},
    {"VMDL008", Severity::Error, ExitCode::InvalidInput,
     "a content path is empty, absolute, or leads outside the content root",
     "keep sources under the root, or pass a wider root with --content DIR"},
    {"VMDL009", Severity::Error, ExitCode::InvalidInput,
     "an external group file is missing or does not hold exactly one top-level CVanimGroup",
     "check m_sFileName and the content root (--content DIR)"},
    {"VMDL010", Severity::Error, ExitCode::InvalidInput,
     "animation groups reference themselves, or more than 4096 groups",
     "remove the reference that closes the loop"},
    {"VMDL011", Severity::Error, ExitCode::InvalidInput,
     "two animations with one name (ignoring case)",
     "rename one: each animation writes <name>.smd"},
    {"VMDL012", Severity::Error, ExitCode::InvalidInput,
     "an animation name that cannot name a file",
     "give m_Animationname a non-empty name without / \\ : * ? \" < > | or control characters"},
    {"VMDL013", Severity::Error, ExitCode::InvalidInput,
     "an animation without m_Filepath, or whose m_Filepath is not an .smd",
     "name the animation's source SMD, relative to the content root"},
    {"VMDL014", Severity::Warning, ExitCode::Ok,
     "an unknown attribute is not interpreted (kept in sequences.json under 'extra')",
     "check the spelling, or leave it if another tool reads it"},
    {"VMDL015", Severity::Error, ExitCode::InvalidInput,
     "one attribute under both of its spellings (m_nEndframe and m_nEndFrame)", "keep one of them"},
    {"VMDL016", Severity::Error, ExitCode::InvalidInput, "m_flFps is not above 0",
     "give the frames per second, e.g. 30"},
    {"VMDL017", Severity::Warning, ExitCode::Ok,
     "a motion frame both extracts and discards one axis: the motion is discarded",
     "set only one of m_bExtract* and m_bDiscard* for the axis"},
};

inline constexpr DiagnosticCatalogue kVmdlDocumentCodes{"VMDL", "Model document (.vmdl)",
                                                        kVmdlDocumentCodeList};

} // namespace vtxc
