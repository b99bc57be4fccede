// QC preprocessor: $include, $definemacro with macro calls, and $definevariable substitution.
// Works on token streams that keep their line structure: in a file the lines it was written on, in
// a macro expansion the lines of the macro's body. Lines delimit macro definitions and macro calls
// (docs/qc.md, "How studiomdl's preprocessor reads macros").
#include "formats/qc/qc_preprocessor.h"

#include "formats/common/text.h"
#include "formats/qc/qc_codes.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

namespace vtxc {

namespace fs = std::filesystem;

namespace {

using TokenList = std::vector<QcToken>;

// Tokens with the line each was read on: for a file the line it is written on, for a macro
// expansion the line of the macro body it came from (an argument put in whole keeps the place it
// was written for diagnostics, but sits on the body's line).
struct LinedTokens {
    TokenList tokens;
    std::vector<std::uint32_t> lines;                    // one per token
    std::vector<std::uint32_t> continuationCommentLines; // files only: ascending
};

struct Macro {
    std::vector<std::string> parameters; // lower case
    LinedTokens body;                    // lines counted from 0, the first line after the name's
    SourceLocation definedAt;
};

// One level of the reading stack: a file's tokens or a macro's expansion.
struct Source {
    std::shared_ptr<const LinedTokens> text;
    std::size_t next = 0;
    bool isFile = true;
    std::string identity; // file: its resolved path; macro: its lower-case name

    bool atEnd() const { return next >= text->tokens.size(); }
    const QcToken& peek() const { return text->tokens[next]; }
    std::uint32_t nextLine() const { return text->lines[next]; }
    bool commentContinues(std::uint32_t line) const {
        return std::binary_search(text->continuationCommentLines.begin(),
                                  text->continuationCommentLines.end(), line);
    }
};

// Replaces each `$name$` whose name is a key of `values` (keys lower case).
// `text` with every `$name$` of `values` replaced; nothing when the result would pass `maxBytes`
// (variables that expand variables double at each level: 33 lines reach gigabytes).
std::optional<std::string> substitute(const std::string& text,
                                      const std::map<std::string, std::string>& values,
                                      std::size_t maxBytes) {
    if (values.empty() || text.find('$') == std::string::npos) return text;
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t close = text[i] == '$' ? text.find('$', i + 1) : std::string::npos;
        if (close != std::string::npos) {
            auto it = values.find(asciiLower(text.substr(i + 1, close - i - 1)));
            if (it != values.end()) {
                if (out.size() + it->second.size() > maxBytes) return std::nullopt;
                out += it->second;
                i = close + 1;
                continue;
            }
        }
        if (out.size() >= maxBytes) return std::nullopt;
        out += text[i++];
    }
    return out;
}

bool isIdentifier(std::string_view text) {
    if (text.empty()) return false;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (!(std::isalnum(u) || c == '_')) return false;
    }
    return true;
}

// A whole word shaped like `$name$`: a variable reference left over after substitution.
bool isUnresolvedReference(const QcToken& token) {
    const std::string& t = token.text;
    return token.isWord() && t.size() >= 3 && t.front() == '$' && t.back() == '$' &&
           isIdentifier(std::string_view(t).substr(1, t.size() - 2));
}

class Preprocessor {
  public:
    Preprocessor(const QcPathResolver& paths, FileSystem& files, DiagnosticSink& sink,
                 const QcPreprocessorLimits& limits)
        : paths_(paths), files_(files), sink_(sink), limits_(limits) {}

    QcPreprocessed run(const std::string& qcFileName) {
        RelativePath relative = paths_.qcFolder();
        for (std::string& part : splitWrittenPath(qcFileName))
            relative.push_back(std::move(part));
        const fs::path path = paths_.join(relative);
        if (!files_.isFile(path)) {
            sink_.report(kQcCodes["QC001"], {path.string(), 0, 0},
                         "cannot find this QC file; check the path");
            return std::move(out_);
        }
        if (!openFile(path, relative, {path.string(), 1, 1})) return std::move(out_);
        while (!stack_.empty() && !stopped())
            step();
        out_.truncated = overBudget_;
        return std::move(out_);
    }

  private:
    bool stopped() const { return sink_.errorLimitReached() || overBudget_; }

    // Takes the next token of the innermost source, counting it against the budget; `takenLine_`
    // is then the line it was read on.
    std::optional<QcToken> take() {
        Source& source = stack_.back();
        if (source.atEnd()) return std::nullopt;
        consumedBytes_ += source.peek().text.size();
        if (++consumed_ > limits_.maxTokens || consumedBytes_ > limits_.maxTextBytes) {
            if (!overBudget_)
                sink_.report(kQcCodes["QC025"], source.peek().where(),
                             "the QC expands to more than " + std::to_string(limits_.maxTokens) +
                                 " tokens or " + std::to_string(limits_.maxTextBytes >> 20) +
                                 " MiB of text (through includes and macros); it is too large or "
                                 "repeats itself");
            overBudget_ = true;
            return std::nullopt;
        }
        takenLine_ = source.nextLine();
        return source.text->tokens[source.next++];
    }

    // The next token if it is on `line` of the innermost source.
    std::optional<QcToken> takeOnLine(std::uint32_t line) {
        Source& source = stack_.back();
        if (source.atEnd() || source.nextLine() != line) return std::nullopt;
        return take();
    }

    void step() {
        if (stack_.back().atEnd()) {
            stack_.pop_back();
            return;
        }
        std::optional<QcToken> token = take();
        if (!token) return;
        if (!token->isDollarWord()) return emit(std::move(*token));
        const std::uint32_t line = takenLine_;
        const std::string name = asciiLower(token->text);
        if (name == "$include") return include(*token);
        if (name == "$definemacro") return defineMacro(*token, line);
        if (name == "$definevariable") return defineVariable(*token, line);
        auto macro = macros_.find(name.substr(1));
        if (macro != macros_.end()) return expand(*token, line, name.substr(1), macro->second);
        emit(std::move(*token));
    }

    // `text` with the variables substituted, its size charged to the budget like macro output;
    // QC025 (and the end of reading) when one value or the total grows past the limits.
    std::optional<std::string> substituted(const std::string& text, const QcToken& at) {
        auto out = substitute(text, variables_, limits_.maxExpandedTokenBytes);
        if (out && out->size() > text.size()) consumedBytes_ += out->size() - text.size();
        if (out && consumedBytes_ <= limits_.maxTextBytes) return out;
        if (!overBudget_)
            sink_.report(kQcCodes["QC025"], at.where(),
                         "$definevariable values expand past " +
                             std::to_string(limits_.maxExpandedTokenBytes >> 10) +
                             " KiB in one word or " + std::to_string(limits_.maxTextBytes >> 20) +
                             " MiB in all (variables that repeat other variables); shorten them");
        overBudget_ = true;
        return std::nullopt;
    }

    void emit(QcToken token) {
        auto text = substituted(token.text, token);
        if (!text) return;
        token.text = std::move(*text);
        if (isUnresolvedReference(token)) {
            sink_.report(kQcCodes["QC022"], token.where(),
                         "'" + token.text +
                             "' names no variable or macro argument; define it with "
                             "$definevariable first or check its spelling");
            return;
        }
        out_.tokens.push_back(std::move(token));
    }

    // ---- $include ----

    void include(const QcToken& directive) {
        std::optional<QcToken> target = take();
        if (!target || !target->isText()) {
            sink_.report(kQcCodes["QC030"], directive.where(),
                         "$include needs the name of the file to include");
            if (target) stack_.back().next--; // leave the brace for the caller's structure
            return;
        }
        const auto substitutedName = substituted(target->text, *target);
        if (!substitutedName) return;
        const std::string& written = *substitutedName;
        const RelativePath base = directoryOf(target->location.file);
        const ContainedPath resolved = paths_.resolve(written, base);
        const SourceLocation& where = target->where();
        switch (resolved.problem) {
        case PathProblem::Empty:
            sink_.report(kQcCodes["QC030"], where, "$include names no file");
            return;
        case PathProblem::Absolute:
            sink_.report(kQcCodes["QC013"], where,
                         "'" + written +
                             "' is an absolute path; vtxc reads only files inside the content "
                             "root, so write it relative to the including file");
            return;
        case PathProblem::LinkLeavesRoot:
            sink_.report(kQcCodes["QC014"], where,
                         "'" + written +
                             "' leads outside the content root through a symbolic link; vtxc "
                             "reads only files inside it");
            return;
        case PathProblem::None:
            if (files_.isFile(resolved.path)) {
                openFile(resolved.path, resolved.relative, where);
                return;
            }
            if (std::optional<ContainedPath> other = paths_.findIgnoringCase(resolved.relative)) {
                reportCaseMismatch(sink_, written, other->path, where);
                openFile(other->path, other->relative, where);
                return;
            }
            break;
        case PathProblem::LeavesRoot:
            break;
        }
        includeFallback(written, resolved.problem == PathProblem::LeavesRoot, base, where);
    }

    // The corpus keeps included files flat beside the QC although its QCs name other folders.
    void includeFallback(const std::string& written, bool leavesRoot, const RelativePath& base,
                         const SourceLocation& where) {
        const std::vector<std::string> parts = splitWrittenPath(written);
        const std::string why = leavesRoot ? "lies outside the content root (vtxc reads nothing "
                                             "outside it; see --content-root)"
                                           : "does not exist";
        if (!parts.empty() && parts.back() != "..") {
            for (const RelativePath& folder : {base, paths_.qcFolder()}) {
                ContainedPath candidate = paths_.resolve(parts.back(), folder);
                if (candidate.problem != PathProblem::None || !files_.isFile(candidate.path))
                    continue;
                sink_.report(kQcCodes["QC016"], where,
                             "'" + written + "' " + why + "; reading '" + candidate.path.string() +
                                 "', the file of that name " +
                                 (folder == base ? "beside the including file" : "beside the QC"));
                openFile(candidate.path, candidate.relative, where);
                return;
            }
        }
        sink_.report(kQcCodes["QC010"], where,
                     "included file '" + written + "' " + why +
                         ", and no file of that name is beside the including file or the QC; "
                         "skipped (add it if it defines meshes)");
    }

    bool openFile(const fs::path& path, const RelativePath& relative,
                  const SourceLocation& includedAt) {
        const std::string identity = files_.resolveLinks(path).generic_string();
        std::size_t fileDepth = 0;
        std::string chain;
        for (const Source& source : stack_) {
            if (!source.isFile) continue;
            ++fileDepth;
            if (source.identity == identity) {
                sink_.report(kQcCodes["QC011"], includedAt,
                             "'" + path.string() +
                                 "' is already being read (it includes itself, directly or "
                                 "through other files); remove the circular $include");
                return false;
            }
        }
        if (fileDepth >= limits_.maxIncludeDepth) {
            sink_.report(kQcCodes["QC012"], includedAt,
                         "includes are nested more than " +
                             std::to_string(limits_.maxIncludeDepth) + " deep; flatten them");
            return false;
        }
        std::shared_ptr<const LinedTokens> text = lexFile(path, relative, identity, includedAt);
        if (!text) return false;
        stack_.push_back(Source{std::move(text), 0, true, identity});
        return true;
    }

    std::shared_ptr<const LinedTokens> lexFile(const fs::path& path, const RelativePath& relative,
                                               const std::string& identity,
                                               const SourceLocation& includedAt) {
        auto cached = lexed_.find(identity);
        if (cached != lexed_.end()) return cached->second;
        if (!files_.isFile(path)) {
            // A FIFO or device would block or never end; a folder is no QC either.
            sink_.report(kQcCodes["QC001"], includedAt,
                         "'" + path.string() +
                             "' is not a regular file (a folder, FIFO or device); vtxc reads only "
                             "files");
            return nullptr;
        }
        const std::optional<std::uintmax_t> size = files_.fileSize(path);
        if (size && *size > limits_.maxFileBytes) {
            sink_.report(kQcCodes["QC006"], includedAt,
                         "'" + path.string() + "' is larger than " +
                             std::to_string(limits_.maxFileBytes >> 20) +
                             " MiB; this is not a QC file");
            return nullptr;
        }
        std::optional<std::string> text = files_.readText(path);
        if (!text) {
            sink_.report(kQcCodes["QC001"], includedAt, "cannot read '" + path.string() + "'");
            return nullptr;
        }
        const std::string name = path.string();
        RelativePath folder = relative;
        if (!folder.empty()) folder.pop_back();
        directories_[name] = folder;
        out_.filesRead.push_back(path);
        QcLexedFile lexed = lexQcFile(*text, name, sink_);
        auto lined = std::make_shared<LinedTokens>();
        lined->lines.reserve(lexed.tokens.size());
        for (const QcToken& token : lexed.tokens)
            lined->lines.push_back(token.location.line);
        lined->tokens = std::move(lexed.tokens);
        lined->continuationCommentLines = std::move(lexed.continuationCommentLines);
        std::shared_ptr<const LinedTokens> shared = std::move(lined);
        lexed_[identity] = shared;
        return shared;
    }

    RelativePath directoryOf(const std::string& fileName) const {
        auto it = directories_.find(fileName);
        return it == directories_.end() ? RelativePath{} : it->second;
    }

    // ---- $definemacro ----

    void defineMacro(const QcToken& directive, std::uint32_t line) {
        std::optional<QcToken> name = takeOnLine(line);
        if (!name || !name->isText() || isQcLineContinuation(*name)) {
            sink_.report(kQcCodes["QC020"], directive.where(),
                         "$definemacro needs a macro name on its line: $definemacro NAME "
                         "[parameters] \\\\");
            skipRestOfLine(line);
            return;
        }
        Macro macro;
        macro.definedAt = directive.where();
        bool continues = stack_.back().commentContinues(line);
        while (std::optional<QcToken> t = takeOnLine(line)) {
            if (isQcLineContinuation(*t))
                continues = true;
            else
                macro.parameters.push_back(nameOf(*t));
        }
        if (continues) readMacroBody(macro, line + 1);
        macros_[nameOf(*name)] = std::move(macro);
    }

    // Lower case, without a leading '$' (both spellings are seen for macro parameters).
    static std::string nameOf(const QcToken& token) {
        std::string name = asciiLower(token.text);
        if (!name.empty() && name.front() == '$') name.erase(0, 1);
        return name;
    }

    // The body runs over the lines after the $definemacro line while each line holds the `\\`
    // mark: as a word anywhere on it, or inside a comment on it (real QCs comment out body lines
    // and keep the body going). A line without the mark, a blank one too, is the last.
    void readMacroBody(Macro& macro, std::uint32_t line) {
        const Source& source = stack_.back();
        std::uint32_t bodyLine = 0;
        while (!source.atEnd() && !stopped()) {
            if (source.nextLine() != line) {
                // No token on this line: blank, or a comment that may hold the mark.
                if (source.nextLine() < line || !source.commentContinues(line)) return;
                ++line;
                ++bodyLine;
                continue;
            }
            bool continues = source.commentContinues(line);
            while (std::optional<QcToken> t = takeOnLine(line)) {
                if (isQcLineContinuation(*t)) {
                    continues = true;
                    continue;
                }
                macro.body.tokens.push_back(std::move(*t));
                macro.body.lines.push_back(bodyLine);
            }
            if (!continues) return;
            ++line;
            ++bodyLine;
        }
    }

    void skipRestOfLine(std::uint32_t line) {
        while (takeOnLine(line)) {
        }
    }

    // ---- macro calls ----

    // The arguments are the next words on the call's line, one per parameter; words after them are
    // read after the expansion (real QCs add sequence options that way).
    void expand(const QcToken& call, std::uint32_t line, const std::string& name,
                const Macro& macro) {
        std::vector<QcToken> arguments;
        while (arguments.size() < macro.parameters.size()) {
            std::optional<QcToken> argument = takeOnLine(line);
            if (!argument) break;
            if (!argument->isText()) {
                stack_.back().next--; // a brace belongs to the structure, not to the call
                break;
            }
            auto text = substituted(argument->text, *argument);
            if (!text) return;
            argument->text = std::move(*text);
            arguments.push_back(std::move(*argument));
        }
        if (arguments.size() < macro.parameters.size()) {
            sink_.report(kQcCodes["QC021"], call.where(),
                         "macro '" + call.text.substr(1) + "' takes " +
                             std::to_string(macro.parameters.size()) +
                             " argument(s) on its line, " + "but " +
                             std::to_string(arguments.size()) + " were given");
            return;
        }
        if (!checkMacroDepth(call, name)) return;
        auto expansion = std::make_shared<LinedTokens>();
        expansion->tokens.reserve(macro.body.tokens.size());
        expansion->lines = macro.body.lines;
        std::map<std::string, std::string> values;
        for (std::size_t i = 0; i < arguments.size(); ++i)
            values[macro.parameters[i]] = arguments[i].text;
        for (const QcToken& bodyToken : macro.body.tokens) {
            auto token = expandToken(bodyToken, call, macro, arguments, values);
            if (!token) return;
            expansion->tokens.push_back(std::move(*token));
        }
        stack_.push_back(Source{std::move(expansion), 0, false, name});
    }

    bool checkMacroDepth(const QcToken& call, const std::string& name) {
        std::size_t depth = 0;
        for (const Source& source : stack_) {
            if (source.isFile) continue;
            ++depth;
            if (source.identity == name) {
                sink_.report(kQcCodes["QC023"], call.where(),
                             "macro '" + call.text.substr(1) +
                                 "' calls itself (directly or through other macros); it would "
                                 "never end");
                return false;
            }
        }
        if (depth >= limits_.maxMacroDepth) {
            sink_.report(kQcCodes["QC023"], call.where(),
                         "macro calls are nested more than " +
                             std::to_string(limits_.maxMacroDepth) + " deep");
            return false;
        }
        return true;
    }

    // A body word that is a whole `$param$` reads as the argument's text, without its quotes:
    // studiomdl puts the text into the body's line and reads the line again, so a quoted
    // argument comes out a bare word (Valve's police_animations.mdl: `interior $InteriorAct$`
    // called with "ACT_IDLE_RIFLE_STIMULATED" holds the key value `interior
    // ACT_IDLE_RIFLE_STIMULATED`, where a quoted word would be written quoted). Text with spaces
    // stays one quoted word (studiomdl would split it into several words).
    static QcToken asReadFromBody(QcToken argument) {
        if (argument.kind == QcTokenKind::String && !argument.text.empty() &&
            argument.text.find_first_of(" \t") == std::string::npos)
            argument.kind = QcTokenKind::Word;
        return argument;
    }

    // Nothing (after QC025) when one token would grow past the per-word limit: a body word
    // repeating a long argument many times.
    std::optional<QcToken> expandToken(const QcToken& bodyToken, const QcToken& call,
                                       const Macro& macro, const std::vector<QcToken>& arguments,
                                       const std::map<std::string, std::string>& values) {
        if (isUnresolvedReference(bodyToken)) {
            const std::string parameter =
                asciiLower(bodyToken.text.substr(1, bodyToken.text.size() - 2));
            for (std::size_t i = 0; i < macro.parameters.size(); ++i)
                if (macro.parameters[i] == parameter) return asReadFromBody(arguments[i]);
        }
        QcToken out = bodyToken;
        auto text = substitute(bodyToken.text, values, limits_.maxExpandedTokenBytes);
        if (!text) {
            if (!overBudget_)
                sink_.report(kQcCodes["QC025"], call.where(),
                             "a word of this macro grows past " +
                                 std::to_string(limits_.maxExpandedTokenBytes >> 10) +
                                 " KiB with its arguments; shorten them");
            overBudget_ = true;
            return std::nullopt;
        }
        out.text = std::move(*text);
        out.expandedAt = call.where();
        return out;
    }

    // ---- $definevariable ----

    void defineVariable(const QcToken& directive, std::uint32_t line) {
        std::optional<QcToken> name = takeOnLine(line);
        std::optional<QcToken> value = name && name->isText() ? takeOnLine(line) : std::nullopt;
        if (!name || !value || !name->isText() || !value->isText()) {
            sink_.report(kQcCodes["QC024"], directive.where(),
                         "$definevariable needs a name and a value on its line: "
                         "$definevariable NAME VALUE");
            if (name && !name->isText()) stack_.back().next--;
            if (value && !value->isText()) stack_.back().next--;
            return;
        }
        auto text = substituted(value->text, *value);
        if (!text) return;
        variables_[asciiLower(name->text)] = std::move(*text);
    }

    const QcPathResolver& paths_;
    FileSystem& files_;
    DiagnosticSink& sink_;
    const QcPreprocessorLimits& limits_;
    QcPreprocessed out_;
    std::vector<Source> stack_;
    std::map<std::string, Macro> macros_;
    std::map<std::string, std::string> variables_;
    std::map<std::string, RelativePath> directories_;                 // file name -> its folder
    std::map<std::string, std::shared_ptr<const LinedTokens>> lexed_; // resolved path -> tokens
    std::uint32_t takenLine_ = 0; // the line of the token take() returned last
    std::size_t consumed_ = 0;
    std::size_t consumedBytes_ = 0;
    bool overBudget_ = false;
};

} // namespace

void reportCaseMismatch(DiagnosticSink& sink, const std::string& written, const fs::path& found,
                        const SourceLocation& where) {
    sink.report(kQcCodes["QC017"], where,
                "'" + written + "' names no file, but '" + found.string() +
                    "' differs from it only in letter case; reading that one (fix the spelling: "
                    "most file systems tell the cases apart)");
}

QcPreprocessed preprocessQc(const QcPathResolver& paths, const std::string& qcFileName,
                            FileSystem& files, DiagnosticSink& sink,
                            const QcPreprocessorLimits& limits) {
    return Preprocessor(paths, files, sink, limits).run(qcFileName);
}

} // namespace vtxc
