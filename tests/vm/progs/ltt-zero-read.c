// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-zero-read N: waits for one byte on stdin (a fifo the test writes
 * once the probes filtered on this pid are in place), then reads
 * /dev/zero N times, 4096 bytes each (tests/vm/guest/function.sh: exactly
 * N vfs_read calls of count 4096 returning 4096). Exit 0 if every read
 * returned 4096.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long i, n = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
	static char buf[4096];
	int fd, bad = 0;

	if (read(0, buf, 1) != 1)
		return 2;
	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0)
		return 2;
	for (i = 0; i < n; i++)
		if (read(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf))
			bad++;
	close(fd);
	return bad ? 1 : 0;
}
