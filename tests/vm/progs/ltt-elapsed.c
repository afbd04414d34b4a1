// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-elapsed CMD [ARG...]: run CMD, then print "ltt-elapsed: N us" (its
 * wall time, CLOCK_MONOTONIC) on stderr; exits with CMD's status (127:
 * it could not run, 128 + n: killed by signal n). busybox's date has no
 * sub-second clock: the benchmarks time commands with this.
 */
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

int main(int argc, char **argv)
{
	long long t0;
	int status;
	pid_t pid;

	if (argc < 2) {
		fprintf(stderr, "usage: ltt-elapsed CMD [ARG...]\n");
		return 2;
	}
	t0 = now_us();
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 127;
	}
	if (!pid) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		return 127;
	}
	fprintf(stderr, "ltt-elapsed: %lld us\n", now_us() - t0);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}
