#!/bin/bash
# Scratch (guest side), for issue 27's breakdown: where the CPU time of
# placement goes, by kernel function, for scan and for sample over base
# pages, as make bench's sampled_hints runs them; perf's cpu-clock
# sampling (TCG has no PMU), whole system, with call chains.
#   harness/vm.sh -t tiered -r $PWD/build/results/prof \
#       $PWD/bench/instrument/profile.sh
# Output: OUT/<variant>.{self,children,comm}.txt, the hintbench lines,
# with PERF_KEEP=1 OUT/<variant>.data and OUT/kallsyms,
# and OUT/<variant>.irq: the TLB shootdown and function call interrupts
# the run took (/proc/interrupts, summed over the CPUs), before and after.
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$NUMAB_TOP/bench/scenarios/balancing.sh"
. "$NUMAB_TOP/harness/guest/modes.sh"
out=$NUMAB_RUN/profile
# HINTBENCH: another build of it (a scratch one with other constants)
hintbench=${HINTBENCH:-$BUILD/bench/hintbench}
mkdir -p "$out"
echo -1 >/proc/sys/kernel/perf_event_paranoid
echo 0 >/proc/sys/kernel/kptr_restrict
balancing_at_default_rates
# irqs LABEL: LABEL, then the TLB and CAL rows of /proc/interrupts, summed
irqs() {
	awk -v label="$1" '$1 == "TLB:" || $1 == "CAL:" {
		n = 0
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++)
			n += $i
		printf "%s %s %d\n", label, $1, n
	}' /proc/interrupts
}
profile() {
	local variant=$1 data=/tmp/perf-$1.data

	irqs before >"$out/$variant.irq"
	perf record -q -a -g -F 997 -e cpu-clock -o "$data" -- \
		"$hintbench" "$variant" 256 40 >"$out/$variant.jsonl"
	irqs after >>"$out/$variant.irq"
	perf report -i "$data" --stdio --no-children --sort sym -g none \
		--percent-limit 0.3 >"$out/$variant.self.txt" 2>/dev/null
	perf report -i "$data" --stdio --children --sort sym -g none \
		--percent-limit 0.02 >"$out/$variant.children.txt" 2>/dev/null
	perf report -i "$data" --stdio --no-children --sort comm \
		-g none >"$out/$variant.comm.txt" 2>/dev/null
	# PERF_KEEP=1: the data and the symbols, for call graphs read later
	# on the host (perf report -i OUT/VARIANT.data --kallsyms OUT/kallsyms)
	if [ "${PERF_KEEP:-0}" = 1 ]; then
		cp "$data" "$out/$variant.data"
		cat /proc/kallsyms >"$out/kallsyms"
	fi
}
# PAGES=_thp profiles scan_thp and sample_thp instead
set_numa_modes 1 0
profile "scan${PAGES:-}"
set_numa_modes 0 1
profile "sample${PAGES:-}"
set_numa_modes 1 0
