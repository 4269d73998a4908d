#!/bin/bash
# Guest side of make bench on the tiered VM: each scenario, repeated, its
# raw data under $NUMAB_RUN/<scenario>/, and the kernel it ran on.
set -eu
. "$(dirname "$0")/../lib.sh"
reps=${BENCH_REPS:-3}
uname -r >"$NUMAB_RUN/kernel"
"$NUMAB_TOP/bench/scenarios/preferred_many.sh" "$NUMAB_RUN/preferred_many" 65536 120 "$reps"
"$NUMAB_TOP/bench/scenarios/lazy_migrate.sh" "$NUMAB_RUN/lazy_migrate" 16 30 "$reps"
"$NUMAB_TOP/bench/scenarios/scan_backoff.sh" "$NUMAB_RUN/scan_backoff" 30 "$reps"
"$NUMAB_TOP/bench/scenarios/sampled_hints.sh" "$NUMAB_RUN/sampled_hints" 256 40 "$reps"
"$NUMAB_TOP/bench/scenarios/perf_numa.sh" "$NUMAB_RUN/perf_numa" 128 60 "$reps"
