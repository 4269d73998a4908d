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

# skip NAME REASON: one TAP line for a case that does not apply here.
skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

# tap_done: the plan line; fails if any check failed.
tap_done() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}
