#!/usr/bin/env bash
# Set up PartScope (packages, configure, build), then run every test suite.
# ./test.sh --sanitize does the same in a sanitizer build (build-asan/).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [ "${1:-}" = "--sanitize" ]; then
  # AddressSanitizer, UBSan and LeakSanitizer over every suite, in build-asan/;
  # leaks inside third-party libraries are suppressed (tests/sanitizer/lsan.supp).
  shift
  export PARTSCOPE_BUILD_DIR="$ROOT/build-asan" PARTSCOPE_BUILD_TYPE=Debug PS_SANITIZE=ON
  export LSAN_OPTIONS="suppressions=$ROOT/tests/sanitizer/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
fi
"$ROOT/scripts/setup.sh"
cd "${PARTSCOPE_BUILD_DIR:-$ROOT/build}"
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
# Fuzz smoke run: the parser and directive fuzzers for 30 s each (clang,
# build-fuzz/); PS_FUZZ_SMOKE=0 skips it, PS_FUZZ_SECONDS changes the time.
if [ "${PS_FUZZ_SMOKE:-1}" != "0" ] && [ "${PS_SANITIZE:-OFF}" != "ON" ]; then
  "$ROOT/scripts/fuzz-smoke.sh" "${PS_FUZZ_SECONDS:-30}"
fi
