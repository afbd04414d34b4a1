// SPDX-License-Identifier: GPL-2.0-only
/*
 * A workload of known shape for tests/vm/t/marker-*.t: K getpid() system
 * calls, then M sleeps of 10 ms (nanosleep), then exit. Raw syscall() so
 * that the C library neither caches nor substitutes a call.
 *
 * usage: ltt-workload K M
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long k = argc > 1 ? atol(argv[1]) : 1000;
	long m = argc > 2 ? atol(argv[2]) : 10;
	struct timespec ts = { 0, 10000000 };
	long i;

	for (i = 0; i < k; i++)
		syscall(SYS_getpid);
	for (i = 0; i < m; i++)
		syscall(SYS_nanosleep, &ts, NULL);
	return 0;
}
