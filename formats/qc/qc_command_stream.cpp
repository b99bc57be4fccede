// QC command stream: splits preprocessed tokens into `$commands` and reads their arguments.
// Blocks are skipped by brace depth; the braces were checked to balance before this runs.
#include "formats/qc/qc_command_stream.h"

#include "formats/common/contained_path.h"
#include "formats/common/text.h"
#include "formats/qc/qc_codes.h"

#include <charconv>
#include <cmath>

namespace vtxc {

namespace {

struct BlockEnd {
    std::size_t end = 0; // just past the matching '}', or the end of the tokens
    bool closed = false;
};

BlockEnd findBlockEnd(QcTokenSpan tokens, std::size_t open) {
    std::size_t depth = 0;
    for (std::size_t i = open; i < tokens.size(); ++i) {
        if (tokens[i].kind == QcTokenKind::OpenBrace) ++depth;
        if (tokens[i].kind == QcTokenKind::CloseBrace && depth > 0 && --depth == 0)
            return {i + 1, true};
    }
    return {tokens.size(), false};
}

std::size_t skipToken(QcTokenSpan tokens, std::size_t at) {
    return tokens[at].kind == QcTokenKind::OpenBrace ? findBlockEnd(tokens, at).end : at + 1;
}

} // namespace

std::vector<QcCommand> splitQcCommands(QcTokenSpan tokens, DiagnosticSink& sink) {
    std::vector<QcCommand> commands;
    std::size_t i = 0;
    bool reportedStray = false;
    while (i < tokens.size()) {
        if (!tokens[i].isDollarWord()) {
            if (!reportedStray && tokens[i].kind != QcTokenKind::CloseBrace)
                sink.report(kQcCodes["QC035"], tokens[i].where(),
                            "'" + tokens[i].text +
                                "' is not part of any command; QC commands start with '$'");
            reportedStray = true;
            i = skipToken(tokens, i);
            continue;
        }
        reportedStray = false;
        std::size_t end = i + 1;
        while (end < tokens.size() && !tokens[end].isDollarWord())
            end = skipToken(tokens, end);
        commands.push_back(
            {&tokens[i], asciiLower(tokens[i].text), tokens.subspan(i + 1, end - i - 1)});
        i = end;
    }
    return commands;
}

std::optional<double> parseQcNumber(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<int> parseQcWholeNumber(std::string_view text) {
    const std::optional<double> value = parseQcNumber(text);
    if (!value || std::floor(*value) != *value || std::abs(*value) > 1e9) return std::nullopt;
    return static_cast<int>(*value);
}

std::optional<double> takeQcNumber(QcArgumentCursor& arguments, const QcToken& option,
                                   const std::string& what, DiagnosticSink& sink) {
    const QcToken* token = arguments.takeText();
    const std::optional<double> value = token ? parseQcNumber(token->text) : std::nullopt;
    if (!value)
        sink.error(token ? "QC031" : "QC030", (token ? *token : option).where(),
                   "'" + option.text + "' needs " + what +
                       (token ? ", not '" + token->text + "'" : std::string()));
    return value;
}

std::optional<int> takeQcWholeNumber(QcArgumentCursor& arguments, const QcToken& option,
                                     const std::string& what, DiagnosticSink& sink) {
    const QcToken* token = arguments.takeText();
    const std::optional<int> value = token ? parseQcWholeNumber(token->text) : std::nullopt;
    if (!value)
        sink.error(token ? "QC031" : "QC030", (token ? *token : option).where(),
                   "'" + option.text + "' needs " + what +
                       (token ? ", not '" + token->text + "'" : std::string()));
    return value;
}

const QcToken* takeQcName(QcArgumentCursor& arguments, const QcToken& option,
                          const std::string& what, DiagnosticSink& sink) {
    const QcToken* token = arguments.takeText();
    if (!token) sink.error("QC030", option.where(), "'" + option.text + "' needs " + what);
    return token;
}

bool takeQcNumbers(QcArgumentCursor& arguments, const QcToken& option, std::span<double> out,
                   const std::string& what, DiagnosticSink& sink) {
    for (double& value : out) {
        const std::optional<double> number = takeQcNumber(arguments, option, what, sink);
        if (!number) return false;
        value = *number;
    }
    return true;
}

bool QcArgumentCursor::takeKeyword(std::string_view lowerKeyword) {
    if (!nextIsText() || asciiLower(tokens_[next_].text) != lowerKeyword) return false;
    ++next_;
    return true;
}

QcTokenSpan QcArgumentCursor::takeBlock() {
    if (!nextIsBlock()) return {};
    const BlockEnd block = findBlockEnd(tokens_, next_);
    const std::size_t innerEnd = block.closed ? block.end - 1 : block.end;
    QcTokenSpan inner = tokens_.subspan(next_ + 1, innerEnd - next_ - 1);
    next_ = block.end;
    return inner;
}

void QcArgumentCursor::skipOne() {
    if (!atEnd()) next_ = skipToken(tokens_, next_);
}

// Words inside a nested block are written quoted, as studiomdl writes them: Valve's
// combine_soldier_anims.mdl has `playermodel_data {` as its QC writes it, but `"neck_pivot_up"`
// and `"bone_transforms" {` for the unquoted words one block deeper.
std::string serializeQcKeyValues(QcTokenSpan block) {
    std::string text;
    int depth = 0;
    for (const QcToken& token : block) {
        if (token.kind == QcTokenKind::OpenBrace) {
            text += "{\n";
            ++depth;
        } else if (token.kind == QcTokenKind::CloseBrace) {
            text += " }\n";
            --depth;
        } else if (token.kind == QcTokenKind::String || depth > 0) {
            text += "\"" + token.text + "\" ";
        } else {
            text += token.text + " ";
        }
    }
    return text;
}

} // namespace vtxc
