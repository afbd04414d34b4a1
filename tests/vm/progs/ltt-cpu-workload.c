// SPDX-License-Identifier: GPL-2.0-only
/*
 * Workloads of known scheduling for tests/vm/t/analyses.t (the LTTng
 * analyses on an ltt trace):
 *
 *   ltt-cpu-workload busy MS CPU	spin on CPU for MS ms of wall time,
 *					then print the CPU time it used (ns)
 *   ltt-cpu-workload sleep N MS	sleep N times MS ms, then exit: N
 *					timer wake-ups
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long long ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int busy(long ms, int cpu)
{
	cpu_set_t set;
	long long end;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		return 1;
	}
	end = ns(CLOCK_MONOTONIC) + ms * 1000000LL;
	while (ns(CLOCK_MONOTONIC) < end)
		;
	printf("%lld\n", ns(CLOCK_THREAD_CPUTIME_ID));
	return 0;
}

static int sleeper(long n, long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	long i;

	for (i = 0; i < n; i++)
		syscall(SYS_nanosleep, &ts, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "busy"))
		return busy(atol(argv[2]), atoi(argv[3]));
	if (argc == 4 && !strcmp(argv[1], "sleep"))
		return sleeper(atol(argv[2]), atol(argv[3]));
	fprintf(stderr, "usage: %s busy MS CPU | sleep N MS\n", argv[0]);
	return 2;
}
