// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltt-cs-user MSG: for the callstack_user context field. main() calls
 * cs_level1(), which calls cs_level2(), which calls cs_level3(), which
 * writes MSG to /dev/ltt-mark with a write system call of its own (not
 * libc's wrapper, which has no frame pointer): the mark's user callstack
 * must then read cs_level3, cs_level2, cs_level1, main, which the host
 * finds in this binary's symbol table.
 *
 * Built like the other guest programs (static, -O2): the pragma keeps the
 * frame pointers and the calls (no tail calls) that the walk follows.
 */
#pragma GCC optimize("no-omit-frame-pointer", "no-optimize-sibling-calls")
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>

static int mark_fd;

__attribute__((noinline)) long cs_level3(const char *msg)
{
	long ret;

	asm volatile("syscall"
		     : "=a"(ret)
		     : "0"((long)SYS_write), "D"((long)mark_fd), "S"(msg),
		       "d"(strlen(msg))
		     : "rcx", "r11", "memory");
	return ret;
}

__attribute__((noinline)) long cs_level2(const char *msg)
{
	return cs_level3(msg) + 0 * strlen(msg);
}

__attribute__((noinline)) long cs_level1(const char *msg)
{
	return cs_level2(msg) + 0 * strlen(msg);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: ltt-cs-user MSG\n");
		return 2;
	}
	mark_fd = open("/dev/ltt-mark", O_WRONLY);
	if (mark_fd < 0) {
		perror("/dev/ltt-mark");
		return 1;
	}
	if (cs_level1(argv[1]) != (long)strlen(argv[1])) {
		fprintf(stderr, "ltt-cs-user: the write failed\n");
		return 1;
	}
	return 0;
}
