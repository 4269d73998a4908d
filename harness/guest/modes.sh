# shellcheck shell=bash
# The modes of NUMA balancing in the guest, for the scripts that change them:
# kernel.numa_balancing (0-3) and kernel.numa_balancing_sampled (0 or 1). A
# line being ported (lines/LINE/porting) may not carry sampled hints yet:
# there, a kernel without the second has sampled mode 0, which cannot be
# set to anything else. On a complete line the knob must be there.
NUMA_BALANCING=/proc/sys/kernel/numa_balancing
NUMA_SAMPLED=/proc/sys/kernel/numa_balancing_sampled

# sampled_knob_expected: the kernel has the knob, or must have it.
sampled_knob_expected() { [ -e "$NUMA_SAMPLED" ] || ! line_being_ported; }

# sampled_modes: the values kernel.numa_balancing_sampled can take here.
sampled_modes() {
	if sampled_knob_expected; then echo 0 1; else echo 0; fi
}

# set_numa_modes BALANCING SAMPLED
set_numa_modes() {
	if sampled_knob_expected; then
		echo "$2" >"$NUMA_SAMPLED" || return
	elif [ "$2" != 0 ]; then
		echo "set_numa_modes: this kernel has no $NUMA_SAMPLED" >&2
		return 1
	fi
	echo "$1" >"$NUMA_BALANCING"
}

# numa_modes: the two values, "BALANCING SAMPLED", for set_numa_modes.
numa_modes() {
	echo "$(cat "$NUMA_BALANCING") $(cat "$NUMA_SAMPLED" 2>/dev/null || echo 0)"
}

# cycle_numa_modes STOPFILE COUNTFILE: every mode, with sampled hints off
# and, where the kernel has them, on, a second each, until STOPFILE exists;
# then the number of changes made, and of changes refused, go to COUNTFILE
# ("MADE REFUSED").
cycle_numa_modes() {
	local changes=0 refused=0 bal sampled
	while [ ! -e "$1" ]; do
		for sampled in $(sampled_modes); do
			for bal in 0 1 2 3; do
				[ -e "$1" ] && break 2
				if set_numa_modes $bal $sampled; then
					changes=$((changes + 1))
				else
					refused=$((refused + 1))
				fi
				sleep 1
			done
		done
	done
	echo "$changes $refused" >"$2"
}
