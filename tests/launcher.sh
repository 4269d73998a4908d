#!/bin/bash
# In-VM test of tools/numab-run (TAP): the policy is set, survives exec,
# and bad input gives a clear error and exit status 125/127.
. "$(dirname "$0")/../harness/lib.sh"
. "$NUMAB_TOP/harness/tap.sh"
run=$BUILD/bin/numab-run


policy_is() {	# policy_is WANT ARGS...: numa_maps of the exec'd program
	"$run" "${@:2}" -- sh -c 'head -n1 /proc/$$/numa_maps' | grep -q " $1 "
}

status_is() {	# status_is WANT ARGS...
	"$run" "${@:2}" >/dev/null 2>&1
	[ $? = "$1" ]
}

echo "TAP version 13"
check preferred_many_balancing policy_is 'prefer (many)=balancing:0-1' --preferred-many 0,1 --balancing
check preferred_many_plain policy_is 'prefer (many):0-1' --preferred-many 0-1
check bind_balancing policy_is 'bind=balancing:0' --bind 0 --balancing
check bad_node_list status_is 125 --preferred-many 0,x -- true
check missing_node status_is 125 --preferred-many 0,9 -- true
check no_policy status_is 125 -- true
check missing_program status_is 127 --bind 0 -- /nonexistent/program
check program_status status_is 7 --bind 0 -- sh -c 'exit 7'
tap_done
