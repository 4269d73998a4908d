/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the benchmark programs: a monotonic clock, CPU
 * placement by node, and /proc counters.
 */
#ifndef BENCH_H
#define BENCH_H

#include <numa.h>
#include <numaif.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static inline double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The first CPU of @node, or -1 if it has none. */
static inline int first_cpu_of_node(int node)
{
	struct bitmask *cpus = numa_allocate_cpumask();
	unsigned int cpu;
	int first = -1;

	if (numa_node_to_cpus(node, cpus) == 0)
		for (cpu = 0; cpu < cpus->size && first < 0; cpu++)
			if (numa_bitmask_isbitset(cpus, cpu))
				first = cpu;
	numa_free_cpumask(cpus);
	return first;
}

/* Let the calling thread run on every CPU of @node, and only there. */
static inline int run_on_node(int node)
{
	struct bitmask *cpus = numa_allocate_cpumask();
	cpu_set_t set;
	unsigned int cpu;

	CPU_ZERO(&set);
	if (numa_node_to_cpus(node, cpus) == 0)
		for (cpu = 0; cpu < cpus->size && cpu < CPU_SETSIZE; cpu++)
			if (numa_bitmask_isbitset(cpus, cpu))
				CPU_SET(cpu, &set);
	numa_free_cpumask(cpus);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* Exit with status 2 unless there are two NUMA nodes to run on. */
static inline void require_two_nodes(const char *prog)
{
	if (numa_available() < 0 || numa_max_node() < 1) {
		fprintf(stderr, "%s: needs two NUMA nodes\n", prog);
		exit(2);
	}
}

/* Percentage of the pages of [buf, buf + len) that move_pages() finds on @node. */
static inline double pct_on_node(void *buf, size_t len, int node)
{
	long psize = sysconf(_SC_PAGESIZE), n = len / psize, i, on = 0;
	void **pages = malloc(n * sizeof(void *));
	int *status = malloc(n * sizeof(int));

	for (i = 0; i < n; i++)
		pages[i] = (char *)buf + i * psize;
	if (move_pages(0, n, pages, NULL, status, 0) == 0)
		for (i = 0; i < n; i++)
			on += status[i] == node;
	free(pages);
	free(status);
	return n ? 100.0 * on / n : 0;
}

/*
 * The values of the @n keys @names in @path, a file of "key value" lines
 * such as /proc/vmstat; 0 for absent ones.
 */
static inline void read_key_values(const char *path, const char *const *names,
				   size_t n, long *val)
{
	char key[128];
	long v;
	size_t i;
	FILE *f = fopen(path, "r");

	memset(val, 0, sizeof(long) * n);
	if (!f)
		return;
	while (fscanf(f, "%127s %ld", key, &v) == 2)
		for (i = 0; i < n; i++)
			if (!strcmp(key, names[i]))
				val[i] = v;
	fclose(f);
}

/* The /proc/vmstat values of the @n counters @names, 0 for absent ones. */
static inline void read_vmstat(const char *const *names, size_t n, long *val)
{
	read_key_values("/proc/vmstat", names, n, val);
}

/* Print ", \"name\": delta" for each of the @n counters @names. */
static inline void print_vmstat_deltas(const char *const *names, size_t n,
				       const long *before, const long *after)
{
	size_t i;

	for (i = 0; i < n; i++)
		printf(", \"%s\": %ld", names[i], after[i] - before[i]);
}

/* A field of /proc/self/sched, such as "numa_scan_period"; -1 if absent. */
static inline long sched_field(const char *name)
{
	char line[256], key[128];
	long val = -1, v;
	FILE *f = fopen("/proc/self/sched", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s : %ld", key, &v) == 2 && !strcmp(key, name))
			val = v;
	fclose(f);
	return val;
}

#endif /* BENCH_H */
