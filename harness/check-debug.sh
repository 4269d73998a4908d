#!/usr/bin/env bash
# make check-debug: every selftest and KUnit suite of make check, on a
# kernel built with config/debug.config on top of the test config (KASAN,
# KFENCE, lockdep, DEBUG_VM, DEBUG_LIST, fault injection) in build/LINE/obj-debug.
# Any splat fails the VM that printed it. Results: build/LINE/results/check-debug.
# It gates no other line (make check does).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

export OBJ=$LINE_BUILD/obj-debug EXTRA_FRAGMENTS=config/debug.config
"$NUMAB_TOP/harness/kernel.sh"
# KASAN and lockdep make the emulated VM several times slower: the fuzzer
# does 25,000 operations (make check 40,000, the program alone 100,000).
# The combination matrix runs all of its cells (make check: the reduced
# set), each test may take 50 minutes, and trinity makes 40,000 calls
# (make check: 10,000).
KERNEL=$OBJ/arch/x86/boot/bzImage CHECK_RESULTS=$LINE_BUILD/results/check-debug CHECK_GATE='' \
	CHECK_TIMEOUT=${CHECK_TIMEOUT:-5400} \
	CHECK_ENV="NUMA_FUZZ_OPS=25000 TRINITY_OPS=40000 NUMA_TEST_TIMEOUT=3000" \
	"$NUMAB_TOP/harness/check.sh"
