#!/usr/bin/env bash
# deb-config.sh FILE: configure $OBJ as make deb does, from the kernel
# config FILE (may be .xz) with config/series.config merged over it and
# olddefconfig filling in the rest. Fails, naming the option, where a symbol
# of series.config does not hold (FILE lacks something it depends on).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: deb-config.sh FILE"
series=$NUMAB_TOP/config/series.config
mkdir -p "$OBJ"
case "$1" in
*.xz) xz -dc "$1" >"$OBJ/.config" ;;
*) cp "$1" "$OBJ/.config" ;;
esac
# A distribution's config names its own signing keys, which exist only in
# its own build tree.
"$TREE/scripts/config" --file "$OBJ/.config" \
	--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS "" \
	--disable DEBUG_INFO_BTF
"$TREE/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "$series" \
	>"$OBJ/merge.log" 2>&1
kmake olddefconfig >/dev/null
fragment_holds "$series" ||
	die "$1 lacks what the series needs: the options above (see config/series.config)"
