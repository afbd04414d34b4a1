// SPDX-License-Identifier: GPL-2.0-only
/*
 * malloc-flood N [wait]: N times malloc(16) then free() of it, as fast as
 * possible, then prints N. The LTTng anchor's workload in
 * bench/relay-throughput: run with LD_PRELOAD=liblttng-ust-libc-wrapper.so.1,
 * each pair is two lttng-ust events (lttng_ust_libc:malloc, :free), no
 * tracepoint provider compiled in. With "wait", it prints "ready" once in
 * main (lttng-ust registered: its constructor waits for that) and loops
 * when it gets SIGUSR1. Not SIGSTOP/SIGCONT: resumed, lttng-ust's threads
 * can lose their session daemon (EINTR) and the rest of the events go
 * unrecorded, uncounted. Built dynamically by the bench (LD_PRELOAD does
 * not apply to static programs).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	unsigned long i, n;
	void *volatile p;	/* volatile: the compiler keeps each pair */
	sigset_t set;
	int sig;

	if (argc < 2) {
		fprintf(stderr, "usage: malloc-flood N [wait]\n");
		return 2;
	}
	n = strtoul(argv[1], NULL, 10);
	if (argc > 2 && !strcmp(argv[2], "wait")) {
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigprocmask(SIG_BLOCK, &set, NULL);
		printf("ready\n");
		fflush(stdout);
		if (sigwait(&set, &sig))
			return 1;
	}
	for (i = 0; i < n; i++) {
		p = malloc(16);
		free(p);
	}
	printf("%lu\n", n);
	return 0;
}
