#!/bin/bash
# trinity.sh OPS LOG: Debian's trinity, restricted to the system calls of
# memory policy, migration and mappings, makes OPS calls from two children
# as root (it insists on --dangerous for that), in a scratch directory of
# its own. Of the file descriptors it hands those calls, it opens files and
# memfds only: its socket set-up is of no use to them (and once crashed it
# under TCG). Its output goes to LOG; the last line on stdout is the number of
# calls it made. Exits with trinity's status.
set -u
ops=$1 log=$2
syscalls=(mbind set_mempolicy get_mempolicy migrate_pages move_pages mmap
	munmap mprotect madvise mremap mlock munlock msync memfd_create)
args=()
for s in "${syscalls[@]}"; do args+=(-c "$s"); done
dir=$(mktemp -d /tmp/trinity.XXXXXX)
cd "$dir" || exit 1
trinity --dangerous -q -l off -a 64 -C 2 -N "$ops" \
	--disable-fds=sockets,pipes,perf,epoll,eventfd,pseudo,timerfd,drm \
	"${args[@]}" >"$log" 2>&1
rc=$?
cd / && rm -rf "$dir"
sed -n 's/.*Ran \([0-9]*\) syscalls.*/\1/p' "$log" | tail -1
exit $rc
