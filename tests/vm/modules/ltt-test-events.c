// SPDX-License-Identifier: GPL-2.0-only
/*
 * Probe module for the test declarations of ltt-test-events.h: two events
 * left out at build time (listed as unavailable), one recorded.
 */
#include <linux/module.h>

#define LTT_CREATE_PROBES
#include "ltt-test-events.h"

static int __init ltt_test_events_init(void)
{
	return ltt_probes_register(ltt_descs_ltt_test_events,
				   ARRAY_SIZE(ltt_descs_ltt_test_events));
}

static void __exit ltt_test_events_exit(void)
{
	ltt_probes_unregister(ltt_descs_ltt_test_events,
			      ARRAY_SIZE(ltt_descs_ltt_test_events));
}

module_init(ltt_test_events_init);
module_exit(ltt_test_events_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: declared events, two left out at build time");
