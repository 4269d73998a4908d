#!/usr/bin/env bash
# deps.sh [GROUP]: install the Debian packages that GROUP needs, when they
# are missing. As root it installs them; otherwise (or with
# NUMAB_NO_INSTALL=1) it names them in one line and fails.
#
#   build   import the base and build a kernel (make tree, make kernel)
#   deb     build + what make deb's bindeb-pkg needs, pahole for BTF
#   all     deb + lint, the VMs and what runs in them, the benchmarks
#           (make check and the rest; the default)
#
# deps.sh --names GROUP prints GROUP's packages, one a line, and installs
# nothing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

group=${1:-all}
BUILD_PKGS=(
	build-essential flex bison bc libelf-dev libssl-dev cpio xz-utils git ccache
)
DEB_PKGS=(
	# bindeb-pkg (6.12's checks its build dependencies, debhelper-compat
	# among them); dwarves is pahole, which a distribution's
	# CONFIG_DEBUG_INFO_BTF needs; python3 runs scripts/diffconfig, which
	# prints what the config changed (a clean Debian 12 has no python3)
	dpkg-dev fakeroot rsync kmod dwarves python3 debhelper
)
ALL_PKGS=(
	# lint
	sparse python3-ply python3-git
	# VM and in-guest tools (the guest shares the host's root); trinity is
	# the peer fuzzer of tests/trinity.sh and make stress
	qemu-system-x86 numactl libnuma-dev ndctl daxctl python3 trinity
	# the VM's ext4 and XFS disks (harness/disks.sh makes them afresh)
	e2fsprogs xfsprogs
	# Debian's own kernel config of the line (lines/LINE/base.conf), which
	# tests/host/production-config.sh configures the series over
	"$DEBIAN_CONFIG_PKG"
	# demo and benchmarks
	memcached libmemcached-tools linux-perf gnuplot-nox
)
names=0
if [ "$group" = --names ]; then
	names=1
	group=${2:-all}
fi
case "$group" in
build) PKGS=("${BUILD_PKGS[@]}") ;;
deb) PKGS=("${BUILD_PKGS[@]}" "${DEB_PKGS[@]}") ;;
all) PKGS=("${BUILD_PKGS[@]}" "${DEB_PKGS[@]}" "${ALL_PKGS[@]}") ;;
*) die "usage: deps.sh [--names] [build|deb|all]" ;;
esac
if [ "$names" = 1 ]; then
	printf '%s\n' "${PKGS[@]}"
	exit 0
fi

missing=()
for p in "${PKGS[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ] || [ "${NUMAB_NO_INSTALL:-0}" = 1 ]; then
	die "missing packages: ${missing[*]} (as root: apt-get install ${missing[*]})"
fi
log "installing ${missing[*]}"
# The first step of a fresh clone: nothing has made build/ yet.
mkdir -p "$BUILD"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null 2>&1 || true
apt-get install -y -qq --no-install-recommends "${missing[@]}" >"$BUILD/apt.log" 2>&1 ||
	die "apt-get install ${missing[*]} failed (see build/apt.log)"
