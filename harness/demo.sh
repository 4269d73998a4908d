#!/usr/bin/env bash
# make demo: boot the tiered VM and show the kernel placing pages
# (harness/guest/demo.sh). The transcript is kept in build/results/demo.txt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mkdir -p "$BUILD/results"
"$NUMAB_TOP/harness/vm.sh" -t tiered -T 900 "$NUMAB_TOP/harness/guest/demo.sh" |
	tee "$BUILD/results/demo.txt"
