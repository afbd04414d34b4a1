// SPDX-License-Identifier: GPL-2.0-only
/*
 * USDT probe in a shared library (issue 41), dlopen()ed by ltt-usdt-dl
 * after the guest script enabled it: ltt_lib:hit(i), guarded by its
 * semaphore, which uprobes raises when the library is mapped.
 */
#include <sys/sdt.h>

unsigned short ltt_lib_hit_semaphore __attribute__((section(".probes")));

#undef _SDT_SEMAPHORE
#define _SDT_SEMAPHORE(p, n) _SDT_ASM_1(_SDT_ASM_ADDR p##_##n##_semaphore)

int ltt_usdt_lib_fire(int n);

/* fires hit(i) for i = 1..n when someone listens; how many times it did */
int ltt_usdt_lib_fire(int n)
{
	int i, seen = 0;

	for (i = 1; i <= n; i++) {
		if (!*(volatile unsigned short *)&ltt_lib_hit_semaphore)
			continue;
		STAP_PROBE1(ltt_lib, hit, i);
		seen++;
	}
	return seen;
}
