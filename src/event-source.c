// SPDX-License-Identifier: GPL-2.0-only
/*
 * The table of event sources, indexed by enum ltt_event_type, built from
 * LTT_EVENT_TYPES (<uapi/ltt/abi.h>): the one place that lists them.
 */
#include <linux/kernel.h>
#include "dynprobe.h"
#include "event-source.h"

static const struct ltt_event_source *const ltt_sources[LTT_EVENT_NR_TYPES] = {
#define LTT_EVENT_SOURCE_SLOT(type, name, value)			\
	[LTT_EVENT_##type] = &ltt_source_##name,
	LTT_EVENT_TYPES(LTT_EVENT_SOURCE_SLOT)
#undef LTT_EVENT_SOURCE_SLOT
};

const struct ltt_event_source *
ltt_event_source(const struct ltt_event_desc *desc)
{
	/* the type comes from another module's static descriptor */
	if ((unsigned int)desc->type >= ARRAY_SIZE(ltt_sources))
		return NULL;
	return ltt_sources[desc->type];
}

const struct ltt_event_source *ltt_probe_source(u32 kind,
						enum ltt_event_type *type)
{
	const struct ltt_dynprobe_ops *ops;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ltt_sources); i++) {
		ops = ltt_sources[i]->probe_ops;
		if (ops && (ops->kind == kind || ops->ret_kind == kind)) {
			*type = i;
			return ltt_sources[i];
		}
	}
	return NULL;
}

bool ltt_event_sources_dump(struct ltt_session *s)
{
	bool recorded = false;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ltt_sources); i++)
		if (ltt_sources[i]->dump && ltt_sources[i]->dump(s))
			recorded = true;
	return recorded;
}

int ltt_event_sources_init(void)
{
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(ltt_sources); i++) {
		if (!ltt_sources[i]->init)
			continue;
		ret = ltt_sources[i]->init();
		if (ret) {
			pr_warn("ltt: event source %s: init failed (%d)\n",
				ltt_sources[i]->name, ret);
			while (i--)
				if (ltt_sources[i]->exit)
					ltt_sources[i]->exit();
			return ret;
		}
	}
	return 0;
}

void ltt_event_sources_exit(void)
{
	unsigned int i = ARRAY_SIZE(ltt_sources);

	while (i--)
		if (ltt_sources[i]->exit)
			ltt_sources[i]->exit();
}
