#!/usr/bin/env bash
# make check-deb-clean: make deb as a newcomer meets it on a clean Debian 12.
# A minimal bookworm made afresh by debootstrap (build/clean-root: a root
# that a run has installed into is no longer clean) gets make and nothing
# else of make deps, a fresh clone of this
# repository and Debian's own amd64 config, and runs
#   make deb DEB_CONFIG=<Debian's config>
# until bindeb-pkg starts compiling: the compile takes hours on 2 cores and
# proves nothing more here. It checks that every package make deb installed
# is one that deps.sh names for deb or something one of them depends on,
# that none of the packages only make deps installs came in, and that the
# config keeps Debian's CONFIG_DEBUG_INFO_BTF=y. Needs root, debootstrap
# (installed if missing) and the Debian archive; about 10 minutes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" = 0 ] || die "needs root (debootstrap and chroot)"
root=${CLEAN_ROOT:-$BUILD/clean-root}
config=$DEBIAN_CONFIG
report=$LINE_BUILD/results/deb-clean
mkdir -p "$report"

command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
[ -f "$config" ] || apt-get install -y -qq "$DEBIAN_CONFIG_PKG" >/dev/null
log "debootstrap bookworm (minbase) into ${root#"$NUMAB_TOP"/}"
rm -rf "$root"
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian \
	>"$report/debootstrap.log" 2>&1 || die "debootstrap failed (see $report/debootstrap.log)"
# The host's archive list (updates and security too: the base is a point release)
if cp /etc/apt/sources.list.d/*.sources "$root/etc/apt/sources.list.d/" 2>/dev/null; then
	rm -f "$root/etc/apt/sources.list"
fi
cp /etc/resolv.conf "$root/etc/"
for fs in proc sys dev; do
	mountpoint -q "$root/$fs" || mount --rbind "/$fs" "$root/$fs"
done
trap 'for fs in dev sys proc; do umount -R "$root/$fs" 2>/dev/null || true; done' EXIT

in_root() { chroot "$root" /bin/bash -c "$1"; }
# kill_in_root: every process whose root is the clean root
kill_in_root() {
	local p
	for p in /proc/[0-9]*; do
		if [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ]; then
			kill "${p#/proc/}" 2>/dev/null || true
		fi
	done
	return 0
}
installed() { in_root "dpkg-query -W -f='\${Package}\n' | sort"; }

in_root "export DEBIAN_FRONTEND=noninteractive; apt-get update -qq &&
	apt-get install -y -qq make >/dev/null"
installed >"$report/before"
rm -rf "$root/root/numab"
git clone -q "$NUMAB_TOP" "$root/root/numab"
cp "$config" "$root/root/"
log "make deb in the clean root, until bindeb-pkg compiles"
in_root "cd /root/numab && make deb LINE=$LINE DEB_CONFIG=/root/${config##*/}" >"$report/deb.log" 2>&1 &
deb=$!
while kill -0 "$deb" 2>/dev/null && ! grep -q 'packaging' "$report/deb.log"; do
	sleep 5
done
# A packaging that started has written its config; stop the compile
if grep -q 'packaging' "$report/deb.log"; then
	sleep 10
	kill_in_root
	sleep 2
	kill_in_root
fi
wait "$deb" || true
installed >"$report/after"
comm -13 "$report/before" "$report/after" >"$report/new"

bad=0
grep -q 'packaging' "$report/deb.log" || { echo "make deb stopped before packaging:"; tail "$report/deb.log"; bad=1; }
mapfile -t deb_pkgs < <("$NUMAB_TOP/harness/deps.sh" --names deb)
for p in "${deb_pkgs[@]}"; do
	grep -qx "$p" "$report/after" || { echo "not installed: $p"; bad=1; }
done
for p in $("$NUMAB_TOP/harness/deps.sh" --names all); do
	printf '%s\n' "${deb_pkgs[@]}" | grep -qx "$p" && continue
	grep -qx "$p" "$report/new" && { echo "installed, though only make deps needs it: $p"; bad=1; }
done
obj_config=$root/root/numab/build/$LINE/deb/obj/.config
grep -qx 'CONFIG_DEBUG_INFO_BTF=y' "$obj_config" || { echo "CONFIG_DEBUG_INFO_BTF is not y"; bad=1; }
echo "make deb on a clean Debian 12: $(wc -l <"$report/new") packages installed," \
	"${#deb_pkgs[@]} named by deps.sh deb, the rest their dependencies;" \
	"$(grep -c '^' "$report/before") before"
grep -E '^CONFIG_(DEBUG_INFO_BTF|NUMA_HINT|NUMA_HINT_IBS|NUMA_HINT_INJECT)=' "$obj_config" || true
grep -A3 '^deb-config: what changed' "$report/deb.log" | head -n 4
[ "$bad" = 0 ] || die "make deb on a clean machine: see above and $report"
log "make deb on a clean Debian 12 installs only deps.sh's deb group and keeps BTF"
