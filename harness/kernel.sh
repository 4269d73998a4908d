#!/usr/bin/env bash
# Configure and build the line's tree (build/LINE/linux) out of tree in
# $OBJ with ccache.
# Config: allnoconfig + config/vm.config (what the 9p-rooted test VM needs)
# + config/series.config (what the series needs) + config/test.config (its
# KUnit suites and test scaffolding, unless NO_TEST_CONFIG=1) + any
# fragments in $EXTRA_FRAGMENTS. Every symbol a fragment sets is checked
# afterwards, so a dependency that silently drops one fails here.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$TREE/.git" ] || die "no kernel tree at $TREE; run make tree first"
command -v ccache >/dev/null || die "ccache is missing; run make deps"

fragments=("$NUMAB_TOP/config/vm.config" "$NUMAB_TOP/config/series.config")
# NO_TEST_CONFIG=1: a kernel as make deb builds one, without the test rig
[ "${NO_TEST_CONFIG:-0}" = 1 ] || fragments+=("$NUMAB_TOP/config/test.config")
for f in ${EXTRA_FRAGMENTS:-}; do fragments+=("$NUMAB_TOP/$f"); done

configure_obj 1 "${fragments[@]}"
if [ "${1:-}" = config ]; then exit 0; fi
log "building $(git -C "$TREE" describe --always --tags) in $OBJ"
start=$(date +%s)
kmake "$@"
log "built $OBJ/arch/x86/boot/bzImage in $(($(date +%s) - start)) s"
