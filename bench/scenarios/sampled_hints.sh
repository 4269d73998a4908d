#!/bin/bash
# Seed 003's experiment (run inside a VM with CPUs on nodes 0 and 1): the
# hintbench program, a buffer on node 0 read half from node 0 and half from
# node 1, placed by NUMA hinting faults ("scan": kernel.numa_balancing=1
# at the kernel's default scan rates) or by sampled hints alone ("sample":
# numa_balancing=0 and numa_balancing_sampled=1, no scanner, and samples
# injected at IBS's base rate, stretched by the period the kernel asks of
# each CPU); then the same two over THP-backed halves (scan_thp,
# sample_thp), scan_swap and sample_swap, where the readers swap nodes
# once both halves are placed (at the time asked at the latest) and the run goes on
# long enough to see them placed again in twice that time, and
# sample_sleep, whose readers
# pause in the kernel with samples queued, after every 32 ms of reads,
# while a niced process spins on each of their CPUs; and
# move_pages() alone over the same buffer, what both ways pay per page they
# move. The variants alternate, REPS times each, on one kernel. Raw data:
# OUT/<variant>-<rep>.jsonl and OUT/migrate{,_thp}.json (a line a rep),
# hintbench's own output.
#
#   sampled_hints.sh OUT [MIB [SECONDS [REPS]]]
#
# HINT_VARIANTS="scan_swap sample_swap" runs only the variants it names
# ("migrate" for the move_pages() runs); all of them by default.
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$(dirname "$0")/balancing.sh"
. "$NUMAB_TOP/harness/guest/modes.sh"
out=$1 mib=${2:-256} seconds=${3:-60} reps=${4:-1}

# wanted VARIANT: HINT_VARIANTS names it, or names none
wanted() { [ -z "${HINT_VARIANTS:-}" ] || [[ " $HINT_VARIANTS " == *" $1 "* ]]; }
# run VARIANT NUMA_BALANCING SAMPLED SECONDS REP: one run, if wanted
run() {
	wanted "$1" || return 0
	set_numa_modes "$2" "$3"
	"$BUILD/bench/hintbench" "$1" "$mib" "$4" >"$out/$1-$5.jsonl"
}

mkdir -p "$out"
balancing_at_default_rates
for rep in $(seq "$reps"); do
	for pages in "" _thp; do
		run "scan$pages" 1 0 "$seconds" "$rep"
		run "sample$pages" 0 1 "$seconds" "$rep"
	done
	run sample_sleep 0 1 "$seconds" "$rep"
	# At least half again as long; hintbench lengthens it after the swap
	run scan_swap 1 0 "$((seconds * 3 / 2))" "$rep"
	run sample_swap 0 1 "$((seconds * 3 / 2))" "$rep"
	# What migration alone costs, which both ways of placing pay
	wanted migrate || continue
	for pages in "" _thp; do
		"$BUILD/bench/hintbench" "migrate$pages" "$mib" >>"$out/migrate$pages.json"
	done
done
set_numa_modes 1 0
