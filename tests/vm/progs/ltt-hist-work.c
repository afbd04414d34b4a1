// SPDX-License-Identifier: GPL-2.0-only
/*
 * The workloads of the histogram checks (guest/triggers.sh, H):
 *   ltt-hist-work sleep N1 MS1 N2 MS2	pinned to CPU 0: N1 raw
 *	nanosleep(MS1 ms) system calls (not glibc's nanosleep(), which is
 *	clock_nanosleep), then N2 of MS2 ms; prints how many returned 0
 *   ltt-hist-work close BASE N	close(BASE + i) for i < N (EBADF: no
 *	such fd); prints how many failed with EBADF
 *   ltt-hist-work steps TAG N1xMS1 [N2xMS2...]	pinned to CPU 0: for each
 *	group, N raw nanosleep(MS ms), each after the user mark "TAG i" (i
 *	from 0 over all the groups), then the mark "TAG done"; prints how
 *	many returned 0. A group NcMS sleeps with clock_nanosleep instead
 *	(another system call: a latency on nanosleep does not see it)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
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

/* the mark "TAG i", or "TAG done" for i < 0 */
static void mark(int fd, const char *tag, long i)
{
	char text[64];
	int len = i < 0 ? snprintf(text, sizeof(text), "%s done", tag) :
			  snprintf(text, sizeof(text), "%s %ld", tag, i);

	if (write(fd, text, len) != len)
		exit(1);
}

static unsigned long steps(int argc, char **argv)
{
	unsigned long i = 0, n, ms, k, ok = 0;
	int fd = open("/dev/ltt-mark", O_WRONLY), g;
	struct timespec ts;

	if (fd < 0)
		exit(1);
	for (g = 3; g < argc; g++) {
		char how;

		if (sscanf(argv[g], "%lu%c%lu", &n, &how, &ms) != 3 ||
		    (how != 'x' && how != 'c'))
			exit(2);
		ts.tv_sec = ms / 1000;
		ts.tv_nsec = (ms % 1000) * 1000000L;
		for (k = 0; k < n; k++, i++) {
			mark(fd, argv[2], i);
			if (how == 'x' ? !syscall(SYS_nanosleep, &ts, NULL) :
			    !syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0,
				     &ts, NULL))
				ok++;
		}
	}
	mark(fd, argv[2], -1);
	close(fd);
	return ok;
}

int main(int argc, char **argv)
{
	unsigned long i, n = 0;
	cpu_set_t set;

	if (argc >= 4 && !strcmp(argv[1], "steps")) {
		CPU_ZERO(&set);
		CPU_SET(0, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return 1;
		printf("%lu\n", steps(argc, argv));
		return 0;
	}

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
		fprintf(stderr, "usage: ltt-hist-work sleep N1 MS1 N2 MS2 | close BASE N | steps TAG NxMS...\n");
		return 2;
	}
	printf("%lu\n", n);
	return 0;
}
