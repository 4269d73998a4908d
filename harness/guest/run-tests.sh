#!/bin/bash
# run-tests.sh TEST...: run numa selftests in the VM, each under its
# settings' timeout, with the topology's expectations in the environment.
# Each TEST leaves TEST.tap and TEST.rc in $NUMAB_RUN for tap-summary.py.
. "$(dirname "$0")/../lib.sh"
. "$NUMAB_TOP/harness/topologies.sh"

topo_expect "$NUMAB_TOPO"
export NUMA_EXPECT_NODES=$TOPO_NODES NUMA_EXPECT_TIERS=$TOPO_TIERS
bin=$BUILD/selftests/numa
limit=$(sed -n 's/^timeout=//p' "$TREE/tools/testing/selftests/numa/settings")
cd /tmp || exit 1
for t in "$@"; do
	timeout "${limit:-120}" "$bin/$t" >"$NUMAB_RUN/$t.tap" 2>&1
	echo $? >"$NUMAB_RUN/$t.rc"
	grep -E '^(not )?ok ' "$NUMAB_RUN/$t.tap" | sed "s/^/$t: /"
done
exit 0
