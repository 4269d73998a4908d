#!/usr/bin/env bash
# Create the line's tree, build/LINE/linux: a git repository whose first
# commit (tag "base") is the line's pristine pinned source, with
# patches/LINE/series applied on top by git am. A second run with nothing
# changed does nothing. Unexported commits in the tree are never thrown
# away unless FORCE=1.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

want=$(series_stamp)

g() { git -C "$TREE" "$@"; }

import_base() {
	local tarball
	tarball=$("$NUMAB_TOP/harness/fetch-base.sh")
	log "importing $BASE_PKG $BASE_VERSION into $TREE"
	rm -rf "$TREE" "$TREE.tmp"
	mkdir -p "$TREE.tmp"
	tar -xJf "$tarball" -C "$TREE.tmp" --strip-components=1
	git -C "$TREE.tmp" init -q -b master
	g_tmp() { git -C "$TREE.tmp" "$@"; }
	g_tmp config user.name "numab"
	g_tmp config user.email "numab@localhost"
	g_tmp config gc.auto 0
	g_tmp config core.abbrev 12
	g_tmp add -A -f .
	GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" \
		g_tmp commit -q -m "base: $BASE_PKG $BASE_VERSION"
	g_tmp tag base
	mv "$TREE.tmp" "$TREE"
}

# Debian's .gitignore ignores every top-level path ("/*", "!/debian/"): its
# packaging repository holds only debian/. Drop those two lines from the
# working copy so that new files can be added, and hide the edit from git.
allow_new_files() {
	sed -i -e '\|^/\*$|d' -e '\|^!/debian/$|d' "$TREE/.gitignore"
	g update-index --skip-worktree .gitignore
}

# Commits take their committer date from the patch, as the base does from a
# fixed date, so that every clone gets the same commit ids for the series.
apply_series() {
	local p n=0
	g update-index --no-skip-worktree .gitignore
	g reset -q --hard base
	g clean -q -fdx -e .git
	allow_new_files
	while read -r p; do
		[ -f "$PATCHES/$p" ] || die "patches/$LINE/series names $p, which does not exist"
		if ! g am -q --keep-cr --committer-date-is-author-date "$PATCHES/$p" >"$LINE_BUILD/am.log" 2>&1; then
			g am --abort >/dev/null 2>&1 || true
			die "patch $p does not apply to base + the patches before it (see $LINE_BUILD/am.log)"
		fi
		n=$((n + 1))
	done < <(series_patches)
	log "applied $n patches"
}

# Before there were lines, the 6.1 tree was build/linux: its commits that
# patches/ does not hold are not lost, but no target reads them any more.
[ ! -d "$BUILD/linux/.git" ] ||
	log "note: $BUILD/linux is the tree of the layout before lines; the $LINE tree is $TREE"

if [ -d "$TREE/.git" ] && g rev-parse -q --verify base >/dev/null; then
	had_stamp= had_head=
	[ -f "$TREE_STAMP" ] && read -r had_stamp had_head <"$TREE_STAMP"
	head=$(g rev-parse HEAD)
	if [ "${had_stamp:-}" = "$want" ] && [ "${had_head:-}" = "$head" ]; then
		log "$TREE is up to date ($(g rev-list --count base..HEAD) patches on base)"
		exit 0
	fi
	if [ "${FORCE:-0}" != 1 ]; then
		[ -z "$(g status --porcelain --untracked-files=no)" ] ||
			die "$TREE has uncommitted edits; commit them and run make export, or make tree FORCE=1 to discard them"
		[ "${had_head:-}" = "$head" ] || [ -z "${had_head:-}" ] ||
			die "$TREE has commits that patches/$LINE/ does not hold; run make export, or make tree FORCE=1 to discard them"
	fi
else
	import_base
fi
apply_series
record_stamp
