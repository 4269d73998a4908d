#!/usr/bin/env bash
# make lint-bisect: every prefix of the series builds what the series
# compiles (the directories of make lint's matrix step) in every config of
# config/matrix (NUMA=n, NUMA_BALANCING=n, TRANSPARENT_HUGEPAGE=n,
# NUMA_HINT=n): the series bisects in each of them. make lint proves it
# for the whole series only, and the prefixes in the VM config only;
# make lint-full links vmlinux for every pair, which takes hours.
#
# Config after config, prefix after prefix, in the one object tree of
# matrix.sh: each build redoes only what its patch changed. A patch that
# changes nothing the kernel build reads is not built again.
# BISECT_CONFIGS="numa-off thp-off" limits the configs. Logs: build/LINE/bisect/.
#
# A build's result depends only on the source tree, the config, the targets
# and the compiler, so build/LINE/bisect.ok keeps one line per (config, targets,
# compiler, git tree) that built: a series that is only split or reordered
# rebuilds only the trees it has not built before.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
g() { git -C "$TREE" "$@"; }
require_committed_tree
. "$NUMAB_TOP/harness/series-objects.sh"

# exists_here TARGET: the checked-out prefix has TARGET's directory or source.
exists_here() {
	case $1 in
	*/) [ -d "$TREE/$1" ] ;;
	*.o) [ -f "$TREE/${1%.o}.c" ] ;;
	esac
}

orig=$(g symbolic-ref -q --short HEAD || g rev-parse HEAD)
restore() { g checkout -q "$orig" 2>/dev/null || true; }
trap restore EXIT
trap 'exit 130' INT TERM

logdir=$LINE_BUILD/bisect
rm -rf "$logdir"
mkdir -p "$logdir"
mapfile -t targets < <(matrix_targets)
mapfile -t commits < <(g rev-list --reverse "base..$orig")
okfile=$LINE_BUILD/bisect.ok
touch "$okfile"
# state_key CONFIG COMMIT: what a build of COMMIT in CONFIG depends on.
state_key() {
	local inputs
	inputs=$(cat "$NUMAB_TOP/config/matrix/base.config" \
		"$NUMAB_TOP/config/matrix/$1.config"; echo "${targets[*]}"
		gcc --version | head -n 1)
	echo "$1 $(sha1sum <<<"$inputs" | cut -c1-12) $(g rev-parse "$2^{tree}")"
}
configs=${BISECT_CONFIGS:-}
if [ -z "$configs" ]; then
	for f in "$NUMAB_TOP"/config/matrix/*.config; do
		f=$(basename "$f" .config)
		[ "$f" = base ] || configs+="$f "
	done
fi
failures=0 start=$(date +%s)
for m in $configs; do
	built=0 reused=0 i=0
	for c in "${commits[@]}"; do
		i=$((i + 1))
		[ -n "$(kernel_inputs "$c")" ] || continue
		key=$(state_key "$m" "$c")
		if grep -qxF "$key" "$okfile"; then
			reused=$((reused + 1))
			continue
		fi
		g checkout -q "$c"
		here=()
		for t in "${targets[@]}"; do
			if exists_here "$t"; then here+=("$t"); fi
		done
		name=$(printf '%04d' "$i")-$(g log -1 --format=%f "$c")
		if ! "$NUMAB_TOP/harness/matrix.sh" "$m" "${here[@]}" >"$logdir/$name.$m.build" 2>&1; then
			log "FAIL: patch $i does not build in config $m (build/$LINE/bisect/$name.$m.build)"
			failures=$((failures + 1))
		else
			echo "$key" >>"$okfile"
		fi
		built=$((built + 1))
	done
	log "config $m: $built prefixes built, $reused built before (${targets[*]}; $(($(date +%s) - start)) s so far)"
done
g checkout -q "$orig"
[ "$failures" = 0 ] || die "$failures prefix builds failed"
log "every prefix of the ${#commits[@]} patches builds in: ${configs% }"
