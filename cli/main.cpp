// Entry point of the vtxc command line: parses arguments, runs one subcommand, returns its status.
// Exit codes: 0 ok, 1 usage, 2 I/O, 3 invalid input, 4 internal, 5 quality regression (bench).
#include "cli/code_catalogues.h"
#include "cli/command.h"
#include "cli/list_codes.h"
#include "compiler/version.h"
#include "formats/common/internal_error.h"

#include <cstdio>
#include <exception>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace {
constexpr const char* kExitCodes =
    "Exit codes:\n"
    "  0  success\n"
    "  1  usage error (bad command line)\n"
    "  2  I/O error (a file could not be read or written)\n"
    "  3  invalid input (the file is malformed; see the diagnostics)\n"
    "  4  internal error (a bug in vtxc: please report it)\n"
    "  5  quality regression against a baseline (vtxc bench)\n";
}

namespace {

// A compile allocates and frees arrays of many megabytes stage after stage. glibc serves blocks
// over its (adaptive) threshold with fresh mappings and unmaps them on free, so every stage pays
// a page fault and a zeroed page per 4 KiB it touches again (about a seventh of a big compile's
// CPU, measured with perf). The threshold cannot be set above 32 MiB, and a big mesh's arrays
// are larger: so no block is mapped on its own (M_MMAP_MAX 0), every block comes from the heap,
// and the heap is not trimmed; the next stage reuses the memory a stage freed. A 1M-triangle
// compile takes about a sixth less CPU this way and peaks a few percent higher (holes in the
// heap that a later block does not fit). One arena for all threads (M_ARENA_MAX 1): the blocks
// the parallel stages free go back to the heap the next stage allocates from, instead of to
// per-thread arenas it never uses again (on the 1M-triangle compile a third fewer page faults and
// about 0.4 s less system time; the parallel stages allocate per block, not per value, so the one
// lock is not contended). mallopt(3) documents the settings.
void keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_MAX, 0);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_ARENA_MAX, 1);
#endif
}

} // namespace

int main(int argc, char** argv) {
    keepFreedMemoryForReuse();
    CLI::App app{"vtxc: a model compiler for Valve's Source engine (SMD -> .vvd/.vtx)", "vtxc"};
    app.footer(kExitCodes);
    app.require_subcommand(0, 1);
    app.set_version_flag("--version", std::string("vtxc ") + vtxc::versionString());

    vtxc::cli::CommandContext context;
    vtxc::cli::addCompileCommand(app, context);
    vtxc::cli::addInspectCommand(app, context);
    vtxc::cli::addStatsCommand(app, context);
    vtxc::cli::addTuneCommand(app, context);
    vtxc::cli::addBenchCommand(app, context);
    vtxc::cli::addRestripCommand(app, context);
    vtxc::cli::addAnimCommand(app, context);
    vtxc::cli::addLodCommand(app, context);
    vtxc::cli::addBuildCommand(app, context);
    vtxc::cli::addViewCommand(app, context);
    vtxc::cli::CodeListRequest codeList;
    vtxc::cli::addListCodesOptions(app, codeList);

    try {
        app.parse(argc, argv);
        if (codeList.requested) {
            std::fputs(vtxc::cli::renderCodeList(vtxc::kAllCatalogues, codeList.format()).c_str(),
                       stdout);
            return 0;
        }
        if (app.get_subcommands().empty()) throw CLI::RequiredError("A subcommand");
    } catch (const CLI::ParseError& e) {
        const int status = app.exit(e);
        return status == 0 ? 0 : static_cast<int>(vtxc::ExitCode::Usage);
    } catch (const vtxc::InternalError& e) {
        std::fprintf(stderr,
                     "vtxc: internal error at %s:%d: %s (a bug in vtxc: please report it)\n",
                     e.file().c_str(), e.line(), e.what());
        return static_cast<int>(vtxc::ExitCode::Internal);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vtxc: internal error: %s (please report this)\n", e.what());
        return static_cast<int>(vtxc::ExitCode::Internal);
    }
    return context.exitStatus;
}
