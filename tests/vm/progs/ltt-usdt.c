// SPDX-License-Identifier: GPL-2.0-only
/*
 * USDT target of tests/vm guest/usdt.sh (issue 41): three rounds of N
 * iterations, each firing tick(i, 3 * i) and, when its semaphore says
 * someone listens, guarded(i). Before each round it waits for SIGUSR1
 * (the guest script's go, after it enabled or removed the probes); after
 * each it prints how many times the semaphore was set: "round R: K".
 * tests/unit/test_usdt reads its notes too.
 *
 * usage: ltt-usdt N
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>

/* tick has no semaphore; guarded has one (sdt.h reads the macro late) */
unsigned short ltt_test_guarded_semaphore __attribute__((section(".probes")));

__attribute__((noinline)) static void tick(int i)
{
	STAP_PROBE2(ltt_test, tick, i, 3 * i);
}

#undef _SDT_SEMAPHORE
#define _SDT_SEMAPHORE(p, n) _SDT_ASM_1(_SDT_ASM_ADDR p##_##n##_semaphore)

__attribute__((noinline)) static int guarded(int i)
{
	if (!*(volatile unsigned short *)&ltt_test_guarded_semaphore)
		return 0;
	STAP_PROBE1(ltt_test, guarded, i);
	return 1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0, r, i, seen, sig;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	printf("ready\n");
	fflush(stdout);
	for (r = 1; r <= 3; r++) {
		if (sigwait(&set, &sig))
			return 1;
		for (seen = 0, i = 1; i <= n; i++) {
			tick(i);
			seen += guarded(i);
		}
		printf("round %d: %d\n", r, seen);
		fflush(stdout);
	}
	return 0;
}
