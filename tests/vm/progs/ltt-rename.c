// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-rename N: sets its oom_score_adj to -123, then renames itself N
 * times, prctl(PR_SET_NAME, "ltt-rn-I") for I = 1..N (each a
 * task:task_rename event: oldcomm the previous name, the first
 * "ltt-rename"); prints its pid. The workload of the generic
 * tracepoint path's test (guest/tpgeneric.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long i, n = argc > 1 ? strtoul(argv[1], NULL, 10) : 10;
	char name[16];
	FILE *f = fopen("/proc/self/oom_score_adj", "w");

	if (!f || fputs("-123\n", f) < 0 || fclose(f)) {
		perror("oom_score_adj");
		return 1;
	}
	for (i = 1; i <= n; i++) {
		snprintf(name, sizeof(name), "ltt-rn-%lu", i);
		if (prctl(PR_SET_NAME, name, 0, 0, 0)) {
			perror("prctl");
			return 1;
		}
	}
	printf("%d\n", (int)getpid());
	return 0;
}
