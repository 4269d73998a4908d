// SPDX-License-Identifier: GPL-2.0
/*
 * numab-run: run an unmodified program under a NUMA memory policy, with
 * NUMA balancing allowed to move its pages (MPOL_F_NUMA_BALANCING).
 * numactl's --balancing pairs only with --membind; this also does
 * MPOL_PREFERRED_MANY. The task policy is inherited across execve(), so
 * the program and its children run under it.
 *
 *   numab-run --preferred-many NODES [--balancing] -- PROGRAM [ARGS...]
 *   numab-run --bind NODES [--balancing] -- PROGRAM [ARGS...]
 *
 * Exit status: the program's, or 125 when the policy cannot be set (bad
 * node list, or a kernel without the mode), 126 when PROGRAM cannot be
 * run, 127 when it is not found (as env(1) does).
 */
#include <errno.h>
#include <getopt.h>
#include <numa.h>
#include <numaif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef MPOL_PREFERRED_MANY
#define MPOL_PREFERRED_MANY	5
#endif
#ifndef MPOL_F_NUMA_BALANCING
#define MPOL_F_NUMA_BALANCING	(1 << 13)
#endif

#define EXIT_SETUP	125
#define MAX_NODES	(8 * sizeof(unsigned long))

static const char *prog = "numab-run";

static void usage(FILE *out)
{
	fprintf(out,
		"usage: %s --preferred-many NODES | --bind NODES [--balancing] -- PROGRAM [ARGS...]\n"
		"  NODES is a list such as 0,1 or 0-2; --balancing adds MPOL_F_NUMA_BALANCING.\n",
		prog);
}

/* Parse "0,1" or "0-2,4" into @mask; a message and -1 on a bad list. */
static int parse_nodes(const char *list, unsigned long *mask)
{
	const char *p = list;
	char *end;

	*mask = 0;
	while (*p) {
		long lo = strtol(p, &end, 10), hi = lo;

		if (end == p)
			goto bad;
		if (*end == '-') {
			p = end + 1;
			hi = strtol(p, &end, 10);
			if (end == p)
				goto bad;
		}
		if (lo < 0 || hi < lo || hi >= (long)MAX_NODES)
			goto bad;
		for (; lo <= hi; lo++) {
			if (lo > numa_max_node() || !numa_bitmask_isbitset(numa_nodes_ptr, lo)) {
				fprintf(stderr, "%s: node %ld does not exist\n", prog, lo);
				return -1;
			}
			*mask |= 1UL << lo;
		}
		if (*end == ',')
			end++;
		else if (*end)
			goto bad;
		p = end;
	}
	if (*mask)
		return 0;
bad:
	fprintf(stderr, "%s: bad node list '%s'\n", prog, list);
	return -1;
}

static const char *mode_name(int mode)
{
	return mode == MPOL_BIND ? "MPOL_BIND" : "MPOL_PREFERRED_MANY";
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "preferred-many", required_argument, NULL, 'p' },
		{ "bind", required_argument, NULL, 'b' },
		{ "balancing", no_argument, NULL, 'B' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	const char *nodes = NULL;
	unsigned long mask;
	int mode = -1, flags = 0, c;

	while ((c = getopt_long(argc, argv, "+p:b:Bh", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
		case 'b':
			if (mode != -1) {
				fprintf(stderr, "%s: give one policy\n", prog);
				return EXIT_SETUP;
			}
			mode = c == 'p' ? MPOL_PREFERRED_MANY : MPOL_BIND;
			nodes = optarg;
			break;
		case 'B':
			flags |= MPOL_F_NUMA_BALANCING;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return EXIT_SETUP;
		}
	}
	if (mode == -1 || optind >= argc) {
		usage(stderr);
		return EXIT_SETUP;
	}
	if (numa_available() < 0) {
		fprintf(stderr, "%s: this kernel has no NUMA support\n", prog);
		return EXIT_SETUP;
	}
	if (parse_nodes(nodes, &mask))
		return EXIT_SETUP;
	if (set_mempolicy(mode | flags, &mask, MAX_NODES + 1)) {
		if (errno == EINVAL && flags)
			fprintf(stderr, "%s: this kernel does not take %s with MPOL_F_NUMA_BALANCING (EINVAL); it needs the numab series\n",
				prog, mode_name(mode));
		else
			fprintf(stderr, "%s: set_mempolicy(%s, %s): %s\n",
				prog, mode_name(mode), nodes, strerror(errno));
		return EXIT_SETUP;
	}
	execvp(argv[optind], &argv[optind]);
	fprintf(stderr, "%s: %s: %s\n", prog, argv[optind], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
