#!/usr/bin/env bash
# disks.sh DIR: make the VM's two scratch disks in DIR, an ext4 one and an
# XFS one, empty and sparse, and print the QEMU options that attach them
# as virtio disks, /dev/vda and /dev/vdb in the guest (which mounts them:
# harness/guest/init.sh). Prints nothing when mkfs.ext4 or mkfs.xfs is
# missing: the tests that need the disks then skip.
set -euo pipefail

dir=$1
size=512M	# mkfs.xfs takes no less than 300 MiB
# NUMAB_DISKS=0: no disks (the benchmarks need none)
[ "${NUMAB_DISKS:-1}" = 1 ] || exit 0
command -v mkfs.ext4 >/dev/null && command -v mkfs.xfs >/dev/null || exit 0
mkdir -p "$dir"
for fs in ext4 xfs; do
	img=$dir/$fs.img
	rm -f "$img"
	truncate -s "$size" "$img"
	if [ $fs = ext4 ]; then
		mkfs.ext4 -q -F "$img"
	else
		mkfs.xfs -q -f "$img"
	fi
	printf -- '-drive file=%s,format=raw,if=virtio,cache=unsafe ' "$img"
done
