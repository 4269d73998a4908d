#!/usr/bin/env bash
# Configure and build build/linux out of tree in $OBJ with ccache.
# Config: allnoconfig + config/vm.config (what the 9p-rooted test VM needs)
# + config/series.config (what the series needs) + config/test.config (its
# KUnit suites), + any fragments in $EXTRA_FRAGMENTS. Every symbol a
# fragment sets is checked afterwards, so a dependency that silently drops
# one fails here.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$TREE/.git" ] || die "no kernel tree at $TREE; run make tree first"
command -v ccache >/dev/null || die "ccache is missing; run make deps"

fragments=("$NUMAB_TOP/config/vm.config" "$NUMAB_TOP/config/series.config"
	"$NUMAB_TOP/config/test.config")
for f in ${EXTRA_FRAGMENTS:-}; do fragments+=("$NUMAB_TOP/$f"); done

export KBUILD_BUILD_TIMESTAMP="${KBUILD_BUILD_TIMESTAMP:-2000-01-01}"
export KBUILD_BUILD_USER=numab KBUILD_BUILD_HOST=numab

# defined SYM: the checked-out tree has a Kconfig entry for SYM. A fragment
# may name a symbol that a later patch of the series introduces.
defined() {
	git -C "$TREE" grep -q -E "^(menu)?config ${1#CONFIG_}\$" -- '*Kconfig*'
}

# check_fragment FILE: every CONFIG_X=v / CONFIG_X=n of FILE holds in .config.
check_fragment() {
	local line sym val bad=0
	while IFS= read -r line; do
		case "$line" in CONFIG_*=*) ;; *) continue ;; esac
		sym=${line%%=*}
		val=${line#*=}
		defined "$sym" || continue
		if [ "$val" = n ]; then
			grep -q "^$sym=" "$OBJ/.config" && { log "$sym is set, wanted off"; bad=1; }
		else
			grep -qx "$sym=$val" "$OBJ/.config" || { log "$sym is not $val"; bad=1; }
		fi
	done <"$1"
	return $bad
}

configure() {
	local stamp f
	# Reconfigure when a fragment or any Kconfig file of the tree changes.
	stamp=$({
		cat "${fragments[@]}"
		git -C "$TREE" ls-files -s -- '*Kconfig*'
		git -C "$TREE" diff -- '*Kconfig*'
	} | sha256sum | cut -d' ' -f1)
	if [ -f "$OBJ/.config" ] && [ "$(cat "$OBJ/.numab-config" 2>/dev/null)" = "$stamp" ]; then
		return 0
	fi
	log "configuring $OBJ"
	mkdir -p "$OBJ"
	kmake allnoconfig >/dev/null
	"$TREE/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "${fragments[@]}" >"$OBJ/merge.log" 2>&1
	kmake olddefconfig >/dev/null
	for f in "${fragments[@]}"; do
		check_fragment "$f" || die "config fragment $(basename "$f") did not take effect (see above)"
	done
	echo "$stamp" >"$OBJ/.numab-config"
}

configure
if [ "${1:-}" = config ]; then exit 0; fi
log "building $(git -C "$TREE" describe --always --tags) in $OBJ"
start=$(date +%s)
kmake "$@"
log "built $OBJ/arch/x86/boot/bzImage in $(($(date +%s) - start)) s"
