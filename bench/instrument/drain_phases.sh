#!/bin/bash
# The drain and fault phases of bench/instrument/drain_phases.py, for scan and sample (40 s each).
. "$(dirname "$0")/../../harness/lib.sh"
. "$(dirname "$0")/../scenarios/balancing.sh"
. "$(dirname "$0")/../../harness/guest/modes.sh"
T=/sys/kernel/debug/tracing
balancing_at_default_rates
for v in scan sample; do
	echo > $T/trace
	if [ $v = scan ]; then set_numa_modes 1 0; else set_numa_modes 0 1; fi
	$BUILD/bench/hintbench $v 256 40 > $NUMAB_RUN/$v.jsonl 2>&1
	grep numab $T/trace | tail -2 > $NUMAB_RUN/$v.trace
done
set_numa_modes 1 0
