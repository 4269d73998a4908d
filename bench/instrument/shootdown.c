// SPDX-License-Identifier: GPL-2.0
/*
 * Scratch, for issue 27: what one TLB shootdown costs the CPU that sends
 * it, on whatever runs this (the TCG guest, or the machine itself).
 * Thread A toggles one page read-only and back with mprotect(); taking
 * write access away must flush the page from every CPU that runs the mm.
 * Thread B, on the other CPU, either spins in user space (the mm is live
 * there: each toggle sends it an IPI) or sleeps (its CPU is lazy or idle:
 * no IPI). The difference per toggle, over the IPIs counted, is the cost
 * of one shootdown to its sender.
 *
 *   shootdown [seconds]   prints one JSON line
 *
 * Build: gcc -O2 -pthread -o build/scratch/shootdown bench/instrument/shootdown.c
 */
#define _GNU_SOURCE
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

static atomic_bool stop;
static atomic_bool spin;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* The other thread: spins while asked to, else sleeps. */
static void *other(void *arg __attribute__((unused)))
{
	volatile unsigned long n = 0;

	pin(1);
	while (!atomic_load(&stop)) {
		if (atomic_load(&spin))
			n++;
		else
			usleep(1000);
	}
	return NULL;
}

/* TLB shootdown interrupts so far, summed over the CPUs. */
static long tlb_irqs(void)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[4096];
	long sum = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = line;

		while (*p == ' ')
			p++;
		if (strncmp(p, "TLB:", 4))
			continue;
		for (p += 4; *p; ) {
			char *end;
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			sum += v;
			p = end;
		}
	}
	fclose(f);
	return sum;
}

/* Toggles for @seconds: ns per toggle, and the IPIs they sent. */
static double toggles(char *page, double seconds, long *ipis)
{
	long n = 0, before = tlb_irqs();
	double t0 = now(), t;

	do {
		for (int i = 0; i < 1000; i++) {
			mprotect(page, 4096, PROT_READ);
			mprotect(page, 4096, PROT_READ | PROT_WRITE);
			page[0]++;
		}
		n += 1000;
		t = now();
	} while (t - t0 < seconds);
	*ipis = tlb_irqs() - before;
	return (t - t0) * 1e9 / n;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 3;
	char *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long ipis_idle, ipis_live;
	double idle, live, per_idle, per_live;
	pthread_t t;

	page[0] = 1;
	pin(0);
	pthread_create(&t, NULL, other, NULL);
	usleep(100000);
	idle = toggles(page, seconds, &ipis_idle);
	per_idle = ipis_idle / (seconds * 1e9 / idle);
	atomic_store(&spin, true);
	usleep(100000);
	live = toggles(page, seconds, &ipis_live);
	per_live = ipis_live / (seconds * 1e9 / live);
	atomic_store(&stop, true);
	pthread_join(t, NULL);
	/* What a toggle costs more with the other CPU live, per IPI it sends */
	printf("{\"ns_per_toggle_other_idle\": %.0f, \"ns_per_toggle_other_live\": %.0f, "
	       "\"tlb_ipis_per_toggle_idle\": %.2f, \"tlb_ipis_per_toggle_live\": %.2f, "
	       "\"ns_per_ipi\": %.0f}\n", idle, live, per_idle, per_live,
	       per_live > per_idle ? (live - idle) / (per_live - per_idle) : -1.0);
	return 0;
}
