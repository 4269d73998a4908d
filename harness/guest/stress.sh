#!/bin/bash
# All four features at once, on the tiered VM (run inside it), for SECONDS:
#   preferred  memhog under numab-run --preferred-many 0,1 --balancing,
#              its hot set demoted by the pressure below and promoted back;
#   pressure   memhog bound to nodes 0-1, larger than they are: reclaim
#              demotes to node 2;
#   lazy       triad lazy: mbind(MPOL_LOCAL, MOVE | LAZY), pages follow
#              the thread that touches them next;
#   hints      hintbench sample: samples injected through debugfs;
#   failures   pinmix fail: long-term pinned pages that cannot migrate;
#   trinity    Debian's fuzzer on the memory policy, migration and mapping
#              system calls (harness/guest/trinity.sh), 20,000 calls a run.
# Each worker reruns its program until the time is up; every program checks
# its data and exits non-zero if a byte changed. kernel.numa_balancing
# cycles through its modes, with sampled hints off and on, a second each
# (harness/guest/modes.sh). At the end: every run's exit status, and the
# counter identities below; TAP on stdout, details in OUT.
#
#   stress.sh OUT [SECONDS]
set -u
. "$(dirname "$0")/../lib.sh"
. "$NUMAB_TOP/harness/guest/vmstat.sh"
. "$NUMAB_TOP/harness/guest/modes.sh"
out=$1 seconds=${2:-600}
bin=$BUILD/bin bench=$BUILD/bench
VMSTAT_KEYS="numa_hint_faults numa_pages_migrated numa_migrate_fail_full
numa_migrate_fail_busy numa_migrate_fail_unmovable numa_pte_skip_pinned
numa_lazy_marked numa_lazy_migrated numa_lazy_failed numa_lazy_in_place
numa_lazy_dropped
numa_sample_seen numa_sample_used numa_sample_drop_invalid numa_sample_drop_full
numa_sample_drop_nested numa_sample_drop_offline numa_sample_drop_disabled
numa_sample_drop_foreign numa_sample_drop_unmapped numa_sample_drop_filtered
numa_sample_migrated numa_sample_migrate_failed pgpromote_success
pgdemote_kswapd pgdemote_direct pgmigrate_success pgmigrate_fail"
mkdir -p "$out"
end=$(($(date +%s) + seconds))

# worker NAME CMD...: rerun CMD until the end; "rc" of each run in OUT/NAME.rc
worker() {
	local name=$1 run=0
	shift
	while [ "$(date +%s)" -lt $end ]; do
		run=$((run + 1))
		"$@" >"$out/$name.$run.log" 2>&1
		echo "$run $?" >>"$out/$name.rc"
	done
}

free_0_1_mib() {
	numactl -H | awk '/^node [01] free:/ { s += $4 } END { print s }'
}

set_numa_modes 3 1 || exit 1
echo 1 >/sys/kernel/mm/numa/demotion_enabled
eat=$(($(free_0_1_mib) + 128))
vmstat_snapshot "$out/vmstat.before"

worker preferred "$bin/numab-run" --preferred-many 0,1 --balancing -- \
	"$bench/memhog" 192 128 60 &
worker pressure numactl --membind=0,1 "$bench/memhog" "$eat" 0 20 &
worker lazy "$bench/triad" lazy 16 20 &
worker hints "$bench/hintbench" sample 64 20 &
worker failures "$bench/pinmix" fail 20 16 32 &
worker trinity "$NUMAB_TOP/harness/guest/trinity.sh" 20000 "$out/trinity.log" &
cycle_numa_modes "$out/stop" "$out/mode-changes" &
sleep "$seconds"
touch "$out/stop"
wait
vmstat_snapshot "$out/vmstat.after"
vmstat_table "$out/vmstat.before" "$out/vmstat.after" >"$out/vmstat.md"

delta() {	# delta COUNTER
	join "$out/vmstat.before" "$out/vmstat.after" | awk -v k="$1" '$1 == k { print $3 - $2 }'
}

. "$NUMAB_TOP/harness/tap.sh"

all_runs_ok() {	# all_runs_ok NAME: at least one run, every one exit 0
	[ -s "$out/$1.rc" ] && ! awk '$2 != 0 { bad = 1 } END { exit !bad }' "$out/$1.rc"
}

injected=$(cat "$out"/hints.*.log | sed -n 's/.*"samples_written": \([0-9]*\).*/\1/p' |
	awk '{ s += $1 } END { print s + 0 }')
hint_drops=$(($(delta numa_sample_drop_invalid) + $(delta numa_sample_drop_full) +
	$(delta numa_sample_drop_nested) + $(delta numa_sample_drop_offline) +
	$(delta numa_sample_drop_disabled) + $(delta numa_sample_drop_foreign) +
	$(delta numa_sample_drop_unmapped) + $(delta numa_sample_drop_filtered)))
lazy_done=$(($(delta numa_lazy_migrated) + $(delta numa_lazy_failed) +
	$(delta numa_lazy_in_place) + $(delta numa_lazy_dropped)))
trinity_calls=$(cat "$out"/trinity.*.log 2>/dev/null | awk '/^[0-9]+$/ { s += $1 } END { print s + 0 }')
misplaced_failed=$(($(delta numa_migrate_fail_full) + $(delta numa_migrate_fail_busy) +
	$(delta numa_migrate_fail_unmovable)))

echo "TAP version 13"
echo "1..14"
for w in preferred pressure lazy hints failures trinity; do
	check "$w: $(wc -l <"$out/$w.rc") runs, data intact in every one" all_runs_ok $w
done
check "demotion happened: pgdemote_kswapd+direct $(($(delta pgdemote_kswapd) + $(delta pgdemote_direct)))" \
	[ $(($(delta pgdemote_kswapd) + $(delta pgdemote_direct))) -gt 0 ]
check "promotion happened: pgpromote_success $(delta pgpromote_success)" \
	[ "$(delta pgpromote_success)" -gt 0 ]
check "unmovable failures were counted: $(delta numa_migrate_fail_unmovable) + $(delta numa_pte_skip_pinned) skipped" \
	[ $(($(delta numa_migrate_fail_unmovable) + $(delta numa_pte_skip_pinned))) -gt 0 ]
check "hints: injected $injected = samples $(delta numa_sample_seen) = used $(delta numa_sample_used) + dropped $hint_drops" \
	[ "$injected" -gt 0 -a "$injected" = "$(delta numa_sample_seen)" -a \
	  "$(delta numa_sample_seen)" = $(($(delta numa_sample_used) + hint_drops)) ]
check "hints: migrated $(delta numa_sample_migrated) + failed $(delta numa_sample_migrate_failed) <= used $(delta numa_sample_used)" \
	[ $(($(delta numa_sample_migrated) + $(delta numa_sample_migrate_failed))) -le "$(delta numa_sample_used)" ]
# triad reads every page at its end, so each page it marked was touched,
# or its mark dropped.
check "lazy: marked $(delta numa_lazy_marked) = migrated + failed + in place + dropped $lazy_done" \
	[ "$lazy_done" -gt 0 -a "$lazy_done" = "$(delta numa_lazy_marked)" ]
check "misplaced: lazy + hint migrations within numa_pages_migrated $(delta numa_pages_migrated), failures within $misplaced_failed" \
	[ $(($(delta numa_lazy_migrated) + $(delta numa_sample_migrated))) -le "$(delta numa_pages_migrated)" -a \
	  $(($(delta numa_lazy_failed) + $(delta numa_sample_migrate_failed))) -le $misplaced_failed ]
read -r changes refused <"$out/mode-changes"
check "trinity made $trinity_calls calls while the modes changed $changes times ($refused refused)" \
	test "$trinity_calls" -gt 0 -a "$changes" -gt 0 -a "$refused" -eq 0
cat "$out/vmstat.md"
[ "$failed" -eq 0 ]
