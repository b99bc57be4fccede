# Writes a C++ header holding the viewer page's files as byte arrays, so `vtxc view` needs no file
# beside the binary: viewer/page/viewer.html and viewer.css, and the page's script, which
# tools/CMakeLists.txt bundles with esbuild from the modules in viewer/page/src/ before this runs.
# Run by tools/CMakeLists.txt at build time:
#   cmake -DPAGE_DIR=viewer/page -DSCRIPT=bundled/viewer.js -DOUTPUT=header.h -P embed_viewer_page.cmake
foreach(var PAGE_DIR SCRIPT OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_viewer_page.cmake needs -D${var}=...")
  endif()
endforeach()
set(body "// Generated from viewer/page/ (the script bundled from viewer/page/src/) by tools/embed_viewer_page.cmake: do not edit.\n#pragma once\n\n")
foreach(pair "${PAGE_DIR}/viewer.html;kViewerHtml" "${PAGE_DIR}/viewer.css;kViewerCss" "${SCRIPT};kViewerJs")
  list(GET pair 0 file)
  list(GET pair 1 symbol)
  file(READ "${file}" hex HEX)
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
