// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-fire-time N: fire the test marker ltt_test_fire N times per CPU
 * (/proc/ltt-test-fire, module ltt-test-ctl) and print the nanoseconds
 * the write took (CLOCK_MONOTONIC; with --icount, instructions).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec a, b;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: ltt-fire-time N\n");
		return 2;
	}
	fd = open("/proc/ltt-test-fire", O_WRONLY);
	if (fd < 0) {
		perror("/proc/ltt-test-fire");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &a);
	if (write(fd, argv[1], strlen(argv[1])) < 0) {
		perror("write");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%lld\n", (b.tv_sec - a.tv_sec) * 1000000000LL +
	       (b.tv_nsec - a.tv_nsec));
	return 0;
}
