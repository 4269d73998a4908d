#!/usr/bin/env bash
# make demo: boot the tiered VM and show the kernel placing pages
# (harness/guest/demo.sh). The transcript goes to build/results/demo.txt,
# the raw data and the scenario's JSON to build/results/demo/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mkdir -p "$BUILD/results"
rm -rf "$BUILD/results/demo"
"$NUMAB_TOP/harness/vm.sh" -t tiered -T 1200 -r "$BUILD/results/demo" \
	"$NUMAB_TOP/harness/guest/demo.sh" | tee "$BUILD/results/demo.txt"
