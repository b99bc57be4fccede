// QC command stream: splits preprocessed tokens into `$commands` and reads their arguments.
// A command runs from its `$word` to the next `$word` outside any `{ }` block (docs/qc.md).
#pragma once

#include "formats/common/diagnostics.h"
#include "formats/qc/qc_lexer.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vtxc {

using QcTokenSpan = std::span<const QcToken>;

struct QcCommand {
    const QcToken* head = nullptr;
    std::string name; // lower case, with its '$'
    QcTokenSpan arguments;
};

// Text before the first command is reported once per run of it (QC035). Expects balanced braces.
std::vector<QcCommand> splitQcCommands(QcTokenSpan tokens, DiagnosticSink& sink);

// A finite decimal number ("1", "-2.5", "1e3", "+4"); nothing for anything else.
std::optional<double> parseQcNumber(std::string_view text);

// Reads a command's arguments (or a block's contents) front to back.
class QcArgumentCursor {
  public:
    explicit QcArgumentCursor(QcTokenSpan tokens) : tokens_(tokens) {}

    bool atEnd() const { return next_ >= tokens_.size(); }
    const QcToken* peek() const { return atEnd() ? nullptr : &tokens_[next_]; }
    bool nextIsBlock() const { return !atEnd() && tokens_[next_].kind == QcTokenKind::OpenBrace; }
    bool nextIsText() const { return !atEnd() && tokens_[next_].isText(); }

    const QcToken* take() { return atEnd() ? nullptr : &tokens_[next_++]; }
    // The next token when it is a word or string; nothing (and no move) otherwise.
    const QcToken* takeText() { return nextIsText() ? &tokens_[next_++] : nullptr; }
    // Moves past the next token when it is this word, compared ignoring case.
    bool takeKeyword(std::string_view lowerKeyword);
    // The tokens inside the block that opens next; moves past its '}'.
    QcTokenSpan takeBlock();
    // Moves past the next token, or past the whole block when one opens next.
    void skipOne();

  private:
    QcTokenSpan tokens_;
    std::size_t next_ = 0;
};

// Argument readers that report what is missing or wrong (QC030 missing, QC031 not a number) at
// the option's or the offending token's place. `option` is the word the arguments belong to.
std::optional<double> takeQcNumber(QcArgumentCursor& arguments, const QcToken& option,
                                   const std::string& what, DiagnosticSink& sink);
std::optional<int> takeQcWholeNumber(QcArgumentCursor& arguments, const QcToken& option,
                                     const std::string& what, DiagnosticSink& sink);
const QcToken* takeQcName(QcArgumentCursor& arguments, const QcToken& option,
                          const std::string& what, DiagnosticSink& sink);
bool takeQcNumbers(QcArgumentCursor& arguments, const QcToken& option, std::span<double> out,
                   const std::string& what, DiagnosticSink& sink);
// A whole number written as text ("3", "-1"), nothing for anything else.
std::optional<int> parseQcWholeNumber(std::string_view text);

// The text a `$keyvalues` block (or a sequence's `keyvalues` block) becomes in the .mdl (without
// the "mdlkeyvalue" wrapper): each token followed by one space, quoted tokens with their quotes,
// `{` written as "{\n" and `}` as " }\n" (the form studiomdl writes).
std::string serializeQcKeyValues(QcTokenSpan block);

inline constexpr const char* kQcMissingArgument = "QC030";
inline constexpr const char* kQcStrayText = "QC035";

} // namespace vtxc
