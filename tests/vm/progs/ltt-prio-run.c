// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-prio-run nice N CMD...	run CMD at nice N
 * ltt-prio-run fifo P CMD...	run CMD as SCHED_FIFO priority P
 * ltt-prio-run uid U CMD...	run CMD as user and group U (unprivileged)
 *
 * The guest's busybox has neither nice nor chrt; the priority tests need a
 * process of known priority.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>

int main(int argc, char **argv)
{
	struct sched_param sp = { 0 };
	int v;

	if (argc < 4) {
		fprintf(stderr, "usage: ltt-prio-run nice N | fifo P CMD...\n");
		return 2;
	}
	v = atoi(argv[2]);
	if (!strcmp(argv[1], "nice")) {
		if (setpriority(PRIO_PROCESS, 0, v)) {
			perror("setpriority");
			return 1;
		}
	} else if (!strcmp(argv[1], "fifo")) {
		sp.sched_priority = v;
		if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
			perror("sched_setscheduler");
			return 1;
		}
	} else if (!strcmp(argv[1], "uid")) {
		if (setgid(v) || setuid(v)) {
			perror("setuid");
			return 1;
		}
	} else {
		fprintf(stderr, "ltt-prio-run: nice, fifo or uid, not %s\n", argv[1]);
		return 2;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "ltt-prio-run: %s: %s\n", argv[3], strerror(errno));
	return 127;
}
