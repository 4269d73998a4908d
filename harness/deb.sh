#!/usr/bin/env bash
# Build the patched kernel of the line's tree as Debian packages (linux-image,
# linux-headers) with the kernel's own bindeb-pkg, for a real machine.
#
#   make deb                      config: /boot/config-$(uname -r)
#   make deb DEB_CONFIG=FILE      config: FILE (may be .xz, as Debian's
#                                 /usr/src/linux-config-LINE/*.xz are)
#   make deb DEB_CONFIG=vm        the test VM's kernel, already built in
#                                 build/LINE/obj: only packaged (make check)
#
# config/series.config is merged over the given config and olddefconfig
# fills in the rest; a symbol of series.config that does not hold then (the
# base config lacks something it depends on) is an error that names it.
# A real config builds out of tree in build/LINE/deb/obj. The packages are
# left in build/LINE/deb/, and their paths printed, with how to install
# them and how to go back to the distribution's kernel.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$TREE/.git" ] || die "no kernel tree at $TREE; run make tree first"
src=${DEB_CONFIG:-/boot/config-$(uname -r)}
out=$LINE_BUILD/deb
mkdir -p "$out"

if [ "$src" = vm ]; then
	export OBJ=$LINE_BUILD/obj
	[ -f "$OBJ/arch/x86/boot/bzImage" ] || die "no VM kernel in $OBJ; run make kernel LINE=$LINE first"
else
	[ -f "$src" ] || die "no kernel config at $src; give one with DEB_CONFIG=FILE (Debian's: apt-get install $DEBIAN_CONFIG_PKG)"
	export OBJ=$out/obj
	"$NUMAB_TOP/harness/deb-config.sh" "$src"
fi

log "packaging $(kmake -s kernelrelease) from $OBJ"
# bindeb-pkg leaves its packages next to the object tree: in $out itself
# for a real config ($out/obj), in the line's build directory for the VM's.
parent=$(dirname "$OBJ")
rm -f "$parent"/*.deb "$parent"/*.buildinfo "$parent"/*.changes "$out"/*.deb
kmake bindeb-pkg >"$out/bindeb-pkg.log" 2>&1 ||
	die "bindeb-pkg failed (see $out/bindeb-pkg.log)"
[ "$parent" = "$out" ] || mv "$parent"/*.deb "$out"/
rm -f "$parent"/*.buildinfo "$parent"/*.changes
ls "$out"/linux-image-*.deb >/dev/null 2>&1 || die "bindeb-pkg made no linux-image package"
release=$(kmake -s kernelrelease)
ls "$out"/*.deb
[ "$src" = vm ] && exit 0
cat <<MSG
To install them, and boot into $release:
  dpkg -i $out/linux-image-${release}_*.deb $out/linux-headers-${release}_*.deb
  reboot
To go back to the distribution's kernel: choose it under "Advanced options"
in GRUB's menu, then remove these packages:
  apt-get remove linux-image-$release linux-headers-$release
MSG
