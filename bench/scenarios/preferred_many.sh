#!/bin/bash
# Seed 000's experiment, scaled to the tiered VM (run inside it):
# memcached under numab-run --preferred-many 0,1, with and without
# --balancing. Its KEYS values of 1 KiB are stored, every page of it is
# demoted to node 2 (migratepages), and a reader then gets random keys for
# SECONDS.
#
# The two variants run side by side, each memcached on CPU 0 and each
# reader on CPU 1, so that they share one time window: the emulator's
# speed drifts by a factor of two between runs, which no throughput
# comparison of separate runs survives, but it drifts for both alike here.
# The system-wide vmstat counters cover both; what is per variant comes
# from the task itself: /proc/PID/numa_maps and /proc/PID/sched.
#
# Raw data goes to OUT/<variant>-<rep>/: ops.txt (gets per second),
# share.txt ("t pages_on_0_1 pages_total" of memcached's anon memory),
# sched.before/after (memcached's numa_pages_migrated), and the pair's
# vmstat.before/after.
#
#   preferred_many.sh OUT [KEYS [SECONDS [REPS]]]
set -eu
. "$(dirname "$0")/../../harness/lib.sh"
. "$NUMAB_TOP/harness/guest/vmstat.sh"
out=$1 keys=${2:-65536} seconds=${3:-60} reps=${4:-1}
VMSTAT_KEYS="numa_pte_updates numa_hint_faults numa_hint_faults_local numa_pages_migrated
pgmigrate_success pgmigrate_fail pgpromote_candidate pgpromote_success"
bin=$BUILD/bin bench=$BUILD/bench
variants="balancing plain"

anon_share() {	# anon_share PID: "pages_on_nodes_0_1 pages_total"
	awk '/anon=/ { for (i = 1; i <= NF; i++) if ($i ~ /^N[0-9]+=/) {
		split(substr($i, 2), kv, "="); t += kv[2]; if (kv[1] < 2) f += kv[2] } }
		END { print f + 0, t + 0 }' "/proc/$1/numa_maps"
}

task_migrated() {	# task_migrated PID: numa_pages_migrated, summed over its threads
	awk '$1 == "numa_pages_migrated" { s += $3 } END { print s + 0 }' /proc/"$1"/task/*/sched
}

declare -A mc
start_server() {	# start_server VARIANT REP: memcached, filled, moved to node 2
	local v=$1 sock=/tmp/memcached-$1.sock flag=
	mkdir -p "$out/$v-$2"
	[ "$v" = balancing ] && flag=--balancing
	rm -f "$sock"
	# shellcheck disable=SC2086 # flag is one word or none
	"$bin/numab-run" --preferred-many 0,1 $flag -- \
		taskset -c 0 memcached -u root -s "$sock" -m 512 -t 1 &
	mc[$v]=$!
	for _ in $(seq 50); do [ -S "$sock" ] && break; sleep 0.2; done
	"$bench/kvload" "$sock" set "$keys" >"$out/$v-$2/set.log"
	grep -q "prefer (many)" "/proc/${mc[$v]}/numa_maps"
	migratepages "${mc[$v]}" 0,1 2
}

run_pair() {	# run_pair REP
	local rep=$1 v t readers=()
	echo 2 >/proc/sys/kernel/numa_balancing
	for v in $variants; do start_server "$v" "$rep"; done
	for v in $variants; do
		vmstat_snapshot "$out/$v-$rep/vmstat.before"
		task_migrated "${mc[$v]}" >"$out/$v-$rep/sched.before"
		echo "0 $(anon_share "${mc[$v]}")" >"$out/$v-$rep/share.txt"
	done
	for v in $variants; do
		taskset -c 1 "$bench/kvload" "/tmp/memcached-$v.sock" get "$keys" "$seconds" \
			>"$out/$v-$rep/ops.txt" &
		readers+=($!)
	done
	for t in $(seq 5 5 "$seconds"); do
		sleep 5
		for v in $variants; do
			echo "$t $(anon_share "${mc[$v]}")" >>"$out/$v-$rep/share.txt"
		done
	done
	for t in "${readers[@]}"; do wait "$t"; done
	for v in $variants; do
		vmstat_snapshot "$out/$v-$rep/vmstat.after"
		task_migrated "${mc[$v]}" >"$out/$v-$rep/sched.after"
		kill "${mc[$v]}"
		wait "${mc[$v]}" 2>/dev/null || true
	done
}

for rep in $(seq "$reps"); do
	run_pair "$rep"
done
