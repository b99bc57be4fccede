#!/usr/bin/env bash
# Installs what is missing, builds vtxc, and runs its main job on the bundled example: compile a
# skinned SMD into .mdl, .vvd and .vtx files, then look at what was written and how good the
# strips are.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" "$root/build" -DVTXC_TESTS=OFF -DVTXC_BENCH=OFF
vtxc="$root/build/cli/vtxc"
out="$root/out"
echo "\$ vtxc compile examples/arm.smd -o out/arm"
"$vtxc" compile "$root/examples/arm.smd" -o "$out/arm"
echo "\$ vtxc inspect out/arm"
"$vtxc" inspect "$out/arm"
echo "\$ vtxc stats out/arm"
"$vtxc" stats "$out/arm"
