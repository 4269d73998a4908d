#!/bin/bash
# Scratch, host side, for drain_cadence.diff: build the 6.12 test kernel
# with each batch size, ring size and tick wait, and run sampled_hints'
# scan and sample variants on it, 3 runs each, into
# build/6.12/cad-NAME/ (summary.md). The tree must carry the diff.
#   bench/instrument/drain_cadence.sh NAME:BATCH:RING:WAIT...
set -eu
cd "$(dirname "$0")/../.."
tree=build/6.12/linux/mm/numa_hint
for config in "$@"; do
	IFS=: read -r name batch ring wait <<<"$config"
	sed -i "s/^#define NUMA_HINT_BATCH\t\t[0-9]*/#define NUMA_HINT_BATCH\t\t$batch/" "$tree/internal.h"
	sed -i "s/^#define NUMA_HINT_TICK_WAIT\t[0-9]*/#define NUMA_HINT_TICK_WAIT\t$wait/" "$tree/internal.h"
	sed -i "s/^#define NUMA_HINT_RING_SIZE\t[0-9]*/#define NUMA_HINT_RING_SIZE\t$ring/" "$tree/ring.h"
	LINE=6.12 harness/kernel.sh
	rm -rf "build/6.12/cad-$name"
	LINE=6.12 BENCH_ONLY=sampled_hints HINT_VARIANTS="scan sample" BENCH_REPS=3 \
		BENCH_RESULTS="$PWD/build/6.12/cad-$name" harness/bench.sh
done
