// SPDX-License-Identifier: GPL-2.0-only
/*
 * A crash in the middle of a record, for tests/vm/t/pmem.t (src/pmem.c,
 * doc/persistent-buffers.md). Loaded with torn=1 while a persistent
 * channel records: reserves a record in it on this CPU, writes half of
 * it ("TORN..."), and panics without committing it, as a writer stopped
 * by a crash. Does not return.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <ltt/pmem-test.h>
#include <ltt/ringbuffer.h>

static bool torn;
module_param(torn, bool, 0444);

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
	return torn ? write_torn() : 0;
}

static void __exit test_pmem_exit(void)
{
}

module_init(test_pmem_init);
module_exit(test_pmem_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: a crash in the middle of a record");
