// SPDX-License-Identifier: GPL-2.0-only
/*
 * USDT probes whose arguments take the operand forms gcc emits on x86-64
 * (registers of every width, stack slots, a global through %rip, an
 * indexed element, a constant), for test_usdt: built -O2 and -O0, PIE.
 */
#include <sys/sdt.h>

long ltt_usdt_glob = 42;

__attribute__((noinline)) void forms(int i, signed char c, unsigned short u,
				     long l, const char *s, int *a)
{
	STAP_PROBE6(ltt_test, many, c, u, l, s, ltt_usdt_glob, 5);
	STAP_PROBE2(ltt_test, idx, a[i], i);
	STAP_PROBE(ltt_test, none);
}

int main(int argc, char **argv)
{
	int a[10] = { 0 };

	forms(argc, -1, 2, 3, argv[0], a);
	return 0;
}
