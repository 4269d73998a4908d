#!/bin/bash
# hang-report.sh PATTERN: what the processes whose command line matches
# PATTERN (pgrep -f) are doing, for a test that gave up waiting on them:
# state, wait channel and kernel stack of each, free memory, and the
# kernel log's tail (an OOM kill or a hung-task report shows there).
# SysRq w puts the blocked tasks' stacks on the console as well.
mapfile -t pids < <(pgrep -f "$1")
if [ ${#pids[@]} -eq 0 ]; then
	echo "no process matches $1"
	exit 0
fi
ps -o pid,ppid,stat,wchan:30,etime,time,args -p "$(
	IFS=,
	echo "${pids[*]}"
)"
for pid in "${pids[@]}"; do
	echo "--- $pid: $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)"
	cat "/proc/$pid/stack" 2>/dev/null
done
grep -E '^(MemFree|MemAvailable|SwapFree|AnonPages|Mlocked):' /proc/meminfo
dmesg | tail -n 20
echo w >/proc/sysrq-trigger 2>/dev/null
exit 0
