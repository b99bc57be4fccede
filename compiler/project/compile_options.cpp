// Options of a compile: variant names and the hardware parameters each .vtx variant is built for.
// Parameters follow the header values Valve's files carry (docs/formats.md, ".vtx" table).
#include "compiler/project/compile_options.h"

namespace vtxc {

const char* variantName(VtxVariant variant) {
    switch (variant) {
    case VtxVariant::Dx90:
        return "dx90";
    case VtxVariant::Dx80:
        return "dx80";
    case VtxVariant::Sw:
        return "sw";
    }
    return "dx90";
}

std::optional<VtxVariant> parseVariantName(const std::string& name) {
    for (VtxVariant v : {VtxVariant::Dx90, VtxVariant::Dx80, VtxVariant::Sw})
        if (name == variantName(v)) return v;
    return std::nullopt;
}

HardwareParameters CompileOptions::parametersFor(VtxVariant variant) const {
    HardwareParameters p;
    switch (variant) {
    case VtxVariant::Dx90:
        p.vertCacheSize = vertCacheSize;
        p.maxBonesPerStrip = bonesPerStrip;
        break;
    case VtxVariant::Dx80:
        p.vertCacheSize = vertCacheSize;
        p.maxBonesPerStrip = dx80BonesPerStrip;
        break;
    case VtxVariant::Sw:
        p.vertCacheSize = swVertCacheSize;
        p.maxBonesPerStrip = swBonesPerStrip;
        p.hardwareSkinned = false;
        break;
    }
    return p;
}

} // namespace vtxc
