#!/usr/bin/env bash
# Write base..HEAD of the line's tree back to patches/LINE/ as git
# format-patch files, deterministically (zero commit ids, fixed abbrev, no
# signature), rewrite its series file, and regenerate the cover letter from
# lines/LINE/cover-letter.txt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

g() { git -C "$TREE" "$@"; }
require_committed_tree

n=$(g rev-list --count base..HEAD)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if [ "$n" -gt 0 ]; then
	g -c core.abbrev=12 -c diff.noprefix=false format-patch -q --zero-commit --no-signature \
		--no-cover-letter --no-base --numbered --subject-prefix=PATCH -o "$out" base..HEAD
fi

write_cover() {
	local subject
	subject=$(sed -n '1p' "$NUMAB_TOP/lines/$LINE/cover-letter.txt")
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n'
	printf 'From: numab <numab@localhost>\n'
	printf 'Subject: [PATCH 0/%d] %s\n\n' "$n" "$subject"
	sed '1,2d' "$NUMAB_TOP/lines/$LINE/cover-letter.txt"
	printf '\nBase: %s %s (tarball sha256 %s)\n\n' "$BASE_PKG" "$BASE_VERSION" "$BASE_TARBALL_SHA256"
	g shortlog --no-merges base..HEAD
	g -c core.abbrev=12 diff --stat=72 base..HEAD
}
write_cover >"$out/0000-cover-letter.patch"

rm -f "$PATCHES"/*.patch
mkdir -p "$PATCHES"
cp "$out"/*.patch "$PATCHES"/
{
	echo "# Applied in this order on $BASE_PKG $BASE_VERSION by harness/tree.sh."
	(cd "$out" && ls -- [0-9]*.patch | grep -v '^0000-cover-letter')
} >"$PATCHES/series"
record_stamp
log "exported $n patches to patches/$LINE/"
