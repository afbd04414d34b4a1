// SPDX-License-Identifier: GPL-2.0-only
/*
 * The filter check of the record writers (ltt_emit(), include/ltt/emit.h):
 * run a binding's filter on the event's values, with the context fields
 * it names computed on demand, before anything is reserved.
 */
#include <linux/rcupdate.h>
#include <compat/export.h>
#include "context.h"
#include "filter.h"

/* Text context fields (procname, hostname, cgroup) kept while the
 * filter runs. */
struct filter_ctx_text {
	char procname[LTT_CONTEXT_TEXT_MAX];
	char hostname[LTT_CONTEXT_TEXT_MAX];
	char cgroup[LTT_CONTEXT_CGROUP_LEN];
};

static int filter_ctx(void *priv, unsigned int id, struct ltt_fvalue *v)
{
	struct filter_ctx_text *t = priv;
	char *text = t->procname;

	if (id == LTT_CONTEXT_HOSTNAME)
		text = t->hostname;
	else if (id == LTT_CONTEXT_CGROUP)
		text = t->cgroup;
	return ltt_context_value(id, v, text);
}

bool ltt_emit_filter(const struct ltt_event_binding *b,
		     const struct ltt_fvalue *vals)
{
	const struct ltt_filter *f = rcu_dereference_sched(b->filter);
	struct filter_ctx_text text ltt_uninit;
	struct ltt_filter_env env = {
		.fields = vals, .ctx = filter_ctx, .priv = &text,
	};

	if (!f)
		return true;
	if (!vals)
		return false;	/* its writer gives no values: nothing to test */
	return ltt_filter_run(f, &env);
}
LTT_EXPORT_SYMBOL(ltt_emit_filter);
