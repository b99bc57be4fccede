// Every diagnostic catalogue, from the bottom library up: what `vtxc --list-codes` prints and
// docs/diagnostics.md shows. A new catalogue (a new `*_codes.h`) is added here.
#pragma once

#include "anim/anim_codes.h"
#include "cli/cli_codes.h"
#include "collision/collision_codes.h"
#include "compiler/project/compile_codes.h"
#include "formats/common/diagnostic_catalogue.h"
#include "formats/common/io_codes.h"
#include "formats/keyvalues/keyvalues_codes.h"
#include "formats/kv3/kv3_codes.h"
#include "formats/phy/phy_codes.h"
#include "formats/qc/qc_codes.h"
#include "formats/smd/smd_codes.h"
#include "formats/studio/studio_codes.h"
#include "formats/vmdl/vmdl_codes.h"
#include "optimizer/optimizer_codes.h"
#include "tools/tools_codes.h"

namespace vtxc {

inline constexpr const DiagnosticCatalogue* kAllCatalogues[] = {
    &kIoCodes,           &kSmdCodes,       &kQcCodes,        &kKv3Codes,          &kKeyValuesCodes,
    &kVmdlDocumentCodes, &kVvdCodes,       &kVtxCodes,       &kMdlCodes,          &kModelCheckCodes,
    &kPhyCodes,          &kOptimizerCodes, &kCollisionCodes, &kMeshCodes,         &kBoneCodes,
    &kPhysicsCodes,      &kSequenceCodes,  &kWeightCodes,    &kLodCodes,          &kAnimCodes,
    &kRestripCodes,      &kBenchCodes,     &kStatsCodes,     &kPhysicsCheckCodes, &kViewCodes,
    &kBuildCodes,        &kCliCodes,
};

} // namespace vtxc
