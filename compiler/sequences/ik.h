// IK chains, autoplay locks and the IK rules of animations (mstudioikchain_t, mstudioiklock_t,
// mstudioikrule_t of the public SDK's studio.h; docs/mdl-compile.md).
#pragma once

#include "compiler/animation/animation_sources.h"
#include "compiler/skeleton/bone_setup.h"
#include "formats/common/diagnostics.h"
#include "formats/qc/qc_mdl_settings.h"
#include "formats/studio/mdl.h"

#include <optional>
#include <vector>

namespace vtxc {

// IK rule types (studio.h).
inline constexpr std::int32_t kIkSelf = 1;
inline constexpr std::int32_t kIkGround = 3;
inline constexpr std::int32_t kIkRelease = 4;
inline constexpr std::int32_t kIkAttachment = 5;
inline constexpr std::int32_t kIkUnlatch = 6;

// One chain per $ikchain: links are the bone's grandparent, parent and the bone; the knee
// direction goes on the first link. A bone the model lacks, or one without two ancestors, is an
// error (BONE004, BONE005) at the chain's line.
std::optional<std::vector<MdlIkChain>>
buildIkChains(const std::vector<QcIkChain>& chains, const Skeleton& skeleton, DiagnosticSink& sink);

// One lock per $ikautoplaylock, in QC order (an unknown chain is SEQ005 at its line).
std::optional<std::vector<MdlIkLock>> buildAutoplayLocks(const QcMdlSettings& settings,
                                                         DiagnosticSink& sink);

// A sequence's `iklock CHAIN POSWEIGHT LOCALQWEIGHT` options as its mstudioiklock_t records, in
// the order written, flags 0 (an unknown chain is SEQ005 at the option's line).
std::optional<std::vector<MdlIkLock>> buildSequenceLocks(const std::vector<QcIkLock>& locks,
                                                         const std::vector<QcIkChain>& chains,
                                                         DiagnosticSink& sink);

// The rules' `index` field: its place in the animation when a sequence plays the animation, 0
// for every rule of an animation no sequence plays (Valve's libraries: the subtracted
// `*_corrective_animation`s, the `*_base` of a worldspaceblend, a_AnimMatch_Default).
void numberIkRules(std::vector<MdlAnimDesc>& animations, const std::vector<MdlSeqDesc>& sequences);

// The rules of one animation: its `ikrule`s and command-list rules in order, then, in a
// non-delta animation of a model with IK chains, a release rule for every chain no rule names
// whose end bone the animation's weight list does not weigh 0 (none in a `noanimation` one), as
// Valve's compiled models show. A written release carries an error track of zeros, an added one
// none; a footstep without `height` has height 18. Rules are numbered from 0 (numberIkRules).
// Ground (footstep) rules lock the chain's end to the floor point below its `center` at the contact
// frame and carry the end's offset from that target per frame as compressed IK error data. An
// `attachment` rule keeps the attachment's name; one the model does not define is an error (SEQ005)
// unless `attachmentsElsewhere`: a model without meshes is an animation library, and the
// attachments are the including model's (Valve's vortigaunt_anims.mdl keeps `ikrule ... attachment
// "L_hand_vort"` with no attachment of its own).
std::optional<std::vector<MdlIkRule>>
buildIkRules(const AnimationFrames& animation, const QcMdlSettings& settings,
             const std::vector<MdlIkChain>& chains, const Skeleton& skeleton,
             const std::vector<MdlAttachment>& attachments, const std::vector<LocalPose>& deltaBase,
             DiagnosticSink& sink, bool attachmentsElsewhere = false);

} // namespace vtxc
