// SPDX-License-Identifier: GPL-2.0-only
/*
 * A regular file mapped read-only, for the ELF readers (elf-sym.c,
 * usdt.c): they parse a binary the user named, so what they get must be a
 * regular file and its errors exact (a directory or a device is -EINVAL,
 * an empty file -ENOEXEC: nothing of an ELF file is in it).
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "file-map.h"

int ltt_file_map(const char *path, struct ltt_file_map *m)
{
	struct stat st;
	int fd, ret = 0;

	m->p = NULL;
	m->size = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		ret = -errno;
	else if (!S_ISREG(st.st_mode))
		ret = -EINVAL;
	else if (!st.st_size)
		ret = -ENOEXEC;
	if (!ret) {
		void *p = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (p == MAP_FAILED) {
			ret = -errno;
		} else {
			m->p = p;
			m->size = st.st_size;
		}
	}
	close(fd);
	return ret;
}

void ltt_file_unmap(struct ltt_file_map *m)
{
	if (m->p)
		munmap((void *)m->p, m->size);
	m->p = NULL;
	m->size = 0;
}
