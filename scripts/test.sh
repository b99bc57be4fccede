#!/usr/bin/env bash
# Installs what is missing, builds and runs the whole test suite through ctest.
# Usage: scripts/test.sh [BUILD_DIR] [extra cmake args...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
bash "$root/scripts/build.sh" "$build" "$@"
cd "$build"
ctest --output-on-failure --parallel "$(nproc)" --timeout 900
