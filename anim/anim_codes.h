// Diagnostic codes of the animation processing of `vtxc anim` (anim/): VMDL020-VMDL033. They
// continue the model document's VMDL001-VMDL017 (formats/vmdl/vmdl_codes.h): both name places in
// the same .vmdl, so a user sees one family of codes.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

inline constexpr DiagnosticCode kAnimCodeList[] = {
    {"VMDL020", Severity::Error, ExitCode::InvalidInput, "an animation's source SMD is not found",
     "check m_Filepath and the content root (--content DIR)"},
    {"VMDL021", Severity::Error, ExitCode::InvalidInput,
     "the frame range asks for frames the source does not have",
     "lower m_nEndframe (or m_nStartframe) to the source's frame count"},
    {"VMDL022", Severity::Error, ExitCode::InvalidInput,
     "a motion frame outside the animation's frames",
     "count motion frames from m_nStartframe (0 = the first output frame)"},
    {"VMDL023", Severity::Error, ExitCode::InvalidInput, "an event frame outside the animation",
     "count event frames from m_nStartframe (0 = the first output frame)"},
    {"VMDL024", Severity::Error, ExitCode::InvalidInput,
     "m_nLoopRestart outside the animation's frames",
     "count the restart frame from m_nStartframe (0 = the first output frame)"},
    {"VMDL025", Severity::Error, ExitCode::InvalidInput,
     "a smooth-loop count blends more frames than the animation has",
     "set m_nSmoothLoopStart and m_nSmoothLoopEnd to at most frames - 1"},
    {"VMDL026", Severity::Warning, ExitCode::Ok,
     "m_bSmoothLoop is set but both smooth-loop counts are 0: nothing is blended",
     "give m_nSmoothLoopStart or m_nSmoothLoopEnd a frame count"},
    {"VMDL027", Severity::Warning, ExitCode::Ok,
     "the source leaves frames or bones out: each missing pose holds the one before",
     "export every frame of every bone if the hold is not intended"},
    {"VMDL028", Severity::Warning, ExitCode::Ok,
     "m_nEndframe is left at its default 0 on a longer source: one frame is kept",
     "give m_nEndframe"},
    {"VMDL029", Severity::Error, ExitCode::InvalidInput, "two motion frames on one frame",
     "merge their flags into one motion frame"},
    {"VMDL030", Severity::Error, ExitCode::InvalidInput,
     "the source SMD has no bones or no skeleton frames", "export the animation's skeleton"},
    {"VMDL031", Severity::Error, ExitCode::InvalidInput,
     "more than 16M bone poses (frames x bones) in one animation",
     "split the animation into shorter ones"},
    {"VMDL032", Severity::Error, ExitCode::InvalidInput,
     "processing produces values beyond the range of a float",
     "check m_adjustAnimation and the source's values"},
    {"VMDL033", Severity::Error, ExitCode::Usage,
     "an output <name>.smd would replace an animation's source file",
     "choose another output folder (-o)"},
};

inline constexpr DiagnosticCatalogue kAnimCodes{"VMDL", "Animation processing (vtxc anim)",
                                                kAnimCodeList};

} // namespace vtxc
