#!/bin/bash
# Scratch, for batch_flush.diff (guest side): scan and sample twice each,
# base pages, as make bench's sampled_hints runs them, then move_pages()
# alone; run it on a kernel with the diff and on one without, same VM:
#   KERNEL=<bzImage> harness/vm.sh -t tiered -r $PWD/build/results/bf-X \
#       $PWD/bench/instrument/batch_flush.sh
#   bench/sampled_hints.py build/results/bf-X/sampled_hints
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$NUMAB_TOP/bench/scenarios/balancing.sh"
. "$NUMAB_TOP/harness/guest/modes.sh"
out=$NUMAB_RUN/sampled_hints
mkdir -p "$out"
balancing_at_default_rates
for rep in 1 2; do
	set_numa_modes 1 0
	"$BUILD/bench/hintbench" scan 256 40 >"$out/scan-$rep.jsonl"
	set_numa_modes 0 1
	"$BUILD/bench/hintbench" sample 256 40 >"$out/sample-$rep.jsonl"
done
"$BUILD/bench/hintbench" migrate 256 >>"$out/migrate.json"
set_numa_modes 1 0
grep -E '^(numa_sample|numa_pages_migrated|pgmigrate|numa_hint_faults |numa_migrate_fail)' /proc/vmstat > "$out/vmstat"
