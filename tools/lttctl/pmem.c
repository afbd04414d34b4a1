// SPDX-License-Identifier: GPL-2.0-only
/*
 * The persistent region in lttctl's words: what status says about it,
 * why a --persistent channel was refused. doc/persistent-buffers.md.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lttctl.h"
#include "json.h"

/* the names of the counts in JSON */
static const char *const drop_names[LTT_PMEM_DROP_NR] = {
#define DROP_NAME(id, name) [LTT_PMEM_DROP_##id] = #name,
	LTT_PMEM_DROPS(DROP_NAME)
#undef DROP_NAME
};

static const char *const drop_reasons[LTT_PMEM_DROP_NR] = {
	[LTT_PMEM_DROP_TORN] = "a record in them was not whole when the machine stopped",
	[LTT_PMEM_DROP_NO_END] = "the machine stopped without a panic or reboot, so where the open packet ended is unknown",
	[LTT_PMEM_DROP_HEADER] = "their packet header does not hold",
	[LTT_PMEM_DROP_ORDER] = "out of order with the other packets of their CPU",
};

const char *pmem_drop_reason(unsigned int i)
{
	return i < LTT_PMEM_DROP_NR ? drop_reasons[i] : "?";
}

/* "2026-11-28 10:00:01 UTC" of epoch ns */
const char *pmem_date(uint64_t ns, char *buf, size_t len)
{
	time_t t = ns / 1000000000ULL;
	struct tm tm;

	if (!ns || !gmtime_r(&t, &tm) ||
	    !strftime(buf, len, "%Y-%m-%d %H:%M:%S UTC", &tm))
		snprintf(buf, len, "an unknown date");
	return buf;
}

static const char *end_name(unsigned int reason)
{
	return reason == 1 ? "a panic" : reason == 2 ? "a reboot" :
	       "an unknown end (no panic or reboot seen)";
}

/* The status lines; nothing without a region. */
void pmem_status_show(int ctl)
{
	struct ltt_pmem_status st;
	char when[40], end[40];
	uint64_t dropped = 0;
	unsigned int i;

	if (lttc_pmem_status(ctl, &st) < 0 || st.state == LTT_PMEM_STATE_NONE)
		return;
	printf("Persistent region: %llu MiB at %#llx, ",
	       (unsigned long long)(st.size >> 20), (unsigned long long)st.phys);
	switch (st.state) {
	case LTT_PMEM_STATE_EMPTY:
		printf("free\n");
		return;
	case LTT_PMEM_STATE_INVALID:
		printf("free (it held no ltt data: %s)\n", st.reason);
		return;
	case LTT_PMEM_STATE_REFUSED:
		printf("holds data this ltt cannot read (%s): 'lttctl recover --discard' frees it\n",
		       st.reason);
		return;
	case LTT_PMEM_STATE_IN_USE:
		printf("recording session %s, channel %s\n", st.session,
		       st.channel);
		return;
	}
	printf("holds the trace of a previous boot\n");
	for (i = 0; i < LTT_PMEM_DROP_NR; i++)
		dropped += st.dropped[i];
	printf("Recovered data: session %s, channel %s, %llu packets on %u CPUs, %llu dropped, from the boot of %s (kernel %s), ended by %s%s%s; 'lttctl recover -o DIR' writes it\n",
	       st.session, st.channel, (unsigned long long)st.nr_packets,
	       st.nr_cpus, (unsigned long long)dropped,
	       pmem_date(st.boot_time, when, sizeof(when)), st.kernel,
	       end_name(st.end_reason), st.end_reason ? " at " : "",
	       st.end_reason ? pmem_date(st.end_time, end, sizeof(end)) : "");
}

void pmem_status_json(int ctl, struct json *j)
{
	static const char *const states[] = {
		"none", "free", "recovered", "invalid", "refused", "recording"
	};
	struct ltt_pmem_status st;
	unsigned int i;

	if (lttc_pmem_status(ctl, &st) < 0 || st.state == LTT_PMEM_STATE_NONE)
		return;
	json_obj_begin(j, "persistent_region");
	json_u64(j, "phys", st.phys);
	json_u64(j, "size", st.size);
	json_str(j, "state", st.state < 6 ? states[st.state] : "?");
	if (st.reason[0])
		json_str(j, "reason", st.reason);
	if (st.state == LTT_PMEM_STATE_RECOVERED ||
	    st.state == LTT_PMEM_STATE_IN_USE) {
		json_str(j, "session", st.session);
		json_str(j, "channel", st.channel);
		json_str(j, "kernel", st.kernel);
		json_u64(j, "boot_time_ns", st.boot_time);
	}
	if (st.state == LTT_PMEM_STATE_RECOVERED) {
		json_u64(j, "packets", st.nr_packets);
		json_u64(j, "cpus", st.nr_cpus);
		json_u64(j, "end_reason", st.end_reason);
		json_u64(j, "end_time_ns", st.end_time);
		json_obj_begin(j, "dropped");
		for (i = 0; i < LTT_PMEM_DROP_NR; i++)
			json_u64(j, drop_names[i], st.dropped[i]);
		json_obj_end(j);
	}
	json_obj_end(j);
}

/* Why CHANNEL_CREATE refused a --persistent channel, or NULL. */
const char *pmem_channel_error(int ret)
{
	static char buf[256];
	struct ltt_pmem_status st;
	int ctl;

	switch (ret) {
	case -ENODEV:
		return "no persistent region: boot with memmap=SIZE$START and load ltt with pmem=SIZE@START (ltt(7))";
	case -EPERM:
		return "the persistent region is root's (CAP_SYS_ADMIN), also for the tracing group";
	case -EEXIST:
	case -EBUSY:
	case -ENOSPC:
		break;
	default:
		return NULL;
	}
	ctl = lttc_open();
	if (ctl < 0 || lttc_pmem_status(ctl, &st) < 0) {
		if (ctl >= 0)
			close(ctl);
		return ret == -EEXIST ? "the persistent region holds a previous boot's data: 'lttctl recover' says what, --discard-recovered drops it" : NULL;
	}
	close(ctl);
	if (ret == -EEXIST && st.state == LTT_PMEM_STATE_REFUSED)
		snprintf(buf, sizeof(buf),
			 "the persistent region holds data this ltt cannot read (%s): add --discard-recovered, or run 'lttctl recover --discard', to drop it",
			 st.reason);
	else if (ret == -EEXIST)
		return "recovered data waits in the persistent region: write it with 'lttctl recover -o DIR' first, or add --discard-recovered to drop it";
	else if (ret == -EBUSY && st.state == LTT_PMEM_STATE_IN_USE)
		snprintf(buf, sizeof(buf),
			 "the persistent region is in use by session %s, channel %s: one persistent channel at a time",
			 st.session, st.channel);
	else if (ret == -ENOSPC)
		snprintf(buf, sizeof(buf),
			 "the channel does not fit in the persistent region (%llu MiB, less its metadata area): fewer or smaller sub-buffers (--subbuf-size x (--num-subbuf + 1) x CPUs)",
			 (unsigned long long)(st.size >> 20));
	else
		return NULL;
	return buf;
}
