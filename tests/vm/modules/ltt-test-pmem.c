// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad persistent regions and a crash mid-record, for tests/vm/t/pmem.t
 * (src/pmem.c, doc/persistent-buffers.md). Parameters, at load:
 *
 *   scribble=random pmem=SIZE@START   fill the region with random bytes
 *				     (ltt.ko not loaded yet: what a cold
 *				     boot could leave)
 *   scribble=version pmem=SIZE@START  a whole header of layout version 99
 *   torn=1	reserve a record in the persistent channel on this CPU,
 *		write half of it ("TORN..."), and panic without committing
 *		it: a writer stopped by a crash in the middle of a record.
 *
 * Loading it with scribble= succeeds (and logs what it wrote); torn=1
 * does not return.
 */
#include <linux/crc32.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/string.h>
#include <ltt/pmem-test.h>
#include <ltt/ringbuffer.h>
#include "pmem-layout.h"

static char *scribble;
module_param(scribble, charp, 0444);
static char *pmem;
module_param(pmem, charp, 0444);
static bool torn;
module_param(torn, bool, 0444);

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
	pr_info("ltt_test_pmem: wrote %s into %llu MiB at %#llx\n", scribble,
		size >> 20, start);
	return 0;
}

static int write_torn(void)
{
	struct ltt_rb_ctx ctx = { .event_id = 0, .payload_len = 64 };

	ctx.chan = ltt_pmem_test_chan();
	if (!ctx.chan)
		return -ENODEV;
	preempt_disable();
	if (ltt_rb_reserve(&ctx)) {
		preempt_enable();
		return -ENOBUFS;
	}
	memset(ctx.payload, 'T', 32);
	memcpy(ctx.payload, "TORN", 4);
	/* no ltt_rb_commit(): the machine stops here */
	panic("ltt_test_pmem: a writer stopped in the middle of a record");
	return 0;
}

static int __init test_pmem_init(void)
{
	if (scribble)
		return write_region();
	if (torn)
		return write_torn();
	return 0;
}

static void __exit test_pmem_exit(void)
{
}

module_init(test_pmem_init);
module_exit(test_pmem_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: bad persistent regions, a crash mid-record");
