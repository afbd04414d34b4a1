// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver's own flight recorder, through ltt's in-kernel control API
 * (include/ltt/control.h, doc/kernel-api.md).
 *
 * At load: an overwrite session (parameter session=, default "flight";
 * output=DIR: where lttd writes it if lttctl start -s NAME --daemon
 * attaches one)
 * with one small channel, recording the sample's own mark flight_tick
 * (a kernel thread emits it every period_ms with a sequence number) and
 * the scheduler's sched_switch; then it starts. The session is an
 * ordinary one: lttctl list shows it, lttctl snapshot writes it out.
 *
 * /sys/module/ltt_sample_flight/parameters/
 *   seq      (read) the marks emitted so far
 *   freeze   (write 1) the "fault": stop the session, keeping its buffers,
 *            and log the last sequence number it holds
 *   frozen   (read) that number, or -1 while not frozen by freeze
 *   trigger  (write N) a stop trigger on flight_tick with seq == N: the
 *            kernel freezes the session at that mark, in the mark's own
 *            context
 *   dump     (write 1) snapshot the buffers to a reader that counts what
 *            it is handed, and log the counts
 *
 * At unload the session ends, also when userspace has it open or lttd
 * drains it, and also when userspace destroyed it first.
 */
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kmod.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <ltt/control.h>
#include <trace/marker.h>

static char *session_name = "flight";
module_param_named(session, session_name, charp, 0444);
MODULE_PARM_DESC(session, "the session's name (default flight)");

static char *output;
module_param(output, charp, 0444);
MODULE_PARM_DESC(output, "the trace directory lttd writes to when it drains the session (absolute; default none)");

static unsigned int period_ms = 10;
module_param(period_ms, uint, 0444);
MODULE_PARM_DESC(period_ms, "one flight_tick mark every period_ms (default 10)");

/*
 * sess: the handle, NULL once the module is going; the parameters' writes
 * and the exit take flight_lock, so no write uses a destroyed handle.
 * tick_lock orders the marks against a freeze: the freeze stops the
 * session between two marks, so it knows the last one recorded.
 */
static DEFINE_MUTEX(flight_lock);
static DEFINE_MUTEX(tick_lock);
static struct ltt_session *sess;
static struct task_struct *ticker;
static u64 tick_seq;		/* marks emitted, under tick_lock */
static s64 frozen_seq = -1;	/* the last mark before freeze, or -1 */

static int ticker_fn(void *unused)
{
	while (!kthread_should_stop()) {
		mutex_lock(&tick_lock);
		trace_mark(flight_tick, "seq %llu", tick_seq + 1);
		WRITE_ONCE(tick_seq, tick_seq + 1);
		mutex_unlock(&tick_lock);
		msleep(period_ms);
	}
	return 0;
}

static int seq_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%llu\n", READ_ONCE(tick_seq));
}

static const struct kernel_param_ops seq_ops = { .get = seq_get };
module_param_cb(seq, &seq_ops, NULL, 0444);
MODULE_PARM_DESC(seq, "flight_tick marks emitted so far");

static int frozen_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%lld\n", READ_ONCE(frozen_seq));
}

static const struct kernel_param_ops frozen_ops = { .get = frozen_get };
module_param_cb(frozen, &frozen_ops, NULL, 0444);
MODULE_PARM_DESC(frozen, "the last mark the frozen session holds, -1: not frozen");

/*
 * The fault: freeze the recorder between two marks, once; a later write
 * leaves it frozen at the first fault (ltt_ctl_stop() of a stopped
 * session does nothing and says 0).
 */
static int freeze_set(const char *val, const struct kernel_param *kp)
{
	bool on, again = false;
	s64 last = -1;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || !on)
		return ret ? ret : -EINVAL;
	mutex_lock(&flight_lock);
	ret = -ENODEV;
	if (sess) {
		mutex_lock(&tick_lock);
		ret = ltt_ctl_stop(sess);
		again = frozen_seq >= 0;
		if (!ret && !again)
			WRITE_ONCE(frozen_seq, tick_seq);
		last = frozen_seq;
		mutex_unlock(&tick_lock);
	}
	mutex_unlock(&flight_lock);
	if (ret)
		pr_err("ltt_sample_flight: session %s not frozen: %d\n",
		       session_name, ret);
	else
		pr_info("ltt_sample_flight: session %s frozen%s after flight_tick seq=%lld\n",
			session_name, again ? " already" : "", last);
	return ret;
}

static const struct kernel_param_ops freeze_ops = { .set = freeze_set };
module_param_cb(freeze, &freeze_ops, NULL, 0200);
MODULE_PARM_DESC(freeze, "write 1: freeze the flight recorder (ltt_ctl_stop)");

/* The kernel freezes the session itself, at the mark with seq == N. */
static int trigger_set(const char *val, const struct kernel_param *kp)
{
	struct ltt_trigger_args a = {
		.condition = LTT_TRIGGER_COND_EVENT,
		.action = LTT_TRIGGER_ACT_STOP,
		.event = "flight_tick",
		.max = 1,
	};
	char filter[32];
	s64 id = -ENODEV;
	u64 n;
	int ret;

	ret = kstrtou64(val, 0, &n);
	if (ret)
		return ret;
	snprintf(filter, sizeof(filter), "seq == %llu", n);
	mutex_lock(&flight_lock);
	if (sess)
		id = ltt_ctl_trigger_add(sess, &a, filter);
	mutex_unlock(&flight_lock);
	if (id < 0) {
		pr_err("ltt_sample_flight: trigger \"%s\" not added: %lld\n",
		       filter, id);
		return id;
	}
	pr_info("ltt_sample_flight: trigger %lld: stop at flight_tick %s\n",
		id, filter);
	return 0;
}

static const struct kernel_param_ops trigger_ops = { .set = trigger_set };
module_param_cb(trigger, &trigger_ops, NULL, 0200);
MODULE_PARM_DESC(trigger, "write N: stop the session at flight_tick seq == N (ltt_ctl_trigger_add)");

/* A reader that only counts: a driver would copy to its own store. */
struct dump_count {
	size_t metadata_bytes;
	u64 packets;
	u64 bytes;
};

static int dump_metadata(void *priv, const char *text, size_t len)
{
	struct dump_count *d = priv;

	d->metadata_bytes += len;
	return 0;
}

static int dump_packet(void *priv, const char *channel, unsigned int cpu,
		       const void *data, size_t len)
{
	struct dump_count *d = priv;

	d->packets++;
	d->bytes += len;
	return 0;
}

static const struct ltt_ctl_snapshot_ops dump_ops = {
	.metadata = dump_metadata,
	.packet = dump_packet,
};

static int dump_set(const char *val, const struct kernel_param *kp)
{
	struct dump_count d = { 0 };
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || !on)
		return ret ? ret : -EINVAL;
	mutex_lock(&flight_lock);
	ret = sess ? ltt_ctl_snapshot(sess, &dump_ops, &d) : -ENODEV;
	mutex_unlock(&flight_lock);
	if (ret) {
		pr_err("ltt_sample_flight: snapshot of %s failed: %d\n",
		       session_name, ret);
		return ret;
	}
	pr_info("ltt_sample_flight: snapshot of %s: metadata %zu bytes, %llu packets, %llu bytes\n",
		session_name, d.metadata_bytes, d.packets, d.bytes);
	return 0;
}

static const struct kernel_param_ops dump_ops_param = { .set = dump_set };
module_param_cb(dump, &dump_ops_param, NULL, 0200);
MODULE_PARM_DESC(dump, "write 1: snapshot the buffers to a counting reader (ltt_ctl_snapshot)");

static int flight_setup(struct ltt_session *s)
{
	/* small: 4 x 16 KiB per CPU hold the last seconds of marks */
	struct ltt_channel_args ch = {
		.name = "kernel",
		.subbuf_size = 16384,
		.num_subbuf = 4,
		.mode = LTT_MODE_OVERWRITE,
	};
	int ret;

	ret = ltt_ctl_channel_create(s, &ch);
	if (ret)
		return ret;
	ret = ltt_ctl_enable_event(s, "kernel", "flight_tick", NULL);
	if (ret < 0)
		return ret;
	/*
	 * The rule stays: if ltt-probe-sched is not loaded yet, its
	 * sched_switch is recorded from when it comes.
	 */
	ret = ltt_ctl_enable_event(s, "kernel", "sched_switch", NULL);
	if (ret < 0)
		return ret;
	if (!ret)
		pr_notice("ltt_sample_flight: no sched_switch yet (modprobe ltt-probe-sched)\n");
	return ltt_ctl_start(s);
}

static int __init flight_init(void)
{
	struct ltt_session *s;
	int ret;

	if (!period_ms)
		return -EINVAL;
	/* the scheduler's events; without them the marks are still kept */
	if (request_module("ltt-probe-sched"))
		pr_notice("ltt_sample_flight: ltt-probe-sched could not be loaded\n");
	s = ltt_ctl_session_create(session_name, output);
	if (IS_ERR(s)) {
		pr_err("ltt_sample_flight: session %s: %ld\n", session_name,
		       PTR_ERR(s));
		return PTR_ERR(s);
	}
	ret = flight_setup(s);
	if (ret) {
		pr_err("ltt_sample_flight: session %s: %d\n", session_name, ret);
		ltt_ctl_destroy(s);
		return ret;
	}
	ticker = kthread_run(ticker_fn, NULL, "ltt-flight");
	if (IS_ERR(ticker)) {
		ltt_ctl_destroy(s);
		return PTR_ERR(ticker);
	}
	sess = s;
	pr_info("ltt_sample_flight: session %s recording\n", session_name);
	return 0;
}

static void __exit flight_exit(void)
{
	struct ltt_session *s;

	kthread_stop(ticker);
	mutex_lock(&flight_lock);
	s = sess;
	sess = NULL;
	mutex_unlock(&flight_lock);
	/* whoever else holds the session (lttctl, lttd) sees it end */
	ltt_ctl_destroy(s);
	pr_info("ltt_sample_flight: session %s ended after %llu marks\n",
		session_name, tick_seq);
}

module_init(flight_init);
module_exit(flight_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("ltt sample: a driver's flight recorder (in-kernel control API)");
