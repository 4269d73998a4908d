#!/bin/bash
# PID 1 of the test VM (see harness/vm.sh): mount what a test needs, build
# the topology's lower tier, make NUMA balancing scan within seconds, run
# the command, store its status, and power off.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH HOME=/tmp TERM=dumb
HERE=$(dirname "$0")

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mountpoint -q /dev || mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs shm /dev/shm

# Scratch tmpfs where the guest writes. They must not hide the project when
# it lives beneath one of them (a clone in /tmp, say): hold it on devtmpfs
# meanwhile and put it back on top.
top=$(cd "$HERE/../.." && pwd)
mkdir /dev/numab-top
mount --bind "$top" /dev/numab-top
for d in /tmp /run /var/tmp /var/lib/memcached; do
	[ -d "$d" ] && [ ! -L "$d" ] && mount -t tmpfs tmpfs "$d"
done
if [ ! -d "$top/harness" ]; then
	mkdir -p "$top"
	mount --move /dev/numab-top "$top"
else
	umount /dev/numab-top
fi
rmdir /dev/numab-top 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
ln -sf /proc/self/fd /dev/fd
hostname numab-vm

cmdline_arg() { tr ' ' '\n' </proc/cmdline | sed -n "s/^$1=//p"; }
run=$(cmdline_arg numab.run)
topo=$(cmdline_arg numab.topo)
line=$(cmdline_arg numab.line)
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 numabrun "$run"

# PID 1 must never exit: the kernel panics when it does. On 6.12,
# power-off breaks every virtqueue (virtio_dev_shutdown()), the 9p root's
# with them, and an exec racing it fails (bash returns 126): CI saw
# "Attempted to kill init! exitcode=0x00007e00" that way. So wait with a builtin on a pipe that a
# sleep started now holds open, and keep waiting until the power goes.
exec {idle_fd}< <(exec sleep infinity)
poweroff() {
	sync
	echo o >/proc/sysrq-trigger
	while :; do
		read -r -t 60 -u "$idle_fd"
	done
}

# Scan within seconds, not the default 1 s delay and 1 s..60 s period.
knobs=/sys/kernel/debug/sched/numa_balancing
echo 100 >$knobs/scan_delay_ms
echo 100 >$knobs/scan_period_min_ms
echo 1000 >$knobs/scan_period_max_ms

if [ -x "$HERE/topo-$topo.sh" ] && ! "$HERE/topo-$topo.sh" >"$run/topo.log" 2>&1; then
	echo "numab: $topo topology setup failed" >/dev/kmsg
	cat "$run/topo.log" >/dev/kmsg
	echo 126 >"$run/rc"
	poweroff
fi

# The scratch disks of harness/disks.sh, if the host made them and this
# kernel can mount them: the tests find them through the environment.
mount_disk() {
	local dev=$1 fs=$2 dir=/run/numab/$2
	[ -b "$dev" ] || return 0
	mkdir -p "$dir"
	mount -t "$fs" "$dev" "$dir" 2>/dev/null && echo "$dir"
}
NUMA_TEST_EXT4=$(mount_disk /dev/vda ext4)
NUMA_TEST_XFS=$(mount_disk /dev/vdb xfs)

export NUMAB_RUN=$run NUMAB_TOPO=$topo LINE=$line NUMA_TEST_EXT4 NUMA_TEST_XFS
cd "$(cat "$run/cwd")" || cd /
echo "numab: running the command" >/dev/kmsg
bash "$run/cmd.sh" >"$run/out.log" 2>&1 </dev/null {idle_fd}<&-
rc=$?
echo "numab: the command exited $rc" >/dev/kmsg
echo $rc >"$run/rc"
poweroff
