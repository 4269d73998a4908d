#!/bin/bash
# Seed 002's experiment (run inside a VM with CPUs on nodes 0 and 1): the
# pinmix program, whose memory sits on node 0 while it runs on node 1,
# under the old backoff rule (debugfs legacy_backoff=1) and the new one,
# alternating, REPS times each, on one kernel. "fail": 16 MiB that can
# move and 48 MiB pinned by io_uring; "ok": 64 MiB that can all move.
# NUMA balancing runs at the kernel's default scan rates. Raw data:
# OUT/<workload>-<rule>-<rep>.jsonl, pinmix's own output.
#
#   scan_backoff.sh OUT [SECONDS [REPS]]
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$(dirname "$0")/balancing.sh"
out=$1 seconds=${2:-30} reps=${3:-1}

mkdir -p "$out"
balancing_at_default_rates
for rep in $(seq "$reps"); do
	for rule in old new; do
		[ $rule = old ] && echo 1 >$NUMA_KNOBS/legacy_backoff || echo 0 >$NUMA_KNOBS/legacy_backoff
		"$BUILD/bench/pinmix" fail "$seconds" 16 48 >"$out/fail-$rule-$rep.jsonl"
		"$BUILD/bench/pinmix" ok "$seconds" 64 >"$out/ok-$rule-$rep.jsonl"
	done
done
echo 0 >$NUMA_KNOBS/legacy_backoff
