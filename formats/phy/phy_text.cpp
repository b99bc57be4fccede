// The .phy text section (vcollide_parse.h; docs/formats.md, ".phy"): Valve prints each block as
// `name {`, one `"key" "value"` line per pair and `}`, every line ended by "\n", numbers with
// "%f", and a NUL after the last block. The parser turns blocks in exactly that form into typed
// blocks and keeps everything else as it is, so that formatting its result gives the same bytes.
#include "formats/phy/phy.h"

#include <charconv>
#include <cstdint>
#include <cstdio>

namespace vtxc {

namespace {

constexpr std::string_view kTypedNames[] = {"solid", "ragdollconstraint", "collisionrules",
                                            "animatedfriction", "editparams"};

std::optional<PhyBlockKind> kindOf(std::string_view name) {
    for (std::size_t k = 0; k < std::size(kTypedNames); ++k)
        if (kTypedNames[k] == name) return static_cast<PhyBlockKind>(k);
    return std::nullopt;
}

std::string_view nameOf(PhyBlockKind kind) {
    return kind == PhyBlockKind::Other ? std::string_view() : kTypedNames[static_cast<int>(kind)];
}

bool isNameChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// Reads `"text"` at `p` (no quote or newline inside); advances past the closing quote.
std::optional<std::string_view> quoted(std::string_view s, std::size_t& p) {
    if (p >= s.size() || s[p] != '"') return std::nullopt;
    const std::size_t start = p + 1;
    std::size_t q = start;
    while (q < s.size() && s[q] != '"' && s[q] != '\n')
        ++q;
    if (q >= s.size() || s[q] != '"') return std::nullopt;
    p = q + 1;
    return s.substr(start, q - start);
}

bool literal(std::string_view s, std::size_t& p, std::string_view text) {
    if (s.substr(p, text.size()) != text) return false;
    p += text.size();
    return true;
}

// A block in Valve's exact form at `p`: its name, pairs and end.
struct CanonicalBlock {
    std::string_view name;
    std::vector<PhyKeyValue> pairs;
    std::size_t end = 0;
};

std::optional<CanonicalBlock> canonicalBlock(std::string_view s, std::size_t p) {
    CanonicalBlock block;
    const std::size_t start = p;
    while (p < s.size() && isNameChar(s[p]))
        ++p;
    if (p == start) return std::nullopt;
    block.name = s.substr(start, p - start);
    if (!literal(s, p, " {\n")) return std::nullopt;
    while (p < s.size() && s[p] == '"') {
        const auto key = quoted(s, p);
        if (!key || !literal(s, p, " ")) return std::nullopt;
        const auto value = quoted(s, p);
        if (!value || !literal(s, p, "\n")) return std::nullopt;
        block.pairs.push_back({std::string(*key), std::string(*value)});
    }
    if (!literal(s, p, "}\n")) return std::nullopt;
    block.end = p;
    return block;
}

// Any other block at `p`: optional whitespace, a name, '{', text with balanced braces (braces in
// quotes do not count), '}', then blanks up to and with one newline. Returns its end.
std::optional<std::size_t> looseBlock(std::string_view s, std::size_t p) {
    while (p < s.size() && isSpace(s[p]))
        ++p;
    const std::size_t nameStart = p;
    while (p < s.size() && !isSpace(s[p]) && s[p] != '{' && s[p] != '}' && s[p] != '"' &&
           s[p] != '\0')
        ++p;
    if (p == nameStart) return std::nullopt;
    while (p < s.size() && isSpace(s[p]))
        ++p;
    if (p >= s.size() || s[p] != '{') return std::nullopt;
    std::size_t depth = 0;
    bool inQuote = false;
    for (; p < s.size(); ++p) {
        const char c = s[p];
        if (c == '\0') return std::nullopt;
        if (c == '"') inQuote = !inQuote;
        if (inQuote) continue;
        if (c == '{') ++depth;
        if (c == '}' && --depth == 0) break;
    }
    if (p >= s.size()) return std::nullopt;
    ++p;
    while (p < s.size() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\r'))
        ++p;
    if (p < s.size() && s[p] == '\n') ++p;
    return p;
}

template <class T> std::optional<T> parseWhole(std::string_view text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
    return value;
}

std::string formatInt(std::int64_t value) {
    return std::to_string(value);
}

PhyTextBlock typedBlock(PhyBlockKind kind) {
    PhyTextBlock block;
    block.kind = kind;
    block.name = std::string(nameOf(kind));
    return block;
}

float numberOr(const PhyTextBlock& block, std::string_view key, float fallback) {
    const auto value = block.number(key);
    return value ? static_cast<float>(*value) : fallback;
}

} // namespace

const std::string* PhyTextBlock::find(std::string_view key) const {
    for (const PhyKeyValue& pair : pairs)
        if (pair.key == key) return &pair.value;
    return nullptr;
}

std::vector<std::string> PhyTextBlock::all(std::string_view key) const {
    std::vector<std::string> values;
    for (const PhyKeyValue& pair : pairs)
        if (pair.key == key) values.push_back(pair.value);
    return values;
}

std::optional<double> PhyTextBlock::number(std::string_view key) const {
    const std::string* value = find(key);
    return value ? parseWhole<double>(*value) : std::nullopt;
}

std::optional<std::int64_t> PhyTextBlock::integer(std::string_view key) const {
    const std::string* value = find(key);
    return value ? parseWhole<std::int64_t>(*value) : std::nullopt;
}

std::vector<const PhyTextBlock*> PhyText::blocksOf(PhyBlockKind kind) const {
    std::vector<const PhyTextBlock*> found;
    for (const PhyTextBlock& block : blocks)
        if (block.kind == kind) found.push_back(&block);
    return found;
}

std::string formatPhyFloat(float value) {
    char buffer[80];
    const int n = std::snprintf(buffer, sizeof buffer, "%f", static_cast<double>(value));
    return std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
}

std::string formatPhyText(const PhyText& text) {
    std::string out;
    for (const PhyTextBlock& block : text.blocks) {
        if (block.kind == PhyBlockKind::Other) {
            out += block.verbatim;
            continue;
        }
        out += block.name;
        out += " {\n";
        for (const PhyKeyValue& pair : block.pairs)
            out += "\"" + pair.key + "\" \"" + pair.value + "\"\n";
        out += "}\n";
    }
    out += text.trailing;
    if (text.nulTerminated) out += '\0';
    return out;
}

PhyText parsePhyText(std::string_view bytes) {
    PhyText text;
    text.nulTerminated = !bytes.empty() && bytes.back() == '\0';
    const std::string_view body = text.nulTerminated ? bytes.substr(0, bytes.size() - 1) : bytes;
    std::size_t p = 0;
    while (p < body.size()) {
        if (auto block = canonicalBlock(body, p)) {
            if (const auto kind = kindOf(block->name)) {
                PhyTextBlock typed = typedBlock(*kind);
                typed.pairs = std::move(block->pairs);
                text.blocks.push_back(std::move(typed));
            } else {
                text.blocks.push_back(
                    makeVerbatimBlock(std::string(body.substr(p, block->end - p))));
            }
            p = block->end;
            continue;
        }
        const auto end = looseBlock(body, p);
        if (!end) break;
        text.blocks.push_back(makeVerbatimBlock(std::string(body.substr(p, *end - p))));
        p = *end;
    }
    text.trailing = std::string(body.substr(p));
    return text;
}

PhyTextBlock makeVerbatimBlock(std::string verbatim) {
    PhyTextBlock block;
    block.kind = PhyBlockKind::Other;
    std::size_t p = 0;
    while (p < verbatim.size() && isSpace(verbatim[p]))
        ++p;
    std::size_t q = p;
    while (q < verbatim.size() && !isSpace(verbatim[q]) && verbatim[q] != '{')
        ++q;
    block.name = verbatim.substr(p, q - p);
    block.verbatim = std::move(verbatim);
    return block;
}

PhyTextBlock makeSolidBlock(const PhySolidParams& params) {
    PhyTextBlock block = typedBlock(PhyBlockKind::Solid);
    block.add("index", formatInt(params.index));
    block.add("name", params.name);
    if (params.parent) block.add("parent", *params.parent);
    block.add("mass", formatPhyFloat(params.mass));
    block.add("surfaceprop", params.surfaceprop);
    block.add("damping", formatPhyFloat(params.damping));
    block.add("rotdamping", formatPhyFloat(params.rotdamping));
    block.add("inertia", formatPhyFloat(params.inertia));
    block.add("volume", formatPhyFloat(params.volume));
    return block;
}

PhyTextBlock makeRagdollConstraintBlock(const PhyRagdollConstraintParams& params) {
    PhyTextBlock block = typedBlock(PhyBlockKind::RagdollConstraint);
    block.add("parent", formatInt(params.parent));
    block.add("child", formatInt(params.child));
    constexpr const char* kAxes[] = {"x", "y", "z"};
    for (std::size_t a = 0; a < 3; ++a) {
        block.add(std::string(kAxes[a]) + "min", formatPhyFloat(params.min[a]));
        block.add(std::string(kAxes[a]) + "max", formatPhyFloat(params.max[a]));
        block.add(std::string(kAxes[a]) + "friction", formatPhyFloat(params.friction[a]));
    }
    return block;
}

PhyTextBlock makeAnimatedFrictionBlock(const PhyAnimatedFrictionParams& params) {
    PhyTextBlock block = typedBlock(PhyBlockKind::AnimatedFriction);
    block.add("animfrictionmin", formatPhyFloat(params.animfrictionmin));
    block.add("animfrictionmax", formatPhyFloat(params.animfrictionmax));
    block.add("animfrictiontimein", formatPhyFloat(params.animfrictiontimein));
    block.add("animfrictiontimeout", formatPhyFloat(params.animfrictiontimeout));
    block.add("animfrictiontimehold", formatPhyFloat(params.animfrictiontimehold));
    return block;
}

PhyTextBlock makeEditParamsBlock(const PhyEditParams& params) {
    PhyTextBlock block = typedBlock(PhyBlockKind::EditParams);
    block.add("rootname", params.rootname);
    block.add("totalmass", formatPhyFloat(params.totalmass));
    if (params.concave) block.add("concave", "1");
    for (const auto& [into, merged] : params.jointmerges)
        block.add("jointmerge", into + "," + merged);
    return block;
}

PhyTextBlock makeCollisionRulesBlock(const PhyCollisionRulesParams& params) {
    PhyTextBlock block = typedBlock(PhyBlockKind::CollisionRules);
    if (!params.selfCollisions) block.add("selfcollisions", "0");
    for (const auto& [a, b] : params.collisionPairs)
        block.add("collisionpair", formatInt(a) + "," + formatInt(b));
    return block;
}

std::optional<PhySolidParams> solidParams(const PhyTextBlock& block) {
    if (block.kind != PhyBlockKind::Solid) return std::nullopt;
    const auto index = block.integer("index");
    const std::string* name = block.find("name");
    if (!index || !name || *index < INT32_MIN || *index > INT32_MAX) return std::nullopt;
    PhySolidParams params;
    params.index = static_cast<std::int32_t>(*index);
    params.name = *name;
    if (const std::string* parent = block.find("parent")) params.parent = *parent;
    params.mass = numberOr(block, "mass", params.mass);
    if (const std::string* prop = block.find("surfaceprop")) params.surfaceprop = *prop;
    params.damping = numberOr(block, "damping", params.damping);
    params.rotdamping = numberOr(block, "rotdamping", params.rotdamping);
    params.inertia = numberOr(block, "inertia", params.inertia);
    params.volume = numberOr(block, "volume", params.volume);
    return params;
}

std::optional<PhyRagdollConstraintParams> ragdollConstraintParams(const PhyTextBlock& block) {
    if (block.kind != PhyBlockKind::RagdollConstraint) return std::nullopt;
    const auto parent = block.integer("parent");
    const auto child = block.integer("child");
    if (!parent || !child || *parent < INT32_MIN || *parent > INT32_MAX || *child < INT32_MIN ||
        *child > INT32_MAX)
        return std::nullopt;
    PhyRagdollConstraintParams params;
    params.parent = static_cast<std::int32_t>(*parent);
    params.child = static_cast<std::int32_t>(*child);
    constexpr const char* kAxes[] = {"x", "y", "z"};
    for (std::size_t a = 0; a < 3; ++a) {
        params.min[a] = numberOr(block, std::string(kAxes[a]) + "min", 0.0f);
        params.max[a] = numberOr(block, std::string(kAxes[a]) + "max", 0.0f);
        params.friction[a] = numberOr(block, std::string(kAxes[a]) + "friction", 0.0f);
    }
    return params;
}

std::optional<PhyEditParams> editParams(const PhyTextBlock& block) {
    if (block.kind != PhyBlockKind::EditParams) return std::nullopt;
    PhyEditParams params;
    if (const std::string* root = block.find("rootname")) params.rootname = *root;
    params.totalmass = numberOr(block, "totalmass", 0.0f);
    params.concave = block.integer("concave").value_or(0) != 0;
    for (const std::string& merge : block.all("jointmerge")) {
        const std::size_t comma = merge.find(',');
        if (comma == std::string::npos) continue;
        params.jointmerges.emplace_back(merge.substr(0, comma), merge.substr(comma + 1));
    }
    return params;
}

Vec3 phyToSourceUnits(const Vec3& physics) {
    const auto scale = [](float v) { return static_cast<float>(v * kPhyInchesPerMetre); };
    return {scale(physics.x), scale(physics.z), scale(-physics.y)};
}

Vec3 sourceUnitsToPhy(const Vec3& source) {
    const auto scale = [](float v) { return static_cast<float>(v / kPhyInchesPerMetre); };
    return {scale(source.x), scale(-source.z), scale(source.y)};
}

} // namespace vtxc
