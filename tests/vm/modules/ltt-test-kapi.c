// SPDX-License-Identifier: GPL-2.0-only
/*
 * The in-kernel control API's answers to bad calls (include/ltt/control.h),
 * for tests/vm/t/kapi.t. Through /sys/module/ltt_test_kapi/parameters/:
 *
 *   check  (write 1) bad names, a taken name, bad channels, events and
 *          triggers, calls in the wrong state; each answer against the
 *          one expected. The write fails (-EIO) if one differs, and every
 *          difference is logged ("ltt_test_kapi: FAIL ...").
 *   hold   (write NAME) make session NAME (one channel, recording
 *          ltt_test_kapi_mark, one trigger), start it, keep the handle
 *   after  (write 1) once userspace destroyed NAME (lttctl destroy): every
 *          call on the handle says -EBUSY; then ltt_ctl_destroy() it.
 *          Fails (-EIO) like check.
 *   report (write 1, with no session in ltt) the limits and the bad
 *          sizes, names and patterns: each call's answer logged as
 *          "ltt_test_kapi: report: WHAT: ANSWER" (a number, or the errno's
 *          name), for guest/kapi-errors.sh to compare with what
 *          doc/kernel-api.md says; a limit as how many calls succeeded
 *          before the first that failed, and its answer.
 *
 * The summary line of each: "ltt_test_kapi: check: N calls, F wrong".
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <ltt/control.h>
#include <trace/marker.h>

static DEFINE_MUTEX(kapi_lock);
static struct ltt_session *held;	/* under kapi_lock */
static unsigned int nr_calls, nr_wrong;

static void expect(const char *what, long got, long want)
{
	nr_calls++;
	if (got == want)
		return;
	nr_wrong++;
	pr_err("ltt_test_kapi: FAIL %s: got %ld, want %ld\n", what, got, want);
}

static long session_err(struct ltt_session *s)
{
	return IS_ERR(s) ? PTR_ERR(s) : 0;
}

static const struct ltt_channel_args good_chan = {
	.name = "kernel",
	.subbuf_size = 4096,
	.num_subbuf = 4,
	.mode = LTT_MODE_OVERWRITE,
};

static const struct ltt_trigger_args good_trigger = {
	.condition = LTT_TRIGGER_COND_EVENT,
	.action = LTT_TRIGGER_ACT_STOP,
	.event = "ltt_test_kapi_mark",
};

/* A reader that ends the snapshot with the value priv points at. */
static int stop_metadata(void *priv, const char *text, size_t len)
{
	return *(int *)priv;
}

static int stop_packet(void *priv, const char *channel, unsigned int cpu,
		       const void *data, size_t len)
{
	return *(int *)priv;
}

static const struct ltt_ctl_snapshot_ops stop_ops = {
	.metadata = stop_metadata,
	.packet = stop_packet,
};

static void check_names(void)
{
	char longname[LTT_NAME_LEN + 1];
	struct ltt_session *s, *dup;

	memset(longname, 'a', LTT_NAME_LEN);
	longname[LTT_NAME_LEN] = '\0';
	expect("create NULL", session_err(ltt_ctl_session_create(NULL, NULL)),
	       -EINVAL);
	expect("create \"\"", session_err(ltt_ctl_session_create("", NULL)),
	       -EINVAL);
	expect("create a/b", session_err(ltt_ctl_session_create("a/b", NULL)),
	       -EINVAL);
	expect("create .x", session_err(ltt_ctl_session_create(".x", NULL)),
	       -EINVAL);
	expect("create name of LTT_NAME_LEN",
	       session_err(ltt_ctl_session_create(longname, NULL)), -EINVAL);
	longname[LTT_NAME_LEN - 1] = '\0';
	s = ltt_ctl_session_create(longname, NULL);
	expect("create name of LTT_NAME_LEN - 1", session_err(s), 0);
	if (!IS_ERR(s))
		ltt_ctl_destroy(s);
	expect("create, relative output",
	       session_err(ltt_ctl_session_create("kapi-rel", "rel/dir")),
	       -EINVAL);

	s = ltt_ctl_session_create("kapi-a", "/tmp/kapi-a");
	expect("create kapi-a", session_err(s), 0);
	if (IS_ERR(s))
		return;
	dup = ltt_ctl_session_create("kapi-a", NULL);
	expect("create kapi-a again", session_err(dup), -EEXIST);
	if (!IS_ERR(dup))
		ltt_ctl_destroy(dup);
	ltt_ctl_destroy(s);
	/* the name is free again once destroyed */
	s = ltt_ctl_session_create("kapi-a", NULL);
	expect("create kapi-a after its destroy", session_err(s), 0);
	if (!IS_ERR(s))
		ltt_ctl_destroy(s);
}

static void check_session(void)
{
	struct ltt_channel_args ch = good_chan;
	struct ltt_trigger_args t;
	struct ltt_session *s;
	int stop = 7;
	s64 id;

	s = ltt_ctl_session_create("kapi-b", NULL);
	expect("create kapi-b", session_err(s), 0);
	if (IS_ERR(s))
		return;
	expect("start without a channel", ltt_ctl_start(s), -ENOENT);
	expect("snapshot before any start",
	       ltt_ctl_snapshot(s, &stop_ops, &stop), -EINVAL);

	strscpy(ch.name, "a/b", sizeof(ch.name));
	expect("channel a/b", ltt_ctl_channel_create(s, &ch), -EINVAL);
	ch = good_chan;
	ch.mode = 99;
	expect("channel mode 99", ltt_ctl_channel_create(s, &ch), -EINVAL);
	ch = good_chan;
	ch.num_subbuf = 3;
	expect("channel of 3 sub-buffers", ltt_ctl_channel_create(s, &ch),
	       -EINVAL);
	expect("channel kernel", ltt_ctl_channel_create(s, &good_chan), 0);
	expect("channel kernel again", ltt_ctl_channel_create(s, &good_chan),
	       -EEXIST);

	expect("enable on no such channel",
	       ltt_ctl_enable_event(s, "nochan", "ltt_test_kapi_mark", NULL),
	       -ENOENT);
	expect("enable \"\"", ltt_ctl_enable_event(s, "kernel", "", NULL),
	       -EINVAL);
	expect("enable NULL channel",
	       ltt_ctl_enable_event(s, NULL, "ltt_test_kapi_mark", NULL),
	       -EINVAL);
	expect("enable ltt_test_kapi_* (one mark)",
	       ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_*", NULL), 1);
	/* filter text, compiled in the kernel */
	expect("enable with the filter n == 1",
	       ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_mark", "n == 1"),
	       1);
	expect("enable with a filter that does not compile",
	       ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_mark", "n =="),
	       -EINVAL);
	/* as lttctl enable: on an event without that field it never holds */
	expect("enable with a filter on no such field",
	       ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_mark", "nope == 1"),
	       1);

	t = good_trigger;
	t.filter_len = 4;
	expect("trigger with filter_len", ltt_ctl_trigger_add(s, &t, NULL),
	       -EINVAL);
	t = good_trigger;
	t.action = 99;
	expect("trigger action 99", ltt_ctl_trigger_add(s, &t, NULL), -EINVAL);
	t = good_trigger;
	t.event[0] = '\0';
	expect("trigger on no event", ltt_ctl_trigger_add(s, &t, NULL),
	       -EINVAL);
	t = (struct ltt_trigger_args){
		.condition = LTT_TRIGGER_COND_BUFFER_USAGE,
		.action = LTT_TRIGGER_ACT_STOP,
		.channel = "nochan",
		.usage_pct = 50,
	};
	expect("buffer-usage trigger on no such channel",
	       ltt_ctl_trigger_add(s, &t, NULL), -ENOENT);
	strscpy(t.channel, "kernel", sizeof(t.channel));
	expect("buffer-usage trigger with a filter",
	       ltt_ctl_trigger_add(s, &t, "n == 1"), -EINVAL);
	id = ltt_ctl_trigger_add(s, &good_trigger, NULL);
	expect("trigger 1", id, 1);
	expect("trigger 2", ltt_ctl_trigger_add(s, &good_trigger, NULL), 2);
	expect("remove trigger 99", ltt_ctl_trigger_remove(s, 99), -ENOENT);
	expect("remove trigger 1", ltt_ctl_trigger_remove(s, 1), 0);
	expect("remove trigger 1 again", ltt_ctl_trigger_remove(s, 1), -ENOENT);

	expect("start", ltt_ctl_start(s), 0);
	expect("start again", ltt_ctl_start(s), 0);
	expect("channel after the start",
	       ltt_ctl_channel_create(s, &good_chan), -EBUSY);
	trace_mark(ltt_test_kapi_mark, "n %d", 1);
	/* a reader's non-zero answer ends the snapshot with it */
	expect("snapshot, metadata callback says 7",
	       ltt_ctl_snapshot(s, &stop_ops, &stop), 7);
	expect("stop", ltt_ctl_stop(s), 0);
	expect("stop again", ltt_ctl_stop(s), 0);
	expect("disable ltt_test_kapi_*",
	       ltt_ctl_disable_event(s, "kernel", "ltt_test_kapi_*"), 1);
	ltt_ctl_destroy(s);
}

static int run_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || !on)
		return ret ? ret : -EINVAL;
	mutex_lock(&kapi_lock);
	nr_calls = 0;
	nr_wrong = 0;
	check_names();
	check_session();
	pr_info("ltt_test_kapi: check: %u calls, %u wrong\n", nr_calls,
		nr_wrong);
	ret = nr_wrong ? -EIO : 0;
	mutex_unlock(&kapi_lock);
	return ret;
}

static const struct kernel_param_ops run_ops = { .set = run_set };
module_param_cb(check, &run_ops, NULL, 0200);

static int hold_set(const char *val, const struct kernel_param *kp)
{
	char name[LTT_NAME_LEN];
	struct ltt_session *s;
	int ret;

	strscpy(name, val, sizeof(name));
	strim(name);
	mutex_lock(&kapi_lock);
	ret = -EBUSY;
	if (held)
		goto out;
	s = ltt_ctl_session_create(name, NULL);
	ret = PTR_ERR_OR_ZERO(s);
	if (ret)
		goto out;
	ret = ltt_ctl_channel_create(s, &good_chan);
	if (!ret)
		ret = ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_*", NULL);
	if (ret >= 0)
		ret = ltt_ctl_trigger_add(s, &good_trigger, NULL);
	if (ret >= 0)
		ret = ltt_ctl_start(s);
	if (ret) {
		ltt_ctl_destroy(s);
		goto out;
	}
	held = s;
	pr_info("ltt_test_kapi: holding session %s\n", name);
out:
	mutex_unlock(&kapi_lock);
	return ret;
}

static const struct kernel_param_ops hold_ops = { .set = hold_set };
module_param_cb(hold, &hold_ops, NULL, 0200);

/* Userspace destroyed the held session: the handle answers -EBUSY. */
static int after_set(const char *val, const struct kernel_param *kp)
{
	struct ltt_trigger_args t = good_trigger;
	struct ltt_session *s;
	int stop = 0;
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || !on)
		return ret ? ret : -EINVAL;
	mutex_lock(&kapi_lock);
	s = held;
	held = NULL;
	ret = -ENOENT;
	if (!s)
		goto out;
	nr_calls = 0;
	nr_wrong = 0;
	expect("destroyed: channel",
	       ltt_ctl_channel_create(s, &good_chan), -EBUSY);
	expect("destroyed: enable",
	       ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_*", NULL),
	       -EBUSY);
	expect("destroyed: disable",
	       ltt_ctl_disable_event(s, "kernel", "ltt_test_kapi_*"), -EBUSY);
	expect("destroyed: trigger add", ltt_ctl_trigger_add(s, &t, NULL),
	       -EBUSY);
	expect("destroyed: trigger remove", ltt_ctl_trigger_remove(s, 1),
	       -EBUSY);
	expect("destroyed: start", ltt_ctl_start(s), -EBUSY);
	expect("destroyed: stop", ltt_ctl_stop(s), -EBUSY);
	expect("destroyed: snapshot", ltt_ctl_snapshot(s, &stop_ops, &stop),
	       -EBUSY);
	ltt_ctl_destroy(s);
	pr_info("ltt_test_kapi: after: %u calls, %u wrong\n", nr_calls,
		nr_wrong);
	ret = nr_wrong ? -EIO : 0;
out:
	mutex_unlock(&kapi_lock);
	return ret;
}

static const struct kernel_param_ops after_ops = { .set = after_set };
module_param_cb(after, &after_ops, NULL, 0200);

/* ---- report: each answer logged, the guest compares ------------------- */

#define KAPI_MAX_SESSIONS	64	/* what the doc says; the loop goes one past */
#define KAPI_MAX_CHANNELS	16
#define KAPI_MAX_RULES		256
#define KAPI_MAX_TRIGGERS	64

static void report(const char *what, long ret)
{
	if (ret < 0)
		pr_info("ltt_test_kapi: report: %s: %pe\n", what, ERR_PTR(ret));
	else
		pr_info("ltt_test_kapi: report: %s: %ld\n", what, ret);
}

/* A limit: how many calls succeeded before the first failure, and that
 * failure's answer ("16, then -ENOSPC"). */
static void report_limit(const char *what, unsigned int n, long ret)
{
	pr_info("ltt_test_kapi: report: %s: %u, then %pe\n", what, n,
		ERR_PTR(ret));
}

static void report_sessions(void)
{
	struct ltt_session **s;
	char name[LTT_NAME_LEN];
	unsigned int i, n;
	long ret = 0;

	s = kcalloc(KAPI_MAX_SESSIONS + 1, sizeof(*s), GFP_KERNEL);
	if (!s) {
		report("sessions: the test's array", -ENOMEM);
		return;
	}
	for (n = 0; n <= KAPI_MAX_SESSIONS; n++) {
		snprintf(name, sizeof(name), "kapi-n%u", n);
		s[n] = ltt_ctl_session_create(name, NULL);
		if (IS_ERR(s[n])) {
			ret = PTR_ERR(s[n]);
			break;
		}
	}
	report_limit("sessions created", n, ret);
	/* one destroyed frees a place at once */
	if (n) {
		ltt_ctl_destroy(s[--n]);
		s[n] = ltt_ctl_session_create("kapi-again", NULL);
		report("a session once one is destroyed", session_err(s[n]));
		if (!IS_ERR(s[n]))
			n++;
	}
	for (i = 0; i < n; i++)
		ltt_ctl_destroy(s[i]);
	kfree(s);
}

static void report_channel_args(struct ltt_session *s)
{
	static const struct {
		const char *what, *name;
		u64 subbuf_size;
		u32 num_subbuf;
	} bad[] = {
		{ "channel name \"\"", "", 4096, 4 },
		{ "channel name -x", "-x", 4096, 4 },
		{ "channel name .x", ".x", 4096, 4 },
		{ "channel name a b", "a b", 4096, 4 },
		{ "sub-buffer size 0", "c", 0, 4 },
		{ "sub-buffer size 3000", "c", 3000, 4 },
		{ "sub-buffer size 2048 (under a page)", "c", 2048, 4 },
		{ "sub-buffer size 12288 (3 pages)", "c", 12288, 4 },
		{ "0 sub-buffers", "c", 4096, 0 },
		{ "1 sub-buffer", "c", 4096, 1 },
		{ "6 sub-buffers", "c", 4096, 6 },
		{ "1 GiB x 8 sub-buffers", "c", 1ULL << 30, 8 },
		{ "2 GiB x 2 sub-buffers", "c", 1ULL << 31, 2 },
		{ "8 GiB x 2 sub-buffers", "c", 1ULL << 33, 2 },
		{ "4096 x 4 (the smallest, for the next)", "c", 4096, 4 },
		{ "channel c again", "c", 4096, 4 },
	};
	struct ltt_channel_args ch = good_chan;
	char longname[LTT_NAME_LEN];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ch = good_chan;
		strscpy(ch.name, bad[i].name, sizeof(ch.name));
		ch.subbuf_size = bad[i].subbuf_size;
		ch.num_subbuf = bad[i].num_subbuf;
		report(bad[i].what, ltt_ctl_channel_create(s, &ch));
	}
	/* a name that fills the field: no room for its NUL */
	ch = good_chan;
	memset(longname, 'a', sizeof(longname));
	memcpy(ch.name, longname, sizeof(ch.name));
	report("channel name of LTT_NAME_LEN", ltt_ctl_channel_create(s, &ch));
	ch = good_chan;
	ch.mode = 2;
	report("channel mode 2", ltt_ctl_channel_create(s, &ch));
}

static void report_channels(void)
{
	struct ltt_channel_args ch = good_chan;
	struct ltt_session *s;
	unsigned int n;
	long ret = 0;

	s = ltt_ctl_session_create("kapi-chan", NULL);
	report("create kapi-chan", session_err(s));
	if (IS_ERR(s))
		return;
	report_channel_args(s);
	/* "c" made above: KAPI_MAX_CHANNELS - 1 more fit */
	for (n = 1; n <= KAPI_MAX_CHANNELS; n++) {
		snprintf(ch.name, sizeof(ch.name), "c%u", n);
		ret = ltt_ctl_channel_create(s, &ch);
		if (ret)
			break;
	}
	report_limit("channels created (c included)", n, ret);
	ltt_ctl_destroy(s);
}

/* On a channel of its own: the long pattern is its first rule. */
static void report_rules(struct ltt_session *s)
{
	struct ltt_channel_args ch = good_chan;
	char pat[LTT_EVENT_NAME_LEN + 1];
	unsigned int n;
	long ret = 0;

	strscpy(ch.name, "rules", sizeof(ch.name));
	report("channel rules", ltt_ctl_channel_create(s, &ch));
	report("enable NULL pattern",
	       ltt_ctl_enable_event(s, "rules", NULL, NULL));
	report("enable \"a b\"", ltt_ctl_enable_event(s, "rules", "a b", NULL));
	report("enable \"a\\tb\"",
	       ltt_ctl_enable_event(s, "rules", "a\tb", NULL));
	memset(pat, 'p', sizeof(pat));
	pat[LTT_EVENT_NAME_LEN] = '\0';
	report("enable a pattern of LTT_EVENT_NAME_LEN characters",
	       ltt_ctl_enable_event(s, "rules", pat, NULL));
	pat[LTT_EVENT_NAME_LEN - 1] = '\0';
	report("enable a pattern of LTT_EVENT_NAME_LEN - 1 characters",
	       ltt_ctl_enable_event(s, "rules", pat, NULL));
	for (n = 1; n <= KAPI_MAX_RULES; n++) {
		snprintf(pat, sizeof(pat), "kapi_rule_%u_*", n);
		ret = ltt_ctl_enable_event(s, "rules", pat, NULL);
		if (ret)	/* kapi_rule_* names no event: 0 */
			break;
	}
	report_limit("rules (the long pattern's included)", n, ret);
	report("disable on a full channel",
	       ltt_ctl_disable_event(s, "rules", "ltt_test_kapi_mark"));
	report("enable again a pattern there",
	       ltt_ctl_enable_event(s, "rules", "kapi_rule_1_*", NULL));
}

static void report_filters(struct ltt_session *s)
{
	char *f;

	f = kmalloc(LTT_FILTER_TEXT_MAX + 1, GFP_KERNEL);
	if (!f) {
		report("filters: the test's text", -ENOMEM);
		return;
	}
	/* "n == 1" and spaces: LTT_FILTER_TEXT_MAX - 1 characters, then
	 * LTT_FILTER_TEXT_MAX */
	memset(f, ' ', LTT_FILTER_TEXT_MAX);
	memcpy(f, "n == 1", 6);
	f[LTT_FILTER_TEXT_MAX - 1] = '\0';
	report("enable with a filter of LTT_FILTER_TEXT_MAX - 1 characters",
	       ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_mark", f));
	f[LTT_FILTER_TEXT_MAX - 1] = ' ';
	f[LTT_FILTER_TEXT_MAX] = '\0';
	report("enable with a filter of LTT_FILTER_TEXT_MAX characters",
	       ltt_ctl_enable_event(s, "kernel", "ltt_test_kapi_mark", f));
	kfree(f);
}

static void report_triggers(struct ltt_session *s)
{
	unsigned int n;
	s64 ret = 0;

	for (n = 0; n <= KAPI_MAX_TRIGGERS; n++) {
		ret = ltt_ctl_trigger_add(s, &good_trigger, NULL);
		if (ret < 0)
			break;
	}
	report_limit("triggers added", n, ret);
	report("trigger remove 64", ltt_ctl_trigger_remove(s, 64));
	report("trigger add once one is removed",
	       ltt_ctl_trigger_add(s, &good_trigger, NULL));
}

static void report_events(void)
{
	struct ltt_session *s;

	s = ltt_ctl_session_create("kapi-ev", NULL);
	report("create kapi-ev", session_err(s));
	if (IS_ERR(s))
		return;
	report("channel kernel", ltt_ctl_channel_create(s, &good_chan));
	report_filters(s);
	report_triggers(s);
	report_rules(s);
	ltt_ctl_destroy(s);
}

static int report_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || !on)
		return ret ? ret : -EINVAL;
	mutex_lock(&kapi_lock);
	report_sessions();
	report_channels();
	report_events();
	pr_info("ltt_test_kapi: report: done\n");
	mutex_unlock(&kapi_lock);
	return 0;
}

static const struct kernel_param_ops report_ops = { .set = report_set };
module_param_cb(report, &report_ops, NULL, 0200);

static void __exit ltt_test_kapi_exit(void)
{
	if (held)
		ltt_ctl_destroy(held);
}

static int __init ltt_test_kapi_init(void)
{
	return 0;
}

module_init(ltt_test_kapi_init);
module_exit(ltt_test_kapi_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt test: the in-kernel control API's errors");
