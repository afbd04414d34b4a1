/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel functions src/pmem-recover.c calls, done in plain C, so that
 * pmem-recover-kernel.c builds that source unchanged in a unit test
 * (test_pmem_recover.c). Each of linux/{kernel,mm,overflow,slab,sort,
 * string}.h here is this file; linux/types.h is core-shim's.
 *
 * crc32_le() is written out bit by bit (reflected polynomial 0xEDB88320,
 * no final xor: the kernel's crc32_le()), not taken from a library, so
 * that the test checks the region's crc with an independent routine.
 */
#ifndef _LTT_PMEM_SHIM_H
#define _LTT_PMEM_SHIM_H
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>	/* core-shim's: u32 ..., and __le32 ... */

#define GFP_KERNEL	0

/* Functions, not macros: the kernel's give u64 (unsigned long long),
 * which the %llu formats of pmem-recover.c want. */
static inline u16 le16_to_cpu(__le16 x) { return le16toh(x); }
static inline u32 le32_to_cpu(__le32 x) { return le32toh(x); }
static inline u64 le64_to_cpu(__le64 x) { return le64toh(x); }
static inline __le16 cpu_to_le16(u16 x) { return htole16(x); }
static inline __le32 cpu_to_le32(u32 x) { return htole32(x); }
static inline __le64 cpu_to_le64(u64 x) { return htole64(x); }

#define ALIGN(x, a)	(((x) + ((typeof(x))(a) - 1)) & ~((typeof(x))(a) - 1))
#define max(a, b)	((a) > (b) ? (a) : (b))
#define min(a, b)	((a) < (b) ? (a) : (b))

static inline bool is_power_of_2(unsigned long n)
{
	return n && !(n & (n - 1));
}

/* As the kernel's: true on overflow, *d the wrapped product. */
#define check_mul_overflow(a, b, d)	__builtin_mul_overflow(a, b, d)

/* As the kernel's: SIZE_MAX when the size overflows, which no allocator
 * gives. */
static inline size_t pmem_shim_struct_size(size_t base, size_t elem, size_t n)
{
	size_t r;

	if (__builtin_mul_overflow(elem, n, &r) ||
	    __builtin_add_overflow(r, base, &r))
		return SIZE_MAX;
	return r;
}
#define struct_size(p, member, n) \
	pmem_shim_struct_size(sizeof(*(p)), sizeof(*(p)->member), (n))

static inline void *kvzalloc(size_t n, int gfp)
{
	return n == SIZE_MAX ? NULL : calloc(1, n);
}

static inline void kvfree(const void *p)
{
	free((void *)p);
}

/* The kernel's sort() is a heap sort, not stable: so is qsort(), as far
 * as a caller may assume. @swap is NULL in pmem-recover.c. */
static inline void sort(void *base, size_t num, size_t size,
			int (*cmp)(const void *, const void *),
			void (*swap)(void *, void *, int))
{
	qsort(base, num, size, cmp);
}

static inline u32 crc32_le(u32 crc, const void *p, size_t len)
{
	const unsigned char *b = p;
	int k;

	while (len--) {
		crc ^= *b++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320U & -(crc & 1));
	}
	return crc;
}
#endif
