#!/usr/bin/env bash
# Lint the series as a maintainer would before taking it. Three scopes, each
# proving more than the last:
#
# LINT_SCOPE=check (make check: on the primary line before its tests, and
# as the whole gate of every other line; cold, within its 30 minutes):
#  - scripts/checkpatch.pl --strict on each patch file, two at a time;
#  - no patch file is over PATCH_MAX_BYTES (24 KiB: a reviewer reads one
#    patch at a sitting, and mm's maintainers ask for smaller);
#  - the objects the series touches, rebuilt with W=1 and sparse (C=1), warn
#    no more than they did on the base, but for what config/w1.allow
#    explains;
#  - the numa selftests build with -Werror against the line's headers;
#  - every file the series adds has a MAINTAINERS entry;
#  - the exported uapi headers change only as config/uapi.allow says
#    (harness/uapi-check.sh);
#  - no two MPOL_MF_*, MM_CP_* or TNF_* flags share a bit, whether the
#    series or upstream defined them (harness/flag-bits.py);
#  - every line's series carries the same numa selftest files, but for
#    those a line being ported names (harness/selftests-same.py).
#  make check then builds the whole kernel of the VM config.
# LINT_SCOPE=prefixes (make lint, the default), in addition:
#  - the whole series builds the directories it touches in each config of
#    config/matrix (NUMA, NUMA_BALANCING, THP, NUMA_HINT off), one after the
#    other in one object tree, so kbuild rebuilds only what a config changes
#    (about 5 minutes warm, 8 cold: make check leaves it to make lint and
#    make lint-bisect, which builds it at every prefix);
#  - every prefix of the series builds, in the VM config (build/LINE/obj), the
#    objects of the files that its last patch changes: each patch's code
#    compiles at that patch;
#  - a whole vmlinux links with NUMA balancing off: a call into code that
#    NUMA_BALANCING=n compiles out fails only at link time.
# LINT_FULL=1 (make lint-full), in addition: every prefix builds vmlinux in
# the VM config and in every matrix config. Hours; not for CI.
#
# LINT_TAP=FILE writes one TAP line a step to FILE (make check's gate of a
# line reports so); a rerun that nothing changed writes one passing line
# that says so.
# Problems are reported together; the exit status is non-zero on any.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

scope=${LINT_SCOPE:-prefixes}
[ "${LINT_FULL:-0}" != 1 ] || scope=full
case $scope in check | prefixes | full) ;; *) die "LINT_SCOPE is check or prefixes, not '$scope'" ;; esac

g() { git -C "$TREE" "$@"; }
require_committed_tree

# What lint's verdict depends on: the series, the base, lint's own scripts
# and the configs it builds. A clean run records it; an unchanged rerun
# (make check again, nothing edited) stands on that record. Each scope has
# its own record.
inputs_stamp=$({
	series_stamp
	g rev-parse HEAD
	cat "$NUMAB_TOP"/harness/{lint,lib,kernel,matrix,selftests,uapi-check}.sh \
		"$NUMAB_TOP"/harness/{flag-bits,selftests-same}.py \
		"$NUMAB_TOP"/harness/series-objects.sh \
		"$NUMAB_TOP"/patches/*/*.patch "$NUMAB_TOP"/patches/*/series \
		"$NUMAB_TOP"/config/*.config "$NUMAB_TOP"/config/{uapi,w1}.allow \
		"$NUMAB_TOP"/config/matrix/*.config
	# Every line's pin and porting state (selftests-same.py reads them),
	# but the records that make check itself writes.
	find "$NUMAB_TOP/lines" -type f ! -name checked ! -name primary | sort | xargs cat
	echo "${PATCH_MAX_BYTES:-} $OBJ ${EXTRA_FRAGMENTS:-} ${NO_TEST_CONFIG:-}"
	sparse --version 2>&1 || echo "no sparse"
} | sha256sum | cut -d' ' -f1)
# A wider scope's clean record stands for a narrower one.
case $scope in
check) covering="check prefixes full" ;;
prefixes) covering="prefixes full" ;;
full) covering=full ;;
esac
for s in $covering; do
	[ "$(cat "$LINE_BUILD/lint.clean.$s" 2>/dev/null)" = "$inputs_stamp" ] || continue
	log "lint: nothing changed since its last clean run (build/$LINE/lint.clean.$s); LINT_AGAIN=1 reruns it"
	[ "${LINT_AGAIN:-0}" = 1 ] && break
	[ -z "${LINT_TAP:-}" ] ||
		printf 'ok 1 - nothing changed since its clean run (%s scope)\n1..1\n' "$s" >"$LINT_TAP"
	exit 0
done
clean_stamp=$LINE_BUILD/lint.clean.$scope
rm -f "$clean_stamp"

LOGDIR=$LINE_BUILD/lint
rm -rf "$LOGDIR"
mkdir -p "$LOGDIR"
problems=()
problem() { problems+=("$1: $2"); log "FAIL $1: $2"; }
start=$(date +%s)
lap() { log "$1 ($(($(date +%s) - start)) s so far)"; }

# step WHAT: WHAT is done. With LINT_TAP, one TAP line for it: ok when the
# checks since the last step found no problem, else the problems they found.
steps=0 problems_seen=0
[ -z "${LINT_TAP:-}" ] || : >"$LINT_TAP"
step() {
	lap "$1 done"
	if [ -n "${LINT_TAP:-}" ]; then
		steps=$((steps + 1))
		if [ ${#problems[@]} -eq "$problems_seen" ]; then
			echo "ok $steps - $1"
		else
			echo "not ok $steps - $1"
			printf '# %s\n' "${problems[@]:problems_seen}"
		fi >>"$LINT_TAP"
	fi
	problems_seen=${#problems[@]}
}

# checkpatch runs scripts/spdxcheck.py with the first python3 on PATH; it
# needs Debian's, which has python3-ply and python3-git.
export PATH=/usr/bin:$PATH

# checkpatch_one PATCH: checkpatch on one file of patches/, as a reviewer
# receives it. The line's tree has no upstream history, so checkpatch cannot look
# up the upstream commits a changelog cites (UNKNOWN_COMMIT_ID); it still
# checks how they are cited.
checkpatch_one() {
	local p=$1 out=$LOGDIR/${1%.patch}.checkpatch
	"$TREE/scripts/checkpatch.pl" --strict --terse --showfile --no-tree \
		--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID "$PATCHES/$p" >"$out" 2>&1 ||
		echo "$p: checkpatch: $(grep -cE '^[^ ]+:[0-9]+: (ERROR|WARNING|CHECK)' "$out") issues (build/$LINE/lint/${p%.patch}.checkpatch)"
}
export -f checkpatch_one
export TREE PATCHES LOGDIR
while IFS= read -r line; do
	problem "${line%%:*}" "${line#*: }"
done < <(series_patches | xargs -r -P "$(jobs)" -I{} bash -c 'checkpatch_one "$1"' _ {})
step "checkpatch --strict of $(series_patches | wc -l) patches"

patch_max=${PATCH_MAX_BYTES:-24576}
for p in $(series_patches); do
	size=$(stat -c %s "$PATCHES/$p")
	[ "$size" -le "$patch_max" ] || problem "$p" "$size bytes, over $patch_max: split it"
done
step "no patch over $patch_max bytes"

. "$NUMAB_TOP/harness/series-objects.sh"

# w1_warnings NAME OBJECTS...: the W=1 and sparse warnings of the OBJECTS
# that this config builds, line numbers dropped so that a moved warning is
# not a new one, into $LOGDIR/NAME.w1 (the whole output in NAME.w1.log).
# An object that does not build so, and a missing sparse, are problems:
# either would leave the list empty, and the comparison vacuous.
w1_warnings() {
	local name=$1 o failed=()
	shift
	: >"$LOGDIR/$name.w1.log"
	: >"$LOGDIR/$name.w1"
	if ! command -v sparse >/dev/null; then
		problem "$name" "sparse is missing: run make deps"
		return 0
	fi
	for o in "$@"; do
		[ -f "$OBJ/$o" ] || continue
		rm -f "$OBJ/$o"
		kmake W=1 C=1 KCFLAGS=-Wno-error "$o" >>"$LOGDIR/$name.w1.log" 2>&1 || failed+=("$o")
	done
	grep -E 'warning:|error:' "$LOGDIR/$name.w1.log" | sed -E 's/:[0-9]+(:[0-9]+)?:/:/' |
		sort -u >"$LOGDIR/$name.w1" || true
	[ ${#failed[@]} -eq 0 ] ||
		problem "$name" "does not build with W=1 C=1: ${failed[*]} (build/$LINE/lint/$name.w1.log)"
}

# Come back to the branch (not just the commit), also when interrupted.
orig=$(g symbolic-ref -q --short HEAD || g rev-parse HEAD)
restore() { g checkout -q "$orig" 2>/dev/null || true; }
trap restore EXIT
trap 'exit 130' INT TERM

mapfile -t objects < <(series_objects)

# The base's warnings first, from the base's versions of the same objects.
g checkout -q base
mapfile -t base_objects < <(series_objects)
"$NUMAB_TOP/harness/kernel.sh" config
kmake "${base_objects[@]}" >"$LOGDIR/base.build" 2>&1 ||
	problem base "does not build (build/$LINE/lint/base.build)"
w1_warnings base "${base_objects[@]}"
step "the base's objects build (W=1/sparse recorded)"

i=0
[ "$scope" != check ] || log "LINT_SCOPE=check: no prefix builds (make lint builds them)"
for c in $(g rev-list --reverse "base..$orig"); do
	[ "$scope" != check ] || break
	i=$((i + 1))
	name="$(printf '%04d' "$i")-$(g log -1 --format=%f "$c")"
	g checkout -q "$c"
	# A patch that changes nothing the kernel build reads (a selftest, a
	# document) builds exactly what its parent built: that build stands.
	[ -n "$(kernel_inputs "$c")" ] || continue
	if [ "$scope" = full ]; then
		"$NUMAB_TOP/harness/kernel.sh" >"$LOGDIR/$name.build" 2>&1 ||
			problem "$name" "does not build (build/$LINE/lint/$name.build)"
		for m in "$NUMAB_TOP"/config/matrix/*.config; do
			m=$(basename "$m" .config)
			"$NUMAB_TOP/harness/matrix.sh" "$m" >"$LOGDIR/$name.$m.build" 2>&1 ||
				problem "$name" "does not build in config $m (build/$LINE/lint/$name.$m.build)"
		done
		continue
	fi
	"$NUMAB_TOP/harness/kernel.sh" config
	mapfile -t here < <(commit_objects "$c")
	[ ${#here[@]} -gt 0 ] || continue
	kmake "${here[@]}" >"$LOGDIR/$name.build" 2>&1 ||
		problem "$name" "does not build (build/$LINE/lint/$name.build)"
done
g checkout -q "$orig"
"$NUMAB_TOP/harness/kernel.sh" config
[ "$scope" = check ] || step "$i prefixes build"

# Built first, as the base's were: on a cold object tree nothing else has
# built the series' new files, and W=1 would pass over them.
kmake "${objects[@]}" >"$LOGDIR/series.build" 2>&1 ||
	problem series "does not build (build/$LINE/lint/series.build)"
w1_warnings series "${objects[@]}"
# Less the ones config/w1.allow explains, matched without the tree's path.
new=$(comm -13 "$LOGDIR/base.w1" "$LOGDIR/series.w1" |
	grep -vxF -f <(sed -e '/^#/d' -e '/^$/d' -e "s|^|$TREE/|" "$NUMAB_TOP/config/w1.allow") || true)
if [ -n "$new" ]; then
	printf '%s\n' "$new" >"$LOGDIR/series.w1-new"
	problem series "$(printf '%s\n' "$new" | wc -l) new W=1/sparse warnings (build/$LINE/lint/series.w1-new)"
fi
step "the series adds no W=1/sparse warning"

if [ "$scope" = prefixes ]; then
	mapfile -t targets < <(matrix_targets)
	for m in "$NUMAB_TOP"/config/matrix/*.config; do
		m=$(basename "$m" .config)
		[ "$m" != base ] || continue
		"$NUMAB_TOP/harness/matrix.sh" "$m" "${targets[@]}" >"$LOGDIR/series.$m.build" 2>&1 ||
			problem series "does not build in config $m (build/$LINE/lint/series.$m.build)"
		step "config $m builds ${targets[*]}"
	done
	"$NUMAB_TOP/harness/matrix.sh" numa-balancing-off vmlinux \
		>"$LOGDIR/series.numa-balancing-off.vmlinux" 2>&1 ||
		problem series "vmlinux does not link in config numa-balancing-off (build/$LINE/lint/series.numa-balancing-off.vmlinux)"
	step "config numa-balancing-off links vmlinux"
fi

for f in $(g diff --name-only --diff-filter=A base HEAD); do
	(cd "$TREE" && scripts/get_maintainer.pl --no-git --no-git-fallback \
		--no-rolestats -f "$f" 2>/dev/null) |
		grep -qv 'linux-kernel@vger.kernel.org' || problem series "no MAINTAINERS entry for $f"
done
step "every file the series adds has a MAINTAINERS entry"
"$NUMAB_TOP/harness/selftests.sh" -Werror >"$LOGDIR/selftests" 2>&1 ||
	problem series "numa selftests do not build cleanly (build/$LINE/lint/selftests)"
step "the numa selftests build with -Werror against the line's headers"
"$NUMAB_TOP/harness/uapi-check.sh" >"$LOGDIR/uapi" 2>&1 ||
	problem series "changes uapi headers beyond config/uapi.allow (build/$LINE/lint/uapi)"
step "uapi headers change only as config/uapi.allow says"
"$NUMAB_TOP/harness/flag-bits.py" "$TREE" >"$LOGDIR/flag-bits" 2>&1 ||
	problem series "two flags of one family share a bit (build/$LINE/lint/flag-bits)"
step "no two MPOL_MF_*, MM_CP_* or TNF_* flags share a bit"
"$NUMAB_TOP/harness/selftests-same.py" "$NUMAB_TOP" >"$LOGDIR/selftests-same" 2>&1 ||
	problem series "the lines' numa selftests differ (build/$LINE/lint/selftests-same)"
step "the lines carry the same numa selftests"
[ -z "${LINT_TAP:-}" ] || echo "1..$steps" >>"$LINT_TAP"

if [ ${#problems[@]} -gt 0 ]; then
	printf 'lint: %d problem(s):\n' "${#problems[@]}" >&2
	printf '  %s\n' "${problems[@]}" >&2
	exit 1
fi
lap "lint ($scope): $(g rev-list --count "base..$orig") patches clean (checkpatch --strict, W=1, sparse, uapi$([ "$scope" = check ] || echo ", config matrix, prefix builds, vmlinux with NUMA_BALANCING=n"))"
echo "$inputs_stamp" >"$clean_stamp"
