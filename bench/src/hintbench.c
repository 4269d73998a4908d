// SPDX-License-Identifier: GPL-2.0
/*
 * Seed 003's microbenchmark: two threads, one bound to node 0 and one to
 * node 1, each reading its own half of a buffer that was allocated
 * entirely on node 0, at random cache lines (so that on hardware every
 * read misses the caches and a sampler such as IBS would keep it). Only
 * the second half is misplaced. The program runs in one of two ways:
 *
 *   scan    nothing more: NUMA hinting faults, as kernel.numa_balancing says;
 *   sample  each thread also reports one of its reads, with the node it
 *           runs on, through /sys/kernel/debug/numa_hint/inject, once per
 *           PERIOD operations times the factor the kernel asks of the
 *           CPU: the rate IBS would sample at. It writes them eight at
 *           a time, and where the injector takes a "defer" line leaves
 *           them to the kernel's kick and tick (see report()).
 *
 * scan_thp and sample_thp do the same over a buffer of 2 MiB-aligned THPs
 * (MADV_HUGEPAGE), which a hinting fault and a sample both move whole.
 * sample_swap is sample with a phase change: once both halves are 90%
 * local (or at the time asked, if they never get there), the two threads
 * swap nodes, and each half must follow its reader back; scan_swap is the
 * same under scanning, the yardstick for how long NUMA balancing's own
 * rules (the two-stage filter) take to follow a phase change. The run then
 * goes on SWAP_RUN_AFTER times as long as the first placement took, if
 * that is longer than asked, so that a placement after the swap within
 * twice the first one's time can show whatever the first one took.
 * sample_sleep is sample with readers that pause after every WORK_S of
 * reads, like a server between requests, while a process of their own, at
 * nice 19, spins on each reader's CPU. A reader pauses in the kernel, with
 * the samples it has not written yet queued: it writes them with a "hold"
 * line, and the injector sleeps after recording them, as a task sampled by
 * hardware sleeps with samples not drained yet. The spinner's ticks run
 * meanwhile. (A pause in user space would keep the samples in the
 * reader's own buffer, where no kernel could lose them.)
 *
 * The rate is derived, not tuned: IBS samples one op in PERIOD (10000, the
 * RFC's default) and the read loop below takes OPS_PER_READ operations a
 * read: 15 x86-64 instructions in its gcc -O2 disassembly, of which three
 * compare-and-branch pairs fuse into one op each. So one read in
 * PERIOD / OPS_PER_READ is reported, as the thread reads, at whatever
 * rate it reads. The kernel lengthens a CPU's sampling period while its
 * samples find nothing to move (/sys/kernel/debug/numa_hint/periods, a
 * factor of the base period per CPU); a reader reads its CPU's factor at
 * most every PERIOD_READ_S seconds and stretches its period by it, as
 * perf_event_period() would stretch the IBS period. A kernel without the
 * file gets the base period.
 *
 * Every half second it prints a JSON line: the time, pages migrated so
 * far, the share of each half on its reader's node, each thread's passes
 * over its half and the samples it reported, the kernel's nanoseconds in
 * producer and drains so far (sampler_ns) and each reader's period
 * factor. At the end, one line with
 * vmstat deltas, the injector's measured cost per sample, each reader's
 * system CPU time (its hinting faults and NUMA scanning, or its injector
 * writes and sample drains: the kernel work placement costs it), and
 * whether the data survived.
 *
 * "rate" mode needs no NUMA: one thread reads a buffer of the size of one
 * half, where it is, and prints its reads per second. Run where make bench
 * runs, it gives the speed of the read loop without emulation.
 *
 * "migrate" and "migrate_thp" time move_pages() alone, moving a buffer
 * of base pages or of THPs from node 0 to node 1, then back while another
 * thread runs on node 1 (as the readers do, so that each unmap shoots
 * down the other CPU's TLB): what every way of placing pages pays per
 * page it moves.
 *
 *   hintbench scan|sample|scan_thp|sample_thp [MiB [seconds [period]]]
 *   hintbench rate [MiB [seconds]]
 *   hintbench migrate|migrate_thp [MiB]
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include "bench.h"

#define INJECT		"/sys/kernel/debug/numa_hint/inject"
#define STATS		"/sys/kernel/debug/numa_hint/stats"
#define PERIODS		"/sys/kernel/debug/numa_hint/periods"
#define PERIOD_READ_S	0.01
#define LINE		64
#define OPS_PER_READ	12
#define NTHREADS	2
#define THP_SIZE	(2UL << 20)
/*
 * Samples written at a time, or once the oldest has waited a tick. Where
 * the injector takes a "defer" line, the kernel's own kick and tick then
 * decide when they are drained, as they do a hardware source's; where it
 * does not, each write's samples are drained as it returns, and writing
 * them as the kernel of 6.1 would drain them (a kick at 8, or a tick)
 * comes closest.
 */
#define BATCH		8
#define TICK_S		0.004
/*
 * sample_sleep: a reader's work between "requests", and its pause, which
 * msleep() rounds up to whole ticks (two jiffies for 1 ms, taken as two
 * ticks until a hold is measured); reads between looks at the clock
 */
#define WORK_S		0.032
#define HOLD_MS		1
#define CLOCK_EVERY	4096
/* After the swap, the run's length in units of the first placement's time */
#define SWAP_RUN_AFTER	2.5

/* The injector's cost statistics, as its debugfs file names them. */
static const char *const stat_names[] = {
	"injected", "parse_ns", "record_ns", "drained", "drain_ns", "migrate_ns",
};
#define NSTATS		(sizeof(stat_names) / sizeof(stat_names[0]))

/* Nanoseconds per unit of the stat at @ns over the count at @per, or 0. */
static double per(const long *before, const long *after, int ns, int count)
{
	long n = after[count] - before[count];

	return n ? (double)(after[ns] - before[ns]) / n : 0;
}

static const char *const counters[] = {
	"numa_hint_faults", "numa_pte_updates", "numa_pages_migrated",
	"numa_sample_seen", "numa_sample_used", "numa_sample_migrated",
	"numa_sample_drop_invalid", "numa_sample_drop_full", "numa_sample_drop_filtered",
	"numa_sample_drop_local", "numa_sample_kicks", "numa_sample_period_longer",
	"numa_sample_period_shorter", "numa_sample_drop_foreign",
};
#define NCOUNTERS	(sizeof(counters) / sizeof(counters[0]))

struct half {
	uint64_t *words;
	size_t lines;
	atomic_int node;	/* the node the thread reads from, for now */
	bool sample;
	bool sleeps;		/* sample_sleep */
	long reads_per_sample;	/* at the base period */
	atomic_int factor;	/* the kernel's period factor for its CPU */
	double next_factor_read;
	atomic_long passes;
	atomic_long samples;
	long inject_ns;
	char batch[BATCH * 32];	/* samples not written yet, as lines */
	int batch_len;
	int batched;
	double batch_since;	/* when the oldest of them was taken */
	double pause_at;	/* sample_sleep: when the reader pauses next */
	long pauses;		/* sample_sleep: pauses taken */
	long held;		/* samples written at a pause, not timed */
	double hold_s;		/* how long the last pause in the kernel took */
	long sys_ns;		/* this thread's system CPU time, at its end */
	long user_ns;		/* and its user CPU time */
	pthread_t thread;
};

static struct half halves[NTHREADS];
static atomic_bool stop;

static long ns_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) * 1000000000L + t1.tv_nsec - t0->tv_nsec;
}

/* The period factor the kernel asks of @cpu; 1 without the file. */
static int period_factor(int cpu)
{
	int c, factor, ret = 1;
	FILE *f = fopen(PERIODS, "r");

	if (!f)
		return 1;
	while (fscanf(f, "%d %d", &c, &factor) == 2)
		if (c == cpu)
			ret = factor > 0 ? factor : 1;
	fclose(f);
	return ret;
}

/* Whether the injector leaves a write's samples to the kick and the tick */
static bool inject_defer;

/*
 * Probe for the injector's "defer" line with one sample of @addr, on the
 * calling thread's node 0, before the run's counters are read: a kernel
 * without it refuses the write.
 */
static bool injector_defers(const void *addr)
{
	char text[64];
	int fd = open(INJECT, O_WRONLY);
	bool ok;

	if (fd < 0)
		return false;
	snprintf(text, sizeof(text), "defer\n%p 0\n", addr);
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	return ok;
}

/* Write the batch in one write; return how many samples it carried. */
static int write_batch(struct half *h, int fd)
{
	int written = write(fd, h->batch, h->batch_len) == h->batch_len ?
		      h->batched : 0;

	atomic_fetch_add(&h->samples, written);
	h->batch_len = 0;
	h->batched = 0;
	return written;
}

/* Write the samples taken so far in one write; time the whole write. */
static void flush_samples(struct half *h, int fd)
{
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	write_batch(h, fd);
	h->inject_ns += ns_since(&t0);
}

/*
 * Report one read of @addr from this thread's node. The kernel drains a
 * CPU's samples when the eighth of a batch kicks it, or at the next tick:
 * samples go out eight at a time, or once the oldest has waited a tick.
 * One write per sample would drain each alone, as no hardware source does.
 */
static void report(struct half *h, int fd, const void *addr)
{
	int node = atomic_load(&h->node);
	double t = now();

	if (h->batched && t - h->batch_since >= TICK_S)
		flush_samples(h, fd);
	if (!h->batched) {
		h->batch_since = t;
		if (inject_defer)
			h->batch_len = snprintf(h->batch, sizeof(h->batch), "defer\n");
	}
	h->batch_len += snprintf(h->batch + h->batch_len,
				 sizeof(h->batch) - h->batch_len, "%p %d\n", addr, node);
	if (++h->batched == BATCH)
		flush_samples(h, fd);
	if (t >= h->next_factor_read) {
		atomic_store(&h->factor, period_factor(first_cpu_of_node(node)));
		h->next_factor_read = now() + PERIOD_READ_S;
	}
}

/*
 * sample_sleep's pause: in the kernel, holding the samples not written yet
 * (not timed as injection: the write sleeps), but for those a tick old,
 * which the reader's own tick would have had drained by now; with none, a
 * sleep as long as the last hold took.
 */
static void pause_reader(struct half *h, int fd)
{
	struct timespec t0;

	if (h->batched && now() - h->batch_since >= TICK_S)
		flush_samples(h, fd);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (h->batched) {
		h->batch_len += snprintf(h->batch + h->batch_len,
					 sizeof(h->batch) - h->batch_len,
					 "hold %d\n", HOLD_MS);
		h->held += write_batch(h, fd);
		h->hold_s = ns_since(&t0) / 1e9;
	} else {
		usleep(h->hold_s * 1e6);
	}
	h->pauses++;
	h->pause_at = now() + WORK_S;
}

/* A swap asked for by main(): read from the other node from now on. */
static atomic_bool swap_nodes;

static void follow_swap(struct half *h, bool *swapped)
{
	if (*swapped || !atomic_load(&swap_nodes))
		return;
	*swapped = true;
	atomic_store(&h->node, 1 - atomic_load(&h->node));
	if (run_on_node(atomic_load(&h->node)))
		perror("sched_setaffinity");
	h->next_factor_read = 0;
}

static long timeval_ns(const struct timeval *tv)
{
	return tv->tv_sec * 1000000000L + tv->tv_usec * 1000L;
}

/* The calling thread's system CPU time so far, in ns. */
static long thread_sys_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return -1;
	return timeval_ns(&ru.ru_stime);
}

/* The calling thread's user CPU time so far, in ns. */
static long thread_user_ns(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru))
		return -1;
	return timeval_ns(&ru.ru_utime);
}

/*
 * The CPU time, user and system, that process @pid has had, in ns, or -1:
 * how much of its CPU a spinner took from the reader beside it.
 */
static long process_cpu_ns(pid_t pid)
{
	unsigned long utime, stime;
	char path[64], buf[512], *end;
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n > 0 ? n : 0] = '\0';
	/* After the command's ")": state, then fields 4 to 13, then 14, 15 */
	end = strrchr(buf, ')');
	if (!end || sscanf(end + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
			   &utime, &stime) != 2)
		return -1;
	return (long)((utime + stime) * (1e9 / sysconf(_SC_CLK_TCK)));
}

/* @len of anonymous memory, 2 MiB-aligned and backed by THPs if @thp. */
static uint64_t *map_buffer(size_t len, bool thp)
{
	char *raw = mmap(NULL, len + THP_SIZE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *buf;

	if (raw == MAP_FAILED)
		return NULL;
	buf = (char *)(((unsigned long)raw + THP_SIZE - 1) & ~(THP_SIZE - 1));
	/* NUMA hinting and the hint core leave PTE-mapped THPs alone */
	if (madvise(buf, len, thp ? MADV_HUGEPAGE : MADV_NOHUGEPAGE))
		perror("madvise");
	return (uint64_t *)buf;
}

static void *reader(void *arg)
{
	struct half *h = arg;
	uint64_t x = 0x9e3779b97f4a7c15ULL * (h->node + 1), sum = 0;
	size_t mask = h->lines - 1;
	long until_sample = h->reads_per_sample;
	long until_clock = CLOCK_EVERY;
	bool swapped = false;
	int fd = -1;

	if (h->node >= 0 && run_on_node(h->node))
		perror("sched_setaffinity");
	if (h->sample && (fd = open(INJECT, O_WRONLY)) < 0)
		perror(INJECT);
	h->pause_at = now() + WORK_S;
	while (!atomic_load(&stop)) {
		size_t n;

		for (n = 0; n < h->lines; n++) {
			uint64_t *w;

			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			w = h->words + ((x >> 20) & mask) * (LINE / 8);
			sum += *w;
			if (fd >= 0 && !--until_sample) {
				report(h, fd, w);
				until_sample = h->reads_per_sample *
					       atomic_load(&h->factor);
			}
			if (h->sleeps && !--until_clock) {
				until_clock = CLOCK_EVERY;
				if (now() >= h->pause_at)
					pause_reader(h, fd);
			}
		}
		atomic_fetch_add(&h->passes, 1);
		follow_swap(h, &swapped);
	}
	asm volatile("" : : "r" (sum));
	if (fd >= 0)
		close(fd);
	h->sys_ns = thread_sys_ns();
	h->user_ns = thread_user_ns();
	return NULL;
}

static bool check(const uint64_t *words, size_t nwords)
{
	size_t i;

	for (i = 0; i < nwords; i++)
		if (words[i] != i * 0x9e3779b97f4a7c15ULL)
			return false;
	return true;
}

/* Reads per second of one reader on a buffer of @len, where it runs. */
static int rate(size_t len, double seconds)
{
	struct half h = { .node = -1, .lines = len / LINE, .factor = 1 };
	double start;

	h.words = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (h.words == MAP_FAILED)
		return 1;
	memset(h.words, 1, len);
	start = now();
	pthread_create(&h.thread, NULL, reader, &h);
	usleep(seconds * 1e6);
	atomic_store(&stop, true);
	pthread_join(h.thread, NULL);
	printf("{\"mode\": \"rate\", \"mib\": %zu, \"reads_per_s\": %.0f}\n", len >> 20,
	       atomic_load(&h.passes) * (double)h.lines / (now() - start));
	return 0;
}

/*
 * What migration alone costs here: the system CPU time of move_pages()
 * moving @len, filled on node 0, to node 1, per 4 KiB page. Both ways
 * of placing pages pay it once per page they move; what they add to it
 * is their own cost.
 */
/* Keeps the buffer's mm running on node 1 while the main thread moves it. */
static void *keep_mm_busy(void *arg)
{
	volatile const char *buf = arg;
	size_t i = 0;

	if (run_on_node(1))
		perror("sched_setaffinity");
	while (!atomic_load(&stop))
		(void)buf[(i++ * LINE) % THP_SIZE];
	return NULL;
}

/* System CPU per page that moving @npages at @pages to @node moved, or -1. */
static double move_us_per_page(void **pages, long npages, int node, int *nodes, int *status)
{
	long sys_ns = thread_sys_ns(), moved = 0, i;

	for (i = 0; i < npages; i++)
		nodes[i] = node;
	if (move_pages(0, npages, pages, nodes, status, MPOL_MF_MOVE))
		perror("move_pages");
	sys_ns = thread_sys_ns() - sys_ns;
	for (i = 0; i < npages; i++)
		moved += status[i] == node;
	return moved ? sys_ns / 1e3 / moved : -1;
}

/*
 * move_pages() of the whole buffer from node 0 to node 1, then back while
 * a second thread runs the mm on node 1, as the readers do in the placement
 * runs: every page unmapped then needs a TLB shootdown of the other CPU.
 */
static int migrate_cost(size_t len, bool thp)
{
	long psize = sysconf(_SC_PAGESIZE), npages = len / psize, i;
	int *nodes = calloc(npages, sizeof(int)), *status = calloc(npages, sizeof(int));
	void **pages = calloc(npages, sizeof(void *));
	char *buf = (char *)map_buffer(len, thp);
	double alone, shared;
	pthread_t busy;

	if (!buf || !nodes || !status || !pages || run_on_node(0))
		return 1;
	memset(buf, 1, len);
	for (i = 0; i < npages; i++)
		pages[i] = buf + i * psize;
	alone = move_us_per_page(pages, npages, 1, nodes, status);
	pthread_create(&busy, NULL, keep_mm_busy, buf);
	usleep(100000);
	shared = move_us_per_page(pages, npages, 0, nodes, status);
	atomic_store(&stop, true);
	pthread_join(busy, NULL);
	printf("{\"mode\": \"%s\", \"mib\": %zu, \"pages_moved\": %ld, \"sys_us_per_page\": %.2f, "
	       "\"sys_us_per_page_mm_on_both_cpus\": %.2f}\n",
	       thp ? "migrate_thp" : "migrate", len >> 20, npages, alone, shared);
	return alone >= 0 && shared >= 0 ? 0 : 1;
}

/* A process at nice 19 that spins on a CPU of @node until killed. */
static pid_t spin_on_node(int node)
{
	pid_t pid = fork();

	if (!pid) {
		if (run_on_node(node) || nice(19) == -1)
			_exit(1);
		for (;;)
			;
	}
	return pid;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	bool swap = !strcmp(mode, "sample_swap") || !strcmp(mode, "scan_swap");
	bool sleeps = !strcmp(mode, "sample_sleep");
	bool sample = !strcmp(mode, "sample") || !strcmp(mode, "sample_thp") ||
		      !strcmp(mode, "sample_swap") || sleeps;
	pid_t spinners[NTHREADS] = { -1, -1 };
	long spinner_ns[NTHREADS] = { -1, -1 };
	bool thp = !strcmp(mode, "scan_thp") || !strcmp(mode, "sample_thp");
	size_t len = (size_t)(argc > 2 ? atol(argv[2]) : 256) << 20;
	double seconds = argc > 3 ? atof(argv[3]) : 30;
	long period = argc > 4 ? atol(argv[4]) : 10000;
	long before[NCOUNTERS], after[NCOUNTERS], start_migrated, nsamples, held;
	long stats_before[NSTATS], stats_after[NSTATS];
	/* A swap variant runs until its swap decides how long it runs */
	double start, next, end = swap ? HUGE_VAL : seconds, swap_at = -1;
	uint64_t *words;
	size_t i;

	if (argc > 1 && !strcmp(argv[1], "rate"))
		return rate(len, seconds);
	if (!strcmp(mode, "migrate") || !strcmp(mode, "migrate_thp")) {
		require_two_nodes(argv[0]);
		return migrate_cost(len, !strcmp(mode, "migrate_thp"));
	}
	if (!sample && !thp && !swap && strcmp(mode, "scan")) {
		fprintf(stderr, "usage: %s scan|sample|scan_thp|sample_thp|scan_swap|sample_swap|sample_sleep|rate|migrate|migrate_thp [MiB [seconds [period]]]\n",
			argv[0]);
		return 2;
	}
	require_two_nodes(argv[0]);
	/* Forked before the buffer is: pages shared copy-on-write never move */
	for (i = 0; sleeps && i < NTHREADS; i++)
		spinners[i] = spin_on_node(i);
	if (run_on_node(0))
		perror("sched_setaffinity");
	words = map_buffer(len, thp);
	if (!words)
		return 1;
	for (i = 0; i < len / 8; i++)
		words[i] = i * 0x9e3779b97f4a7c15ULL;

	for (i = 0; i < NTHREADS; i++) {
		struct half *h = &halves[i];

		h->words = words + i * (len / 8 / NTHREADS);
		h->lines = len / NTHREADS / LINE;	/* a power of two */
		h->node = i;
		h->sample = sample;
		h->sleeps = sleeps;
		h->reads_per_sample = period / OPS_PER_READ;
		h->factor = 1;
		h->hold_s = 2 * TICK_S;
	}
	if (sample)
		inject_defer = injector_defers(words);
	read_vmstat(counters, NCOUNTERS, before);
	read_key_values(STATS, stat_names, NSTATS, stats_before);
	start_migrated = before[2];
	start = now();
	for (i = 0; i < NTHREADS; i++)
		pthread_create(&halves[i].thread, NULL, reader, &halves[i]);

	for (next = start + 0.5; now() < start + end; next += 0.5) {
		double t = next - now(), pct[NTHREADS];

		if (t > 0)
			usleep(t * 1e6);
		for (i = 0; i < NTHREADS; i++)
			pct[i] = pct_on_node(halves[i].words, len / NTHREADS,
					     atomic_load(&halves[i].node));
		read_vmstat(counters, NCOUNTERS, after);
		read_key_values(STATS, stat_names, NSTATS, stats_after);
		printf("{\"t\": %.2f, \"pages_migrated\": %ld, \"pct_local\": [%.1f, %.1f], "
		       "\"passes\": [%ld, %ld], \"samples\": [%ld, %ld], \"sampler_ns\": %ld, "
		       "\"factor\": [%d, %d]}\n",
		       now() - start, after[2] - start_migrated, pct[0], pct[1],
		       atomic_load(&halves[0].passes), atomic_load(&halves[1].passes),
		       atomic_load(&halves[0].samples), atomic_load(&halves[1].samples),
		       stats_after[2] - stats_before[2] + stats_after[4] - stats_before[4],
		       atomic_load(&halves[0].factor), atomic_load(&halves[1].factor));
		fflush(stdout);
		/* After the report: the reports up to swap_at are before it */
		if (swap && swap_at < 0 &&
		    ((pct[0] >= 90 && pct[1] >= 90) || now() - start >= seconds)) {
			swap_at = now() - start;
			end = swap_at * (1 + SWAP_RUN_AFTER);
			if (end < seconds)
				end = seconds;
			atomic_store(&swap_nodes, true);
		}
	}
	atomic_store(&stop, true);
	for (i = 0; i < NTHREADS; i++)
		pthread_join(halves[i].thread, NULL);
	for (i = 0; i < NTHREADS; i++) {
		if (spinners[i] <= 0)
			continue;
		spinner_ns[i] = process_cpu_ns(spinners[i]);
		kill(spinners[i], SIGKILL);
	}
	read_vmstat(counters, NCOUNTERS, after);
	read_key_values(STATS, stat_names, NSTATS, stats_after);

	nsamples = atomic_load(&halves[0].samples) + atomic_load(&halves[1].samples);
	held = halves[0].held + halves[1].held;
	printf("{\"mode\": \"%s\", \"mib\": %zu, \"seconds\": %.2f, \"period\": %ld, \"ops_per_read\": %d, "
	       "\"reads_per_sample\": %ld, \"reads_per_pass\": %zu, \"samples_written\": %ld, "
	       "\"inject_us_per_sample\": %.1f",
	       mode, len >> 20, now() - start, period, OPS_PER_READ, period / OPS_PER_READ,
	       halves[0].lines, nsamples,
	       nsamples > held ? (halves[0].inject_ns + halves[1].inject_ns) / 1e3 / (nsamples - held) : 0.0);
	print_vmstat_deltas(counters, NCOUNTERS, before, after);
	printf(", \"producer_ns_per_sample\": %.0f, \"consumer_ns_per_sample\": %.0f, "
	       "\"injector_parse_ns_per_sample\": %.0f",
	       per(stats_before, stats_after, 2, 0), per(stats_before, stats_after, 4, 3),
	       per(stats_before, stats_after, 1, 0));
	printf(", \"thp\": %s, \"record_ns\": %ld, \"drain_ns\": %ld, \"parse_ns\": %ld, "
	       "\"migrate_ns\": %ld, \"reader_sys_ns\": [%ld, %ld]",
	       thp ? "true" : "false", stats_after[2] - stats_before[2],
	       stats_after[4] - stats_before[4], stats_after[1] - stats_before[1],
	       stats_after[5] - stats_before[5],
	       halves[0].sys_ns, halves[1].sys_ns);
	printf(", \"swap_at\": %.2f, \"pauses\": [%ld, %ld], \"held_samples\": %ld", swap_at,
	       halves[0].pauses, halves[1].pauses, held);
	printf(", \"reader_user_ns\": [%ld, %ld], \"spinner_cpu_ns\": [%ld, %ld]",
	       halves[0].user_ns, halves[1].user_ns, spinner_ns[0], spinner_ns[1]);
	printf(", \"inject_defer\": %s", inject_defer ? "true" : "false");
	printf(", \"data_ok\": %s}\n", check(words, len / 8) ? "true" : "false");
	return check(words, len / 8) ? 0 : 1;
}
