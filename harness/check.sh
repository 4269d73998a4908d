#!/usr/bin/env bash
# Run the numa selftests on each topology that tests/selftests.txt names,
# and the kernel's KUnit suites once, each in a fresh VM; gate every other
# line (harness/gate.sh; CHECK_GATE names the lines to gate, empty for
# none); then aggregate everything as TAP ending in "N passed, N failed,
# N skipped", also kept in RESULTS/summary. KERNEL and
# CHECK_RESULTS choose another bzImage and results directory; CHECK_ENV
# (NAME=VALUE ...) reaches the tests' environment. By default the fuzzer
# makes 40,000 calls, not its own default of 100,000: 53 s instead of 174
# under TCG, and the combination matrix runs its reduced set of modes,
# which is what keeps a cold make check within 30 minutes. Run them alone,
# or with CHECK_ENV=, for the full count.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$NUMAB_TOP/harness/topologies.sh"

results=${CHECK_RESULTS:-$LINE_BUILD/results/check}
check_env=${CHECK_ENV-NUMA_FUZZ_OPS=40000 NUMA_MATRIX=reduced}
rm -rf "$results"
mkdir -p "$results"

scheduled_for() { awk -v t="$1" '!/^#/ { for (i = 2; i <= NF; i++) if ($i == t) print $1 }' \
	"$NUMAB_TOP/tests/selftests.txt"; }

# tests_for TOPO: the tests scheduled on TOPO. On a line being ported
# (lines/LINE/porting), less the selftests that its series does not build
# yet: each is counted as skipped, in its own TAP file. A complete line
# runs every one, and a missing program fails.
tests_for() {
	local t built
	built=$(series_selftests)
	for t in $(scheduled_for "$1"); do
		if line_being_ported && [[ $t != *.sh ]] &&
			! grep -qx "$t" <<<"$built"; then
			mkdir -p "$results/$1"
			echo "ok 1 - $t # SKIP not in the $LINE series yet (lines/$LINE/porting)" \
				>"$results/$1/$t.tap"
			echo 0 >"$results/$1/$t.rc"
			continue
		fi
		echo "$t"
	done
}

# Host-side tests of the harness itself, such as a newcomer's first step.
mkdir -p "$results/host"
for t in "$NUMAB_TOP"/tests/host/*.sh; do
	name=$(basename "$t" .sh)
	rc=0
	"$t" >"$results/host/$name.tap" 2>&1 || rc=$?
	echo $rc >"$results/host/$name.rc"
done

kunit_glob='*'
for topo in $TOPOLOGIES; do
	mapfile -t tests < <(tests_for "$topo")
	[ ${#tests[@]} -gt 0 ] || [ "$kunit_glob" != numab-none ] || continue
	log "booting the $topo VM for: ${tests[*]:-} (KUnit: $kunit_glob)"
	set +e
	# shellcheck disable=SC2086 # check_env is a list of words
	"$NUMAB_TOP/harness/vm.sh" -t "$topo" -k "$kunit_glob" -T "${CHECK_TIMEOUT:-1200}" \
		-r "$results/$topo" env $check_env "$NUMAB_TOP/harness/guest/run-tests.sh" "${tests[@]}"
	echo $? >"$results/$topo/vm.rc"
	set -e
	kunit_glob=numab-none
done
# make deb as a user's machine would install it: the VM kernel packaged by
# bindeb-pkg, booted from the vmlinuz inside its linux-image package, runs
# the topology selftest.
deb_dir=$results/deb-package
mkdir -p "$deb_dir"
if DEB_CONFIG=vm "$NUMAB_TOP/harness/deb.sh" >"$deb_dir/deb.log" 2>&1; then
	rc=0
	"$NUMAB_TOP/harness/deb-check.sh" "$LINE_BUILD/deb" >"$deb_dir/packages.tap" 2>&1 || rc=$?
	echo $rc >"$deb_dir/packages.rc"
	image=$(find "$LINE_BUILD/deb" -maxdepth 1 -name 'linux-image-*.deb' ! -name '*-dbg_*' | head -1)
	dpkg-deb -x "$image" "$deb_dir/root"
	log "booting $(basename "$image") in the 2node VM"
	set +e
	KERNEL=$(find "$deb_dir/root/boot" -name 'vmlinuz-*' | head -1) \
		"$NUMAB_TOP/harness/vm.sh" -t 2node -T 300 -r "$deb_dir" \
		"$NUMAB_TOP/harness/guest/run-tests.sh" topology
	echo $? >"$deb_dir/vm.rc"
	set -e
else
	log "make deb failed: $(tail -1 "$deb_dir/deb.log")"
fi
for gated in ${CHECK_GATE-$KNOWN_LINES}; do
	[ "$gated" = "$LINE" ] || LINE=$gated "$NUMAB_TOP/harness/gate.sh" "$results"
done
"$NUMAB_TOP/harness/tap-summary.py" "$results" | tee "$results/summary"
exit "${PIPESTATUS[0]}"
