// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad persistent regions, for tests/vm/t/pmem.t (src/pmem.c,
 * doc/persistent-buffers.md), written before ltt.ko loads (so this module
 * does not link against it). Parameters, at load:
 *
 *   scribble=random pmem=SIZE@START   fill the region with random bytes:
 *				     what a cold boot could leave
 *   scribble=version pmem=SIZE@START  a whole header of layout version 99
 *
 * The load succeeds and logs what it wrote; unload it before the next.
 */
#include <linux/crc32.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/string.h>
#include "pmem-layout.h"

static char *scribble;
module_param(scribble, charp, 0444);
static char *pmem;
module_param(pmem, charp, 0444);

static int write_region(void)
{
	struct ltt_pmem_header *h;
	u64 start, size;
	char *end, *virt;

	if (!pmem)
		return -EINVAL;
	size = memparse(pmem, &end);
	if (*end != '@')
		return -EINVAL;
	start = memparse(end + 1, &end);
	virt = memremap(start, size, MEMREMAP_WB);
	if (!virt)
		return -ENOMEM;
	if (!strcmp(scribble, "random")) {
		get_random_bytes(virt, size);
	} else if (!strcmp(scribble, "version")) {
		memset(virt, 0, PAGE_SIZE);
		h = (void *)virt;
		h->magic = cpu_to_le64(LTT_PMEM_MAGIC);
		h->version = cpu_to_le32(99);
		h->header_size = cpu_to_le32(sizeof(*h));
		h->region_size = cpu_to_le64(size);
		h->state = cpu_to_le32(LTT_PMEM_RECORDING);
		h->header_crc = cpu_to_le32(crc32_le(~0U, (const u8 *)h,
					offsetof(typeof(*h), header_crc)));
	} else {
		memunmap(virt);
		return -EINVAL;
	}
	wmb();
	memunmap(virt);
	pr_info("ltt_test_pmem_scribble: wrote %s into %llu MiB at %#llx\n", scribble,
		size >> 20, start);
	return 0;
}

static int __init test_scribble_init(void)
{
	return scribble ? write_region() : -EINVAL;
}

static void __exit test_scribble_exit(void)
{
}

module_init(test_scribble_init);
module_exit(test_scribble_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: bad persistent regions");
