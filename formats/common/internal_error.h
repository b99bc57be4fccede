// Bugs in vtxc's own code are reported one way: an InternalError exception naming the source file
// and line of the failed condition. The CLI catches it and exits with status 4 ("internal error
// ... please report it"); the library never prints. Bad input is never an internal error: it is a
// diagnostic with a code (diagnostics.h).
//
// Two macros raise it:
//
//   VTXC_ASSERT(condition)
//       A precondition of an algorithm entry point ("indices < vertexCount"): the caller's promise,
//       documented beside the function. Checked unless the build turns assertions off
//       (-DVTXC_ASSERTIONS=OFF defines VTXC_ASSERTIONS to 0); then the condition is not evaluated,
//       so it must have no side effects.
//
//   VTXC_CHECK(condition, message)
//       An invariant that is always checked, in every build: the file layout of the binary writers
//       (a record of the size it declared, at the offset the layout planned) and the verification
//       of output before it is written. `message` (a std::string expression, evaluated only on
//       failure) says what went wrong in words a bug report can use.
#pragma once

#include <stdexcept>
#include <string>

#ifndef VTXC_ASSERTIONS
#define VTXC_ASSERTIONS 1
#endif

namespace vtxc {

class InternalError : public std::logic_error {
  public:
    InternalError(const char* file, int line, const std::string& what);
    // The source file's name (without its folders) and line of the failed check.
    const std::string& file() const { return file_; }
    int line() const { return line_; }

  private:
    std::string file_;
    int line_;
};

// Throws InternalError; what() is "CONDITION: MESSAGE" (or just the condition).
[[noreturn]] void raiseInternalError(const char* file, int line, const char* condition,
                                     const std::string& message);

} // namespace vtxc

#define VTXC_CHECK(condition, message)                                                             \
    do {                                                                                           \
        if (!(condition)) [[unlikely]]                                                             \
            ::vtxc::raiseInternalError(__FILE__, __LINE__, #condition, (message));                 \
    } while (false)

#if VTXC_ASSERTIONS
#define VTXC_ASSERT(condition)                                                                     \
    do {                                                                                           \
        if (!(condition)) [[unlikely]]                                                             \
            ::vtxc::raiseInternalError(__FILE__, __LINE__, #condition, "precondition failed");     \
    } while (false)
#else
// Not evaluated, but still compiled, so a disabled assertion cannot hide a typo.
#define VTXC_ASSERT(condition)                                                                     \
    do {                                                                                           \
        (void)sizeof(!(condition));                                                                \
    } while (false)
#endif
