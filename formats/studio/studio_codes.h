// Diagnostic codes of the compiled model files (formats/studio): the three binary readers (VVD,
// VTX, MDL) and the cross-check of a model's files (CHK).
//
// The readers share one numbering, so a damaged file reads the same whatever its kind:
//   001 wrong file id   002 unsupported version   003 offset before the start of the file
//   004 record cut off  005 count out of range    006 records that alias the same bytes
//   007 inconsistent content (the message says what)
// A .vtx has no file id (no VTX001). MDL100 is the compiler's: an .mdl it built that does not fit
// the format.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kVvdCodeList[] = {
    {"VVD001", Severity::Error, ExitCode::InvalidInput,
     "the file id is not IDSV: not an uncompressed .vvd vertex file",
     "give the model's .vvd (a compressed or console .vvd is not read)"},
    {"VVD002", Severity::Error, ExitCode::InvalidInput, "a .vvd version other than 4",
     "recompile the model with a Source 2007 or later studiomdl"},
    {"VVD003", Severity::Error, ExitCode::InvalidInput,
     "an offset points before the start of the file", "the file is corrupt: recompile the model"},
    {"VVD004", Severity::Error, ExitCode::InvalidInput,
     "a record is cut off by the end of the file",
     "the file is truncated: copy or recompile it again"},
    {"VVD005", Severity::Error, ExitCode::InvalidInput, "a count is negative or beyond its limit",
     "the file is corrupt: recompile the model"},
    {"VVD006", Severity::Error, ExitCode::InvalidInput,
     "the records describe far more data than the file holds (aliasing offsets)",
     "the file is corrupt or hostile: recompile the model"},
    {"VVD007", Severity::Error, ExitCode::InvalidInput,
     "header fields contradict each other (vertices without vertex data)",
     "the file is corrupt: recompile the model"},
};

inline constexpr DiagnosticCode kVtxCodeList[] = {
    {"VTX002", Severity::Error, ExitCode::InvalidInput, "a .vtx version other than 7",
     "recompile the model with a Source 2007 or later studiomdl"},
    {"VTX003", Severity::Error, ExitCode::InvalidInput,
     "an offset points before the start of the file", "the file is corrupt: recompile the model"},
    {"VTX004", Severity::Error, ExitCode::InvalidInput,
     "a record is cut off by the end of the file",
     "the file is truncated: copy or recompile it again"},
    {"VTX005", Severity::Error, ExitCode::InvalidInput, "a count is negative or beyond its limit",
     "the file is corrupt: recompile the model"},
    {"VTX006", Severity::Error, ExitCode::InvalidInput,
     "the records describe far more data than the file holds (aliasing offsets)",
     "the file is corrupt or hostile: recompile the model"},
    {"VTX007", Severity::Error, ExitCode::InvalidInput,
     "strips, indices or vertices point outside their strip group",
     "the file is corrupt: recompile the model, or restrip it from its .mdl and .vvd"},
};

inline constexpr DiagnosticCode kMdlCodeList[] = {
    {"MDL001", Severity::Error, ExitCode::InvalidInput,
     "the file id is not IDST: not a studio model (.mdl)", "give the model's .mdl"},
    {"MDL002", Severity::Error, ExitCode::InvalidInput,
     "an .mdl version outside 44..49 (Source 2006 to 2013)",
     "use a model compiled for a Source 2006-2013 engine branch"},
    {"MDL003", Severity::Error, ExitCode::InvalidInput,
     "an offset points before the start of the file", "the file is corrupt: recompile the model"},
    {"MDL004", Severity::Error, ExitCode::InvalidInput,
     "a record, or the length the header gives, is cut off by the end of the file",
     "the file is truncated: copy or recompile it again"},
    {"MDL005", Severity::Error, ExitCode::InvalidInput, "a count is negative or beyond its limit",
     "the file is corrupt: recompile the model"},
    {"MDL006", Severity::Error, ExitCode::InvalidInput,
     "the records describe far more data than the file holds (aliasing offsets)",
     "the file is corrupt or hostile: recompile the model"},
    {"MDL007", Severity::Error, ExitCode::InvalidInput,
     "inconsistent content: an empty RLE run, a frame past an animation's end, an unended name, "
     "a value too big for its field",
     "the file is corrupt: recompile the model"},
    {"MDL100", Severity::Error, ExitCode::Internal,
     "the .mdl vtxc compiled does not fit the format (an offset or count past its field)",
     "report it with the model's sources; simplify the model meanwhile"},
};

inline constexpr DiagnosticCode kModelCheckCodeList[] = {
    {"CHK001", Severity::Error, ExitCode::InvalidInput,
     "the files' checksums differ: they come from different compiles",
     "recompile the model so that all its files are written together"},
    {"CHK002", Severity::Error, ExitCode::InvalidInput,
     "LOD counts differ between the .vvd and a .vtx, or inside a .vtx",
     "recompile the model so that all its files are written together"},
    {"CHK003", Severity::Error, ExitCode::InvalidInput,
     "body part, model or mesh counts differ between the .mdl and a .vtx, or between .vtx files",
     "recompile the model so that all its files are written together"},
    {"CHK004", Severity::Error, ExitCode::InvalidInput,
     "the .mdl's model and mesh vertex ranges do not tile the .vvd's vertices",
     "recompile the model; the .mdl and .vvd do not belong together"},
    {"CHK005", Severity::Error, ExitCode::InvalidInput,
     "the vertices a .vtx LOD uses differ from numLODVertexes",
     "recompile the model, or restrip the .vtx files from this .mdl and .vvd"},
    {"CHK006", Severity::Error, ExitCode::InvalidInput,
     "the .vvd's numLODVertexes grow with the LOD, or do not repeat past numLODs",
     "recompile the model"},
    {"CHK007", Severity::Error, ExitCode::InvalidInput,
     "a .vvd fixup lies outside the vertices or LODs, or the fixups miss vertices",
     "recompile the model"},
    {"CHK008", Severity::Error, ExitCode::InvalidInput,
     "a vertex weight or bone state change names a bone the .mdl does not have",
     "recompile the model so that all its files are written together"},
    {"CHK009", Severity::Error, ExitCode::InvalidInput,
     "a mesh or skin family names a material the .mdl does not have", "recompile the model"},
    {"CHK010", Severity::Error, ExitCode::Io,
     "no file of the model was found (.mdl, .vvd or .vtx, ignoring case)",
     "give the model's path without extension, e.g. models/foo"},
    {"CHK011", Severity::Error, ExitCode::InvalidInput,
     "bones lack BONE_USED_BY_VERTEX_LODn although vertices of that LOD are weighted to them",
     "recompile the model: the engine would not set those bones up at that LOD"},
    {"CHK012", Severity::Error, ExitCode::InvalidInput,
     "a bone's BONE_USED_BY_HITBOX/_ATTACHMENT flag disagrees with the hitboxes, attachments or "
     "IK chains",
     "recompile the model"},
    {"CHK013", Severity::Error, ExitCode::InvalidInput,
     "a .vvd vertex position, normal, UV, bone weight or tangent is NaN or infinite",
     "recompile the model from its sources"},
};

inline constexpr DiagnosticCatalogue kVvdCodes{"VVD", "Vertex file reader (.vvd)", kVvdCodeList};
inline constexpr DiagnosticCatalogue kVtxCodes{"VTX", "Strip file reader (.vtx)", kVtxCodeList};
inline constexpr DiagnosticCatalogue kMdlCodes{"MDL", "Studio model reader (.mdl)", kMdlCodeList};
inline constexpr DiagnosticCatalogue kModelCheckCodes{"CHK", "Model file cross-check",
                                                      kModelCheckCodeList};

} // namespace vtxc
