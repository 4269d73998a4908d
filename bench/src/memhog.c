// SPDX-License-Identifier: GPL-2.0
/*
 * memhog: allocate and fill a buffer, then keep touching its first HOT MiB
 * for a while. Used to create memory pressure (demotion) and a hot set
 * (promotion). Each page holds a pattern derived from its index, checked at
 * the end: exit 2 if any byte changed.
 *
 *   memhog MiB [HOT_MiB [SECONDS]]
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define PAGE 4096UL

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

static uint64_t pattern(size_t page)
{
	return page * 0x9e3779b97f4a7c15ULL + 1;
}

int main(int argc, char **argv)
{
	size_t mib = argc > 1 ? strtoul(argv[1], NULL, 0) : 64;
	size_t hot = argc > 2 ? strtoul(argv[2], NULL, 0) : 0;
	double seconds = argc > 3 ? atof(argv[3]) : 0, end, next;
	size_t pages = mib << 8, hot_pages = hot << 8, p, bad = 0;
	unsigned long passes = 0;
	uint64_t *buf;

	if (hot_pages > pages)
		hot_pages = pages;
	buf = mmap(NULL, pages * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	for (p = 0; p < pages; p++)
		buf[p * PAGE / 8] = pattern(p);
	printf("memhog: %zu MiB filled\n", mib);
	fflush(stdout);

	end = seconds > 0 ? now() + seconds : 0;
	next = now() + 1;
	while (hot_pages && !stop && (!end || now() < end)) {
		for (p = 0; p < hot_pages; p++)
			buf[p * PAGE / 8 + 1] += 1;
		passes++;
		if (now() >= next) {
			printf("memhog: %lu passes\n", passes);
			fflush(stdout);
			next += 1;
		}
	}
	if (!hot_pages && seconds > 0)
		while (!stop && now() < end)
			usleep(100000);
	if (!hot_pages && !seconds)
		while (!stop)
			pause();

	for (p = 0; p < pages; p++)
		bad += buf[p * PAGE / 8] != pattern(p);
	printf("memhog: %lu passes, %zu bad pages\n", passes, bad);
	return bad ? 2 : 0;
}
