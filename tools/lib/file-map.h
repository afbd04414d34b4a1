/* SPDX-License-Identifier: GPL-2.0-only */
/* tools/lib/file-map.c: a file the user named, mapped read-only for the
 * ELF readers (elf-sym.c, usdt.c). */
#ifndef LTT_TOOLS_FILE_MAP_H
#define LTT_TOOLS_FILE_MAP_H

#include <stddef.h>

struct ltt_file_map {
	const unsigned char *p;
	size_t size;
};

/* @path mapped if it is a non-empty regular file: 0, else -errno of open,
 * fstat or mmap, -EINVAL (not a regular file) or -ENOEXEC (empty). */
int ltt_file_map(const char *path, struct ltt_file_map *m);
void ltt_file_unmap(struct ltt_file_map *m);

#endif
