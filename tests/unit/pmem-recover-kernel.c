// SPDX-License-Identifier: GPL-2.0-only
/*
 * src/pmem-recover.c built as ltt.ko builds it, against pmem-shim/: the
 * code test_pmem_recover.c fuzzes is the kernel's, unchanged. Its crc is
 * pmem.c's: crc32_le() seeded with ~0.
 */
#include "pmem-shim.h"

#define __KERNEL__
#include "../../src/pmem-recover.c"

u32 ltt_pmem_crc(const void *p, size_t len)
{
	return crc32_le(~0U, p, len);
}
