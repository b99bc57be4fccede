// The viewer page's files, embedded at build time (tools/embed_viewer_page.cmake writes the
// header from viewer/page/).
#include "tools/model_view.h"
#include "tools/viewer_page_files.h"

namespace vtxc {

namespace {
std::string_view textOf(const unsigned char* bytes, unsigned long size) {
    return {reinterpret_cast<const char*>(bytes), static_cast<std::size_t>(size)};
}
} // namespace

ViewerPageSources viewerPageSources() {
    return {textOf(kViewerHtml, kViewerHtmlSize), textOf(kViewerCss, kViewerCssSize),
            textOf(kViewerJs, kViewerJsSize)};
}

} // namespace vtxc
