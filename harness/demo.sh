#!/usr/bin/env bash
# make demo: boot the tiered VM and show the kernel placing pages
# (harness/guest/demo.sh). The transcript goes to build/LINE/results/demo.txt,
# the raw data and the scenario's JSON to build/LINE/results/demo/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mkdir -p "$LINE_BUILD/results"
rm -rf "$LINE_BUILD/results/demo"
"$NUMAB_TOP/harness/vm.sh" -t tiered -T 1200 -r "$LINE_BUILD/results/demo" \
	"$NUMAB_TOP/harness/guest/demo.sh" | tee "$LINE_BUILD/results/demo.txt"
