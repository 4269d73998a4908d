#!/bin/bash
# Guest side of make bench on the tiered VM: each scenario, repeated, its
# raw data under $NUMAB_RUN/<scenario>/, and the kernel it ran on.
set -eu
. "$(dirname "$0")/../lib.sh"
# BENCH_ONLY=SCENARIO,... runs only those. perf_numa's A/B is a ratio
# near 1, so it runs BENCH_PAIRS (10) pairs whatever BENCH_REPS says.
reps=${BENCH_REPS:-3} pairs=${BENCH_PAIRS:-10}
only=${BENCH_ONLY:-preferred_many,lazy_migrate,scan_backoff,sampled_hints,perf_numa}
only=${only//,/ }
uname -r >"$NUMAB_RUN/kernel"
# scenario NAME ARGS...: bench/scenarios/NAME.sh into $NUMAB_RUN/NAME, if chosen.
scenario() {
	case " $only " in *" $1 "*) ;; *) return 0 ;; esac
	"$NUMAB_TOP/bench/scenarios/$1.sh" "$NUMAB_RUN/$1" "${@:2}"
}
scenario preferred_many 65536 120 "$reps"
scenario lazy_migrate 16 30 "$reps"
scenario scan_backoff 30 "$reps"
scenario sampled_hints 256 40 "$reps"
scenario perf_numa 128 60 "$pairs"
