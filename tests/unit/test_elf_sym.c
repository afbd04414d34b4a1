// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl's ELF symbol reader (tools/lib/elf-sym.c), which turns a uprobe's
 * function name into a file offset: the offset it gives for a function of
 * this very program holds that function's code; unknown names and non-ELF
 * files are refused; truncated and corrupted copies of the program never
 * make it read out of the file (ASan build) or crash.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "ltt-ctl.h"

int elf_sym_target(int x);

__attribute__((noinline, used)) int elf_sym_target(int x)
{
	return x * 3 + 1;
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 1 << 20;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r);
	fclose(f);
	*len = n;
	return buf;
}

static int spill(const char *path, const unsigned char *p, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f)
		return -1;
	fwrite(p, 1, len, f);
	return fclose(f);
}

int main(void)
{
	char tmp[] = "/tmp/ltt-elf-sym-XXXXXX";
	unsigned char *self;
	unsigned int i, crashes = 0;
	size_t len = 0;
	uint64_t off;
	int ret, fd;

	plan(8);
	self = slurp("/proc/self/exe", &len);
	ok(self != NULL, "read this program (%zu bytes)", len);
	if (!self)
		return exit_status();
	ret = ltt_elf_func_offset("/proc/self/exe", "elf_sym_target", &off);
	ok(ret == 0 && off + 16 <= len &&
	   !memcmp(self + off, (const void *)elf_sym_target, 16),
	   "the offset of elf_sym_target holds its code (ret %d, off 0x%llx)",
	   ret, (unsigned long long)off);
	ok(ltt_elf_func_offset("/proc/self/exe", "no_such_function_here", &off) == -ENOENT,
	   "an unknown function: -ENOENT");
	fd = mkstemp(tmp);
	if (fd >= 0)
		close(fd);
	spill(tmp, (const unsigned char *)"not an ELF file\n", 16);
	ok(ltt_elf_func_offset(tmp, "main", &off) == -ENOEXEC, "not ELF: -ENOEXEC");
	ok(ltt_elf_func_offset("/no/such/file", "main", &off) == -ENOENT,
	   "no such file: -ENOENT");
	ok(ltt_elf_func_offset("/tmp", "main", &off) == -EINVAL,
	   "a directory: -EINVAL");
	spill(tmp, (const unsigned char *)"", 0);
	ok(ltt_elf_func_offset(tmp, "main", &off) == -ENOEXEC, "an empty file: -ENOEXEC");
	/* truncated, then corrupted copies: any verdict, no bad read */
	srand(7);
	for (i = 0; i < 300; i++) {
		unsigned char *copy = malloc(len);
		size_t n = i < 100 ? (size_t)rand() % len : len;
		unsigned int k;

		if (!copy)
			abort();
		memcpy(copy, self, len);
		for (k = 0; i >= 100 && k < 8; k++)	/* headers and tables */
			copy[rand() % (k < 4 ? 256 : len)] = rand();
		if (spill(tmp, copy, n))
			crashes++;
		ret = ltt_elf_func_offset(tmp, "elf_sym_target", &off);
		if (ret == 0 && off >= n)
			crashes++;	/* an offset outside the file */
		free(copy);
	}
	ok(!crashes, "300 truncated or corrupted copies: no offset outside the file");
	unlink(tmp);
	free(self);
	return exit_status();
}
