# shellcheck shell=bash
# TAP for the project's own test scripts (tests/, harness/guest/stress.sh):
# source it, call check for each case, and tap_done last.
n=0 failed=0

# check NAME COMMAND...: one TAP line for COMMAND's success.
check() {
	local name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		failed=$((failed + 1))
	fi
}

# tap_done: the plan line; fails if any check failed.
tap_done() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}
