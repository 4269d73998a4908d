#!/usr/bin/env bash
# Lint the series, patch by patch:
#  - scripts/checkpatch.pl --strict on each patch file;
#  - every prefix of the series is built (incrementally, in build/obj), so
#    each patch compiles on its own and the series bisects;
#  - the C files a patch touches are rebuilt with W=1 and sparse (C=1), and
#    any warning their parent commit did not have fails that patch;
#  - the numa selftests are built with -Werror when a patch touches them;
#  - every file a patch adds has a MAINTAINERS entry. (checkpatch's own
#    FILE_PATH_CHANGES warning fires for any added file, covered or not.)
# Problems are reported per patch; the exit status is non-zero on any.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

g() { git -C "$TREE" "$@"; }
g rev-parse -q --verify base >/dev/null || die "no build/linux; run make tree first"
[ -z "$(g status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted edits; commit them first"

LOGDIR=$BUILD/lint
rm -rf "$LOGDIR"
mkdir -p "$LOGDIR"
problems=()
problem() { problems+=("$1: $2"); log "FAIL $1: $2"; }

# checkpatch runs scripts/spdxcheck.py with the first python3 on PATH; it
# needs Debian's, which has python3-ply and python3-git.
export PATH=/usr/bin:$PATH

# checkpatch on the files in patches/, as a reviewer would receive them.
# build/linux starts at the base tarball, without upstream history, so
# checkpatch cannot look up the upstream commits a changelog cites
# (UNKNOWN_COMMIT_ID); it still checks how they are cited.
for p in $(series_patches); do
	if ! "$TREE/scripts/checkpatch.pl" --strict --terse --showfile --no-tree \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID \
		"$PATCHES/$p" >"$LOGDIR/${p%.patch}.checkpatch" 2>&1; then
		problem "$p" "checkpatch: $(grep -cE '^[^ ]+:[0-9]+: (ERROR|WARNING|CHECK)' \
			"$LOGDIR/${p%.patch}.checkpatch") issues (build/lint/${p%.patch}.checkpatch)"
	fi
done

# touched_objects COMMIT: the kernel objects built from C files COMMIT changes.
touched_objects() {
	g diff --name-only --diff-filter=AM "$1^" "$1" -- '*.c' |
		grep -v -e '^tools/' -e '^scripts/' -e '^samples/' -e '^Documentation/' |
		sed 's/\.c$/.o/' || true
}

# kernel_inputs COMMIT: the files COMMIT changes that the kernel build reads
# (not tools/, Documentation/ or MAINTAINERS).
kernel_inputs() {
	g diff --name-only "$1^" "$1" |
		grep -v -e '^tools/' -e '^Documentation/' -e '^MAINTAINERS$' || true
}

# w1_warnings OBJECTS...: W=1 and sparse warnings of OBJECTS, line numbers
# dropped so that a moved warning is not a new one. Objects not built in
# this config are skipped.
w1_warnings() {
	local o
	for o in "$@"; do
		[ -f "$TREE/${o%.o}.c" ] || continue
		[ -f "$OBJ/$o" ] || continue
		rm -f "$OBJ/$o"
		kmake W=1 C=1 KCFLAGS=-Wno-error "$o" 2>&1 | grep -E 'warning:|error:' |
			sed -E 's/:[0-9]+(:[0-9]+)?:/:/' || true
	done | sort -u
}

# unmaintained COMMIT: the files COMMIT adds that no MAINTAINERS entry covers
# (get_maintainer.pl then falls back to the kernel list alone).
unmaintained() {
	local f
	for f in $(g diff --name-only --diff-filter=A "$1^" "$1"); do
		(cd "$TREE" && scripts/get_maintainer.pl --no-git --no-git-fallback \
			--no-rolestats -f "$f" 2>/dev/null) |
			grep -qv 'linux-kernel@vger.kernel.org' || echo "$f"
	done
}

# Come back to the branch (not just the commit), also when interrupted.
orig=$(g symbolic-ref -q --short HEAD || g rev-parse HEAD)
restore() { g checkout -q "$orig" 2>/dev/null || true; }
trap restore EXIT
trap 'exit 130' INT TERM

i=0
for c in $(g rev-list --reverse base..HEAD); do
	i=$((i + 1))
	name="$(printf '%04d' "$i")-$(g log -1 --format=%f "$c")"
	objs=$(touched_objects "$c")
	g checkout -q "$c^"
	# shellcheck disable=SC2086
	w1_warnings $objs >"$LOGDIR/$name.w1-before"
	g checkout -q "$c"
	# A patch that changes nothing the kernel build reads (a selftest, a
	# document) builds exactly what its parent built: that build stands.
	if [ $i -gt 1 ] && [ -z "$(kernel_inputs "$c")" ]; then
		log "[$i] $(g log -1 --format=%s "$c"): no kernel build input changed"
	else
		log "[$i] building $(g log -1 --format=%s "$c")"
		if ! "$NUMAB_TOP/harness/kernel.sh" >"$LOGDIR/$name.build" 2>&1; then
			problem "$name" "does not build (build/lint/$name.build)"
			continue
		fi
	fi
	# shellcheck disable=SC2086
	w1_warnings $objs >"$LOGDIR/$name.w1"
	new=$(comm -13 "$LOGDIR/$name.w1-before" "$LOGDIR/$name.w1")
	if [ -n "$new" ]; then
		printf '%s\n' "$new" >"$LOGDIR/$name.w1-new"
		problem "$name" "$(printf '%s\n' "$new" | wc -l) new W=1/sparse warnings (build/lint/$name.w1-new)"
	fi
	orphans=$(unmaintained "$c")
	[ -z "$orphans" ] || problem "$name" "no MAINTAINERS entry for: $orphans"
	if g diff --name-only "$c^" "$c" | grep -q '^tools/testing/selftests/numa/'; then
		"$NUMAB_TOP/harness/selftests.sh" -Werror >"$LOGDIR/$name.selftests" 2>&1 ||
			problem "$name" "numa selftests do not build cleanly (build/lint/$name.selftests)"
	fi
done

if [ ${#problems[@]} -gt 0 ]; then
	printf 'lint: %d problem(s):\n' "${#problems[@]}" >&2
	printf '  %s\n' "${problems[@]}" >&2
	exit 1
fi
log "lint: $i patches clean (checkpatch --strict, build, W=1, sparse)"
