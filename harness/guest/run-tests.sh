#!/bin/bash
# run-tests.sh TEST...: run tests in the VM, each under the numa selftests'
# timeout (or NUMA_TEST_TIMEOUT seconds), with the topology's expectations
# in the environment. A TEST is a
# numa selftest name, or a project script (tests/*.sh) that prints TAP.
# Each leaves NAME.tap and NAME.rc in $NUMAB_RUN for tap-summary.py, and
# a line "NAME SECONDS" in $NUMAB_RUN/durations.
. "$(dirname "$0")/../lib.sh"
. "$NUMAB_TOP/harness/topologies.sh"

topo_expect "$NUMAB_TOPO"
export NUMA_EXPECT_NODES=$TOPO_NODES NUMA_EXPECT_TIERS=$TOPO_TIERS
limit=${NUMA_TEST_TIMEOUT:-$(sed -n 's/^timeout=//p' "$TREE/tools/testing/selftests/numa/settings")}
cd /tmp || exit 1
for t in "$@"; do
	case "$t" in
	*.sh) exe=$NUMAB_TOP/$t name=$(basename "$t" .sh) ;;
	*) exe=$LINE_BUILD/selftests/numa/$t name=$t ;;
	esac
	start=$(date +%s)
	timeout -k 10 "${limit:-120}" "$exe" >"$NUMAB_RUN/$name.tap" 2>&1
	echo $? >"$NUMAB_RUN/$name.rc"
	echo "$name $(($(date +%s) - start))" >>"$NUMAB_RUN/durations"
	grep -E '^(not )?ok ' "$NUMAB_RUN/$name.tap" | sed "s/^/$name: /"
done
exit 0
