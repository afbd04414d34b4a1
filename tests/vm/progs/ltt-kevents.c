// SPDX-License-Identifier: GPL-2.0-only
/*
 * Deterministic causes of kernel events, for tests/vm/guest/kevents.sh.
 * Each command prints what the host needs to find its events (its pid,
 * an address), one line, before causing them.
 *
 *   ltt-kevents sig           "PID HANDLER", then waits for one SIGUSR1
 *   ltt-kevents itimer MS     "PID": ITIMER_REAL of MS ms, waits for it
 *   ltt-kevents touch N       "PID ADDR": writes N fresh anonymous pages
 *   ltt-kevents kfault N      "PID ADDR": read() of N pages of /dev/zero
 *                             into N fresh anonymous pages: the kernel's
 *                             copy faults on each (kernel-mode faults)
 *   ltt-kevents migrate A B   "PID": runs on CPU A, then moves to CPU B
 *   ltt-kevents blk DEV SECTOR N
 *                             "PID": one O_DIRECT write of N sectors at
 *                             SECTOR of DEV, then fdatasync
 *   ltt-kevents pi            "PID CHILD": PID, SCHED_FIFO 10, blocks on a
 *                             PI futex CHILD (SCHED_OTHER) holds for
 *                             100 ms: CHILD runs boosted, then unboosted
 *   ltt-kevents udp N         "PID PORT": brings the loopback device up,
 *                             sends itself one UDP datagram of N bytes
 *                             on 127.0.0.1:PORT and receives it
 *   ltt-kevents modreq FAMILY "PID": socket(FAMILY), which no module
 *                             provides: the kernel requests module
 *                             net-pf-FAMILY; succeeds if socket() fails
 *                             with EAFNOSUPPORT
 *   ltt-kevents udpdrop       "PID PORT": one UDP datagram from 127.0.0.1
 *                             to PORT, a port just bound and closed: no
 *                             socket takes it (the kernel drops it)
 *   ltt-kevents modref PATH N "PID": opens and closes PATH N times (a
 *                             device whose fops a module owns: N gets and
 *                             N puts of that module)
 *   ltt-kevents dontneed DEV PAGE N
 *                             "PID": POSIX_FADV_DONTNEED on pages PAGE to
 *                             PAGE + N - 1 of DEV: out of its page cache
 *   ltt-kevents bufwrite DEV PAGE N
 *                             "PID": one buffered write of N pages at page
 *                             PAGE of DEV, left for the flusher to write
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <linux/futex.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on_signal(int sig)
{
	got = sig;
}

static int wait_signal(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		return -1;
	return 0;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* A PI futex taken by a SCHED_OTHER child, then wanted by a FIFO parent. */
static int pi_boost(void)
{
	int *f = mmap(NULL, sizeof(*f), PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct sched_param sp = { .sched_priority = 10 };
	int pfd[2], st;
	pid_t child;
	char c;

	if (f == MAP_FAILED || pipe(pfd))
		return 1;
	*f = 0;
	child = fork();
	if (child < 0)
		return 1;
	if (child == 0) {
		int zero = 0;

		/* uncontended: the owner's tid in the word, as the ABI says */
		if (!__atomic_compare_exchange_n(f, &zero, (int)getpid(), 0,
						 __ATOMIC_SEQ_CST,
						 __ATOMIC_SEQ_CST))
			_exit(1);
		if (write(pfd[1], "x", 1) != 1)
			_exit(1);
		usleep(100000);
		_exit(syscall(SYS_futex, f, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0) ?
		      1 : 0);
	}
	printf("%d %d\n", getpid(), child);
	fflush(stdout);
	if (read(pfd[0], &c, 1) != 1 ||
	    sched_setscheduler(0, SCHED_FIFO, &sp) ||
	    syscall(SYS_futex, f, FUTEX_LOCK_PI, 0, NULL, NULL, 0) ||
	    syscall(SYS_futex, f, FUTEX_UNLOCK_PI, 0, NULL, NULL, 0))
		return 1;
	if (waitpid(child, &st, 0) != child)
		return 1;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}

/* The loopback device up (the kernel gives it 127.0.0.1), then one
 * datagram of n bytes from a socket to itself. */
static int udp_self(size_t n)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	struct ifreq ifr = { .ifr_name = "lo" };
	static char buf[65536];
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0 || n > sizeof(buf) || ioctl(fd, SIOCGIFFLAGS, &ifr))
		return 1;
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr))
		return 1;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(fd, (struct sockaddr *)&a, &alen))
		return 1;
	printf("%d %d\n", getpid(), ntohs(a.sin_port));
	fflush(stdout);
	memset(buf, 0x5a, n);
	if (sendto(fd, buf, n, 0, (struct sockaddr *)&a, sizeof(a)) !=
	    (ssize_t)n)
		return 1;
	if (recv(fd, buf, sizeof(buf), 0) != (ssize_t)n)
		return 1;
	return close(fd) ? 1 : 0;
}

/* One datagram to a port nobody listens on: bound, its port noted, closed. */
static int udp_drop(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	int fd = socket(AF_INET, SOCK_DGRAM, 0), to;

	if (fd < 0)
		return 1;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(fd, (struct sockaddr *)&a, &alen) || close(fd))
		return 1;
	to = socket(AF_INET, SOCK_DGRAM, 0);
	if (to < 0)
		return 1;
	printf("%d %d\n", getpid(), ntohs(a.sin_port));
	fflush(stdout);
	if (sendto(to, "x", 1, 0, (struct sockaddr *)&a, sizeof(a)) != 1)
		return 1;
	return close(to) ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	if (!strcmp(cmd, "sig")) {
		if (wait_signal(SIGUSR1))
			return 1;
		printf("%d %#lx\n", getpid(), (unsigned long)on_signal);
		fflush(stdout);
		while (!got)
			pause();
		return 0;
	}
	if (!strcmp(cmd, "itimer") && argc > 2) {
		struct itimerval it = { { 0, 0 }, { 0, atol(argv[2]) * 1000 } };

		if (wait_signal(SIGALRM))
			return 1;
		printf("%d\n", getpid());
		fflush(stdout);
		if (setitimer(ITIMER_REAL, &it, NULL))
			return 1;
		while (!got)
			pause();
		return 0;
	}
	if (!strcmp(cmd, "touch") && argc > 2) {
		long n = atol(argv[2]), pg = sysconf(_SC_PAGESIZE), i;
		char *p = mmap(NULL, n * pg, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return 1;
		madvise(p, n * pg, MADV_NOHUGEPAGE);
		printf("%d %#lx\n", getpid(), (unsigned long)p);
		fflush(stdout);
		for (i = 0; i < n; i++)
			p[i * pg] = 1;
		return munmap(p, n * pg) ? 1 : 0;
	}
	if (!strcmp(cmd, "kfault") && argc > 2) {
		long n = atol(argv[2]), pg = sysconf(_SC_PAGESIZE);
		int fd = open("/dev/zero", O_RDONLY);
		char *p = mmap(NULL, n * pg, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (fd < 0 || p == MAP_FAILED)
			return 1;
		madvise(p, n * pg, MADV_NOHUGEPAGE);
		printf("%d %#lx\n", getpid(), (unsigned long)p);
		fflush(stdout);
		if (read(fd, p, n * pg) != n * pg)
			return 1;
		return munmap(p, n * pg) || close(fd) ? 1 : 0;
	}
	if (!strcmp(cmd, "migrate") && argc > 3) {
		printf("%d\n", getpid());
		fflush(stdout);
		if (pin(atoi(argv[2])))
			return 1;
		usleep(20000);
		if (pin(atoi(argv[3])))
			return 1;
		usleep(20000);
		return sched_getcpu() == atoi(argv[3]) ? 0 : 1;
	}
	if (!strcmp(cmd, "blk") && argc > 4) {
		size_t len = (size_t)atol(argv[4]) * 512;
		off_t off = (off_t)atoll(argv[3]) * 512;
		void *buf;
		int fd = open(argv[2], O_WRONLY | O_DIRECT);

		if (fd < 0 || posix_memalign(&buf, 4096, len))
			return 1;
		memset(buf, 0x5a, len);
		printf("%d\n", getpid());
		fflush(stdout);
		if (pwrite(fd, buf, len, off) != (ssize_t)len)
			return 1;
		if (fdatasync(fd))
			return 1;
		return close(fd) ? 1 : 0;
	}
	if (!strcmp(cmd, "pi"))
		return pi_boost();
	if (!strcmp(cmd, "modreq") && argc > 2) {
		printf("%d\n", getpid());
		fflush(stdout);
		return socket(atoi(argv[2]), SOCK_DGRAM, 0) < 0 &&
			errno == EAFNOSUPPORT ? 0 : 1;
	}
	if (!strcmp(cmd, "udpdrop"))
		return udp_drop();
	if (!strcmp(cmd, "modref") && argc > 3) {
		int i, n = atoi(argv[3]), fd;

		printf("%d\n", getpid());
		fflush(stdout);
		for (i = 0; i < n; i++) {
			fd = open(argv[2], O_WRONLY);
			if (fd < 0 || close(fd))
				return 1;
		}
		return 0;
	}
	if (!strcmp(cmd, "dontneed") && argc > 4) {
		off_t pg = sysconf(_SC_PAGESIZE);
		int fd = open(argv[2], O_RDONLY);

		if (fd < 0)
			return 1;
		printf("%d\n", getpid());
		fflush(stdout);
		if (posix_fadvise(fd, atoll(argv[3]) * pg, atoll(argv[4]) * pg,
				  POSIX_FADV_DONTNEED))
			return 1;
		return close(fd) ? 1 : 0;
	}
	if (!strcmp(cmd, "bufwrite") && argc > 4) {
		long pg = sysconf(_SC_PAGESIZE);
		size_t len = (size_t)atol(argv[4]) * pg;
		char *buf = malloc(len);
		int fd = open(argv[2], O_WRONLY);

		if (fd < 0 || !buf)
			return 1;
		memset(buf, 0xa5, len);
		printf("%d\n", getpid());
		fflush(stdout);
		if (pwrite(fd, buf, len, (off_t)atoll(argv[3]) * pg) !=
		    (ssize_t)len)
			return 1;
		return close(fd) ? 1 : 0;
	}
	if (!strcmp(cmd, "udp") && argc > 2)
		return udp_self((size_t)atol(argv[2]));
	fprintf(stderr, "usage: see the top of ltt-kevents.c\n");
	return 2;
}
