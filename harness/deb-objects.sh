#!/usr/bin/env bash
# deb-objects.sh: the series' own objects in the config of
# `make deb DEB_CONFIG=$DEBIAN_CONFIG`, in minutes where the whole package
# takes hours on 2 cores. Configures make deb's object tree
# (build/LINE/deb/obj) as make deb does (deb-config.sh), from DEB_CONFIG, by
# default Debian's own config of the line (DEBIAN_CONFIG,
# lines/LINE/base.conf), then compiles afresh the objects of every C file
# the series changes or adds (an object whose Kconfig option is off there
# is compiled all the same), and fails on a warning in any file the series
# touches.
#
# It shows that the series' C files compile with Debian's options (such as
# PREEMPT_DYNAMIC and MEMCG); not that other users of the headers the series
# changes do, that vmlinux links, or that the modules build.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

require_committed_tree
src=${DEB_CONFIG:-$DEBIAN_CONFIG}
[ -f "$src" ] || die "no kernel config at $src (Debian's: apt-get install $DEBIAN_CONFIG_PKG)"
export OBJ=$LINE_BUILD/deb/obj
g() { git -C "$TREE" "$@"; }
. "$NUMAB_TOP/harness/series-objects.sh"

mkdir -p "$OBJ"
"$NUMAB_TOP/harness/deb-config.sh" "$src" >"$LINE_BUILD/deb/config-changes.txt"
mapfile -t objects < <(series_objects)
[ ${#objects[@]} -gt 0 ] || die "the series compiles no object"
build_log=$LINE_BUILD/deb/objects.log
# Compiled afresh, so that their warnings are seen again (ccache replays them)
(cd "$OBJ" && rm -f "${objects[@]}")
log "compiling the series' ${#objects[@]} objects in $(basename "$src")'s config, in $OBJ"
kmake "${objects[@]}" >"$build_log" 2>&1 ||
	die "the series does not compile in $src's config (see $build_log)"
# A warning in a file of the series is the series' to explain
mapfile -t warned < <(grep -F ': warning:' "$build_log" |
	grep -F -f <(g diff --name-only base HEAD) || true)
if [ ${#warned[@]} -gt 0 ]; then
	printf '%s\n' "${warned[@]}"
	die "${#warned[@]} warnings in the series' files in $src's config (see $build_log)"
fi
log "the series' ${#objects[@]} objects compile without a warning in $(basename "$src")'s config"
