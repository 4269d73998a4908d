#!/usr/bin/env bash
# Check, as TAP, what make deb left in DIR: a linux-image and a
# linux-headers package of one kernel release, each a valid package that
# dpkg would install here (dpkg --dry-run: dependencies and conflicts), the
# image holding a vmlinuz and the headers the tree's Makefile and .config.
#
#   deb-check.sh DIR
set -uo pipefail
. "$(dirname "$0")/tap.sh"

dir=${1:?usage: deb-check.sh DIR}
image=$(find "$dir" -maxdepth 1 -name 'linux-image-*.deb' ! -name '*-dbg_*' | head -1)
headers=$(find "$dir" -maxdepth 1 -name 'linux-headers-*.deb' | head -1)

release_of() { dpkg-deb -f "$1" Package | sed 's/^linux-[a-z]*-//'; }
# holds DEB REGEX...: for each REGEX, a path in DEB matches (the whole
# list is read first: grep -q stopping early would kill dpkg-deb with
# SIGPIPE).
holds() {
	local list re
	list=$(dpkg-deb -c "$1")
	shift
	for re; do grep -qE "$re" <<<"$list" || return 1; done
}

check "a linux-image package" test -n "$image"
check "a linux-headers package" test -n "$headers"
if [ -n "$image" ] && [ -n "$headers" ]; then
	release=$(release_of "$image")
	echo "# linux-image $release: $(basename "$image"); linux-headers: $(basename "$headers")"
	check "both of one kernel release" test "$release" = "$(release_of "$headers")"
	check "the release is the series' (-numab)" holds "$image" "boot/vmlinuz-.*-numab\$"
	check "the image holds vmlinuz and its config" holds "$image" "boot/config-$release\$"
	# Its config, for external modules: .config (6.1's packaging) or
	# include/config/auto.conf (6.12's)
	check "the headers hold the tree's Makefile and its config" \
		holds "$headers" "linux-headers-$release/Makefile\$" "linux-headers-$release/(\.config|include/config/auto\.conf)\$"
	check "dpkg would install both here (dependencies, conflicts)" \
		dpkg --dry-run -i "$image" "$headers"
fi
tap_done
