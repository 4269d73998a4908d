#!/usr/bin/env bash
# make bench: run the benchmark scenarios in the tiered VM (or, with HOST=1,
# on this machine, which must be running the patched kernel) and summarise
# them into build/LINE/results/ (BENCH_RESULTS=DIR: there): <scenario>.json
# (every run's raw counters and series), <scenario>.md (median, min, max,
# and the labelled latency model), PNG plots, meta.json (kernel, series
# commit, topology, accelerator) and summary.md. The VM's run, and only
# it, goes into docs/results/LINE/ (bench.md, the plots, headlines.json),
# and the README's bench table is rebuilt from every line's headlines;
# HOST=1, and a line being ported, leave the project's files alone. A
# scenario the kernel cannot run (a production kernel lacks the test
# scaffolding) is skipped with a line that says why. Absolute numbers
# under emulation are emulated: compare the variants of one run with
# each other, not with hardware.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=${BENCH_RESULTS:-$LINE_BUILD/results}
run=$out/bench-run
guest_rc=0
b=$NUMAB_TOP/bench
# BENCH_ONLY=SCENARIO,... runs and summarises only those, and
# HINT_VARIANTS=VARIANT... only those of sampled_hints (the README's
# section is then left alone); BENCH_PAIRS: perf_numa's pairs (10).
export BENCH_REPS=${BENCH_REPS:-3} BENCH_PAIRS=${BENCH_PAIRS:-10} BENCH_ONLY=${BENCH_ONLY:-}
export HINT_VARIANTS=${HINT_VARIANTS:-}
# BENCH_SUMMARY_ONLY=1 summarises the last run again, without running it.
if [ "${BENCH_SUMMARY_ONLY:-0}" = 1 ]; then
	[ -f "$run/kernel" ] || die "no run to summarise in $run"
	topology=$(cat "$run/topology" 2>/dev/null || echo tiered)
else
	rm -rf "$run" "$out"/*.png
	mkdir -p "$run"
	# The read loop of sampled_hints at native speed, for its model.
	for _ in 1 2 3; do "$BUILD/bench/hintbench" rate 128 3; done >"$out/host_rate.jsonl"
	if [ "${HOST:-0}" = 1 ]; then
		case "$(uname -r)" in *numab*) ;; *) die "HOST=1 needs the patched kernel running (uname -r: $(uname -r))" ;; esac
		[ "$(id -u)" = 0 ] || die "HOST=1 needs root"
		echo "none (bare metal)" >"$run/accel"
		topology="this machine: $(numactl -H | head -n 1)"
		NUMAB_RUN=$run "$NUMAB_TOP/harness/guest/bench.sh" || guest_rc=$?
	else
		topology=tiered
		# vm.sh runs its arguments as one shell line: a list keeps its quotes
		"$NUMAB_TOP/harness/vm.sh" -t tiered -T 7200 -r "$run" env BENCH_REPS="$BENCH_REPS" \
			BENCH_PAIRS="$BENCH_PAIRS" BENCH_ONLY="$BENCH_ONLY" \
			HINT_VARIANTS="$(printf %q "$HINT_VARIANTS")" \
			"$NUMAB_TOP/harness/guest/bench.sh" || guest_rc=$?
	fi
fi
echo "$topology" >"$run/topology"

# ran SCENARIO: the run has its data.
ran() { [ -d "$run/$1" ]; }
# summarise SCENARIO [ARG...]: its table on stdout and in <scenario>.md.
summarise() {
	"$b/$1.py" "$run/$1" "$out/$1.json" "${@:2}" | tee "$out/$1.md"
}
# model SCENARIO FIELD FAR BASELINE: the latency model, after the table.
model() {
	echo >>"$out/$1.md"
	"$b/model.py" "$out/$1.json" "${@:2}" | tee -a "$out/$1.md"
}
# plot SCENARIO FIELD NAME TITLE YLABEL: build/LINE/results/SCENARIO-NAME.png
plot() {
	"$b/plot_series.py" "$out/$1.json" "$2" "$out/$1-$3.png" "$4 (TCG, measured)" "$5"
}

if ran preferred_many; then
	summarise preferred_many
	model preferred_many pct_on_nodes_0_1 tier2 plain
	plot preferred_many pct_on_nodes_0_1 local "memcached's memory on nodes 0-1" "% on nodes 0-1"
	plot preferred_many ops_per_s rate "memcached gets per second" "gets/s"
fi
if ran lazy_migrate; then
	summarise lazy_migrate
	model lazy_migrate moved_hot_on_node1_pct remote none
	plot lazy_migrate moved_hot_on_node1_pct local "Moved thread's hot pages on its new node" "% on node 1"
	plot lazy_migrate passes.1 rate "Moved thread's triad passes" "passes per second"
fi
if ran scan_backoff; then
	summarise scan_backoff
	model scan_backoff movable_on_node1_pct remote old
	plot scan_backoff movable_on_node1_pct local "Movable memory local to the task" "% on node 1"
	plot scan_backoff passes rate "pinmix passes" "passes per 0.25 s"
fi
if ran sampled_hints; then
	summarise sampled_hints "$out/host_rate.jsonl"
	model sampled_hints pct_local.1 remote scan
	plot sampled_hints pages_migrated migrated "Sampled hints vs scanning: pages migrated" "pages migrated"
	plot sampled_hints pct_local.1 local "Far half local to its reader" "% of far half on node 1"
fi
ran perf_numa && summarise perf_numa

cat >"$out/meta.json" <<JSON
{
 "date": "$(date -u -r "$run/kernel" +%Y-%m-%dT%H:%MZ)",
 "kernel": "$(cat "$run/kernel")",
 "series_commit": "$(git -C "$TREE" rev-parse HEAD)",
 "base": "$BASE_PKG $BASE_VERSION",
 "topology": "$topology",
 "accelerator": "$(cat "$run/accel")",
 "reps": $BENCH_REPS
}
JSON
"$b/report.py" "$out" >"$out/summary.md"
# A line being ported has no published figures yet.
if [ -n "$BENCH_ONLY$HINT_VARIANTS" ] || [ "${HOST:-0}" = 1 ] || [ "$guest_rc" != 0 ] ||
	line_being_ported; then
	log "results: $out/summary.md; the project's files left alone (BENCH_ONLY, HINT_VARIANTS, HOST=1, a failed scenario or a line being ported)"
	exit "$guest_rc"
fi
"$b/report.py" --publish "$out" "$NUMAB_TOP/docs/results" "$NUMAB_TOP/README.md" "$LINE"
log "results: $out/summary.md; docs/results/$LINE/ and the README's bench table updated"
