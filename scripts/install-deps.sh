#!/usr/bin/env bash
# Installs the Debian 12 packages vtxc needs to build, test and fuzz; silent when all are present.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config clang libclang-rt-dev
          libmeshoptimizer-dev libeigen3-dev libtbb-dev libcli11-dev nlohmann-json3-dev
          libqhull-dev
          libgtest-dev libbenchmark-dev time
          strace  # the depfile test compares `vtxc compile --depfile` with the files opened
          esbuild  # bundles the viewer page's script modules (viewer/page/src) at build time
          chromium nodejs)  # the browser tests of `vtxc view`'s page (tests/browser)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The browser tests' node modules, as tests/browser/package-lock.json pins them: playwright-core,
# which drives Debian's chromium and downloads no browser of its own.
browser_tests="$(cd "$(dirname "$0")/.." && pwd)/tests/browser"
if [ ! -d "$browser_tests/node_modules/playwright-core" ]; then
  if ! command -v npm >/dev/null; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends npm >/dev/null
  fi
  echo "installing: node modules of tests/browser (npm ci)" >&2
  (cd "$browser_tests" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
