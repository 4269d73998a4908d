#!/bin/bash
# NUMA balancing convergence by perf bench numa mem (Debian's linux-perf
# 6.1), run inside a VM with CPUs on nodes 0 and 1: two single-thread
# processes whose memory is first touched from CPU 0 must each end up on
# one node with their memory (-0 -m: the run stops once they have). The
# series' failure-aware backoff is the only part of it that applies to
# plain NUMA balancing, so the A/B is the series as is against its
# features off (debugfs legacy_backoff=1, the old rule), alternating, REPS
# times each, at the kernel's default scan rates. Raw data:
# OUT/<variant>-<rep>/perf.txt and the vmstat counters before and after.
#
#   perf_numa.sh OUT [MiB [SECONDS [REPS]]]
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$(dirname "$0")/balancing.sh"
. "$NUMAB_TOP/harness/guest/vmstat.sh"
out=$1 mib=${2:-128} seconds=${3:-60} reps=${4:-1}
VMSTAT_KEYS="numa_pte_updates numa_hint_faults numa_hint_faults_local numa_pages_migrated
pgmigrate_success pgmigrate_fail"

balancing_at_default_rates
for rep in $(seq "$reps"); do
	for variant in series off; do
		dir=$out/$variant-$rep
		mkdir -p "$dir"
		[ $variant = off ] && echo 1 >$NUMA_KNOBS/legacy_backoff || echo 0 >$NUMA_KNOBS/legacy_backoff
		vmstat_snapshot "$dir/vmstat.before"
		perf bench numa mem -0 -m -p 2 -t 2 -P "$mib" -s "$seconds" >"$dir/perf.txt" 2>&1
		vmstat_snapshot "$dir/vmstat.after"
	done
done
echo 0 >$NUMA_KNOBS/legacy_backoff
