// QC preprocessor: $include, $definemacro with macro calls, and $definevariable substitution.
// Works on token streams; line structure (from token positions) delimits macro definitions.
#include "formats/qc/qc_preprocessor.h"

#include "formats/common/text.h"
#include "formats/qc/qc_codes.h"

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

struct Macro {
    std::vector<std::string> parameters; // lower case
    TokenList body;
    SourceLocation definedAt;
};

// One level of the reading stack: a file's tokens or a macro's expansion.
struct Source {
    std::shared_ptr<const TokenList> tokens;
    std::size_t next = 0;
    bool isFile = true;
    std::string identity; // file: its resolved path; macro: its lower-case name

    bool atEnd() const { return next >= tokens->size(); }
    const QcToken& peek() const { return (*tokens)[next]; }
};

bool sameLine(const QcToken& a, const QcToken& b) {
    return a.location.line == b.location.line && a.location.file == b.location.file;
}

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

    // Takes the next token of the innermost source, counting it against the budget.
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
        return (*source.tokens)[source.next++];
    }

    // The next token if it is on the same line as `anchor`, in the same source.
    std::optional<QcToken> takeOnLine(const QcToken& anchor) {
        Source& source = stack_.back();
        if (source.atEnd() || !sameLine(source.peek(), anchor)) return std::nullopt;
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
        const std::string name = asciiLower(token->text);
        if (name == "$include") return include(*token);
        if (name == "$definemacro") return defineMacro(*token);
        if (name == "$definevariable") return defineVariable(*token);
        auto macro = macros_.find(name.substr(1));
        if (macro != macros_.end()) return expand(*token, name.substr(1), macro->second);
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
        std::shared_ptr<const TokenList> tokens = lexFile(path, relative, identity, includedAt);
        if (!tokens) return false;
        stack_.push_back(Source{std::move(tokens), 0, true, identity});
        return true;
    }

    std::shared_ptr<const TokenList> lexFile(const fs::path& path, const RelativePath& relative,
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
        auto tokens = std::make_shared<const TokenList>(lexQc(*text, name, sink_));
        lexed_[identity] = tokens;
        return tokens;
    }

    RelativePath directoryOf(const std::string& fileName) const {
        auto it = directories_.find(fileName);
        return it == directories_.end() ? RelativePath{} : it->second;
    }

    // ---- $definemacro ----

    void defineMacro(const QcToken& directive) {
        std::optional<QcToken> name = takeOnLine(directive);
        if (!name || !name->isText() || isQcLineContinuation(*name)) {
            sink_.report(kQcCodes["QC020"], directive.where(),
                         "$definemacro needs a macro name on its line: $definemacro NAME "
                         "[parameters] \\\\");
            skipRestOfLine(directive);
            return;
        }
        std::vector<QcToken> line;
        while (std::optional<QcToken> t = takeOnLine(directive))
            line.push_back(std::move(*t));
        const bool continues = !line.empty() && isQcLineContinuation(line.back());
        if (continues) line.pop_back();
        Macro macro;
        macro.definedAt = directive.where();
        for (const QcToken& parameter : line)
            macro.parameters.push_back(nameOf(parameter));
        if (continues) readMacroBody(macro, directive);
        macros_[nameOf(*name)] = std::move(macro);
    }

    // Lower case, without a leading '$' (both spellings are seen for macro parameters).
    static std::string nameOf(const QcToken& token) {
        std::string name = asciiLower(token.text);
        if (!name.empty() && name.front() == '$') name.erase(0, 1);
        return name;
    }

    // Body lines follow the $definemacro line while the previous line ended with `\\`.
    void readMacroBody(Macro& macro, const QcToken& directive) {
        std::uint32_t expectedLine = directive.location.line + 1;
        while (!stack_.back().atEnd() && !stopped()) {
            const QcToken& next = stack_.back().peek();
            if (next.location.line != expectedLine || next.location.file != directive.location.file)
                return;
            std::vector<QcToken> line;
            const std::optional<QcToken> first = take();
            if (!first) return;
            line.push_back(*first);
            while (std::optional<QcToken> t = takeOnLine(*first))
                line.push_back(std::move(*t));
            const bool continues = isQcLineContinuation(line.back());
            if (continues) line.pop_back();
            macro.body.insert(macro.body.end(), line.begin(), line.end());
            if (!continues) return;
            ++expectedLine;
        }
    }

    void skipRestOfLine(const QcToken& anchor) {
        while (takeOnLine(anchor)) {
        }
    }

    // ---- macro calls ----

    void expand(const QcToken& call, const std::string& name, const Macro& macro) {
        std::vector<QcToken> arguments;
        while (arguments.size() < macro.parameters.size()) {
            std::optional<QcToken> argument = takeOnLine(call);
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
        auto expansion = std::make_shared<TokenList>();
        expansion->reserve(macro.body.size());
        std::map<std::string, std::string> values;
        for (std::size_t i = 0; i < arguments.size(); ++i)
            values[macro.parameters[i]] = arguments[i].text;
        for (const QcToken& bodyToken : macro.body) {
            auto token = expandToken(bodyToken, call, macro, arguments, values);
            if (!token) return;
            expansion->push_back(std::move(*token));
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

    // Nothing (after QC025) when one token would grow past the per-word limit: a body word
    // repeating a long argument many times.
    std::optional<QcToken> expandToken(const QcToken& bodyToken, const QcToken& call,
                                       const Macro& macro, const std::vector<QcToken>& arguments,
                                       const std::map<std::string, std::string>& values) {
        if (isUnresolvedReference(bodyToken)) {
            const std::string parameter =
                asciiLower(bodyToken.text.substr(1, bodyToken.text.size() - 2));
            for (std::size_t i = 0; i < macro.parameters.size(); ++i)
                if (macro.parameters[i] == parameter) return arguments[i];
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

    void defineVariable(const QcToken& directive) {
        std::optional<QcToken> name = takeOnLine(directive);
        std::optional<QcToken> value =
            name && name->isText() ? takeOnLine(directive) : std::nullopt;
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
    std::map<std::string, RelativePath> directories_;               // file name -> its folder
    std::map<std::string, std::shared_ptr<const TokenList>> lexed_; // resolved path -> tokens
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
