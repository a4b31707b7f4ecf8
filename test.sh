#!/usr/bin/env bash
# Set up PartScope (packages, configure, build), then run every test suite.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$ROOT/scripts/setup.sh"
cd "$ROOT/build"
ctest --output-on-failure -j "$(nproc 2>/dev/null || echo 2)" "$@"
