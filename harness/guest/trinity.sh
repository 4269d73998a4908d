#!/bin/bash
# trinity.sh OPS LOG [SECONDS]: Debian's trinity, restricted to the system calls of
# memory policy, migration and mappings, makes OPS calls from two children
# as root (it insists on --dangerous for that), in a scratch directory of
# its own. Of the file descriptors it hands those calls, it opens files and
# memfds only: its socket set-up is of no use to them (and once crashed it
# under TCG). Its output goes to LOG; the last line on stdout is the number of
# calls it made. Exits with trinity's status, or 124 if it has not finished
# within SECONDS (by default 120 plus a second for every 50 calls, six
# times what 10,000 calls take under TCG): then what its processes were
# doing is appended to LOG and they are killed.
set -u
. "$(dirname "$0")/wait-for.sh"
ops=$1 log=$2 limit=${3:-$((120 + $1 / 50))}
syscalls=(mbind set_mempolicy get_mempolicy migrate_pages move_pages mmap
	munmap mprotect madvise mremap mlock munlock msync memfd_create)
args=()
for s in "${syscalls[@]}"; do args+=(-c "$s"); done
dir=$(mktemp -d /tmp/trinity.XXXXXX)
cd "$dir" || exit 1
trinity --dangerous -q -l off -a 64 -C 2 -N "$ops" \
	--disable-fds=sockets,pipes,perf,epoll,eventfd,pseudo,timerfd,drm \
	"${args[@]}" >"$log" 2>&1 &
fuzzer=$!
if wait_for "$limit" "$fuzzer"; then
	wait "$fuzzer"
	rc=$?
else
	echo "trinity.sh: no end after $limit s; its processes:" >>"$log"
	"$(dirname "$0")/hang-report.sh" '^trinity ' >>"$log" 2>&1
	pkill -KILL -f '^trinity '
	wait_for 10 "$fuzzer"
	rc=124
fi
cd / && rm -rf "$dir"
sed -n 's/.*Ran \([0-9]*\) syscalls.*/\1/p' "$log" | tail -1
exit $rc
