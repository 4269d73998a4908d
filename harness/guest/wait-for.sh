# shellcheck shell=bash
# wait_for SECONDS PID...: wait for the processes to end, at most SECONDS;
# fails if one is still there then.
wait_for() {
	local deadline=$((SECONDS + $1)) pid
	shift
	for pid in "$@"; do
		while kill -0 "$pid" 2>/dev/null; do
			[ "$SECONDS" -lt "$deadline" ] || return 1
			sleep 1
		done
	done
	return 0
}
