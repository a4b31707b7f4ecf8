#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: install the Debian packages PartScope
# needs (only the missing ones), then configure and build into ./build.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${PARTSCOPE_BUILD_DIR:-$ROOT/build}"

# Keep this list in step with ARCHITECTURE.md's dependency table; only what the
# current code base uses is installed, so a cold CI run stays short.
PACKAGES=(
  g++ cmake ninja-build pkg-config ccache gfortran cpp
  libginac-dev libgsl-dev libisl-dev libboost-graph-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libbenchmark-dev
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libxkbcommon-dev
  libqscintilla2-qt6-dev xvfb xauth
  clang libclang-rt-14-dev
  libsqlite3-dev libsqlitecpp-dev libopenmpi-dev openmpi-bin libsimgrid-dev
)

missing_packages() {
  local p
  for p in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      echo "$p"
    fi
  done
}

install_packages() {
  local missing
  missing="$(missing_packages)"
  [ -z "$missing" ] && return 0
  echo "PartScope set-up: installing missing packages:" $missing
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq </dev/null
  # shellcheck disable=SC2086
  $sudo apt-get install -y -qq --no-install-recommends $missing </dev/null
}

configure_and_build() {
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja \
    -DCMAKE_BUILD_TYPE="${PARTSCOPE_BUILD_TYPE:-RelWithDebInfo}" \
    -DPS_WERROR="${PS_WERROR:-ON}" -DPS_SANITIZE="${PS_SANITIZE:-OFF}" >/dev/null
  cmake --build "$BUILD_DIR" -j "$jobs"
}

install_packages
configure_and_build
