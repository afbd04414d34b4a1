// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-userns GID CMD [ARG...]: run CMD as an unprivileged user can, in a
 * user namespace of its own where it is root and where the group number
 * GID is its own gid (setgroups denied, as the kernel requires of an
 * unprivileged gid_map), its gid set to GID: what a local user tries to
 * pass for a member of ltt's tracing group. Exits 127 when the namespace
 * cannot be made.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

int main(int argc, char **argv)
{
	uid_t uid = getuid();
	gid_t gid = getgid(), inside;
	char map[64];

	if (argc < 3) {
		fprintf(stderr, "usage: ltt-userns GID CMD [ARG...]\n");
		return 2;
	}
	inside = strtoul(argv[1], NULL, 10);
	if (unshare(CLONE_NEWUSER)) {
		perror("ltt-userns: unshare(CLONE_NEWUSER)");
		return 127;
	}
	snprintf(map, sizeof(map), "0 %u 1\n", uid);
	if (write_file("/proc/self/setgroups", "deny") ||
	    write_file("/proc/self/uid_map", map)) {
		perror("ltt-userns: uid_map");
		return 127;
	}
	snprintf(map, sizeof(map), "%u %u 1\n", inside, gid);
	if (write_file("/proc/self/gid_map", map) || setgid(inside)) {
		perror("ltt-userns: gid_map");
		return 127;
	}
	execvp(argv[2], argv + 2);
	perror("ltt-userns: exec");
	return 127;
}
