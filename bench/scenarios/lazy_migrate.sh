#!/bin/bash
# Seed 004's experiment (run inside a VM with CPUs on nodes 0 and 1): the
# triad program's second thread moves to node 1 a third of the way
# through, and the program does nothing, mbind(MOVE) now, or
# mbind(MOVE|LAZY), with NUMA balancing on (mode 1); and the same three
# with it off (none_off, eager_off, lazy_off): migration on next touch is
# the caller's request and must not need the scanner. The variants
# alternate, REPS times each, so that drift in the emulator's speed hits
# them alike. Raw data: OUT/<variant>-<rep>.jsonl, triad's own output.
#
#   lazy_migrate.sh OUT [MIB_PER_THREAD [SECONDS [REPS]]]
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$(dirname "$0")/balancing.sh"
out=$1 mib=${2:-16} seconds=${3:-30} reps=${4:-1}

mkdir -p "$out"
balancing_at_default_rates
for rep in $(seq "$reps"); do
	for balancing in 1 0; do
		echo $balancing >/proc/sys/kernel/numa_balancing
		suffix=$([ $balancing = 1 ] || echo _off)
		for how in none eager lazy; do
			"$BUILD/bench/triad" "$how" "$mib" "$seconds" >"$out/$how$suffix-$rep.jsonl"
		done
	done
done
echo 1 >/proc/sys/kernel/numa_balancing
