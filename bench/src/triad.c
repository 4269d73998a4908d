// SPDX-License-Identifier: GPL-2.0
/*
 * Seed 004's experiment: a STREAM-like triad (a = b + s * c) in two threads,
 * each on its own part of the arrays, both first on node 0. A third of the
 * way through, the second thread moves to node 1, and the program responds
 * in one of three ways:
 *
 *   none   nothing: NUMA balancing alone, as kernel.numa_balancing says;
 *   eager  mbind(its part, MPOL_BIND {1}, MPOL_MF_MOVE): copy it now;
 *   lazy   mbind(everything, MPOL_LOCAL, MPOL_MF_MOVE | MPOL_MF_LAZY):
 *          each page follows whichever thread touches it next.
 *
 * Each thread's part also holds a cold array that is written once and
 * never read again, so that eager moves pages nobody touches while lazy
 * does not. Every second the program prints one JSON line with the triad
 * passes of each thread and the share of the moved thread's hot pages on
 * its new node; at the end, one line with the cost of the mbind() call and
 * the /proc/vmstat deltas. Data is verified at the end (exit 1 if not).
 *
 *   triad none|eager|lazy [MiB per thread [seconds]]
 */
#include <errno.h>
#include <numa.h>
#include <numaif.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#ifndef MPOL_MF_LAZY
#define MPOL_MF_LAZY	(1 << 3)
#endif

#define NTHREADS	2
#define MOVED		1	/* the thread that moves to node 1 */
#define ARRAYS		4	/* a, b, c hot; d cold */

static const char *const counters[] = {
	"numa_hint_faults", "numa_pages_migrated", "pgmigrate_success",
	"pgmigrate_fail", "numa_lazy_marked", "numa_lazy_migrated",
	"numa_lazy_failed", "numa_lazy_in_place",
};
#define NCOUNTERS	(sizeof(counters) / sizeof(counters[0]))

struct part {
	double *a, *b, *c, *d;
	size_t n;			/* doubles per array */
	atomic_long passes;
	atomic_int want_node;		/* node to run on; -1 once there */
	pthread_t thread;
};

static struct part parts[NTHREADS];
static atomic_bool stop;
static long psize;

static void *worker(void *arg)
{
	struct part *p = arg;
	const double s = 3.0;
	size_t i;

	while (!atomic_load(&stop)) {
		int node = atomic_load(&p->want_node);

		if (node >= 0) {
			if (run_on_node(node))
				perror("sched_setaffinity");
			atomic_store(&p->want_node, -1);
		}
		for (i = 0; i < p->n; i++)
			p->a[i] = p->b[i] + s * p->c[i];
		atomic_fetch_add(&p->passes, 1);
	}
	return NULL;
}

/* Percentage of the moved thread's hot arrays (a, b, c: contiguous) on @node. */
static double hot_share_on(int node)
{
	struct part *p = &parts[MOVED];

	return pct_on_node(p->a, 3 * p->n * sizeof(double), node);
}

static long respond(const char *how, void *all, size_t all_len)
{
	struct part *p = &parts[MOVED];
	unsigned long node1 = 1UL << 1;

	if (!strcmp(how, "eager"))
		return mbind(p->a, ARRAYS * p->n * sizeof(double), MPOL_BIND,
			     &node1, sizeof(node1) * 8 + 1, MPOL_MF_MOVE);
	if (!strcmp(how, "lazy"))
		return mbind(all, all_len, MPOL_LOCAL, NULL, 0,
			     MPOL_MF_MOVE | MPOL_MF_LAZY);
	return 0;
}

static bool verify(void)
{
	size_t t, i;

	for (t = 0; t < NTHREADS; t++)
		for (i = 0; i < parts[t].n; i++)
			if (parts[t].a[i] != 1.0 + 3.0 * 2.0 ||
			    parts[t].d[i] != (double)i)
				return false;
	return true;
}

int main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "none";
	size_t mib = argc > 2 ? strtoul(argv[2], NULL, 0) : 16;
	double seconds = argc > 3 ? atof(argv[3]) : 30;
	size_t n = (mib << 20) / ARRAYS / sizeof(double), all_len, t, i;
	long before[NCOUNTERS], after[NCOUNTERS], last[NTHREADS] = { 0 };
	double start, move_at, call_us = 0, next;
	long ret = 0;
	bool moved = false, ok;
	char *all;

	if (strcmp(how, "none") && strcmp(how, "eager") && strcmp(how, "lazy")) {
		fprintf(stderr, "usage: triad none|eager|lazy [MiB [seconds]]\n");
		return 2;
	}
	require_two_nodes("triad");
	psize = sysconf(_SC_PAGESIZE);
	all_len = NTHREADS * ARRAYS * n * sizeof(double);
	all = mmap(NULL, all_len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (all == MAP_FAILED || madvise(all, all_len, MADV_NOHUGEPAGE)) {
		perror("triad: mmap");
		return 2;
	}

	/* First touch from node 0 puts every page there */
	run_on_node(0);
	for (t = 0; t < NTHREADS; t++) {
		double *base = (double *)all + t * ARRAYS * n;

		parts[t].a = base;
		parts[t].b = base + n;
		parts[t].c = base + 2 * n;
		parts[t].d = base + 3 * n;
		parts[t].n = n;
		parts[t].want_node = 0;
		for (i = 0; i < n; i++) {
			parts[t].a[i] = 0;
			parts[t].b[i] = 1.0;
			parts[t].c[i] = 2.0;
			parts[t].d[i] = i;
		}
	}
	read_vmstat(counters, NCOUNTERS, before);
	for (t = 0; t < NTHREADS; t++)
		pthread_create(&parts[t].thread, NULL, worker, &parts[t]);

	start = now();
	move_at = start + seconds / 3;
	for (next = start + 1; next <= start + seconds; next += 1) {
		while (now() < next)
			usleep(10000);
		if (!moved && now() >= move_at) {
			double t0;

			atomic_store(&parts[MOVED].want_node, 1);
			while (atomic_load(&parts[MOVED].want_node) >= 0)
				usleep(1000);
			t0 = now();
			ret = respond(how, all, all_len);
			call_us = (now() - t0) * 1e6;
			moved = true;
		}
		printf("{\"t\": %.0f, \"moved\": %s, \"passes\": [", next - start,
		       moved ? "true" : "false");
		for (t = 0; t < NTHREADS; t++) {
			long p = atomic_load(&parts[t].passes);

			printf("%s%ld", t ? ", " : "", p - last[t]);
			last[t] = p;
		}
		printf("], \"moved_hot_on_node1_pct\": %.1f}\n", hot_share_on(1));
		fflush(stdout);
	}
	atomic_store(&stop, true);
	for (t = 0; t < NTHREADS; t++)
		pthread_join(parts[t].thread, NULL);
	read_vmstat(counters, NCOUNTERS, after);
	ok = verify();

	printf("{\"response\": \"%s\", \"mib_per_thread\": %zu, \"mbind_ret\": %ld, "
	       "\"mbind_errno\": %d, \"call_us\": %.1f, \"moved_part_pages\": %ld, "
	       "\"moved_hot_pages\": %ld, \"data_ok\": %s",
	       how, mib, ret, ret ? errno : 0, call_us,
	       (long)(ARRAYS * n * sizeof(double) / psize),
	       (long)(3 * n * sizeof(double) / psize), ok ? "true" : "false");
	print_vmstat_deltas(counters, NCOUNTERS, before, after);
	printf("}\n");
	return ok && !ret ? 0 : 1;
}
