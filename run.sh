#!/usr/bin/env bash
# Set up PartScope (packages, configure, build) and open the IDE on the Jacobi
# sample with its relaxation loop selected and estimated. Without a display
# it runs the command-line estimator instead: BLOCK rows vs BLOCK columns of
# the ADI sample's forward sweep on the Intel Paragon profile.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$ROOT/scripts/setup.sh"
cd "$ROOT"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec ./build/app/partscope sampleprograms/jacobi.hpf --loop 26 \
    --dist 'a,b=(BLOCK,BLOCK)' --dist 'a,b=(*,BLOCK)' --procs 4x4,16 --estimate "$@"
fi
echo "No display: running partscope-cli (the IDE needs X11 or Wayland)." >&2
exec ./build/app/partscope-cli estimate sampleprograms/adi.f --loop 35 \
  --dist 'x,a,b=(BLOCK,*)' --dist 'x,a,b=(*,BLOCK)' --procs 1,2,4,8,16 --machine paragon "$@"
