// SPDX-License-Identifier: GPL-2.0
/*
 * Seed 002's experiment, shaped for failure-aware backoff: a task whose
 * memory was all placed on node 0 runs on node 1 for a fixed time, reading
 * all of it in passes. In the "fail" workload part of it cannot migrate:
 * a shared buffer pinned long-term as io_uring fixed buffers. In the "ok"
 * workload everything can move. (6.1 scans shared memory only under a
 * policy with MPOL_F_NUMA_BALANCING, so the pinned buffer gets bind {0,1}
 * with it; private pinned pages it skips anyway, for their page count.)
 * NUMA balancing decides what moves; which
 * backoff rule it uses is set from outside (debugfs legacy_backoff).
 *
 * Every quarter second one JSON line: passes in that time, and the share of
 * the movable buffer on node 1. At the end one line: /proc/vmstat deltas, the
 * task's user and system CPU time, its last scan period, and whether the
 * data is intact (exit 1 if not).
 *
 *   pinmix fail|ok [seconds [movable MiB [pinned MiB]]]
 */
#include <linux/io_uring.h>
#include <numa.h>
#include <numaif.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#ifndef MPOL_F_NUMA_BALANCING
#define MPOL_F_NUMA_BALANCING	(1 << 13)
#endif

static const char *const counters[] = {
	"numa_pte_updates", "numa_hint_faults", "numa_pages_migrated",
	"pgmigrate_fail", "numa_migrate_fail_full", "numa_migrate_fail_busy",
	"numa_migrate_fail_unmovable", "numa_pte_skip_pinned",
};
#define NCOUNTERS	(sizeof(counters) / sizeof(counters[0]))


static void *map_filled(size_t len, bool shared, uint64_t seed)
{
	uint64_t *w = mmap(NULL, len, PROT_READ | PROT_WRITE,
			   (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_ANONYMOUS,
			   -1, 0);
	size_t i;

	if (w == MAP_FAILED)
		return NULL;
	madvise(w, len, MADV_NOHUGEPAGE);
	for (i = 0; i < len / sizeof(*w); i++)
		w[i] = i ^ seed;
	return w;
}

static bool intact(const uint64_t *w, size_t len, uint64_t seed)
{
	size_t i;

	for (i = 0; i < len / sizeof(*w); i++)
		if (w[i] != (i ^ seed))
			return false;
	return true;
}

/* One read of every cache line of @len bytes at @w. */
static uint64_t read_pass(const uint64_t *w, size_t len)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < len / sizeof(*w); i += 8)
		sum += w[i];
	return sum;
}

static int pin_with_io_uring(void *buf, size_t len)
{
	struct io_uring_params params = { 0 };
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	int fd = syscall(__NR_io_uring_setup, 4, &params);

	if (fd < 0)
		return -1;
	if (syscall(__NR_io_uring_register, fd, IORING_REGISTER_BUFFERS, &iov, 1))
		return -1;
	return fd;
}

int main(int argc, char **argv)
{
	bool fail = argc > 1 && !strcmp(argv[1], "fail");
	double seconds = argc > 2 ? atof(argv[2]) : 30;
	size_t movable_len = (argc > 3 ? strtoul(argv[3], NULL, 0) : 16) << 20;
	size_t pinned_len = fail ? (argc > 4 ? strtoul(argv[4], NULL, 0) : 48) << 20 : 0;
	long before[NCOUNTERS], after[NCOUNTERS], passes = 0, last = 0;
	double start, next;
	uint64_t *movable, *pinned = NULL, sink = 0;
	struct rusage ru;
	bool ok;

	if (argc < 2 || (strcmp(argv[1], "fail") && strcmp(argv[1], "ok"))) {
		fprintf(stderr, "usage: pinmix fail|ok [seconds [movable MiB [pinned MiB]]]\n");
		return 2;
	}
	require_two_nodes("pinmix");
	run_on_node(0);
	movable = map_filled(movable_len, false, 0x1111);
	if (fail) {
		unsigned long both = 0x3;

		pinned = map_filled(pinned_len, true, 0x2222);
		if (!pinned ||
		    mbind(pinned, pinned_len, MPOL_BIND | MPOL_F_NUMA_BALANCING,
			  &both, sizeof(both) * 8 + 1, 0) ||
		    pin_with_io_uring(pinned, pinned_len) < 0) {
			perror("pinmix: pinning with io_uring");
			return 2;
		}
	}
	if (!movable) {
		perror("pinmix: mmap");
		return 2;
	}

	run_on_node(1);
	read_vmstat(counters, NCOUNTERS, before);
	start = now();
	for (next = start + 0.25; next <= start + seconds + 1e-9; next += 0.25) {
		while (now() < next) {
			sink += read_pass(movable, movable_len);
			if (pinned)
				sink += read_pass(pinned, pinned_len);
			passes++;
		}
		printf("{\"t\": %.2f, \"passes\": %ld, \"movable_on_node1_pct\": %.1f}\n",
		       next - start, passes - last, pct_on_node(movable, movable_len, 1));
		fflush(stdout);
		last = passes;
	}
	read_vmstat(counters, NCOUNTERS, after);
	getrusage(RUSAGE_SELF, &ru);
	ok = intact(movable, movable_len, 0x1111) &&
	     (!pinned || intact(pinned, pinned_len, 0x2222));

	printf("{\"workload\": \"%s\", \"seconds\": %.0f, \"movable_mib\": %zu, "
	       "\"pinned_mib\": %zu, \"passes\": %ld, \"utime_s\": %.3f, \"stime_s\": %.3f, "
	       "\"scan_period_ms\": %ld, \"fail_ratio_pct\": %ld, \"data_ok\": %s, \"sink\": %llu",
	       argv[1], seconds, movable_len >> 20, pinned_len >> 20, passes,
	       ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6,
	       sched_field("numa_scan_period"), sched_field("numa_fail_ratio"),
	       ok ? "true" : "false", (unsigned long long)(sink & 1));
	print_vmstat_deltas(counters, NCOUNTERS, before, after);
	printf("}\n");
	return ok ? 0 : 1;
}
