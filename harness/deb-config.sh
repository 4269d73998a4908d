#!/usr/bin/env bash
# deb-config.sh FILE: configure $OBJ as make deb does, from the kernel
# config FILE (may be .xz) with config/series.config merged over it and
# olddefconfig filling in the rest, and print every option that changed
# from FILE's, with why. Fails, naming the option, where a symbol of
# series.config does not hold (FILE lacks something it depends on).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: deb-config.sh FILE"
series=$NUMAB_TOP/config/series.config
given=$OBJ/.config.given
mkdir -p "$OBJ"
case "$1" in
*.xz) xz -dc "$1" >"$given" ;;
*) cp "$1" "$given" ;;
esac
cp "$given" "$OBJ/.config"
# A distribution's config names its own signing keys, which exist only in
# its own build tree: without them the build fails. Everything else of the
# distribution's, BTF included (pahole, from dwarves, builds it), stays.
"$TREE/scripts/config" --file "$OBJ/.config" \
	--set-str SYSTEM_TRUSTED_KEYS "" --set-str SYSTEM_REVOCATION_KEYS ""
"$TREE/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "$series" \
	>"$OBJ/merge.log" 2>&1
kmake olddefconfig >/dev/null
fragment_holds "$series" ||
	die "$1 lacks what the series needs: the options above (see config/series.config)"

echo "deb-config: what changed from $1 (scripts/diffconfig; -: gone, +: new):"
echo "  SYSTEM_TRUSTED_KEYS and SYSTEM_REVOCATION_KEYS: emptied, the"
echo "  distribution's keys exist only in its own build tree (modules are"
echo "  then signed with a key made for this build, if MODULE_SIG is on);"
echo "  the options of config/series.config and what they select or need:"
"$TREE/scripts/diffconfig" "$given" "$OBJ/.config" | sed 's/^/    /'
