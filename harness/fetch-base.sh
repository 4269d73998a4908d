#!/usr/bin/env bash
# Fetch the line's pinned Debian kernel source package, verify it against
# lines/LINE/base.conf, and leave the verified tarball in build/dl/. Never
# falls back to another version: a missing pin is an error that names what
# the archive offers.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

DL=$BUILD/dl
deb=$DL/${BASE_PKG}_${BASE_VERSION}_all.deb
tarball=$DL/$BASE_PKG-$BASE_VERSION.tar.xz

sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

if sha_ok "$tarball" "$BASE_TARBALL_SHA256"; then
	echo "$tarball"
	exit 0
fi
mkdir -p "$DL"

versions_on_offer() {
	apt-cache madison "$BASE_PKG" 2>/dev/null | awk -F'|' '{gsub(/ /,"",$2); print $2}' |
		sort -u | paste -sd' '
}

download() {
	(cd "$DL" && apt-get download -q "$BASE_PKG=$BASE_VERSION") >"$DL/download.log" 2>&1
}

if ! sha_ok "$deb" "$BASE_DEB_SHA256"; then
	rm -f "$deb"
	log "downloading $BASE_PKG=$BASE_VERSION"
	if ! download; then
		if [ "$(id -u)" = 0 ]; then
			apt-get update -qq >/dev/null 2>&1 || true
		fi
		download || die "$BASE_PKG=$BASE_VERSION is not in the archive (on offer: $(versions_on_offer)); re-pin BASE_VERSION and both sha256 values in lines/$LINE/base.conf"
	fi
	got=$(sha256sum "$deb" | cut -d' ' -f1)
	[ "$got" = "$BASE_DEB_SHA256" ] ||
		die "checksum mismatch for $(basename "$deb"): expected $BASE_DEB_SHA256, got $got"
fi

dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$BASE_PKG.tar.xz" >"$tarball.tmp"
got=$(sha256sum "$tarball.tmp" | cut -d' ' -f1)
[ "$got" = "$BASE_TARBALL_SHA256" ] ||
	die "checksum mismatch for the tarball in $(basename "$deb"): expected $BASE_TARBALL_SHA256, got $got"
mv "$tarball.tmp" "$tarball"
echo "$tarball"
