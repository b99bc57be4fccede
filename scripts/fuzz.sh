#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs them for a bounded total time, seeded from the corpus.
# Usage: scripts/fuzz.sh [BUILD_DIR] [TOTAL_SECONDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-fuzz}
total=${2:-60}
bash "$root/scripts/install-deps.sh"
CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DVTXC_FUZZ=ON -DVTXC_SANITIZE=ON -DVTXC_TESTS=OFF -DVTXC_BENCH=OFF \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" >/dev/null
# Only the fuzz targets and the libraries they link (not the command line or the test support).
fuzz_targets=()
for source in "$root"/tests/fuzz/*_fuzz.cpp; do fuzz_targets+=("$(basename "$source" .cpp)"); done
cmake --build "$build" --parallel "$(nproc)" --target "${fuzz_targets[@]}"
targets=()
for t in "$build"/tests/fuzz/*_fuzz; do [ -x "$t" ] && targets+=("$t"); done
[ ${#targets[@]} -eq 0 ] && { echo "no fuzz targets"; exit 0; }
each=$(( total / ${#targets[@]} )); [ "$each" -lt 5 ] && each=5
for t in "${targets[@]}"; do
  name=$(basename "$t")
  seeds="$build/seeds-$name"; mkdir -p "$seeds"
  # Each target's seeds: the files its reader takes, from the examples and the corpus.
  case "$name" in
    smd_*) find "$root/examples" "$root/../shared/corpus" -iname '*.smd' -size -300k -exec cp {} "$seeds" \; 2>/dev/null || true ;;
    vvd_*) find "$root/../shared/corpus" -iname '*.vvd' -size -300k -exec cp {} "$seeds" \; 2>/dev/null || true ;;
    vtx_*) find "$root/../shared/corpus" -iname '*.vtx' -size -300k -exec cp {} "$seeds" \; 2>/dev/null || true ;;
    mdl_*) find "$root/../shared/corpus" -iname '*.mdl' -exec cp {} "$seeds" \; 2>/dev/null || true ;;
    qc_*)  find "$root/../shared/corpus" -iname '*.qc*' -exec cp {} "$seeds" \; 2>/dev/null || true ;;
    vmdl_*) find "$root/examples" "$root/tests/data" -iname '*.vmdl' -exec cp {} "$seeds" \; 2>/dev/null || true ;;
    kv3_*) find "$root/examples" "$root/tests/data" -iname '*.vmdl' -exec cp {} "$seeds" \; 2>/dev/null || true ;;
  esac
  work="$build/work-$name"; mkdir -p "$work"
  echo "fuzz $name for ${each}s"
  log="$build/fuzz-$name.log"
  if ! (cd "$work" && "$t" -max_total_time="$each" -rss_limit_mb=4096 -max_len=400000 -timeout=10 \
     -print_final_stats=1 "$work" "$seeds" >"$log" 2>&1); then
    # The sanitizer's report and the input that set it off (crash-*, leak-*, timeout-*, oom-*).
    echo "fuzz $name failed; its report (whole in $log):"
    grep -v '^#' "$log" | tail -n 40
    ls "$work" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | sed "s|^|  input kept: $work/|" || true
    exit 1
  fi
  tail -n 4 "$log"
done
echo "fuzzing: ${#targets[@]} targets, no crashes"
