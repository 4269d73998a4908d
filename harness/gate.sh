#!/usr/bin/env bash
# The gate that make check runs on a line it does not test in full (LINE):
# the line's tree imported from its pinned base and patches/LINE/ (make
# deps tree: the line's own packages too), then lint's check scope
# (harness/lint.sh): checkpatch, patch sizes, W=1 and sparse of the
# series' objects, the numa selftests built against the line's headers,
# the uapi and flag checks. No VM boots. The gate's tree and object
# directory are the line's own (build/LINE/linux, build/LINE/obj): what
# the calling check set for its own line (another object directory, extra
# config fragments, another kernel, FORCE=1 to re-import) does not reach
# it.
#
#   gate.sh RESULTS
#
# Writes RESULTS/gate-LINE/{tree,lint}.{tap,rc} and their logs; make check's
# tap-summary.py counts them with its tests.
set -euo pipefail
unset OBJ EXTRA_FRAGMENTS NO_TEST_CONFIG KERNEL FORCE
. "$(dirname "$0")/lib.sh"
. "$NUMAB_TOP/harness/tap.sh"

out=${1:?usage: gate.sh RESULTS}/gate-$LINE
mkdir -p "$out"
log "gating the $LINE line: make deps tree LINE=$LINE, then its lint (check scope)"

# The sub-make must not inherit the calling make's flags and LINE.
import_tree() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make -s -C "$NUMAB_TOP" deps tree LINE="$LINE" >"$out/tree.log" 2>&1
}
rc=0
{
	echo "TAP version 13"
	check "$LINE: the pinned base imports and every patch of patches/$LINE applies" import_tree
	tap_done
} >"$out/tree.tap" || rc=$?
echo $rc >"$out/tree.rc"
if [ $rc != 0 ]; then
	log "make tree LINE=$LINE failed: $(tail -1 "$out/tree.log")"
	exit 0
fi

rc=0
LINT_SCOPE=check LINT_TAP=$out/lint.tap "$NUMAB_TOP/harness/lint.sh" >"$out/lint.log" 2>&1 || rc=$?
echo $rc >"$out/lint.rc"
[ $rc = 0 ] || log "the $LINE line's lint failed: $out/lint.log"
# A lint that stopped before its first step (an uncommitted edit in the
# tree, say) wrote no failing line: say so, or the gate would count as
# passed.
if [ $rc != 0 ] && ! grep -q '^not ok' "$out/lint.tap" 2>/dev/null; then
	[ -s "$out/lint.tap" ] || echo "TAP version 13" >"$out/lint.tap"
	{
		echo "not ok 99 - lint stopped with status $rc"
		echo "# $(tail -n 1 "$out/lint.log")"
	} >>"$out/lint.tap"
fi
