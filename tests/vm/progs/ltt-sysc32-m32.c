// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 32-bit (ia32) process making known system calls, for
 * tests/vm/t/syscalls.t: recorded as compat_sys_<name>. Built with -m32
 * (files named *-m32.c, when the toolchain has it: gcc-multilib). Prints
 * "key value" lines for the host to compare.
 *
 *	getpid   getpid()
 *	open     open("/nonexistent/ltt-sysc32", O_RDONLY, 0)	-> -ENOENT
 *	read     read(12345, buf, 10)				-> -EBADF
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static long sc(long r)
{
	return r < 0 ? -errno : r;
}

int main(void)
{
	char buf[16];

	printf("tid %ld\n", (long)syscall(SYS_gettid));
	printf("getpid %ld\n", sc(syscall(SYS_getpid)));
	printf("open %ld\n", sc(syscall(SYS_open, "/nonexistent/ltt-sysc32",
					O_RDONLY, 0)));
	printf("read %ld\n", sc(syscall(SYS_read, 12345, buf, 10)));
	return 0;
}
