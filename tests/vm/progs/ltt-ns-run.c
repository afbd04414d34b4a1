// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-ns-run ids UID GID CMD...	run CMD as user UID, group GID
 * ltt-ns-run pid CMD...		run CMD in a new pid namespace, as
 *					its pid 2 (its parent is the
 *					namespace's init, pid 1)
 * ltt-ns-run user UIN UOUT GIN GOUT CMD...
 *					run CMD in a new user namespace
 *					mapping UIN to UOUT and GIN to GOUT,
 *					as UIN and GIN there
 *
 * The trackers and filters by vpid, vuid and vgid (tests/vm/guest/
 * trackers-ns.sh, filters-multi.sh) need a process whose ids differ
 * from the ones seen from the initial namespaces; busybox's unshare
 * maps root only, and ltt-prio-run sets the user and the group to one
 * value. Exits with CMD's status (127: not run).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

static int run(char **argv)
{
	execvp(argv[0], argv);
	fprintf(stderr, "ltt-ns-run: %s: %s\n", argv[0], strerror(errno));
	return 127;
}

/* The exit status of child pid, as a shell gives it. */
static int reap(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) < 0) {
		perror("waitpid");
		return 127;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int set_ids(uid_t uid, gid_t gid)
{
	if (setgroups(0, NULL) || setgid(gid) || setuid(uid)) {
		perror("ltt-ns-run: setgroups/setgid/setuid");
		return -1;
	}
	return 0;
}

static int write_file(pid_t pid, const char *name, const char *text)
{
	char path[64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "ltt-ns-run: %s: %s\n", path, strerror(errno));
		return -1;
	}
	n = write(fd, text, strlen(text));
	if (n != (ssize_t)strlen(text)) {
		fprintf(stderr, "ltt-ns-run: %s: %s\n", path,
			n < 0 ? strerror(errno) : "short write");
		close(fd);
		return -1;
	}
	return close(fd);
}

/* pid 1 of the new namespace forks pid 2, which runs CMD */
static int in_pid_ns(char **argv)
{
	pid_t init;

	if (unshare(CLONE_NEWPID)) {
		perror("ltt-ns-run: unshare(CLONE_NEWPID)");
		return 127;
	}
	init = fork();
	if (init < 0)
		return 127;
	if (!init) {
		pid_t p = fork();

		if (p < 0)
			_exit(127);
		if (!p)
			_exit(run(argv));
		_exit(reap(p));
	}
	return reap(init);
}

/*
 * The child unshares its user namespace and waits; the parent, root in
 * the initial one, writes its maps (a process in the new namespace may
 * map only its own id); then the child takes the mapped ids and runs CMD.
 */
static int in_user_ns(const char *uin, const char *uout, const char *gin,
		      const char *gout, char **argv)
{
	int up[2], down[2];
	char map[64], c = 0;
	pid_t p;
	int ok;

	if (pipe2(up, O_CLOEXEC) || pipe2(down, O_CLOEXEC))
		return 127;
	p = fork();
	if (p < 0)
		return 127;
	if (!p) {
		c = unshare(CLONE_NEWUSER) ? 1 : 0;
		if (c)
			perror("ltt-ns-run: unshare(CLONE_NEWUSER)");
		if (write(up[1], &c, 1) != 1 || c ||
		    read(down[0], &c, 1) != 1 || c)
			_exit(127);
		if (set_ids(atoi(uin), atoi(gin)))
			_exit(127);
		_exit(run(argv));
	}
	ok = read(up[0], &c, 1) == 1 && !c;
	if (ok) {
		snprintf(map, sizeof(map), "%s %s 1\n", uin, uout);
		ok = !write_file(p, "uid_map", map);
	}
	if (ok) {
		snprintf(map, sizeof(map), "%s %s 1\n", gin, gout);
		ok = !write_file(p, "gid_map", map);
	}
	c = ok ? 0 : 1;
	if (write(down[1], &c, 1) != 1)
		ok = 0;
	close(down[1]);
	return reap(p);
}

int main(int argc, char **argv)
{
	if (argc >= 5 && !strcmp(argv[1], "ids")) {
		if (set_ids(atoi(argv[2]), atoi(argv[3])))
			return 127;
		return run(argv + 4);
	}
	if (argc >= 3 && !strcmp(argv[1], "pid"))
		return in_pid_ns(argv + 2);
	if (argc >= 7 && !strcmp(argv[1], "user"))
		return in_user_ns(argv[2], argv[3], argv[4], argv[5], argv + 6);
	fprintf(stderr, "usage: ltt-ns-run ids UID GID CMD... | pid CMD... | user UIN UOUT GIN GOUT CMD...\n");
	return 2;
}
