#!/bin/bash
# The peer fuzzer (TAP): harness/guest/trinity.sh makes TRINITY_OPS calls
# (default 10,000) while kernel.numa_balancing cycles through its modes,
# with sampled hints off and on, once a second, and hintbench injects
# samples of its own accesses. It passes if trinity made every call and
# exited 0, the modes changed, and every hintbench run kept its data; the
# VM fails on any kernel splat (harness/splats.sh). Neither trinity nor
# the helpers may hang the VM: past their deadlines, what they were doing
# goes into the TAP and the test fails.
. "$(dirname "$0")/../harness/lib.sh"
. "$NUMAB_TOP/harness/tap.sh"
. "$NUMAB_TOP/harness/guest/modes.sh"
. "$NUMAB_TOP/harness/guest/wait-for.sh"
ops=${TRINITY_OPS:-10000}
out=${NUMAB_RUN:-/tmp}/trinity
mkdir -p "$out"

inject_samples() {	# inject_samples STOPFILE: hintbench runs until STOPFILE
	local run=0
	while [ ! -e "$1" ]; do
		run=$((run + 1))
		"$BUILD/bench/hintbench" sample 8 5 >"$out/hintbench.$run.log" 2>&1
		echo "$run $?" >>"$out/hintbench.rc"
	done
}

hintbench_ok() {
	[ -s "$out/hintbench.rc" ] && ! awk '$2 != 0 { bad = 1 } END { exit !bad }' "$out/hintbench.rc"
}

echo "TAP version 13"
saved=$(numa_modes)
stop=$out/stop
rm -f "$stop" "$out/hintbench.rc"
cycle_numa_modes "$stop" "$out/mode-changes" &
cycler=$!
inject_samples "$stop" &
injector=$!
start=$(date +%s)
ran=$("$NUMAB_TOP/harness/guest/trinity.sh" "$ops" "$out/trinity.log")
rc=$?
touch "$stop"
# A hintbench run lasts 5 s and the cycler sleeps 1 s a step.
helpers_ended=1
if ! wait_for 60 $cycler $injector; then
	helpers_ended=0
	"$NUMAB_TOP/harness/guest/hang-report.sh" hintbench | sed 's/^/# /'
fi
# shellcheck disable=SC2086 # two words
set_numa_modes $saved
read -r changes refused <"$out/mode-changes" 2>/dev/null || changes=0 refused=0
echo "# trinity: ${ran:-0} calls in $(($(date +%s) - start)) s, exit $rc; $changes mode changes, ${refused:-0} refused"
if [ "$rc" -eq 124 ]; then
	sed -n '/no end after/,$p' "$out/trinity.log" | sed 's/^/# /'
else
	tail -3 "$out/trinity.log" | sed 's/^/# /'
fi
check helpers_ended [ "$helpers_ended" -eq 1 ]
check trinity_exit_status [ "$rc" -eq 0 ]
check trinity_made_every_call [ "${ran:-0}" -ge "$ops" ]
check modes_changed test "$changes" -gt 0 -a "${refused:-0}" -eq 0
check hintbench_data_intact hintbench_ok
tap_done
