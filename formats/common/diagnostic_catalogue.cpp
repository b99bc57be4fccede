#include "formats/common/diagnostic_catalogue.h"

namespace vtxc {

const DiagnosticCode* findCode(const DiagnosticCatalogue& catalogue, std::string_view id) {
    for (const DiagnosticCode& code : catalogue.codes)
        if (code.id == id) return &code;
    return nullptr;
}

} // namespace vtxc
