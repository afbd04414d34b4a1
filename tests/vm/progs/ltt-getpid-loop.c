// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-getpid-loop N: N getpid() system calls (the raw syscall, no libc
 * cache); prints the mean ns per call. The workload of bench/syscall-overhead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	unsigned long i, n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
	struct timespec a, b;
	double ns;

	if (!n)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		syscall(SYS_getpid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	printf("%.1f\n", ns / n);
	return 0;
}
