// SPDX-License-Identifier: GPL-2.0-only
/*
 * The boot session: ltt.ko's boot_* module parameters (ltt(7),
 * doc/boot-tracing.md) make and start a session as ltt.ko loads, from the
 * initramfs or at the first module load of the boot, so that a boot
 * problem is recorded before any tool of userspace runs. It is made with
 * the in-kernel control API (include/ltt/control.h), as any module's
 * session is: lttctl lists it, lttd attaches to it later (lttctl start -s
 * NAME), userspace may destroy it; module exit destroys what is left.
 *
 * Every parameter is a string parsed here, not by the module loader: a
 * value the loader refused would fail the load of ltt.ko, which its other
 * users need. A bad value is reported, naming the parameter, and leaves
 * no boot session.
 *
 * Probe modules: ltt.ko cannot load them from its init (they link against
 * it, and would wait for that init to end). boot_probes names them for the
 * loader, which reads it back from /sys/module/ltt/parameters/: the
 * initramfs script (tools/initramfs/init-top) loads each right after
 * ltt.ko, and their events are enabled as they register.
 */
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/timekeeping.h>
#include <ltt/control.h>
#include "boot-session.h"
#include "common/geometry.h"
#include "common/units.h"
#include "control.h"

static char *boot_session;
module_param(boot_session, charp, 0444);
MODULE_PARM_DESC(boot_session, "at load, make and start session NAME (ltt(7))");
static char *boot_events;
module_param(boot_events, charp, 0444);
MODULE_PARM_DESC(boot_events, "its events, names or patterns: a,b*,... (default: all)");
static char *boot_channel;
module_param(boot_channel, charp, 0444);
MODULE_PARM_DESC(boot_channel, "its channel's name (default: kernel)");
static char *boot_overwrite;
module_param(boot_overwrite, charp, 0444);
MODULE_PARM_DESC(boot_overwrite, "1: a flight recorder (default 0: discard)");
static char *boot_persistent;
module_param(boot_persistent, charp, 0444);
MODULE_PARM_DESC(boot_persistent, "1: its buffers in the persistent region (pmem=), surviving a crash; needs boot_overwrite=1");
static char *boot_subbuf_size;
module_param(boot_subbuf_size, charp, 0444);
MODULE_PARM_DESC(boot_subbuf_size, "sub-buffer size, k/M suffix (default 1M)");
static char *boot_num_subbuf;
module_param(boot_num_subbuf, charp, 0444);
MODULE_PARM_DESC(boot_num_subbuf, "sub-buffers per CPU (default 4)");
static char *boot_output;
module_param(boot_output, charp, 0444);
MODULE_PARM_DESC(boot_output, "where lttd writes it (default /var/log/ltt/NAME-DATE-TIME)");
static char *boot_keep;
module_param(boot_keep, charp, 0444);
MODULE_PARM_DESC(boot_keep, "the ltt service keeps the last N boots' traces beside this one's (default 0: all)");
static char *boot_filter;
module_param(boot_filter, charp, 0444);
MODULE_PARM_DESC(boot_filter, "a filter on every boot_events pattern");
static char *boot_trigger;
module_param(boot_trigger, charp, 0444);
MODULE_PARM_DESC(boot_trigger, "a trigger: event=NAME|usage=PCT[,channel=C],action=A[,max=N][,every=D]");
static char *boot_probes;
module_param(boot_probes, charp, 0444);
MODULE_PARM_DESC(boot_probes, "probe modules the loader loads after ltt: sched,syscalls,...");

#define BOOT_DEFAULT_CHANNEL	"kernel"
#define BOOT_DEFAULT_DIR	"/var/log/ltt"
#define BOOT_WHY_MAX		96

static struct ltt_session *boot;	/* the boot session's handle, or NULL */

struct boot_config {
	struct ltt_channel_args chan;
	struct ltt_trigger_args trig;
	bool trigger;
	char output[LTT_PATH_MAX];
};

static void boot_bad(const char *param, const char *val, const char *why)
{
	pr_err("ltt: %s=\"%s\": %s; no boot session\n", param, val, why);
}

static int parse_overwrite(struct boot_config *c)
{
	bool on;

	if (!boot_overwrite)
		return 0;
	if (kstrtobool(boot_overwrite, &on)) {
		boot_bad("boot_overwrite", boot_overwrite, "not 0 or 1");
		return -EINVAL;
	}
	c->chan.mode = on ? LTT_MODE_OVERWRITE : LTT_MODE_DISCARD;
	return 0;
}

static int parse_persistent(struct boot_config *c)
{
	bool on;

	if (!boot_persistent)
		return 0;
	if (kstrtobool(boot_persistent, &on)) {
		boot_bad("boot_persistent", boot_persistent, "not 0 or 1");
		return -EINVAL;
	}
	if (on && c->chan.mode != LTT_MODE_OVERWRITE) {
		boot_bad("boot_persistent", boot_persistent,
			 "needs boot_overwrite=1 (a flight recorder)");
		return -EINVAL;
	}
	if (on)
		c->chan.flags |= LTT_CHANNEL_PERSISTENT;
	return 0;
}

/* The sizes, by the rule of every front door (common/geometry.h). */
static int parse_sizes(struct boot_config *c)
{
	enum ltt_geometry_param bad;
	char why[BOOT_WHY_MAX];
	u64 size;

	if (boot_subbuf_size) {
		if (ltt_units_size(boot_subbuf_size, &size)) {
			boot_bad("boot_subbuf_size", boot_subbuf_size,
				 "not a size (like 256k or 1M)");
			return -EINVAL;
		}
		c->chan.subbuf_size = size;
	}
	/* not a number: 0, which the rule refuses as any bad count */
	if (boot_num_subbuf && kstrtou32(boot_num_subbuf, 10, &c->chan.num_subbuf))
		c->chan.num_subbuf = 0;
	if (ltt_geometry_check(c->chan.subbuf_size, c->chan.num_subbuf,
			       PAGE_SIZE, &bad, why, sizeof(why))) {
		if (bad == LTT_GEOMETRY_SUBBUF_SIZE)
			boot_bad("boot_subbuf_size", boot_subbuf_size, why);
		else
			boot_bad("boot_num_subbuf", boot_num_subbuf, why);
		return -EINVAL;
	}
	return 0;
}

static const char *const boot_actions[] = {
#define BOOT_ACTION(id, name, value) [LTT_TRIGGER_ACT_##id] = #name,
	LTT_TRIGGER_ACTIONS(BOOT_ACTION)
#undef BOOT_ACTION
};

/* One KEY=VALUE of boot_trigger into t; why says what is wrong. */
static int trigger_item(char *item, struct ltt_trigger_args *t, char *why)
{
	char *val = strchr(item, '=');
	unsigned int i;

	if (!val) {
		snprintf(why, BOOT_WHY_MAX, "'%s' is not KEY=VALUE", item);
		return -EINVAL;
	}
	*val++ = '\0';
	if (!strcmp(item, "event") || !strcmp(item, "usage")) {
		if (t->condition) {
			strscpy(why, "two conditions (event=, usage=)",
				BOOT_WHY_MAX);
			return -EINVAL;
		}
	}
	if (!strcmp(item, "event")) {
		t->condition = LTT_TRIGGER_COND_EVENT;
		if (!ltt_event_pattern_valid(val, sizeof(t->event)))
			goto bad_value;
		strscpy(t->event, val, sizeof(t->event));
	} else if (!strcmp(item, "usage")) {
		t->condition = LTT_TRIGGER_COND_BUFFER_USAGE;
		if (kstrtou32(val, 10, &t->usage_pct) || !t->usage_pct ||
		    t->usage_pct > 100)
			goto bad_value;
	} else if (!strcmp(item, "channel")) {
		if (strscpy(t->channel, val, sizeof(t->channel)) <= 0)
			goto bad_value;
	} else if (!strcmp(item, "action")) {
		for (i = 1; i < ARRAY_SIZE(boot_actions); i++)
			if (!strcmp(val, boot_actions[i]))
				t->action = i;
		if (!t->action)
			goto bad_value;
	} else if (!strcmp(item, "max")) {
		if (kstrtou64(val, 10, &t->max))
			goto bad_value;
	} else if (!strcmp(item, "every")) {
		if (ltt_units_duration(val, 0, &t->every_ns))
			goto bad_value;
	} else {
		snprintf(why, BOOT_WHY_MAX,
			 "unknown key '%s' (event, usage, channel, action, max, every)",
			 item);
		return -EINVAL;
	}
	return 0;

bad_value:
	snprintf(why, BOOT_WHY_MAX, "bad %s '%s'", item, val);
	return -EINVAL;
}

/*
 * boot_trigger: comma-separated KEY=VALUE, one condition (event=NAME or
 * usage=PCT with channel=, default the boot channel), action=, and
 * optionally max=N and every=DURATION. ltt(7) gives the syntax.
 */
static int parse_trigger(struct boot_config *c)
{
	struct ltt_trigger_args *t = &c->trig;
	char why[BOOT_WHY_MAX] = "";
	char *spec, *p, *item;
	int ret = 0;

	if (!boot_trigger)
		return 0;
	spec = kstrdup(boot_trigger, GFP_KERNEL);
	if (!spec)
		return -ENOMEM;
	p = spec;
	while (!ret && (item = strsep(&p, ",")))
		ret = trigger_item(item, t, why);
	kfree(spec);
	if (!ret && !t->condition) {
		strscpy(why, "no condition: event=NAME or usage=PCT", sizeof(why));
		ret = -EINVAL;
	} else if (!ret && !t->action) {
		strscpy(why, "no action=stop|snapshot|rotate|notify", sizeof(why));
		ret = -EINVAL;
	} else if (!ret && t->condition == LTT_TRIGGER_COND_EVENT &&
		   t->channel[0]) {
		strscpy(why, "channel= goes with usage=, not event=", sizeof(why));
		ret = -EINVAL;
	}
	if (ret) {
		boot_bad("boot_trigger", boot_trigger, why);
		return ret;
	}
	if (t->condition == LTT_TRIGGER_COND_BUFFER_USAGE && !t->channel[0])
		strscpy(t->channel, c->chan.name, sizeof(t->channel));
	c->trigger = true;
	return 0;
}

/* boot_probes: module names for the loader; only their form is ours. */
static int check_probes(void)
{
	const char *p;

	if (!boot_probes)
		return 0;
	for (p = boot_probes; *p; p++) {
		if (!isalnum(*p) && !strchr("_-,", *p)) {
			boot_bad("boot_probes", boot_probes,
				 "not probe module names (sched,syscalls,...)");
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * boot_keep is the ltt service's (lttctl load --all --start, which reads
 * it back): checked here with the others, so that a bad value is said
 * at load, as theirs are.
 */
static int check_keep(void)
{
	unsigned int n;

	if (boot_keep && kstrtouint(boot_keep, 10, &n)) {
		boot_bad("boot_keep", boot_keep, "not a number of boots");
		return -EINVAL;
	}
	return 0;
}

static int parse_config(struct boot_config *c)
{
	struct tm tm;
	int ret, n;

	strscpy(c->chan.name, boot_channel ?: BOOT_DEFAULT_CHANNEL,
		sizeof(c->chan.name));
	if (boot_channel &&
	    !ltt_name_valid(boot_channel, sizeof(c->chan.name))) {
		boot_bad("boot_channel", boot_channel,
			 "not a channel name ([A-Za-z0-9_.-], at most 31)");
		return -EINVAL;
	}
	c->chan.subbuf_size = 1 << 20;	/* lttctl's defaults */
	c->chan.num_subbuf = 4;
	c->chan.mode = LTT_MODE_DISCARD;
	ret = parse_overwrite(c) ?: parse_persistent(c) ?: parse_sizes(c) ?:
	      parse_trigger(c) ?:
	      check_probes() ?: check_keep();
	if (ret)
		return ret;
	if (boot_output) {
		if (boot_output[0] != '/' ||
		    strscpy(c->output, boot_output, sizeof(c->output)) < 0) {
			boot_bad("boot_output", boot_output,
				 "not an absolute path");
			return -EINVAL;
		}
		return 0;
	}
	/* a new directory per boot, as lttctl names them (its clock: UTC) */
	time64_to_tm(ktime_get_real_seconds(), 0, &tm);
	n = snprintf(c->output, sizeof(c->output),
		     BOOT_DEFAULT_DIR "/%s-%04ld%02d%02d-%02d%02d%02d",
		     boot_session, tm.tm_year + 1900, tm.tm_mon + 1,
		     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
	return n < (int)sizeof(c->output) ? 0 : -ENAMETOOLONG;
}

/* Every boot_events pattern (default: all), with boot_filter. */
static int enable_events(struct ltt_session *s, const char *chan)
{
	char *list, *p, *pat;
	int ret = 0, n;

	list = kstrdup(boot_events ?: "*", GFP_KERNEL);
	if (!list)
		return -ENOMEM;
	p = list;
	while ((pat = strsep(&p, ","))) {
		if (!*pat)
			continue;
		if (!ltt_event_pattern_valid(pat, LTT_EVENT_NAME_LEN)) {
			pr_err("ltt: boot_events=\"%s\": '%s' is not an event name or pattern; no boot session\n",
			       boot_events, pat);
			ret = -EINVAL;
			break;
		}
		n = ltt_ctl_enable_event(s, chan, pat, boot_filter);
		if (n < 0 && boot_filter) {
			pr_err("ltt: boot_filter=\"%s\" on '%s': %pe; no boot session\n",
			       boot_filter, pat, ERR_PTR(n));
			ret = n;
			break;
		}
		if (n < 0) {
			pr_err("ltt: boot_events=\"%s\": '%s': %pe; no boot session\n",
			       boot_events ?: "*", pat, ERR_PTR(n));
			ret = n;
			break;
		}
	}
	kfree(list);
	return ret;
}

/* The session from the parsed parameters, started; or an error, said. */
static struct ltt_session *boot_make(struct boot_config *c)
{
	struct ltt_session *s;
	s64 id;
	int ret;

	s = ltt_ctl_session_create(boot_session, c->output);
	if (IS_ERR(s)) {
		if (PTR_ERR(s) == -EINVAL)
			boot_bad("boot_session", boot_session,
				 "not a session name ([A-Za-z0-9_.-], at most 31, not starting with . or -)");
		else
			pr_err("ltt: boot_session=\"%s\": %pe; no boot session\n",
			       boot_session, s);
		return s;
	}
	ret = ltt_ctl_channel_create(s, &c->chan);
	if (ret == -EEXIST && (c->chan.flags & LTT_CHANNEL_PERSISTENT)) {
		/*
		 * The previous boot's trace waits there (a crash, maybe during
		 * boot): keep it for lttctl recover, and record this boot in
		 * ordinary buffers rather than not at all.
		 */
		pr_warn("ltt: boot session %s: the persistent region holds the previous boot's trace (lttctl recover): this boot records in ordinary buffers\n",
			boot_session);
		c->chan.flags &= ~LTT_CHANNEL_PERSISTENT;
		ret = ltt_ctl_channel_create(s, &c->chan);
	}
	if (ret) {
		if (ret == -E2BIG)
			pr_err("ltt: boot_subbuf_size x boot_num_subbuf: %llu x %u per CPU: too large; no boot session\n",
			       c->chan.subbuf_size, c->chan.num_subbuf);
		else
			pr_err("ltt: boot session %s: its channel: %pe; no boot session\n",
			       boot_session, ERR_PTR(ret));
		goto err;
	}
	ret = enable_events(s, c->chan.name);
	if (ret)
		goto err;
	if (c->trigger) {
		id = ltt_ctl_trigger_add(s, &c->trig, NULL);
		if (id < 0) {
			ret = id;
			pr_err("ltt: boot_trigger=\"%s\": %s (%pe); no boot session\n",
			       boot_trigger,
			       ret == -ENOENT ? "no such event or channel" :
			       "refused", ERR_PTR(ret));
			goto err;
		}
	}
	ret = ltt_ctl_start(s);
	if (ret) {
		pr_err("ltt: boot session %s: cannot start (%pe); no boot session\n",
		       boot_session, ERR_PTR(ret));
		goto err;
	}
	return s;

err:
	ltt_ctl_destroy(s);
	return ERR_PTR(ret);
}

void ltt_boot_session_init(void)
{
	struct boot_config *c;
	struct ltt_session *s;

	if (!boot_session) {
		if (boot_events || boot_channel || boot_overwrite || boot_persistent ||
		    boot_subbuf_size || boot_num_subbuf || boot_output ||
		    boot_filter || boot_trigger || boot_probes || boot_keep)
			pr_warn("ltt: boot_* parameters without boot_session=NAME: no boot session\n");
		return;
	}
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c) {
		pr_err("ltt: boot session %s: out of memory\n", boot_session);
		return;
	}
	if (!parse_config(c)) {
		s = boot_make(c);
		if (!IS_ERR(s)) {
			boot = s;
			pr_info("ltt: boot session %s recording (%s, %llu x %u per CPU); lttd writes it to %s\n",
				boot_session,
				c->chan.flags & LTT_CHANNEL_PERSISTENT ?
				"overwrite, persistent" :
				c->chan.mode == LTT_MODE_OVERWRITE ?
				"overwrite" : "discard",
				c->chan.subbuf_size, c->chan.num_subbuf,
				c->output);
		}
	}
	kfree(c);
}

/* Destroyed here unless userspace did (the handle stays valid). */
void ltt_boot_session_exit(void)
{
	if (boot)
		ltt_ctl_destroy(boot);
	boot = NULL;
}
