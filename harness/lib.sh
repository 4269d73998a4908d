# shellcheck shell=bash
# Helpers sourced by every harness script: paths, logging, one-line failures.

NUMAB_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

log() { printf '[%s] %s\n' "${0##*/}" "$*" >&2; }

# die CAUSE: the one-line cause a failed step leaves as its last word.
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }

# The kernel line every target works on (LINE=6.1|6.12): lines/LINE/base.conf
# pins its base, patches/LINE/ holds its series. The primary line
# (lines/primary) is the default, and the one make check tests in full; it
# gates the others. BUILD holds what the lines share (downloads, the tools,
# the VMs' run directories); LINE_BUILD what belongs to one line: its tree,
# its kernels, its selftests, its results.
PRIMARY_LINE=$(cat "$NUMAB_TOP/lines/primary")
LINE=${LINE:-$PRIMARY_LINE}
KNOWN_LINES=$(cd "$NUMAB_TOP/lines" && ls -d -- */base.conf | cut -d/ -f1 | sort -V | xargs)
[ -f "$NUMAB_TOP/lines/$LINE/base.conf" ] || die "unknown line '$LINE' (known: $KNOWN_LINES)"
BUILD=${BUILD:-$NUMAB_TOP/build}
LINE_BUILD=$BUILD/$LINE
TREE=$LINE_BUILD/linux
OBJ=${OBJ:-$LINE_BUILD/obj}
PATCHES=$NUMAB_TOP/patches/$LINE
export LINE

# shellcheck source=../lines/6.1/base.conf
. "$NUMAB_TOP/lines/$LINE/base.conf"

# line_being_ported: the line does not carry the whole series yet
# (lines/LINE/porting says what is left). Only such a line is excused from
# the tests of what it does not carry; a complete line never is.
line_being_ported() { [ -f "$NUMAB_TOP/lines/$LINE/porting" ]; }

# series_patches: the patch files named in patches/series, in order.
series_patches() {
	[ -f "$PATCHES/series" ] || return 0
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$PATCHES/series"
}

# series_selftests: the numa selftest programs that the line's series
# builds (TEST_GEN_PROGS of its tree's Makefile), one a line.
series_selftests() {
	sed -n 's/^TEST_GEN_PROGS *+*:*= *//p' "$TREE/tools/testing/selftests/numa/Makefile" 2>/dev/null
}

# series_stamp: a digest of everything that decides the content of the tree.
series_stamp() {
	{
		echo "$BASE_VERSION $BASE_TARBALL_SHA256"
		series_patches | while read -r p; do
			# The contents and the names, not where the line's files live
			if [ -f "$PATCHES/$p" ]; then
				echo "$p $(sha256sum <"$PATCHES/$p")"
			else
				echo "missing $p"
			fi
		done
	} | sha256sum | cut -d' ' -f1
}

# record_stamp: remember that the tree's HEAD is exactly PATCHES on base.
TREE_STAMP=$TREE/.git/numab-stamp
record_stamp() { echo "$(series_stamp) $(git -C "$TREE" rev-parse HEAD)" >"$TREE_STAMP"; }

# kmake ARGS...: make in the kernel tree, out of tree in $OBJ, with ccache.
# CCACHE_BASEDIR makes the cache hit across clones in different folders.
kmake() {
	CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=1 \
		make -s -C "$TREE" O="$OBJ" CC="ccache gcc" LOCALVERSION= -j"$(jobs)" "$@"
}

jobs() { nproc 2>/dev/null || echo 2; }

# kconfig_defined SYM: the checked-out tree has a Kconfig entry for SYM. A
# fragment may name a symbol that a later patch of the series introduces.
kconfig_defined() {
	git -C "$TREE" grep -q -E "^(menu)?config ${1#CONFIG_}\$" -- '*Kconfig*'
}

# fragment_holds FILE: every CONFIG_X=v / CONFIG_X=n of FILE that the tree
# defines holds in $OBJ/.config; logs each one that does not.
fragment_holds() {
	local line sym val bad=0
	while IFS= read -r line; do
		case "$line" in CONFIG_*=*) ;; *) continue ;; esac
		sym=${line%%=*} val=${line#*=}
		kconfig_defined "$sym" || continue
		if [ "$val" = n ]; then
			! grep -q "^$sym=" "$OBJ/.config" || { log "$sym is set, wanted off"; bad=1; }
		else
			grep -qx "$sym=$val" "$OBJ/.config" || { log "$sym is not $val"; bad=1; }
		fi
	done <"$1"
	return $bad
}

# configure_obj FIRST_CHECKED FRAGMENT...: make $OBJ/.config allnoconfig
# plus the FRAGMENTs, unless they and the tree's Kconfig files are what they
# were last time. The fragments from number FIRST_CHECKED (1-based) on must
# then hold, so that a dependency that silently drops a symbol fails here.
configure_obj() {
	local first=$1 stamp i=0 f
	shift
	export KBUILD_BUILD_TIMESTAMP="${KBUILD_BUILD_TIMESTAMP:-2000-01-01}"
	export KBUILD_BUILD_USER=numab KBUILD_BUILD_HOST=numab
	stamp=$({
		cat "$@"
		git -C "$TREE" ls-files -s -- '*Kconfig*'
		git -C "$TREE" diff -- '*Kconfig*'
	} | sha256sum | cut -d' ' -f1)
	[ "$(cat "$OBJ/.numab-config" 2>/dev/null)" != "$stamp" ] || return 0
	log "configuring $OBJ"
	mkdir -p "$OBJ"
	kmake allnoconfig >/dev/null
	"$TREE/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "$@" >"$OBJ/merge.log" 2>&1
	kmake olddefconfig >/dev/null
	for f in "$@"; do
		i=$((i + 1))
		[ $i -lt "$first" ] && continue
		fragment_holds "$f" || die "config fragment ${f#"$NUMAB_TOP"/} did not take effect in $OBJ (see above)"
	done
	echo "$stamp" >"$OBJ/.numab-config"
}

# require_committed_tree: the line's tree exists, with its base tag, and has no
# uncommitted edits (what export, lint and lint-bisect read is committed).
require_committed_tree() {
	git -C "$TREE" rev-parse -q --verify base >/dev/null || die "no tree in $TREE; run make tree LINE=$LINE first"
	[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
		die "$TREE has uncommitted edits; commit them first"
}
