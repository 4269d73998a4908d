# shellcheck shell=bash
# Sourced by the scenarios that run with NUMA balancing on.
NUMA_KNOBS=/sys/kernel/debug/sched/numa_balancing

# balancing_at_default_rates: NUMA balancing on (mode 1), at the kernel's
# default scan delay and periods; the VM's init speeds them up for tests.
balancing_at_default_rates() {
	echo 1 >/proc/sys/kernel/numa_balancing
	echo 1000 >$NUMA_KNOBS/scan_delay_ms
	echo 1000 >$NUMA_KNOBS/scan_period_min_ms
	echo 60000 >$NUMA_KNOBS/scan_period_max_ms
}
