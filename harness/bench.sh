#!/usr/bin/env bash
# make bench: run the benchmark scenarios in the tiered VM and summarise
# them into build/results/: <scenario>.json (every run's raw counters and
# series), <scenario>.md (median, min, max) and meta.json (kernel, series
# commit, topology, accelerator). Absolute numbers are emulated: compare
# the variants of one run with each other, not with hardware.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$BUILD/results
run=$out/bench-run
rm -rf "$run"
mkdir -p "$out"
# The read loop of sampled_hints at native speed, for that scenario's model.
for _ in 1 2 3; do "$BUILD/bench/hintbench" rate 128 3; done >"$out/host_rate.jsonl"
BENCH_REPS=${BENCH_REPS:-3} "$NUMAB_TOP/harness/vm.sh" -t tiered -T 3600 -r "$run" \
	"$NUMAB_TOP/harness/guest/bench.sh"
# summarise SCENARIO [ARG...]: its table on stdout and in <scenario>.md.
summarise() {
	"$NUMAB_TOP/bench/$1.py" "$run/$1" "$out/$1.json" "${@:2}" | tee "$out/$1.md"
}
summarise preferred_many
summarise lazy_migrate
summarise scan_backoff
summarise sampled_hints "$out/host_rate.jsonl"
"$NUMAB_TOP/bench/plot_series.py" "$out/sampled_hints.json" pages_migrated \
	"$out/sampled_hints-migrated.png" "Sampled hints vs scanning: pages migrated (TCG, measured)" "pages migrated"
"$NUMAB_TOP/bench/plot_series.py" "$out/sampled_hints.json" pct_local.1 \
	"$out/sampled_hints-local.png" "Far half local to its reader (TCG, measured)" "% of far half on node 1"
cat >"$out/meta.json" <<JSON
{
 "date": "$(date -u +%Y-%m-%dT%H:%MZ)",
 "kernel": "$(cat "$run/kernel")",
 "series_commit": "$(git -C "$TREE" rev-parse HEAD)",
 "base": "$BASE_PKG $BASE_VERSION",
 "topology": "tiered",
 "accelerator": "$(cat "$run/accel")",
 "reps": ${BENCH_REPS:-3}
}
JSON
