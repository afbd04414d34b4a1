// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-signal-loop N: N SIGUSR1 sent to itself (tgkill) and caught by a
 * handler: each one signal_generate and one signal_deliver. Prints the
 * mean ns per signal. The workload of bench/kevent-overhead.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static volatile sig_atomic_t got;

static void on_signal(int sig)
{
	(void)sig;
	got++;
}

int main(int argc, char **argv)
{
	unsigned long i, n = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000;
	struct sigaction sa = { .sa_handler = on_signal };
	pid_t pid = getpid(), tid = (pid_t)syscall(SYS_gettid);
	struct timespec a, b;
	double ns;

	if (!n || sigaction(SIGUSR1, &sa, NULL))
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		if (syscall(SYS_tgkill, pid, tid, SIGUSR1))
			return 1;
	clock_gettime(CLOCK_MONOTONIC, &b);
	ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	printf("%.1f\n", ns / n);
	return 0;
}
