// SPDX-License-Identifier: GPL-2.0-only
/*
 * dlopen() target of tests/vm guest/usdt.sh (issue 41): says "ready",
 * waits for SIGUSR1, then opens libltt-usdt.so (next to it), calls its
 * ltt_usdt_lib_fire(N) and prints "lib: K", the number of times the
 * library saw its probe's semaphore set. Dynamic (-dyn): the library
 * needs the dynamic loader.
 *
 * usage: ltt-usdt-dl-dyn N
 */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0, sig;
	int (*fire)(int);
	sigset_t set;
	void *h;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	printf("ready\n");
	fflush(stdout);
	if (sigwait(&set, &sig))
		return 1;
	h = dlopen("/usr/libexec/ltt-tests/libltt-usdt.so", RTLD_NOW);
	fire = h ? (int (*)(int))dlsym(h, "ltt_usdt_lib_fire") : NULL;
	if (!fire) {
		printf("dlopen: %s\n", dlerror());
		return 1;
	}
	printf("lib: %d\n", fire(n));
	fflush(stdout);
	return 0;
}
