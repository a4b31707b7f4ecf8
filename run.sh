#!/usr/bin/env bash
# Set up PartScope (packages, configure, build) and run it on a sample program.
# Until the IDE exists this runs the command-line estimator: BLOCK vs CYCLIC
# distributions of the ADI sample's forward sweep on the Intel Paragon profile.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$ROOT/scripts/setup.sh"
cd "$ROOT"
exec ./build/app/partscope-cli estimate sampleprograms/adi.f --loop 35 \
  --dist 'x,a,b=(BLOCK,*)' --dist 'x,a,b=(*,BLOCK)' --procs 1,2,4,8,16 --machine paragon "$@"
