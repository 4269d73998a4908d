#!/usr/bin/env bash
# make check-bench-host: make bench HOST=1 as a user runs it on a kernel of
# make deb, which has none of the test scaffolding: the VM's kernel built
# without config/test.config (no KUnit, no sample injector, no
# legacy_backoff), booted in the 2node VM, runs make bench HOST=1 with one
# run of each variant. It must end with exit 0, a skip line for each
# scenario that needs what such a kernel lacks, and its results under the
# run's directory, README.md untouched.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

obj=$LINE_BUILD/obj-production
results=$LINE_BUILD/results/bench-host
OBJ=$obj NO_TEST_CONFIG=1 "$NUMAB_TOP/harness/kernel.sh"
rm -rf "$results"
mkdir -p "$results"
readme=$(sha256sum "$NUMAB_TOP/README.md")
KERNEL=$obj/arch/x86/boot/bzImage "$NUMAB_TOP/harness/vm.sh" -t 2node -T 3600 \
	-r "$results" env BENCH_REPS=1 BENCH_PAIRS=1 \
	BENCH_RESULTS="$results/out" make -s -C "$NUMAB_TOP" bench HOST=1
[ "$readme" = "$(sha256sum "$NUMAB_TOP/README.md")" ] || die "make bench HOST=1 rewrote README.md"
grep '^bench: ' "$results/out.log"
log "make bench HOST=1 on a kernel without the test rig: exit 0; results in ${results#"$NUMAB_TOP"/}/out"
