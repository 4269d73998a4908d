# shellcheck shell=bash
# The NUMA balancing modes in the guest, for the scripts that change them.

# set_numa_modes BALANCING SAMPLED: kernel.numa_balancing (0-3), and sampled
# access hints off or on (0 or 1); the series v2 kept them in bit 2.
set_numa_modes() {
	echo $(($1 | ($2 << 2))) >/proc/sys/kernel/numa_balancing
}

# cycle_numa_modes STOPFILE COUNTFILE: every mode, with sampled hints off
# and on, a second each, until STOPFILE exists; then the number of
# changes made goes to COUNTFILE.
cycle_numa_modes() {
	local changes=0 bal sampled
	while [ ! -e "$1" ]; do
		for sampled in 0 1; do
			for bal in 0 1 2 3; do
				[ -e "$1" ] && break 2
				set_numa_modes $bal $sampled && changes=$((changes + 1))
				sleep 1
			done
		done
	done
	echo "$changes" >"$2"
}
