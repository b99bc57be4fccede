// `vtxc inspect FILE.phy`: the collision file's contents and its structural check. Reader errors
// (PHY001-PHY008) and check findings (PHY101-PHY105) go to the sink, so a damaged file exits 3.
#include "cli/inspect/inspect.h"
#include "cli/inspect/phy_view.h"
#include "formats/phy/phy_check.h"
#include "tools/model_physics_check.h"

#include <cstdio>

namespace vtxc::cli {

void inspectPhyFile(const std::filesystem::path& file, bool json, DiagnosticSink& sink) {
    const std::optional<PhyFile> phy = loadPhyFile(file, sink);
    if (!phy) return;
    const std::string name = file.string();
    const std::vector<Diagnostic> findings = checkPhy(*phy, name);
    for (const Diagnostic& finding : findings)
        sink.report(finding);
    const std::string text =
        json ? phyJson(*phy, findings)
                       .dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
                   "\n"
             : phyTree(*phy, name, findings);
    std::fputs(text.c_str(), stdout);
}

} // namespace vtxc::cli
