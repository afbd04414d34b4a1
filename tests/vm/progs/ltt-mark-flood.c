// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-mark-flood N [TAG [FINAL [AFTER]]]: write N user marks "TAG <i>" to
 * /dev/ltt-mark as fast as possible; prints the number of writes that
 * succeeded. The counted, userspace-driven event of the loss-accounting
 * test. With FINAL (the triggers test), the process first pins itself to
 * the CPU it runs on, so that every mark is on one CPU in order, then
 * writes the mark FINAL after the N, then AFTER more marks "TAG-after <i>"
 * (those a stop trigger on FINAL must keep out of the trace).
 */
#define _GNU_SOURCE	/* sched_getcpu, CPU_SET */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long ok;

static void mark(int fd, const char *text)
{
	size_t len = strlen(text);

	if (write(fd, text, len) == (ssize_t)len)
		ok++;
}

int main(int argc, char **argv)
{
	unsigned long i, n, after = 0, want;
	const char *tag = argc > 2 ? argv[2] : "flood";
	const char *final = argc > 3 ? argv[3] : NULL;
	char buf[160];
	cpu_set_t set;
	int fd, cpu;

	if (argc < 2) {
		fprintf(stderr, "usage: ltt-mark-flood N [TAG [FINAL [AFTER]]]\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 10);
	if (argc > 4)
		after = strtoul(argv[4], NULL, 10);
	if (final) {
		cpu = sched_getcpu();
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (cpu < 0 || sched_setaffinity(0, sizeof(set), &set)) {
			perror("pinning to one CPU");
			return 1;
		}
	}
	fd = open("/dev/ltt-mark", O_WRONLY);
	if (fd < 0) {
		perror("/dev/ltt-mark");
		return 1;
	}
	for (i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "%s %lu", tag, i);
		mark(fd, buf);
	}
	if (final)
		mark(fd, final);
	for (i = 0; i < after; i++) {
		snprintf(buf, sizeof(buf), "%s-after %lu", tag, i);
		mark(fd, buf);
	}
	close(fd);
	printf("%lu\n", ok);
	want = n + (final ? 1 : 0) + after;
	return ok == want ? 0 : 1;
}
