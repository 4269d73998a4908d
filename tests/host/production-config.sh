#!/bin/bash
# The series' test scaffolding stays out of production kernels (TAP): a
# kernel configured as make deb configures it from Debian's own config has
# no sampled-hint injector or stats file (CONFIG_NUMA_HINT_INJECT) and no
# legacy_backoff knob (CONFIG_NUMA_BALANCING_LEGACY_BACKOFF), and has the
# features themselves and Debian's BTF; the test VM's kernel has the
# scaffolding. Needs
# make tree and make kernel; Debian's config comes with the line's
# DEBIAN_CONFIG_PKG (lines/LINE/base.conf). A line being ported checks
# only the features that its tree has so far.
. "$(dirname "$0")/../../harness/lib.sh"
. "$NUMAB_TOP/harness/tap.sh"
debian=$DEBIAN_CONFIG
scaffolding="CONFIG_NUMA_HINT_INJECT CONFIG_NUMA_BALANCING_LEGACY_BACKOFF"
vm_config=$OBJ/.config
prod=$LINE_BUILD/production-config

set_in() { grep -qx "$1=y" "$2/.config"; }	# set_in SYM DIR
set_in_all() {	# set_in_all DIR SYM...: every SYM is y in DIR's .config
	local dir=$1 sym
	shift
	for sym; do set_in "$sym" "$dir" || return 1; done
}
# check_set NAME DIR SYM...: check that every SYM is y in DIR's .config;
# on a line being ported, only the SYMs its tree defines so far, and a
# skip when it defines none of them.
check_set() {
	local name=$1 dir=$2 sym syms=()
	shift 2
	for sym; do
		! line_being_ported || kconfig_defined "$sym" || continue
		syms+=("$sym")
	done
	if [ ${#syms[@]} -eq 0 ]; then
		skip "$name" "$LINE is being ported: its tree defines none of $*"
	else
		check "$name" set_in_all "$dir" "${syms[@]}"
	fi
}
none_in() {	# none_in DIR SYM...: no SYM is set in DIR's .config
	local dir=$1 sym
	shift
	for sym; do ! grep -q "^$sym=" "$dir/.config" || return 1; done
}

echo "TAP version 13"
rm -rf "$prod"
OBJ=$prod "$NUMAB_TOP/harness/deb-config.sh" "$debian" >"$LINE_BUILD/production-config.log" 2>&1
check "Debian's config takes the series" [ -f "$prod/.config" ]
check_set "production: the features are in" "$prod" CONFIG_NUMA_BALANCING CONFIG_NUMA_HINT CONFIG_NUMA_HINT_IBS
check "production: no test scaffolding ($scaffolding)" none_in "$prod" $scaffolding
check "production: BTF stays, as Debian builds it" set_in_all "$prod" CONFIG_DEBUG_INFO_BTF
check "production: the config's changes are printed" grep -q "^deb-config: what changed" "$LINE_BUILD/production-config.log"
# shellcheck disable=SC2086 # a list of symbols
check_set "test VM: the scaffolding is in" "$(dirname "$vm_config")" $scaffolding
tap_done
