#!/usr/bin/env bash
# Boot the line's VM kernel (build/LINE/obj) under QEMU with a NUMA
# topology, run a command as root in the guest, and exit with its status.
#
#   vm.sh [-t TOPO] [-T SECONDS] [-k KUNIT_GLOB] [-r RUNDIR] CMD...
#
# The host root is the guest's root, read-only over 9p; the guest writes to
# tmpfs and to RUNDIR, a read-write share mounted at the same path. CMD runs
# in the caller's working directory. The console log is kept in RUNDIR. The
# run fails on a timeout and on any kernel splat (harness/splats.sh), and
# then shows the console's tail. TCG is the default; ACCEL=kvm is tried only
# after a short probe boot succeeds.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$NUMAB_TOP/harness/topologies.sh"

topo=2node timeout=600 kunit_glob=numab-none rundir=
while getopts t:T:k:r: opt; do
	case $opt in
	t) topo=$OPTARG ;;
	T) timeout=$OPTARG ;;
	k) kunit_glob=$OPTARG ;;
	r) rundir=$(realpath -m "$OPTARG") ;;
	*) die "usage: vm.sh [-t TOPO] [-T SECONDS] [-k KUNIT_GLOB] [-r RUNDIR] CMD..." ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || die "no command given"
machine=$(topo_qemu_args "$topo") || die "unknown topology '$topo' (known: $TOPOLOGIES)"
kernel=${KERNEL:-$OBJ/arch/x86/boot/bzImage}
[ -f "$kernel" ] || die "no kernel at $kernel; run make kernel first"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 is missing; run make deps"

if [ -z "$rundir" ]; then
	rundir=$BUILD/vm/$(date +%Y%m%d-%H%M%S)-$$
fi
mkdir -p "$rundir" "$BUILD/vm"
rm -f "$rundir"/{rc,out.log,console.log}
ln -sfn "$rundir" "$BUILD/vm/last"
pwd >"$rundir/cwd"

# The scratch ext4 and XFS disks, made afresh for each boot and removed
# after the run (harness/disks.sh).
disks=$("$NUMAB_TOP/harness/disks.sh" "$rundir/disks")
trap 'rm -rf "$rundir/disks"' EXIT

# qemu_run ACCEL_ARGS SECONDS: one boot; returns QEMU's (or timeout's) status.
qemu_run() {
	# shellcheck disable=SC2086
	timeout -k 10 "$2" qemu-system-x86_64 $1 $machine $disks \
		-nodefaults -no-user-config -display none -no-reboot \
		-serial "file:$rundir/console.log" -kernel "$kernel" \
		-fsdev local,id=root,path=/,security_model=none,readonly=on,multidevs=remap \
		-device virtio-9p-pci,fsdev=root,mount_tag=/dev/root \
		-fsdev "local,id=run,path=$rundir,security_model=none" \
		-device virtio-9p-pci,fsdev=run,mount_tag=numabrun \
		-append "console=ttyS0 rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=512000,cache=loose ro init=$NUMAB_TOP/harness/guest/init.sh panic=-1 memhp_default_state=online_movable kunit.filter_glob=$kunit_glob numab.run=$rundir numab.topo=$topo numab.line=$LINE" \
		</dev/null
}

# Nested KVM hangs on these machines: boot it only if a probe boot running
# "true" comes back within 30 s.
accel="-accel tcg,thread=multi -cpu max" accel_name=tcg
if [ "${ACCEL:-tcg}" = kvm ]; then
	echo true >"$rundir/cmd.sh"
	if [ -w /dev/kvm ] && qemu_run "-accel kvm -cpu host,-arch-capabilities" 30 &&
		[ "$(cat "$rundir/rc" 2>/dev/null)" = 0 ]; then
		accel="-accel kvm -cpu host,-arch-capabilities" accel_name=kvm
	else
		log "KVM probe boot failed within 30 s; using TCG"
	fi
	rm -f "$rundir"/{rc,out.log,console.log}
fi
echo "$accel_name" >"$rundir/accel"
printf '%s\n' "$*" >"$rundir/cmd.sh"

# stalled SECONDS: the guest printed nothing for 45 s, its last line being
# the RCU-tasks self-test's, or has not reached init in BOOT_SECONDS.
# Under TCG the debug kernel (PROVE_RCU runs that self-test) stops there in
# more than half of its boots (22 of 38 measured on 2026-12-03), before
# SMP bring-up and before any code of the series runs: CPU 0 idles with
# interrupts on and nothing wakes it, with idle=poll and with
# lapic=notscdeadline too. Normally the test passes in well under a second.
stalled() {
	local log=$rundir/console.log age
	[ -f "$log" ] || return 1
	grep -q "as init process" "$log" && return 1
	[ "$1" -ge "${BOOT_SECONDS:-600}" ] && return 0
	age=$(($(date +%s) - $(stat -c %Y "$log")))
	[ $age -ge 45 ] && tail -n 1 "$log" | grep -q "Running RCU-tasks wait API self tests"
}

# qemu_boot ACCEL SECONDS: qemu_run, booted again (BOOT_TRIES times in
# all, 12 by default) when the boot stalls; each stalled console is kept as
# console.stalled-N.log. Fails if the last boot stalls too.
qemu_boot() {
	local try pid waited tries=${BOOT_TRIES:-12}
	for try in $(seq "$tries"); do
		qemu_run "$1" "$2" &
		pid=$!
		waited=0
		while kill -0 $pid 2>/dev/null && ! stalled $waited; do
			sleep 2
			waited=$((waited + 2))
		done
		if ! kill -0 $pid 2>/dev/null; then
			wait $pid
			return
		fi
		pkill -P $pid
		wait $pid
		mv "$rundir/console.log" "$rundir/console.stalled-$try.log"
		log "boot $try of $tries stalled (see console.stalled-$try.log)"
	done
	cp "$rundir/console.stalled-$tries.log" "$rundir/console.log"
	return 126
}

touch "$rundir/out.log"
tail -n +1 -F "$rundir/out.log" 2>/dev/null &
tailer=$!
start=$(date +%s)
set +e
qemu_boot "$accel" "$timeout"
qemu_rc=$?
set -e
sleep 0.3
kill "$tailer" 2>/dev/null || true
wait "$tailer" 2>/dev/null || true

fail() {
	log "$1"
	echo "--- last 40 lines of $rundir/console.log ---" >&2
	tail -n 40 "$rundir/console.log" >&2 || true
	exit "$2"
}
[ "$qemu_rc" != 124 ] && [ "$qemu_rc" != 137 ] || fail "timed out after $timeout s" 124
[ "$qemu_rc" != 126 ] || fail "every boot stalled in early boot (BOOT_TRIES)" 126
[ -f "$rundir/rc" ] || fail "the guest stopped before the command finished (qemu exit $qemu_rc)" 125
rc=$(cat "$rundir/rc")
if splat=$("$NUMAB_TOP/harness/splats.sh" "$rundir/console.log"); then
	[ "$rc" != 0 ] || rc=1
	fail "kernel splat: $splat" "$rc"
fi
log "$topo VM ($accel_name) ran in $(($(date +%s) - start)) s, command exit $rc"
exit "$rc"
