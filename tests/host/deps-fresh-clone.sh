#!/usr/bin/env bash
# Host test of harness/deps.sh (TAP) as a newcomer's first step meets it:
# a clone with no build/ directory and a package missing. apt-get and
# dpkg-query are stand-ins on PATH that record what they were asked, so the
# test installs nothing and needs no network; deps.sh runs as it is.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
. "$top/harness/tap.sh"


# dpkg-query: every package is installed but ccache.
cat >"$tmp/bin/dpkg-query" <<'STUB'
#!/bin/sh
eval "pkg=\${$#}"
[ "$pkg" = ccache ] || printf 'install ok installed'
STUB
# apt-get: records its arguments; "install" succeeds.
cat >"$tmp/bin/apt-get" <<STUB
#!/bin/sh
echo "\$*" >>"$tmp/apt-get.calls"
STUB
chmod +x "$tmp/bin/dpkg-query" "$tmp/bin/apt-get"

echo "TAP version 13"
run() { PATH="$tmp/bin:$PATH" BUILD="$tmp/clone/build" "$top/harness/deps.sh" >"$tmp/out" 2>&1; }
check deps_succeeds_without_build_dir run
check deps_installs_the_missing_package grep -qx 'install -y -qq --no-install-recommends ccache' "$tmp/apt-get.calls"
check deps_logs_into_the_new_build_dir test -f "$tmp/clone/build/apt.log"
# Without installing (not root), it fails and names what is missing.
names_missing() {
	local out
	out=$(NUMAB_NO_INSTALL=1 PATH="$tmp/bin:$PATH" BUILD="$tmp/none" "$top/harness/deps.sh" 2>&1) &&
		return 1
	grep -q 'missing packages: ccache' <<<"$out"
}
check deps_without_install_names_the_package names_missing
tap_done
