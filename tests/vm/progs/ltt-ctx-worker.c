// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-ctx-worker OUT: for the context fields test. At nice 5, named
 * "ctx-worker", writes the mark "main" to /dev/ltt-mark; a second thread
 * named "ctx-thread2" writes "thread"; renamed "ctx-renamed", the first
 * writes "renamed". OUT gets "<pid> <tid of the second thread> <ppid>".
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static int mark_fd;
static pid_t tid2;

static void mark(const char *msg)
{
	if (write(mark_fd, msg, strlen(msg)) < 0)
		perror("/dev/ltt-mark");
}

static void *second(void *arg)
{
	(void)arg;
	prctl(PR_SET_NAME, "ctx-thread2");
	tid2 = syscall(SYS_gettid);
	mark("thread");
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;
	FILE *out;

	if (argc != 2) {
		fprintf(stderr, "usage: ltt-ctx-worker OUT\n");
		return 2;
	}
	mark_fd = open("/dev/ltt-mark", O_WRONLY);
	if (mark_fd < 0 || setpriority(PRIO_PROCESS, 0, 5)) {
		perror("ltt-ctx-worker");
		return 1;
	}
	prctl(PR_SET_NAME, "ctx-worker");
	mark("main");
	if (pthread_create(&t, NULL, second, NULL) || pthread_join(t, NULL))
		return 1;
	prctl(PR_SET_NAME, "ctx-renamed");
	mark("renamed");
	out = fopen(argv[1], "w");
	if (!out)
		return 1;
	fprintf(out, "%d %d %d\n", getpid(), tid2, getppid());
	return fclose(out) ? 1 : 0;
}
