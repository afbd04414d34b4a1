// SPDX-License-Identifier: GPL-2.0-only
/*
 * The histograms in the trace (issue 39): the event ltt_histogram, which
 * no probe fires. src/hist.c writes one per histogram of a session that
 * records it (lttctl enable ltt_histogram), at STOP and before each
 * rotation, with what HIST_LIST and HIST_KEYS give then:
 *
 *   name, kind ("latency" or "hist")
 *   count, dropped, sum, min, max	(min and max 0 when count is 0)
 *   bucket_lo[], bucket_hi[], bucket_count[]	the buckets that hold a
 *			value, in order (the last one's hi: 0, none)
 *   nr_keys		keys in the table
 *   key[], key_count[], key_sum[]	at most LTT_HIST_EVENT_KEYS of them
 *
 * So a reader of the trace has the histograms without lttctl (doc/readers.md).
 * This source only registers the event; attaching it puts nothing in
 * place.
 */
#include <ltt/fields.h>
#include "event-source.h"
#include "hist.h"
#include "registry.h"

static const struct ltt_field_desc hist_fields[] = {
	LTT_FIELD_STRING_DESC("name"),
	LTT_FIELD_STRING_DESC("kind"),
	LTT_FIELD_TYPE_DESC("count", u64, 10),
	LTT_FIELD_TYPE_DESC("dropped", u64, 10),
	LTT_FIELD_TYPE_DESC("sum", s64, 10),
	LTT_FIELD_TYPE_DESC("min", s64, 10),
	LTT_FIELD_TYPE_DESC("max", s64, 10),
	LTT_FIELD_SEQ_DESC("bucket_lo", u64, 10),
	LTT_FIELD_SEQ_DESC("bucket_hi", u64, 10),
	LTT_FIELD_SEQ_DESC("bucket_count", u64, 10),
	LTT_FIELD_TYPE_DESC("nr_keys", u32, 10),
	LTT_FIELD_SEQ_DESC("key", s64, 10),
	LTT_FIELD_SEQ_DESC("key_count", u64, 10),
	LTT_FIELD_SEQ_DESC("key_sum", s64, 10),
};

struct ltt_event_desc ltt_hist_event = {
	.name = "ltt_histogram",
	.type = LTT_EVENT_HIST,
	.fields = hist_fields,
	.nr_fields = ARRAY_SIZE(hist_fields),
};

static int hist_src_init(void)
{
	ltt_hist_event.owner = THIS_MODULE;
	return ltt_event_register(&ltt_hist_event);
}

static void hist_src_exit(void)
{
	ltt_event_unregister(&ltt_hist_event);
}

static bool hist_src_available(struct ltt_event_desc *desc)
{
	return true;
}

/* Nothing to put in place: hist.c writes it. */
static int hist_src_attach(struct ltt_event_desc *desc)
{
	return 0;
}

static void hist_src_detach(struct ltt_event_desc *desc)
{
}

const struct ltt_event_source ltt_source_hist = {
	.name = "hist",
	.init = hist_src_init,
	.exit = hist_src_exit,
	.available = hist_src_available,
	.attach = hist_src_attach,
	.detach = hist_src_detach,
};
