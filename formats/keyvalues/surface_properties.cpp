// Surface properties of the game (scripts/surfaceproperties*.txt). The inheritance rules are the
// ones the game's surfaceproperties.txt states in its header comments and its manifest's comments
// (surface_properties.h); densities are kg/m^3 ("water is 1000").
#include "formats/keyvalues/surface_properties.h"

#include "formats/common/contained_path.h"
#include "formats/common/file_io.h"
#include "formats/common/file_system.h"
#include "formats/common/text.h"
#include "formats/common/text_safety.h"
#include "formats/keyvalues/keyvalues_codes.h"
#include "formats/keyvalues/keyvalues_reader.h"

#include <charconv>
#include <cmath>
#include <set>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

// A name in quotes for a message, unprintable bytes escaped.
std::string inQuotes(std::string_view text) {
    std::string out(1, '\'');
    out += printableText(text);
    out += '\'';
    return out;
}

// A finite number of 0 or more written in full ("2700", "0.5"), nothing for anything else.
std::optional<double> parseNonNegative(std::string_view text) {
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
        value < 0.0)
        return std::nullopt;
    return value;
}

SurfaceProperty builtInDefault() {
    SurfaceProperty surface;
    surface.name = "default";
    surface.values["density"] = "2000";
    return surface;
}

} // namespace

SurfaceProperties::SurfaceProperties() {
    define(builtInDefault());
}

const SurfaceProperty* SurfaceProperties::find(std::string_view name) const {
    const auto it = index_.find(asciiLower(name));
    return it == index_.end() ? nullptr : &surfaces_[it->second];
}

const SurfaceProperty& SurfaceProperties::defaultSurface() const {
    return *find("default");
}

SurfaceProperties::Lookup SurfaceProperties::lookup(std::string_view name) const {
    if (const SurfaceProperty* found = find(name)) return {found, false};
    return {&defaultSurface(), true};
}

void SurfaceProperties::define(SurfaceProperty surface) {
    const std::string key = asciiLower(surface.name);
    const auto it = index_.find(key);
    if (it != index_.end()) {
        surfaces_[it->second] = std::move(surface);
        return;
    }
    index_.emplace(key, surfaces_.size());
    surfaces_.push_back(std::move(surface));
}

bool SurfaceProperties::addFile(std::string_view text, const fs::path& file, DiagnosticSink& sink) {
    const std::optional<KeyValuesDocument> document = parseKeyValues(text, file.string(), sink);
    if (!document) return false;
    files_.push_back(file);
    for (const KeyValuesEntry& entry : document->entries) {
        if (!entry.isBlock) {
            sink.report(kKeyValuesCodes["KVT025"], entry.keyAt,
                        inQuotes(entry.key) + " is a value outside any surface block; ignored");
            continue;
        }
        SurfaceProperty surface;
        surface.name = entry.key;
        surface.definedAt = entry.keyAt;
        // The starting point: "default", or the base as it is defined at this point.
        const SurfaceProperty* start = &defaultSurface();
        const KeyValuesEntry* base = entry.find("base");
        if (base && !base->isBlock) {
            surface.base = base->value;
            if (const SurfaceProperty* found = find(base->value)) {
                start = found;
                surface.baseChain.push_back(found->name);
                surface.baseChain.insert(surface.baseChain.end(), found->baseChain.begin(),
                                         found->baseChain.end());
            } else {
                sink.report(kKeyValuesCodes["KVT023"], base->valueAt,
                            "surface " + inQuotes(entry.key) + " names base " +
                                inQuotes(base->value) +
                                ", which is not defined before it; it starts from \"default\"");
            }
        }
        surface.values = start->values;
        surface.density = start->density;
        surface.thickness = start->thickness;
        for (const KeyValuesEntry& field : entry.children) {
            if (field.isBlock) {
                sink.report(kKeyValuesCodes["KVT025"], field.keyAt,
                            "the block " + inQuotes(field.key) + " inside surface " +
                                inQuotes(entry.key) + " is not a surface property; ignored");
                continue;
            }
            const std::string key = asciiLower(field.key);
            if (key == "base") continue;
            surface.values[key] = field.value;
            if (key != "density" && key != "thickness") continue;
            const std::optional<double> number = parseNonNegative(field.value);
            if (!number) {
                sink.report(kKeyValuesCodes["KVT024"], field.valueAt,
                            "the " + key + " of surface " + inQuotes(entry.key) + " is " +
                                inQuotes(field.value) +
                                ", not a number of 0 or more; the inherited value is kept");
                const auto inherited = start->values.find(key);
                if (inherited != start->values.end())
                    surface.values[key] = inherited->second;
                else
                    surface.values.erase(key);
                continue;
            }
            if (key == "density")
                surface.density = *number;
            else
                surface.thickness = *number > 0.0 ? std::optional<double>(*number) : std::nullopt;
        }
        define(std::move(surface));
    }
    return true;
}

std::optional<SurfaceProperties> loadSurfacePropertiesFile(const fs::path& file,
                                                           DiagnosticSink& sink) {
    const auto bytes = readWholeFile(file, sink, kMaxKeyValuesBytes);
    if (!bytes) return std::nullopt;
    SurfaceProperties properties;
    const std::size_t errorsBefore = sink.errorCount();
    if (!properties.addFile(std::string_view(bytes->data(), bytes->size()), file, sink) ||
        sink.errorCount() > errorsBefore)
        return std::nullopt;
    return properties;
}

std::optional<SurfaceProperties> loadSurfaceProperties(const fs::path& gameDir,
                                                       DiagnosticSink& sink) {
    RealFileSystem files;
    const fs::path manifest = gameDir / "scripts" / "surfaceproperties_manifest.txt";
    if (!files.isFile(manifest)) {
        const fs::path single = gameDir / "scripts" / "surfaceproperties.txt";
        if (files.isFile(single)) return loadSurfacePropertiesFile(single, sink);
        sink.report(kKeyValuesCodes["KVT020"], {gameDir.string()},
                    "no scripts/surfaceproperties_manifest.txt or scripts/surfaceproperties.txt "
                    "in this folder; name the game folder that holds scripts/");
        return std::nullopt;
    }
    const std::size_t errorsBefore = sink.errorCount();
    const std::optional<KeyValuesDocument> document = readKeyValuesFile(manifest, sink);
    if (!document) return std::nullopt;
    const ContainedPathResolver paths(gameDir, files);
    SurfaceProperties properties;
    std::set<std::string> listed;
    for (const KeyValuesEntry& block : document->entries) {
        if (!block.isBlock) {
            sink.report(kKeyValuesCodes["KVT025"], block.keyAt,
                        inQuotes(block.key) +
                            " is not the manifest's block of \"file\" lines; ignored");
            continue;
        }
        for (const KeyValuesEntry& line : block.children) {
            if (line.isBlock || !equalsIgnoringAsciiCase(line.key, "file")) {
                sink.report(kKeyValuesCodes["KVT025"], line.keyAt,
                            inQuotes(line.key) +
                                " is not a \"file\" line of the manifest; ignored");
                continue;
            }
            // The game reads each file (compared by name) once, as the manifest's comment says.
            const ContainedPath resolved = paths.resolve(line.value);
            std::string name = resolved.problem == PathProblem::None ? "" : "?" + line.value;
            for (const std::string& part : resolved.relative)
                name += asciiLower(part) + "/";
            if (!listed.insert(name).second) {
                sink.report(kKeyValuesCodes["KVT022"], line.valueAt,
                            inQuotes(line.value) +
                                " is listed before in the manifest; it is read once");
                continue;
            }
            if (resolved.problem != PathProblem::None || !files.isFile(resolved.path)) {
                sink.report(kKeyValuesCodes["KVT021"], line.valueAt,
                            inQuotes(line.value) +
                                (resolved.problem != PathProblem::None
                                     ? " does not name a file inside the game folder; skipped"
                                     : " is not in the game folder; skipped"));
                continue;
            }
            const auto bytes = readWholeFile(resolved.path, sink, kMaxKeyValuesBytes);
            if (!bytes || !properties.addFile(std::string_view(bytes->data(), bytes->size()),
                                              resolved.path, sink))
                return std::nullopt;
        }
    }
    if (sink.errorCount() > errorsBefore) return std::nullopt;
    return properties;
}

const SurfaceProperty& lookupSurfaceProperty(const SurfaceProperties& properties,
                                             std::string_view name, const SourceLocation& where,
                                             DiagnosticSink& sink) {
    const SurfaceProperties::Lookup found = properties.lookup(name);
    if (found.fellBack)
        sink.report(kKeyValuesCodes["KVT026"], where,
                    "surface property " + inQuotes(name) +
                        " is not defined by the game's scripts/surfaceproperties*.txt; "
                        "\"default\" is used (density " +
                        std::to_string(found.property->density) + " kg/m^3)");
    return *found.property;
}

} // namespace vtxc
