// SPDX-License-Identifier: GPL-2.0-only
/*
 * System calls with known arguments and results, for tests/vm/t/syscalls.t
 * (guest/syscalls.sh): each is a raw syscall() so that the C library
 * neither substitutes nor caches one. Prints what the trace must hold,
 * one "key value" per line, for the host to compare:
 *
 *	tid        the thread that made them
 *	fd         openat(AT_FDCWD, FILE, O_WRONLY|O_CREAT|O_TRUNC, 0640)
 *	write      write(fd, buf, 100)			-> 100
 *	rfd        openat(AT_FDCWD, FILE, O_RDONLY)
 *	read       read(rfd, buf, 4096)			-> 100, then 0
 *	enoent     openat(AT_FDCWD, "/nonexistent/ltt-sysc", O_RDONLY) -> -ENOENT
 *	long       openat of a 300-byte name		-> -ENAMETOOLONG
 *	null       openat(AT_FDCWD, NULL, O_RDONLY)	-> -EFAULT
 *	unmapped   openat of an unmapped address	-> -EFAULT
 *	nanosleep  clock_nanosleep(CLOCK_MONOTONIC, 0, 1 ms, NULL) -> 0
 *	getpid     getpid()
 *
 * usage: ltt-sysc FILE
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long sc(long r)
{
	return r < 0 ? -errno : r;
}

int main(int argc, char **argv)
{
	const char *file = argc > 1 ? argv[1] : "/tmp/ltt-sysc";
	struct timespec ts = { 0, 1000000 };
	char buf[4096], name[301];
	long fd, rfd, r;
	void *page;

	memset(buf, 'x', sizeof(buf));
	printf("tid %ld\n", (long)syscall(SYS_gettid));
	printf("getpid %ld\n", sc(syscall(SYS_getpid)));
	fd = sc(syscall(SYS_openat, AT_FDCWD, file,
			O_WRONLY | O_CREAT | O_TRUNC, 0640));
	printf("fd %ld\n", fd);
	printf("write %ld\n", sc(syscall(SYS_write, fd, buf, 100)));
	syscall(SYS_close, fd);
	rfd = sc(syscall(SYS_openat, AT_FDCWD, file, O_RDONLY, 0));
	printf("rfd %ld\n", rfd);
	r = sc(syscall(SYS_read, rfd, buf, sizeof(buf)));
	printf("read %ld %ld\n", r, sc(syscall(SYS_read, rfd, buf, sizeof(buf))));
	syscall(SYS_close, rfd);
	printf("enoent %ld\n", sc(syscall(SYS_openat, AT_FDCWD,
					  "/nonexistent/ltt-sysc", O_RDONLY, 0)));
	name[0] = '/';
	memset(name + 1, 'a', sizeof(name) - 2);
	name[sizeof(name) - 1] = '\0';
	printf("long %ld\n", sc(syscall(SYS_openat, AT_FDCWD, name, O_RDONLY, 0)));
	printf("null %ld\n", sc(syscall(SYS_openat, AT_FDCWD, NULL, O_RDONLY, 0)));
	page = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED || munmap(page, 4096))
		return 1;
	printf("unmapped %ld %#lx\n",
	       sc(syscall(SYS_openat, AT_FDCWD, page, O_RDONLY, 0)),
	       (unsigned long)page);
	printf("nanosleep %ld\n", sc(syscall(SYS_clock_nanosleep,
					     CLOCK_MONOTONIC, 0, &ts, NULL)));
	return 0;
}
