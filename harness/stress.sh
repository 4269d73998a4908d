#!/usr/bin/env bash
# make stress: all four features at once on the tiered VM for
# STRESS_SECONDS (600 by default; harness/guest/stress.sh), on the test
# kernel or on KERNEL=... (the debug kernel of make check-debug, say). Any
# splat or hung task fails the VM; lost data or counters that do not add up
# fail the guest script. Results: build/LINE/results/stress/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

seconds=${STRESS_SECONDS:-600}
out=$LINE_BUILD/results/stress
rm -rf "$out"
mkdir -p "$out"
"$NUMAB_TOP/harness/vm.sh" -t tiered -T $((seconds + 900)) -r "$out" \
	"$NUMAB_TOP/harness/guest/stress.sh" "$out/run" "$seconds" | tee "$out/tap.txt"
