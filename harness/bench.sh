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
BENCH_REPS=${BENCH_REPS:-3} "$NUMAB_TOP/harness/vm.sh" -t tiered -T 3600 -r "$run" \
	"$NUMAB_TOP/harness/guest/bench.sh"
for scenario in preferred_many lazy_migrate scan_backoff; do
	"$NUMAB_TOP/bench/$scenario.py" "$run/$scenario" "$out/$scenario.json" |
		tee "$out/$scenario.md"
done
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
