// SPDX-License-Identifier: GPL-2.0-only
/*
 * The channel options of lttctl create, enable-channel and start (one
 * table, LTTng's names): sizes, mode, timers, context fields, trace-file
 * limits; their values checked and made a struct ltt_channel_args. And
 * the names of the context fields, for status and save.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "geometry.h"
#include "lttctl.h"
#include "text.h"

static char *opt_subbuf, *opt_num, *opt_switch_timer, *opt_read_timer;
static char *opt_tf_size, *opt_tf_count;
static int opt_overwrite, opt_persistent, opt_discard_recovered;
static uint64_t opt_context;		/* the --context fields */

const struct poptOption channel_options[] = {
	{ "subbuf-size", 0, POPT_ARG_STRING, &opt_subbuf, 0,
	  "sub-buffer size (default 1M)", "SIZE" },
	{ "num-subbuf", 0, POPT_ARG_STRING, &opt_num, 0,
	  "sub-buffers per CPU (default 4)", "N" },
	{ "overwrite", 0, POPT_ARG_NONE, &opt_overwrite, 0,
	  "flight recorder: overwrite the oldest data when full", NULL },
	{ "persistent", 0, POPT_ARG_NONE, &opt_persistent, 0,
	  "keep the buffers in the persistent region (ltt.pmem): they survive a crash and a warm reboot; with --overwrite",
	  NULL },
	{ "discard-recovered", 0, POPT_ARG_NONE, &opt_discard_recovered, 0,
	  "with --persistent: drop the previous boot's trace the region still holds",
	  NULL },
	{ "switch-timer", 0, POPT_ARG_STRING, &opt_switch_timer, 0,
	  "close partial sub-buffers every PERIOD (microseconds as in LTTng, or 100ms, 1s, ...)",
	  "PERIOD" },
	{ "read-timer", 0, POPT_ARG_STRING, &opt_read_timer, 0,
	  "wake the daemon every PERIOD (microseconds as in LTTng, or 100ms, 1s, ...)",
	  "PERIOD" },
	{ "context", 0, POPT_ARG_STRING, NULL, 'C',
	  "write FIELD,... (pid, tid, procname, ...: see lttctl(1)) before every event; repeatable",
	  "FIELD,..." },
	{ "tracefile-size", 0, POPT_ARG_STRING, &opt_tf_size, 0,
	  "write each CPU's stream to files of at most SIZE (at least a sub-buffer)",
	  "SIZE" },
	{ "tracefile-count", 0, POPT_ARG_STRING, &opt_tf_count, 0,
	  "keep the N newest files of each CPU, deleting the oldest (needs --tracefile-size)",
	  "N" },
	POPT_TABLEEND
};

static const char *const context_names[LTT_CONTEXT_NR] = {
#define CONTEXT_NAME(id, name, kind, bytes, sign) [LTT_CONTEXT_##id] = #name,
	LTT_CONTEXT_FIELDS(CONTEXT_NAME)
#undef CONTEXT_NAME
};

const char *context_name(unsigned int id)
{
	return id < LTT_CONTEXT_NR ? context_names[id] : NULL;
}

char *context_list(uint64_t bits)
{
	size_t len = 1;
	unsigned int id;
	char *s;

	for (id = 0; id < LTT_CONTEXT_NR; id++)
		if (bits & (1ULL << id))
			len += strlen(context_names[id]) + 1;
	s = calloc(1, len);
	for (id = 0; s && id < LTT_CONTEXT_NR; id++)
		if (bits & (1ULL << id)) {
			if (*s)
				strcat(s, ",");
			strcat(s, context_names[id]);
		}
	return s;
}

/* @name is field @field, also in LTTng's spelling of the perf counters
 * (perf:cpu:cache-misses for perf_cpu_cache_misses) */
static bool context_name_is(const char *name, const char *field)
{
	for (; *name && *field; name++, field++)
		if (*name != *field &&
		    !(*field == '_' && (*name == ':' || *name == '-')))
			return false;
	return !*name && !*field;
}

/* --context a,b,c: the fields' bits into opt_context */
static int add_context(const char *arg)
{
	char *list = strdup(arg), *name, *save = NULL;
	int id, ret = 0;

	if (!list) {
		err("out of memory");
		return -1;
	}
	for (name = strtok_r(list, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		for (id = 0; id < LTT_CONTEXT_NR; id++)
			if (context_name_is(name, context_names[id]))
				break;
		if (id == LTT_CONTEXT_NR) {
			err("--context: no context field '%s'; there are:", name);
			for (id = 0; id < LTT_CONTEXT_NR; id++)
				fprintf(stderr, "%s%s", id ? ", " : "  ",
					context_names[id]);
			fputc('\n', stderr);
			ret = -1;
			break;
		}
		opt_context |= 1ULL << id;
	}
	free(list);
	return ret;
}

int channel_option(int val, const char *arg)
{
	return val == 'C' ? add_context(arg) : 0;
}

bool channel_options_given(void)
{
	return opt_subbuf || opt_num || opt_overwrite || opt_persistent ||
	       opt_discard_recovered || opt_switch_timer ||
	       opt_read_timer || opt_context || opt_tf_size || opt_tf_count;
}

static int parse_u32(const char *what, const char *s, uint64_t mult,
		     uint32_t *out)
{
	uint64_t v;

	if (!s)
		return 0;
	if (ltt_parse_size(s, &v) || v > UINT32_MAX / mult) {
		err("%s: '%s' is not a number up to %llu", what, s,
		    (unsigned long long)(UINT32_MAX / mult));
		return -1;
	}
	*out = v * mult;
	return 0;
}

/*
 * --switch-timer and --read-timer: LTTng's microseconds, or a duration
 * with its unit (text_parse_duration(): 500us, 100ms, 1s); 0 is off.
 */
static int parse_timer(const char *what, const char *s, uint32_t *us)
{
	uint64_t v;

	if (!s)
		return 0;
	if (text_parse_duration(s, 1, &v) || v > UINT32_MAX) {
		err("%s: '%s' is not a period up to %us (microseconds, or a number and a unit: 500us, 100ms, 1s)",
		    what, s, UINT32_MAX / 1000000);
		return -1;
	}
	*us = v;
	return 0;
}

/* --tracefile-size and --tracefile-count into a; -1 after an error */
static int tracefile_args(struct ltt_channel_args *a)
{
	char x[32], y[32];
	uint64_t v;

	if (opt_tf_count && !opt_tf_size) {
		err("--tracefile-count needs --tracefile-size: the files are counted once they have a size");
		return -1;
	}
	if (opt_tf_size) {
		if (ltt_parse_size(opt_tf_size, &v) || !v) {
			err("--tracefile-size: '%s' is not a size above 0 (like 64M)",
			    opt_tf_size);
			return -1;
		}
		/* LTTng's rule: a file holds at least one whole packet */
		if (v < a->subbuf_size) {
			warn("--tracefile-size %s is rounded up to the sub-buffer size, %s",
			     text_fmt_size(v, x, sizeof(x)),
			     text_fmt_size(a->subbuf_size, y, sizeof(y)));
			v = a->subbuf_size;
		}
		a->tracefile_size = v;
	}
	if (opt_tf_count) {
		if (text_parse_uint(opt_tf_count, UINT64_MAX, &v) || !v) {
			err("--tracefile-count: '%s' is not a number above 0",
			    opt_tf_count);
			return -1;
		}
		a->tracefile_count = v;
	}
	return 0;
}

int channel_options_args(struct ltt_channel_args *a, const char *name)
{
	long page = sysconf(_SC_PAGESIZE);
	enum ltt_geometry_param bad;
	char why[64];

	memset(a, 0, sizeof(*a));
	if (strlen(name) >= sizeof(a->name)) {
		err("channel name '%s' is longer than %d characters", name,
		    LTT_NAME_LEN - 1);
		return -1;
	}
	strcpy(a->name, name);
	a->subbuf_size = 1 << 20;
	a->num_subbuf = 4;
	a->mode = opt_overwrite ? LTT_MODE_OVERWRITE : LTT_MODE_DISCARD;
	a->context = opt_context;
	if (opt_persistent && !opt_overwrite) {
		err("--persistent needs --overwrite: the region keeps a flight recorder's newest data");
		return -1;
	}
	if (opt_discard_recovered && !opt_persistent) {
		err("--discard-recovered goes with --persistent");
		return -1;
	}
	if (opt_persistent)
		a->flags |= LTT_CHANNEL_PERSISTENT;
	if (opt_discard_recovered)
		a->flags |= LTT_CHANNEL_DISCARD_RECOVERED;
	if (opt_subbuf) {
		uint64_t v;

		if (ltt_parse_size(opt_subbuf, &v)) {
			err("--subbuf-size: '%s' is not a size (like 256k or 1M)",
			    opt_subbuf);
			return -1;
		}
		a->subbuf_size = v;
	}
	if (parse_u32("--num-subbuf", opt_num, 1, &a->num_subbuf) ||
	    parse_timer("--switch-timer", opt_switch_timer, &a->switch_timer_us) ||
	    parse_timer("--read-timer", opt_read_timer, &a->read_timer_us))
		return -1;
	/* the kernel's rule, in its words (common/geometry.h) */
	if (ltt_geometry_check(a->subbuf_size, a->num_subbuf, page, &bad, why,
			       sizeof(why))) {
		if (bad == LTT_GEOMETRY_SUBBUF_SIZE)
			err("--subbuf-size: %llu is %s",
			    (unsigned long long)a->subbuf_size, why);
		else
			err("--num-subbuf: %u is %s", a->num_subbuf, why);
		return -1;
	}
	return tracefile_args(a);
}
