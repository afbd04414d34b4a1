// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace_mark() sample: a tiny "request queue" whose submit and complete
 * paths are instrumented. Write a number to
 * /sys/module/trace_mark_sample/parameters/requests to push that many
 * requests through; with a session recording "sample_*", the trace shows
 * one sample_submit and one sample_complete event per request.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <trace/marker.h>

struct sample_req {
	u64 sector;
	unsigned int len;
	const char *who;
};

static void sample_submit(const struct sample_req *rq)
{
	/* fields: rq (pointer, hex), sector (u64), len (u32), who (string) */
	trace_mark(sample_submit, "rq %p sector %llu len %u who %s",
		   rq, rq->sector, rq->len, rq->who);
}

static void sample_complete(const struct sample_req *rq, int err)
{
	trace_mark(sample_complete, "rq %p err %d", rq, err);
}

static int sample_requests_set(const char *val, const struct kernel_param *kp)
{
	struct sample_req rq = { .who = current->comm };
	unsigned int i, n;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		rq.sector = 8ULL * i;
		rq.len = 4096;
		sample_submit(&rq);
		sample_complete(&rq, 0);
	}
	return 0;
}

static const struct kernel_param_ops sample_requests_ops = {
	.set = sample_requests_set,
};
module_param_cb(requests, &sample_requests_ops, NULL, 0200);
MODULE_PARM_DESC(requests, "push this many requests through the sample queue");

/* Nothing to register: ltt finds the markers when the module loads. */
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("trace_mark() sample");
