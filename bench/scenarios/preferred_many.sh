#!/bin/bash
# Seed 000's experiment, scaled to the tiered VM (run inside it):
# memcached under numab-run --preferred-many 0,1, with and without
# --balancing. Its KEYS values of 1 KiB are stored, every page of it is
# demoted to node 2 (migratepages), and a reader then gets random keys for
# SECONDS. The two variants alternate, REPS times each, so that drift in
# the emulator's speed hits both alike. Raw data goes to
# OUT/<variant>-<rep>/: ops.txt (gets per second), share.txt
# ("t pages_on_0_1 pages_total" of memcached's anon memory), vmstat.before,
# vmstat.after.
#
#   preferred_many.sh OUT [KEYS [SECONDS [REPS]]]
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$NUMAB_TOP/harness/guest/vmstat.sh"
out=$1 keys=${2:-65536} seconds=${3:-60} reps=${4:-1}
VMSTAT_KEYS="numa_pte_updates numa_hint_faults numa_hint_faults_local numa_pages_migrated
pgmigrate_success pgmigrate_fail pgpromote_candidate pgpromote_success"
bin=$BUILD/bin bench=$BUILD/bench

anon_share() {	# anon_share PID: "pages_on_nodes_0_1 pages_total"
	awk '/anon=/ { for (i = 1; i <= NF; i++) if ($i ~ /^N[0-9]+=/) {
		split(substr($i, 2), kv, "="); t += kv[2]; if (kv[1] < 2) f += kv[2] } }
		END { print f + 0, t + 0 }' "/proc/$1/numa_maps"
}

run_variant() {	# run_variant NAME [--balancing]
	local dir=$out/$1 sock=/tmp/memcached.sock mc t
	shift
	mkdir -p "$dir"
	rm -f $sock
	echo 2 >/proc/sys/kernel/numa_balancing
	"$bin/numab-run" --preferred-many 0,1 "$@" -- \
		taskset -c 0 memcached -u root -s $sock -m 512 -t 1 &
	mc=$!
	for _ in $(seq 50); do [ -S $sock ] && break; sleep 0.2; done
	"$bench/kvload" $sock set "$keys" >"$dir/set.log"
	grep -q "prefer (many)" "/proc/$mc/numa_maps"
	migratepages "$mc" 0,1 2
	vmstat_snapshot "$dir/vmstat.before"
	echo "0 $(anon_share $mc)" >"$dir/share.txt"
	taskset -c 1 "$bench/kvload" $sock get "$keys" "$seconds" >"$dir/ops.txt" &
	local reader=$!
	for t in $(seq 5 5 "$seconds"); do
		sleep 5
		echo "$t $(anon_share $mc)" >>"$dir/share.txt"
	done
	wait $reader
	vmstat_snapshot "$dir/vmstat.after"
	kill $mc
	wait $mc 2>/dev/null || true
}

for rep in $(seq "$reps"); do
	run_variant "balancing-$rep" --balancing
	run_variant "plain-$rep"
done
