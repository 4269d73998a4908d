#!/bin/bash
# Guest side of make demo, on the tiered VM: show the topology and tiers,
# run a short workload in which reclaim demotes pages to node 2 and NUMA
# balancing promotes a hot set back, then each feature's scenario, and end
# with the NUMA counters before and after it all.
set -eu
. "$(dirname "$0")/../lib.sh"
. "$NUMAB_TOP/harness/guest/vmstat.sh"
bin=$BUILD/bench

section() { printf '\n== %s ==\n' "$*"; }

section "kernel $(uname -r), topology and tiers"
numactl -H | grep -E '^node [0-9]+ (cpus|size)|^available'
for t in /sys/devices/virtual/memory_tiering/memory_tier*; do
	echo "${t##*/}: nodes $(cat "$t/nodelist")"
done
echo "demotion_enabled: $(cat /sys/kernel/mm/numa/demotion_enabled)"

vmstat_snapshot /tmp/before
echo 2 >/proc/sys/kernel/numa_balancing
section "workload (numa_balancing=2, memory tiering mode)"

taskset -c 0 "$bin/memhog" 128 128 600 >/tmp/hot.log &
hot=$!
sleep 3
echo "1. hot set: 128 MiB touched from CPU 0 (pid $hot): $(node_pages $hot)"

free_mb=$(numactl -H | awk '/^node [01] free:/ { s += $4 } END { print s }')
eat=$((free_mb + 128))
numactl --membind=0,1 "$bin/memhog" "$eat" 0 0 >/tmp/eater.log &
eater=$!
for _ in $(seq 60); do
	grep -q filled /tmp/eater.log && break
	sleep 1
done
echo "2. eater: $eat MiB bound to nodes 0-1 (free DRAM was $free_mb MiB): $(node_pages $eater)"
echo "   demoted so far: $(awk '/^pgdemote_(kswapd|direct) / { s += $2 } END { print s }' /proc/vmstat) pages"
kill $eater
wait $eater || true

# Paused while it moves, or tiering mode promotes it back before we look.
kill -STOP $hot
migratepages $hot 0,1 2
echo "3. eater gone; the hot set, paused, is moved to node 2 (migratepages): $(node_pages $hot)"
kill -CONT $hot
for s in 5 10 15 20; do
	sleep 5
	echo "   after ${s}s of touching: $(node_pages $hot)"
done
kill $hot
wait $hot || true
tail -n1 /tmp/hot.log

section "MPOL_PREFERRED_MANY | MPOL_F_NUMA_BALANCING (seed 000, scaled down)"
echo "memcached under numab-run --preferred-many 0,1, all of it demoted to node 2"
echo "by migratepages, then 120 s of random gets from CPU 1; with and without --balancing."
pm=$NUMAB_RUN/preferred_many
"$NUMAB_TOP/bench/scenarios/preferred_many.sh" "$pm" 65536 120 1
"$NUMAB_TOP/bench/preferred_many.py" "$pm" "$NUMAB_RUN/preferred_many.json"
echo
echo "Under emulation remote and tier-2 memory are as fast as local: the seed's"
echo "speedup cannot show here. What is real: placement, counters and their cost."

vmstat_snapshot /tmp/after
section "/proc/vmstat NUMA counters, before and after the whole demo"
vmstat_table /tmp/before /tmp/after
