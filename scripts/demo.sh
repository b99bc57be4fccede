#!/usr/bin/env bash
# Installs what is missing, builds vtxc, and runs its main job on the bundled example.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" "$root/build" -DVTXC_TESTS=OFF -DVTXC_BENCH=OFF
vtxc="$root/build/cli/vtxc"
echo "\$ vtxc inspect examples/arm.smd"
"$vtxc" inspect "$root/examples/arm.smd"
