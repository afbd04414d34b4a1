// SPDX-License-Identifier: GPL-2.0-only
/*
 * The table of event sources, indexed by enum ltt_event_type, built from
 * <ltt/event-sources.def>: the one place that lists them.
 */
#include <linux/kernel.h>
#include "event-source.h"

static const struct ltt_event_source *const ltt_sources[LTT_EVENT_NR_TYPES] = {
#define LTT_EVENT_SOURCE(type, name)	[LTT_EVENT_##type] = &ltt_source_##name,
#include <ltt/event-sources.def>
#undef LTT_EVENT_SOURCE
};

const struct ltt_event_source *
ltt_event_source(const struct ltt_event_desc *desc)
{
	/* the type comes from another module's static descriptor */
	if ((unsigned int)desc->type >= ARRAY_SIZE(ltt_sources))
		return NULL;
	return ltt_sources[desc->type];
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
