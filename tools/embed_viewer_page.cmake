# Writes a C++ header holding the viewer page's files (viewer/page/) as byte arrays, so `vtxc view`
# needs no file beside the binary. Run by tools/CMakeLists.txt at build time:
#   cmake -DPAGE_DIR=... -DOUTPUT=... -P embed_viewer_page.cmake
set(body "// Generated from viewer/page/ by tools/embed_viewer_page.cmake: do not edit.\n#pragma once\n\n")
foreach(pair "viewer.html;kViewerHtml" "viewer.css;kViewerCss" "viewer.js;kViewerJs")
  list(GET pair 0 file)
  list(GET pair 1 symbol)
  file(READ "${PAGE_DIR}/${file}" hex HEX)
  string(LENGTH "${hex}" digits)
  math(EXPR size "${digits} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
  string(APPEND body "inline constexpr unsigned char ${symbol}[] = {\n${bytes}0};\n")
  string(APPEND body "inline constexpr unsigned long ${symbol}Size = ${size};\n\n")
endforeach()
# Only a changed header is rewritten, so an unchanged page rebuilds nothing.
set(old "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL body)
  file(WRITE "${OUTPUT}" "${body}")
endif()
