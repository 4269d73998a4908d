// SPDX-License-Identifier: GPL-2.0
/*
 * kvload: a small memcached text-protocol client over a unix socket.
 *
 *   kvload SOCKET set KEYS            store KEYS values of 1 KiB
 *   kvload SOCKET get KEYS SECONDS    read random keys for SECONDS,
 *                                     printing "t=S ops=N" each second
 *
 * Every value is derived from its key, and every get checks it: exit 2
 * on a wrong or missing value, so lost data cannot pass unnoticed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define VALUE_LEN	1024

static FILE *in, *out;

static void value_of(unsigned long key, char *buf)
{
	uint64_t x = key * 0x9e3779b97f4a7c15ULL + 7;
	int i;

	for (i = 0; i < VALUE_LEN; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = 'a' + x % 26;
	}
}

static int connect_to(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		perror(path);
		exit(1);
	}
	in = fdopen(fd, "r");
	out = fdopen(dup(fd), "w");
	return fd;
}

static int set_key(unsigned long key)
{
	char val[VALUE_LEN], line[128];

	value_of(key, val);
	fprintf(out, "set k%lu 0 0 %d\r\n", key, VALUE_LEN);
	fwrite(val, 1, VALUE_LEN, out);
	fputs("\r\n", out);
	fflush(out);
	return fgets(line, sizeof(line), in) && !strncmp(line, "STORED", 6) ? 0 : -1;
}

static int get_key(unsigned long key)
{
	char want[VALUE_LEN], got[VALUE_LEN + 2], line[128];
	unsigned int len;

	value_of(key, want);
	fprintf(out, "get k%lu\r\n", key);
	fflush(out);
	if (!fgets(line, sizeof(line), in) ||
	    sscanf(line, "VALUE %*s %*u %u", &len) != 1 || len != VALUE_LEN ||
	    fread(got, 1, VALUE_LEN + 2, in) != VALUE_LEN + 2 ||
	    !fgets(line, sizeof(line), in) || strncmp(line, "END", 3))
		return -1;
	return memcmp(got, want, VALUE_LEN) ? -1 : 0;
}

int main(int argc, char **argv)
{
	unsigned long keys, k, ops = 0, last_ops = 0;
	double start, next, seconds;
	unsigned int seed = 1;

	if (argc < 4) {
		fprintf(stderr, "usage: kvload SOCKET set KEYS | get KEYS SECONDS\n");
		return 1;
	}
	connect_to(argv[1]);
	keys = strtoul(argv[3], NULL, 0);
	if (!strcmp(argv[2], "set")) {
		for (k = 0; k < keys; k++) {
			if (set_key(k)) {
				fprintf(stderr, "kvload: set k%lu failed\n", k);
				return 2;
			}
		}
		printf("kvload: stored %lu keys\n", keys);
		return 0;
	}
	seconds = argc > 4 ? atof(argv[4]) : 10;
	start = now();
	next = start + 1;
	while (now() < start + seconds) {
		k = rand_r(&seed) % keys;
		if (get_key(k)) {
			fprintf(stderr, "kvload: k%lu is missing or wrong\n", k);
			return 2;
		}
		ops++;
		if (now() >= next) {
			printf("t=%.0f ops=%lu\n", next - start, ops - last_ops);
			fflush(stdout);
			last_ops = ops;
			next += 1;
		}
	}
	printf("kvload: %lu gets, all values intact\n", ops);
	return 0;
}
