// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-sd-holder FILE N READY: for the state dump test. Names itself
 * "sd-holder", opens FILE, starts N threads that sleep, writes
 * "<fd>\n" to READY once all are running, then sleeps until killed.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_attr_t attr;
	int fd, n, i;
	FILE *ready;

	if (argc != 4) {
		fprintf(stderr, "usage: ltt-sd-holder FILE N READY\n");
		return 2;
	}
	prctl(PR_SET_NAME, "sd-holder");
	fd = open(argv[1], O_RDWR | O_CREAT, 0644);
	if (fd < 0) {
		perror(argv[1]);
		return 1;
	}
	n = atoi(argv[2]);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	for (i = 0; i < n; i++) {
		pthread_t t;

		if (pthread_create(&t, &attr, sleeper, NULL)) {
			fprintf(stderr, "thread %d not created\n", i);
			return 1;
		}
	}
	ready = fopen(argv[3], "w");
	if (!ready)
		return 1;
	fprintf(ready, "%d\n", fd);
	fclose(ready);
	for (;;)
		pause();
}
