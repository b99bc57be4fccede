// Command-line arguments naming a model's sources, and integer lists/ranges such as "12:32".
// Shared by compile, tune and bench so that they accept the same spelling.
#include "cli/model_arguments.h"

#include "cli/cli_codes.h"
#include "compiler/compile.h"
#include "compiler/project/qc_import.h"
#include "formats/common/text.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace vtxc::cli {

namespace {
bool parseLodArgument(const std::string& text, LodArgument& out) {
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) return false;
    const char* begin = text.data();
    auto [end, ec] = std::from_chars(begin, begin + eq, out.switchPoint);
    if (ec != std::errc() || end != begin + eq || !(out.switchPoint > 0)) return false;
    out.smd = text.substr(eq + 1);
    return true;
}

std::optional<int> parseInteger(const std::string& text) {
    int value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}
} // namespace

void addModelArguments(CLI::App* command, ModelArguments& arguments) {
    command->add_option("INPUT", arguments.input, "reference mesh (.smd) or QC project (.qc)")
        ->required();
    command->add_option("--lod", arguments.lods,
                        "a further LOD: SWITCH=LOD.smd (repeatable, in order)");
    command->add_option("--shadow-lod", arguments.shadowLod,
                        "a shadow LOD SMD (last LOD, switch point -1)");
    command->add_flag("--static-prop", arguments.staticProp,
                      "compile as $staticprop: one bone, turned 90 degrees about Z");
    command->add_option("--content-root", arguments.contentRoot,
                        "QC input: the folder QC paths may not leave (default: the QC's folder); "
                        "files a QC names may climb out of the QC's folder with '..' up to it");
}

void addEffortOption(CLI::App* command, CacheOrderEffort& effort) {
    const std::map<std::string, CacheOrderEffort> names{{"fast", CacheOrderEffort::Fast},
                                                        {"thorough", CacheOrderEffort::Thorough}};
    command
        ->add_option("--effort", effort,
                     "vertex-cache order search: fast, or thorough (several times slower, for "
                     "the last fraction of a percent of cache misses)")
        ->transform(CLI::CheckedTransformer(names, CLI::ignore_case));
}

bool isQcInput(const ModelArguments& arguments) {
    return lowerExtension(arguments.input) == ".qc";
}

std::optional<ModelProject> projectFromArguments(const ModelArguments& arguments,
                                                 DiagnosticSink& sink) {
    if (isQcInput(arguments)) {
        std::optional<std::filesystem::path> root;
        if (!arguments.contentRoot.empty()) root = arguments.contentRoot;
        if (!arguments.lods.empty() || !arguments.shadowLod.empty() || arguments.staticProp) {
            sink.report(
                kCliCodes["CLI013"], {arguments.input},
                "--lod, --shadow-lod and --static-prop are for SMD input; a QC sets these with "
                "$lod, $shadowlod and $staticprop");
            return std::nullopt;
        }
        return readQcModelProject(arguments.input, sink, root);
    }
    std::vector<LodArgument> lods;
    for (const std::string& text : arguments.lods) {
        LodArgument lod;
        if (!parseLodArgument(text, lod)) {
            sink.report(
                kCliCodes["CLI011"], {"--lod " + text},
                "expected SWITCH=FILE.smd with a switch point above 0, e.g. --lod 10=lod1.smd");
            return std::nullopt;
        }
        lods.push_back(lod);
    }
    if (!arguments.contentRoot.empty()) {
        sink.error("CLI013", {arguments.input},
                   "--content-root is for QC input; an SMD names no other files", ExitCode::Usage);
        return std::nullopt;
    }
    std::optional<std::filesystem::path> shadow;
    if (!arguments.shadowLod.empty()) shadow = arguments.shadowLod;
    ModelProject project = projectFromSmds(arguments.input, lods, shadow);
    project.staticProp = arguments.staticProp;
    return project;
}

std::optional<std::vector<int>> parseIntegerList(const std::string& text, int minimum,
                                                 int maximum) {
    std::vector<int> out;
    auto inRange = [&](int v) { return v >= minimum && v <= maximum; };
    if (text.find(':') != std::string::npos) {
        std::vector<int> parts;
        std::size_t start = 0;
        while (start <= text.size()) {
            const std::size_t colon = std::min(text.find(':', start), text.size());
            auto v = parseInteger(text.substr(start, colon - start));
            if (!v) return std::nullopt;
            parts.push_back(*v);
            start = colon + 1;
        }
        if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
        const int step = parts.size() == 3 ? parts[2] : 1;
        if (step <= 0 || parts[0] > parts[1] || !inRange(parts[0]) || !inRange(parts[1]))
            return std::nullopt;
        for (int v = parts[0]; v <= parts[1]; v += step)
            out.push_back(v);
        return out;
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        auto v = parseInteger(text.substr(start, comma - start));
        if (!v || !inRange(*v)) return std::nullopt;
        if (std::find(out.begin(), out.end(), *v) == out.end()) out.push_back(*v);
        start = comma + 1;
    }
    return out;
}

} // namespace vtxc::cli
