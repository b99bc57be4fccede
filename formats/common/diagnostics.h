// Diagnostics: located messages (file:line:col: error[CODE]: ...) reported through a sink, and exit
// codes. The library never prints; the CLI decides how a sink's contents reach the user.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace vtxc {

// Process exit codes shared by every command (documented in `vtxc --help`).
enum class ExitCode : int {
    Ok = 0,
    Usage = 1,
    Io = 2,
    InvalidInput = 3,
    Internal = 4,
    QualityRegression = 5,
};

enum class Severity { Note, Warning, Error };

// "note", "warning", "error": as printed in a diagnostic.
const char* severityLabel(Severity severity);

struct DiagnosticCode; // an entry of a catalogue (formats/common/diagnostic_catalogue.h)

// Line and column are 1-based; 0 means "not known" (binary files name a byte offset in the
// message).
struct SourceLocation {
    std::string file;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string code; // stable identifier such as "SMD004"; tests assert on it
    SourceLocation location;
    std::string message;                    // what is wrong, and what to do about it
    ExitCode kind = ExitCode::InvalidInput; // which exit status an error of this kind maps to
};

// "file:line:col: error[CODE]: message", omitting the parts of the location that are unknown.
std::string formatDiagnostic(const Diagnostic& diagnostic);

class DiagnosticSink {
  public:
    virtual ~DiagnosticSink() = default;
    void report(Diagnostic diagnostic);
    // Reports `code` with the severity and exit status its catalogue entry gives.
    void report(const DiagnosticCode& code, SourceLocation location, std::string message);

    void error(std::string code, SourceLocation location, std::string message,
               ExitCode kind = ExitCode::InvalidInput);
    void warning(std::string code, SourceLocation location, std::string message);
    void note(std::string code, SourceLocation location, std::string message);

    std::size_t errorCount() const { return errors_; }
    std::size_t warningCount() const { return warnings_; }
    bool hasErrors() const { return errors_ > 0; }
    // Readers stop once this many errors were reported; going on would only repeat the damage.
    static constexpr std::size_t kErrorLimit = 20;
    bool errorLimitReached() const { return errors_ >= kErrorLimit; }
    // The exit status the worst error asks for (Ok when there was none).
    ExitCode exitCode() const { return worst_; }

  protected:
    virtual void deliver(const Diagnostic& diagnostic) = 0;

  private:
    std::size_t errors_ = 0;
    std::size_t warnings_ = 0;
    ExitCode worst_ = ExitCode::Ok;
};

// Keeps every diagnostic in order; used by tests and by commands that print at the end.
class CollectingSink : public DiagnosticSink {
  public:
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    // The first diagnostic with this code, if any.
    const Diagnostic* find(std::string_view code) const;
    std::vector<Diagnostic> errors() const;

  protected:
    void deliver(const Diagnostic& diagnostic) override { diagnostics_.push_back(diagnostic); }

  private:
    std::vector<Diagnostic> diagnostics_;
};

// Drops every diagnostic but still counts them (hasErrors, errorCount): for callers that only need
// to know whether something failed, such as benchmarks and fuzzers.
class NullSink : public DiagnosticSink {
  protected:
    void deliver(const Diagnostic&) override {}
};

// Forwards to another sink, counting on its own; lets a stage know whether *it* failed.
class ForwardingSink : public DiagnosticSink {
  public:
    explicit ForwardingSink(DiagnosticSink& target) : target_(target) {}

  protected:
    void deliver(const Diagnostic& diagnostic) override { target_.report(diagnostic); }

  private:
    DiagnosticSink& target_;
};

} // namespace vtxc
