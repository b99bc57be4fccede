// `vtxc --list-codes [--json | --markdown]`: every diagnostic catalogue, as text for a terminal,
// as JSON for tools, or as the Markdown of docs/diagnostics.md.
#pragma once

#include "formats/common/diagnostic_catalogue.h"

#include <CLI/CLI.hpp>
#include <span>
#include <string>

namespace vtxc::cli {

enum class CodeListFormat { Text, Json, Markdown };

struct CodeListRequest {
    bool requested = false;
    bool json = false;
    bool markdown = false;
    CodeListFormat format() const {
        return json       ? CodeListFormat::Json
               : markdown ? CodeListFormat::Markdown
                          : CodeListFormat::Text;
    }
};

// Adds --list-codes, --json and --markdown (the last two only with --list-codes) to the top level.
// Call it after the subcommands are added: none of them may be given with --list-codes.
void addListCodesOptions(CLI::App& app, CodeListRequest& request);

// The catalogues in `format`, ending with a newline.
std::string renderCodeList(std::span<const DiagnosticCatalogue* const> catalogues,
                           CodeListFormat format);

} // namespace vtxc::cli
