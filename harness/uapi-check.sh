#!/usr/bin/env bash
# The series changes the exported uapi headers only where config/uapi.allow
# says it may: make headers_install of the base and of the line's tree HEAD (or
# of REV), a diff of the two trees, and every changed line looked up in the
# allowlist. Prints each line that is not there and fails; the diff is left
# in build/LINE/uapi/diff.
#
#   uapi-check.sh [REV]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$LINE_BUILD/uapi
allow=$NUMAB_TOP/config/uapi.allow
# The base's headers never change: installed once, kept by its commit id.
base_headers=$LINE_BUILD/uapi-base/$(git -C "$TREE" rev-parse base)
rm -rf "$out"
mkdir -p "$out"

# install REV DIR: the uapi headers of REV of the line's tree, in DIR, from a
# checkout of just what headers_install reads
install() {
	local src=$out/src-$1
	# A run killed here leaves its worktree registered: forget it first
	rm -rf "$src"
	git -C "$TREE" worktree prune
	git -C "$TREE" worktree add -q --no-checkout --detach "$src" "$1"
	git -C "$src" sparse-checkout set --no-cone /Makefile /Kbuild /scripts/ \
		/include/ /arch/x86/ /tools/include/
	git -C "$src" checkout -q
	make -s -C "$src" O="$out/obj-$1" headers_install INSTALL_HDR_PATH="$2" >/dev/null
	git -C "$TREE" worktree remove --force "$src"
}

[ -d "$base_headers/include" ] || install base "$base_headers"
ln -s "$base_headers" "$out/base"
install "${1:-HEAD}" "$out/series"
(cd "$out" && diff -ruN base/include series/include) >"$out/diff" || true

# Changed lines, as "FILE<TAB>LINE", FILE relative to include/.
changed() {
	awk '/^\+\+\+ / { f = $2; sub("^series/include/", "", f); next }
	     /^--- / { next }
	     /^[-+]/ { print f "\t" $0 }' "$out/diff"
}

bad=0
while IFS= read -r line; do
	grep -qxF -- "$line" <(grep -v '^#' "$allow") && continue
	echo "uapi change not on config/uapi.allow: $line"
	bad=1
done < <(changed)
[ "$bad" = 0 ] || die "the series changes uapi headers beyond config/uapi.allow (build/$LINE/uapi/diff)"
log "uapi: $(changed | wc -l) changed lines, all on config/uapi.allow"
