# shellcheck shell=bash
# Helpers sourced by every harness script: paths, logging, one-line failures.

NUMAB_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$NUMAB_TOP/build}
TREE=$BUILD/linux
OBJ=${OBJ:-$BUILD/obj}
PATCHES=$NUMAB_TOP/patches

# shellcheck source=../base.conf
. "$NUMAB_TOP/base.conf"

log() { printf '[%s] %s\n' "${0##*/}" "$*" >&2; }

# die CAUSE: the one-line cause a failed step leaves as its last word.
die() { printf '%s: error: %s\n' "${0##*/}" "$*" >&2; exit 1; }

# series_patches: the patch files named in patches/series, in order.
series_patches() {
	[ -f "$PATCHES/series" ] || return 0
	grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$PATCHES/series"
}

# series_stamp: a digest of everything that decides the content of build/linux.
series_stamp() {
	{
		echo "$BASE_VERSION $BASE_TARBALL_SHA256"
		series_patches | while read -r p; do
			sha256sum "$PATCHES/$p" 2>/dev/null || echo "missing $p"
		done
	} | sha256sum | cut -d' ' -f1
}

# record_stamp: remember that build/linux HEAD is exactly patches/ on base.
TREE_STAMP=$TREE/.git/numab-stamp
record_stamp() { echo "$(series_stamp) $(git -C "$TREE" rev-parse HEAD)" >"$TREE_STAMP"; }

# kmake ARGS...: make in the kernel tree, out of tree in $OBJ, with ccache.
# CCACHE_BASEDIR makes the cache hit across clones in different folders.
kmake() {
	CCACHE_BASEDIR=$BUILD CCACHE_NOHASHDIR=1 \
		make -s -C "$TREE" O="$OBJ" CC="ccache gcc" LOCALVERSION= -j"$(jobs)" "$@"
}

jobs() { nproc 2>/dev/null || echo 2; }
