#!/usr/bin/env bash
# Installs the Debian 12 packages vtxc needs to build, test and fuzz; silent when all are present.
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config clang libclang-rt-dev
          libmeshoptimizer-dev libeigen3-dev libtbb-dev libcli11-dev nlohmann-json3-dev
          libqhull-dev
          libgtest-dev libbenchmark-dev time)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
