#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang in build-fuzz/ and runs each
# for N seconds (default 30, so 60 s in all) from the seed corpora: the sample
# programs, the parser corpus (tests/corpus) and the one-line directives.
#   scripts/fuzz-smoke.sh [SECONDS]
# New inputs go to build-fuzz/corpus-<target>/; a crash leaves crash-* files in
# build-fuzz/ and makes the script fail.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_EACH="${1:-30}"
BUILD="${PARTSCOPE_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"

CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPS_FUZZ=ON -DPS_WERROR=OFF >/dev/null
cmake --build "$BUILD" -j "$(nproc 2>/dev/null || echo 2)" --target ps_parser_fuzzer ps_directive_fuzzer

# CLN (under GiNaC) allocates static tables it never frees: the test suite's
# suppressions apply here too, else every run ends in a leak report.
export LSAN_OPTIONS="suppressions=$ROOT/tests/sanitizer/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

run_fuzzer() {
  local target="$1"; shift
  local out="$BUILD/corpus-$target"
  mkdir -p "$out"
  echo "fuzz-smoke: $target for ${SECONDS_EACH} s"
  (cd "$BUILD" && "$BUILD/fuzz/$target" -max_total_time="$SECONDS_EACH" -max_len=65536 \
    -print_final_stats=1 -detect_leaks=1 "$out" "$@")
}

run_fuzzer ps_parser_fuzzer "$ROOT/sampleprograms" "$ROOT/tests/corpus" "$ROOT/tests/corpus/include"
run_fuzzer ps_directive_fuzzer "$ROOT/fuzz/directives-seed"
