#!/bin/bash
# Scratch (guest side), for issue 27: why sample_swap's readers read
# slower than sample's. Runs hintbench sample and then sample_swap (256
# MiB; 40 and 60 s, as make bench does) and, every second meanwhile,
# records each CPU's jiffies (/proc/stat), the TLB and CAL interrupts per
# CPU, and each hintbench thread's utime, stime and CPU
# (/proc/PID/task/*/stat), so that a slow reader shows whether it lost
# its CPU, spent it in the kernel, or ran slower on it.
#   harness/vm.sh -t tiered -r $PWD/build/results/swapdiag \
#       $PWD/bench/instrument/swap_diag.sh
# Output: OUT/<variant>.jsonl (hintbench) and OUT/<variant>.trace.
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$NUMAB_TOP/bench/scenarios/balancing.sh"
. "$NUMAB_TOP/harness/guest/modes.sh"
out=$NUMAB_RUN/swapdiag
mkdir -p "$out"
balancing_at_default_rates

# trace PID: a block a second while PID lives
trace() {
	local pid=$1
	while [ -d "/proc/$pid" ]; do
		echo "t $(cut -d' ' -f1 /proc/uptime)"
		grep '^cpu[0-9]' /proc/stat
		grep -E '^ *(TLB|CAL):' /proc/interrupts
		for task in /proc/"$pid"/task/*; do
			# pid comm state ... utime(14) stime(15) ... processor(39)
			echo "task $(cut -d' ' -f1,14,15,39 "$task/stat" 2>/dev/null)"
		done
		sleep 1
	done
}

run() {
	local variant=$1 seconds=$2

	"$BUILD/bench/hintbench" "$variant" 256 "$seconds" >"$out/$variant.jsonl" &
	trace $! >"$out/$variant.trace"
	wait
}
set_numa_modes 0 1
run sample 40
run sample_swap 60
set_numa_modes 1 0
