#!/bin/bash
# The benchmark scenarios, on the machine this runs on: the tiered VM for
# make bench, or a real machine for make bench HOST=1. Each scenario's raw
# data goes under $NUMAB_RUN/<scenario>/, and the kernel's release to
# $NUMAB_RUN/kernel. A scenario this kernel or machine cannot run is
# skipped with one line saying what it needs (a production kernel has
# none of the test scaffolding); one that fails is said so, and the rest
# still run. Exit 0 unless a scenario that could run failed.
set -u
. "$(dirname "$0")/../lib.sh"
# BENCH_ONLY=SCENARIO,... runs only those. perf_numa's A/B is a ratio
# near 1, so it runs BENCH_PAIRS (10) pairs whatever BENCH_REPS says.
reps=${BENCH_REPS:-3} pairs=${BENCH_PAIRS:-10}
only=${BENCH_ONLY:-preferred_many,lazy_migrate,scan_backoff,sampled_hints,perf_numa}
only=${only//,/ }
knobs=/sys/kernel/debug/sched/numa_balancing
uname -r >"$NUMAB_RUN/kernel"
failed=0

nodes_with_cpus() { ls -d /sys/devices/system/node/node*/cpu[0-9]* 2>/dev/null |
	sed 's|.*/node\([0-9]*\)/.*|\1|' | sort -u | wc -l; }
lower_tier() {	# a node with memory and no CPU
	local n
	for n in /sys/devices/system/node/node[0-9]*; do
		ls -d "$n"/cpu[0-9]* >/dev/null 2>&1 && continue
		grep -q "MemTotal: *[1-9]" "$n/meminfo" && return 0
	done
	return 1
}

# needs SCENARIO: what the scenario lacks here, or nothing.
needs() {
	[ "$(nodes_with_cpus)" -ge 2 ] || { echo "two nodes with CPUs"; return; }
	case $1 in
	preferred_many)
		lower_tier || { echo "a lower memory tier (a node with memory and no CPU)"; return; }
		command -v memcached >/dev/null || echo "memcached"
		;;
	scan_backoff | perf_numa)
		[ -w $knobs/legacy_backoff ] ||
			echo "the old backoff rule to compare with ($knobs/legacy_backoff, CONFIG_NUMA_BALANCING_LEGACY_BACKOFF: test scaffolding)"
		;;
	sampled_hints)
		[ -w /sys/kernel/debug/numa_hint/inject ] ||
			echo "the sample injector (/sys/kernel/debug/numa_hint/inject, CONFIG_NUMA_HINT_INJECT: test scaffolding)"
		;;
	esac
}

# scenario NAME ARGS...: bench/scenarios/NAME.sh into $NUMAB_RUN/NAME, if
# chosen and if it can run here.
scenario() {
	local lacks
	case " $only " in *" $1 "*) ;; *) return 0 ;; esac
	lacks=$(needs "$1")
	if [ -n "$lacks" ]; then
		echo "bench: skip $1: needs $lacks"
		return 0
	fi
	echo "bench: running $1"
	if ! "$NUMAB_TOP/bench/scenarios/$1.sh" "$NUMAB_RUN/$1" "${@:2}"; then
		echo "bench: $1 failed; its data is incomplete"
		mv "$NUMAB_RUN/$1" "$NUMAB_RUN/$1.failed" 2>/dev/null
		failed=1
	fi
}
scenario preferred_many 65536 120 "$reps"
scenario lazy_migrate 16 30 "$reps"
scenario scan_backoff 30 "$reps"
scenario sampled_hints 256 40 "$reps"
scenario perf_numa 128 60 "$pairs"
exit $failed
