// SPDX-License-Identifier: GPL-2.0-only
/*
 * Target of the uprobe tests (tests/vm/guest/dynprobes.sh): calls
 * ltt_uprobe_compute(i, 7) for i = 1..N (N: argv[1], default 5), which
 * returns i * 7 + 1, and prints the sum, so that a uprobe and a
 * uretprobe on it have exact arguments, return values and counts.
 */
#include <stdio.h>
#include <stdlib.h>

int ltt_uprobe_compute(int x, int y);

__attribute__((noinline, noipa, used)) int ltt_uprobe_compute(int x, int y)
{
	return x * y + 1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 5;
	long sum = 0;
	int i;

	for (i = 1; i <= n; i++)
		sum += ltt_uprobe_compute(i, 7);
	printf("%ld\n", sum);
	return 0;
}
