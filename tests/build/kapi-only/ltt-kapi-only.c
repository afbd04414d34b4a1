// SPDX-License-Identifier: GPL-2.0-only
/*
 * Includes <ltt/control.h> and nothing else of ltt: the header alone must
 * import namespace LTT, or the loader refuses the module
 * (tests/build/kapi.t).
 */
#include <linux/err.h>
#include <linux/module.h>
#include <ltt/control.h>

static int __init kapi_only_init(void)
{
	struct ltt_session *s = ltt_ctl_session_create("kapi-only", NULL);

	if (IS_ERR(s))
		return PTR_ERR(s);
	ltt_ctl_destroy(s);
	return 0;
}

module_init(kapi_only_init);
MODULE_LICENSE("GPL");
