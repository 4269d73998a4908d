#!/usr/bin/env bash
# deb-objects.sh: the part of `make deb` that the series changes, in minutes
# where the whole package takes hours on 2 cores. Configures the object tree
# of make deb (build/LINE/deb/obj) as make deb does (deb-config.sh), from
# DEB_CONFIG, by default Debian's own config of the line (DEBIAN_CONFIG,
# lines/LINE/base.conf), then compiles the objects of every C file the
# series changes or adds in that config. A later `make deb` with the same
# config starts from these objects.
#
# It proves that the series compiles where Debian's options differ from the
# VM's and the matrix's (PREEMPT_DYNAMIC, MEMCG, LRU_GEN, KVM, BPF and the
# rest); not that the whole kernel links or that its modules build.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$TREE/.git" ] || die "no kernel tree at $TREE; run make tree first"
src=${DEB_CONFIG:-$DEBIAN_CONFIG}
[ -f "$src" ] || die "no kernel config at $src (Debian's: apt-get install $DEBIAN_CONFIG_PKG)"
export OBJ=$LINE_BUILD/deb/obj
g() { git -C "$TREE" "$@"; }
. "$NUMAB_TOP/harness/series-objects.sh"

"$NUMAB_TOP/harness/deb-config.sh" "$src" >"$LINE_BUILD/deb/config-changes.txt"
mapfile -t objects < <(series_objects)
[ ${#objects[@]} -gt 0 ] || die "the series compiles no object"
build_log=$LINE_BUILD/deb/objects.log
log "compiling the series' ${#objects[@]} objects in $(basename "$src")'s config, in $OBJ"
kmake "${objects[@]}" >"$build_log" 2>&1 ||
	die "the series does not compile in $src's config (see $build_log)"
# A warning in a file of the series is the series' to explain
mapfile -t warned < <(grep -F ': warning:' "$build_log" |
	grep -F -f <(printf '%s\n' "${series_c_files[@]}") || true)
if [ ${#warned[@]} -gt 0 ]; then
	printf '%s\n' "${warned[@]}"
	die "${#warned[@]} warnings in the series' files in $src's config (see $build_log)"
fi
log "the series' ${#objects[@]} objects compile without a warning in $(basename "$src")'s config"
