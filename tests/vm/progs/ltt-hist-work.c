// SPDX-License-Identifier: GPL-2.0-only
/*
 * The workloads of the histogram checks (guest/triggers.sh, H):
 *   ltt-hist-work sleep N1 MS1 N2 MS2	pinned to CPU 0: N1 raw
 *	nanosleep(MS1 ms) system calls (not glibc's nanosleep(), which is
 *	clock_nanosleep), then N2 of MS2 ms; prints how many returned 0
 *   ltt-hist-work close BASE N	close(BASE + i) for i < N (EBADF: no
 *	such fd); prints how many failed with EBADF
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static unsigned long sleeps(unsigned long n, unsigned long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	unsigned long i, ok = 0;

	for (i = 0; i < n; i++)
		if (!syscall(SYS_nanosleep, &ts, NULL))
			ok++;
	return ok;
}

int main(int argc, char **argv)
{
	unsigned long i, n = 0;
	cpu_set_t set;

	if (argc == 6 && !strcmp(argv[1], "sleep")) {
		CPU_ZERO(&set);
		CPU_SET(0, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return 1;
		n = sleeps(strtoul(argv[2], NULL, 10),
			   strtoul(argv[3], NULL, 10));
		n += sleeps(strtoul(argv[4], NULL, 10),
			    strtoul(argv[5], NULL, 10));
	} else if (argc == 4 && !strcmp(argv[1], "close")) {
		unsigned long base = strtoul(argv[2], NULL, 10);

		for (i = 0; i < strtoul(argv[3], NULL, 10); i++)
			if (syscall(SYS_close, base + i) < 0 && errno == EBADF)
				n++;
	} else {
		fprintf(stderr, "usage: ltt-hist-work sleep N1 MS1 N2 MS2 | close BASE N\n");
		return 2;
	}
	printf("%lu\n", n);
	return 0;
}
