// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-mark-flood N [TAG]: write N user marks "TAG <i>" to /dev/ltt-mark as
 * fast as possible; prints the number of writes that succeeded. The
 * counted, userspace-driven event of the loss-accounting test.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long i, n, ok = 0;
	const char *tag = argc > 2 ? argv[2] : "flood";
	char buf[128];
	int fd, len;

	if (argc < 2) {
		fprintf(stderr, "usage: ltt-mark-flood N [TAG]\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 10);
	fd = open("/dev/ltt-mark", O_WRONLY);
	if (fd < 0) {
		perror("/dev/ltt-mark");
		return 1;
	}
	for (i = 0; i < n; i++) {
		len = snprintf(buf, sizeof(buf), "%s %lu", tag, i);
		if (write(fd, buf, len) == len)
			ok++;
	}
	close(fd);
	printf("%lu\n", ok);
	return ok == n ? 0 : 1;
}
