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
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$(dirname "$0")/balancing.sh"
. "$NUMAB_TOP/harness/guest/modes.sh"
out=$1 mib=${2:-256} seconds=${3:-60} reps=${4:-1}

mkdir -p "$out"
balancing_at_default_rates
for rep in $(seq "$reps"); do
	for pages in "" _thp; do
		set_numa_modes 1 0
		"$BUILD/bench/hintbench" "scan$pages" "$mib" "$seconds" >"$out/scan$pages-$rep.jsonl"
		set_numa_modes 0 1
		"$BUILD/bench/hintbench" "sample$pages" "$mib" "$seconds" >"$out/sample$pages-$rep.jsonl"
	done
	set_numa_modes 0 1
	"$BUILD/bench/hintbench" sample_sleep "$mib" "$seconds" >"$out/sample_sleep-$rep.jsonl"
	# At least half again as long; hintbench lengthens it after the swap
	set_numa_modes 1 0
	"$BUILD/bench/hintbench" scan_swap "$mib" "$((seconds * 3 / 2))" \
		>"$out/scan_swap-$rep.jsonl"
	set_numa_modes 0 1
	"$BUILD/bench/hintbench" sample_swap "$mib" "$((seconds * 3 / 2))" \
		>"$out/sample_swap-$rep.jsonl"
	# What migration alone costs, which both ways of placing pay
	for pages in "" _thp; do
		"$BUILD/bench/hintbench" "migrate$pages" "$mib" >>"$out/migrate$pages.json"
	done
done
set_numa_modes 1 0
