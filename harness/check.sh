#!/usr/bin/env bash
# Run the numa selftests on each topology that tests/selftests.txt names,
# and the kernel's KUnit suites once, each in a fresh VM, then aggregate
# everything as TAP ending in "N passed, N failed, N skipped". KERNEL and
# CHECK_RESULTS choose another bzImage and results directory; CHECK_ENV
# (NAME=VALUE ...) reaches the tests' environment.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$NUMAB_TOP/harness/topologies.sh"

results=${CHECK_RESULTS:-$BUILD/results/check}
rm -rf "$results"
mkdir -p "$results"

tests_for() { awk -v t="$1" '!/^#/ { for (i = 2; i <= NF; i++) if ($i == t) print $1 }' \
	"$NUMAB_TOP/tests/selftests.txt"; }

kunit_glob='*'
for topo in $TOPOLOGIES; do
	mapfile -t tests < <(tests_for "$topo")
	[ ${#tests[@]} -gt 0 ] || [ "$kunit_glob" != numab-none ] || continue
	log "booting the $topo VM for: ${tests[*]:-} (KUnit: $kunit_glob)"
	set +e
	# shellcheck disable=SC2086 # CHECK_ENV is a list of words
	"$NUMAB_TOP/harness/vm.sh" -t "$topo" -k "$kunit_glob" -T "${CHECK_TIMEOUT:-1200}" \
		-r "$results/$topo" env ${CHECK_ENV:-} "$NUMAB_TOP/harness/guest/run-tests.sh" "${tests[@]}"
	echo $? >"$results/$topo/vm.rc"
	set -e
	kunit_glob=numab-none
done
"$NUMAB_TOP/harness/tap-summary.py" "$results"
