// The game's surface properties (scripts/surfaceproperties*.txt): what $surfaceprop and
// $jointsurfaceprop name, and where $automass takes a material's density from. Layout and rules:
// the comments at the top of the game's surfaceproperties.txt and the Valve Developer Community
// wiki page "Material surface properties"; docs/formats.md ("Surface properties").
//
// Rules: the manifest's "file" lines are read in order, a file listed twice once. Each block
// `"name" { "key" "value" ... }` defines a surface; a later block of the same name (compared
// ignoring case) replaces the earlier one in its place. A surface starts from a copy of "default"
// or, with "base", of the surface it names, which must be defined before it (the files say
// "base" must be the first key; vtxc applies it first wherever it is written); then its own keys
// override what it inherited. A base can therefore never form a cycle: a base naming a surface
// not defined yet (itself included) is reported (KVT023) and the surface starts from "default".
#pragma once

#include "formats/common/diagnostics.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

// The density of "default" when no file defines it: the value of the game's own "default".
inline constexpr double kDefaultSurfaceDensity = 2000.0;

struct SurfaceProperty {
    std::string name; // as written
    std::string base; // as written; empty when the surface has no "base"
    // The surfaces it inherits from, nearest first ("metal" -> {"solidmetal"}); "default", which
    // every surface without a base starts from, is not listed.
    std::vector<std::string> baseChain;
    double density = kDefaultSurfaceDensity; // kg/m^3
    // Set: the material is a shell of this thickness (model units, inches), not solid; $automass
    // takes the surface area times the thickness as its volume. A thickness of 0 is none.
    std::optional<double> thickness;
    // Every key with its value, inherited ones included; keys in lower case.
    std::map<std::string, std::string> values;
    SourceLocation definedAt; // its name in the file (empty for the built-in default)
};

class SurfaceProperties {
  public:
    // Starts with the built-in "default" (density kDefaultSurfaceDensity).
    SurfaceProperties();

    // The surface of that name, ignoring ASCII case; nullptr when there is none.
    const SurfaceProperty* find(std::string_view name) const;

    struct Lookup {
        const SurfaceProperty* property = nullptr; // never null
        bool fellBack = false; // the name is not defined: "default" was returned
    };
    // The surface of that name, or "default" with `fellBack` set.
    Lookup lookup(std::string_view name) const;

    const SurfaceProperty& defaultSurface() const;
    // Every surface in definition order ("default" first when no file redefines its place).
    const std::vector<SurfaceProperty>& all() const { return surfaces_; }
    // The files read, in order.
    const std::vector<std::filesystem::path>& filesRead() const { return files_; }

    // Adds the surfaces of one file's text (see the rules above); false, with nothing added, when
    // the text is not KeyValues (KVT001-KVT006).
    bool addFile(std::string_view text, const std::filesystem::path& file, DiagnosticSink& sink);

  private:
    void define(SurfaceProperty surface);

    std::vector<SurfaceProperty> surfaces_;
    std::map<std::string, std::size_t> index_; // lower-case name -> position in surfaces_
    std::vector<std::filesystem::path> files_;
};

// Reads `gameDir`/scripts/surfaceproperties_manifest.txt and the files it lists (paths relative
// to `gameDir`, kept inside it), or, without a manifest, scripts/surfaceproperties.txt. KVT020
// (exit 2) when neither exists; nothing returned when any error was reported.
std::optional<SurfaceProperties> loadSurfaceProperties(const std::filesystem::path& gameDir,
                                                       DiagnosticSink& sink);

// Reads one surface property file (IO001/IO004 when it cannot be read).
std::optional<SurfaceProperties> loadSurfacePropertiesFile(const std::filesystem::path& file,
                                                           DiagnosticSink& sink);

// lookup(), reporting KVT026 at `where` when the name is not defined.
const SurfaceProperty& lookupSurfaceProperty(const SurfaceProperties& properties,
                                             std::string_view name, const SourceLocation& where,
                                             DiagnosticSink& sink);

} // namespace vtxc
