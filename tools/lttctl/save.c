// SPDX-License-Identifier: GPL-2.0-only
/*
 * A session's configuration as lttctl command lines (lttctl save; the
 * format is ltt-session(5), lttctl load reads it): create, a line per
 * channel, its rules in the order they apply, the dynamic probes they
 * record, the trackers, the triggers. All from the kernel (CHANNEL_INFO,
 * RULE_LIST, PROBE_LIST, TRACKER_LIST, TRIGGER_LIST, SESSION_GET_CONFIG):
 * what lttctl status shows is what is saved. What cannot be saved is said in a comment.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "lttctl.h"
#include "text.h"
#include "trigger.h"

#ifndef LTT_TOOLS_VERSION
#define LTT_TOOLS_VERSION "unknown"
#endif

struct out {
	FILE *f;
	bool bol;		/* at the beginning of a line */
	bool incomplete;	/* something was left out (said) */
	int error;		/* a word that cannot be written: -errno */
};

static void word(struct out *o, const char *w)
{
	char *q = text_quote(w);

	if (!q) {
		if (!o->error)
			err("cannot save '%s': a line break or an empty word cannot be read back",
			    w);
		o->error = -EINVAL;
		return;
	}
	fprintf(o->f, "%s%s", o->bol ? "" : " ", q);
	o->bol = false;
	free(q);
}

static void wordf(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void wordf(struct out *o, const char *fmt, ...)
{
	char *w;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&w, fmt, ap);
	va_end(ap);
	if (n < 0) {
		o->error = -ENOMEM;
		return;
	}
	word(o, w);
	free(w);
}

static void eol(struct out *o)
{
	fputc('\n', o->f);
	o->bol = true;
}

/* "# ..." in the file and a warning: the file is not the whole session */
static void left_out(struct out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void left_out(struct out *o, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		s = NULL;
	va_end(ap);
	fprintf(o->f, "# not saved: %s\n", s ? s : "?");
	warn("not saved: %s", s ? s : "?");
	free(s);
	o->incomplete = true;
}

static void create_line(struct out *o, int sfd, const char *name,
			const struct ltt_session_config *c)
{
	struct ltt_output out;
	char v[32];

	word(o, "create");
	word(o, name);
	if (!ltt_output_get(sfd, &out)) {
		if (out.dir) {
			word(o, "-o");
			word(o, out.dir);
		}
		if (out.url) {
			word(o, "--set-url");
			word(o, out.url);
		}
		if (out.live_us)
			wordf(o, "--live=%s", text_fmt_duration(out.live_us, v,
								sizeof(v)));
		ltt_output_free(&out);
	}
	if (c->flags & LTT_SESSION_F_NO_STATEDUMP)
		word(o, "--no-statedump");
	if (c->rotate_every_us) {
		word(o, "--rotate-every");
		word(o, text_fmt_duration(c->rotate_every_us, v, sizeof(v)));
	}
	if (c->rotate_size) {
		word(o, "--rotate-size");
		word(o, text_fmt_size(c->rotate_size, v, sizeof(v)));
	}
	if (c->keep_chunks) {
		word(o, "--keep-chunks");
		wordf(o, "%u", c->keep_chunks);
	}
	if (c->keep_size) {
		word(o, "--keep-size");
		word(o, text_fmt_size(c->keep_size, v, sizeof(v)));
	}
	if (c->keep_snapshots) {
		word(o, "--keep-snapshots");
		wordf(o, "%u", c->keep_snapshots);
	}
	eol(o);
}

/* A timer with its unit ("100ms"): files written before the timers took
 * microseconds hold a bare number of milliseconds (sessfile.c reads it). */
static void timer_words(struct out *o, const char *opt, uint32_t us)
{
	char v[32];

	if (!us)
		return;
	word(o, opt);
	word(o, text_fmt_duration(us, v, sizeof(v)));
}

static void channel_line(struct out *o, const struct ltt_channel_info *ci)
{
	char v[32], *ctx;

	word(o, "enable-channel");
	word(o, ci->name);
	word(o, "--subbuf-size");
	word(o, text_fmt_size(ci->subbuf_size, v, sizeof(v)));
	word(o, "--num-subbuf");
	wordf(o, "%u", ci->num_subbuf);
	if (ci->mode == LTT_MODE_OVERWRITE)
		word(o, "--overwrite");
	if (ci->flags & LTT_CHANNEL_PERSISTENT)
		word(o, "--persistent");
	timer_words(o, "--switch-timer", ci->switch_timer_us);
	timer_words(o, "--read-timer", ci->read_timer_us);
	if (ci->context) {
		ctx = context_list(ci->context);
		word(o, "--context");
		word(o, ctx ? ctx : "?");
		free(ctx);
	}
	if (ci->tracefile_size) {
		word(o, "--tracefile-size");
		word(o, text_fmt_size(ci->tracefile_size, v, sizeof(v)));
	}
	if (ci->tracefile_count) {
		word(o, "--tracefile-count");
		wordf(o, "%llu", (unsigned long long)ci->tracefile_count);
	}
	eol(o);
}

/* ---- dynamic probes: PROBE_LIST gives where, not the fetches -------- */

static const char *const kind_opts[] = {
	"--kprobe", "--kretprobe", "--uprobe", "--uretprobe",
};
/* the fields of a probe without --fetch: retval, duration_ns */
static const unsigned int base_fields[] = { 0, 2, 0, 1 };

struct probes {
	struct ltt_probe_entry *e;
	bool *done;		/* created by a line already, or said why not */
	int n;
};

static const struct ltt_probe_entry *probe_find(const struct probes *p,
						 const char *name, int *i)
{
	for (*i = 0; *i < p->n; (*i)++)
		if (!strncmp(p->e[*i].name, name, sizeof(p->e[*i].name)))
			return &p->e[*i];
	return NULL;
}

/*
 * Can probe e be made again from what PROBE_LIST says? Said in a comment
 * when not (call at the beginning of a line).
 */
static bool probe_savable(struct out *o, const struct ltt_probe_entry *e)
{
	const char *kind = e->kind <= LTT_PROBE_URETPROBE ?
			   kind_opts[e->kind] + 2 : "?";

	if (e->kind > LTT_PROBE_URETPROBE)
		left_out(o, "probe %.*s: of a kind this lttctl does not know",
			 (int)sizeof(e->name), e->name);
	else if (e->kind == LTT_PROBE_UPROBE &&
		 memchr(e->name, ':', sizeof(e->name)))
		left_out(o, "probe %.*s (uprobe at %.*s): a USDT probe; make it again with lttctl enable --usdt %.*s --binary PATH",
			 (int)sizeof(e->name), e->name,
			 (int)sizeof(e->where), e->where,
			 (int)sizeof(e->name), e->name);
	else if (e->flags & LTT_PROBE_F_GONE)
		left_out(o, "probe %.*s (%s at %.*s): its module was unloaded",
			 (int)sizeof(e->name), e->name, kind,
			 (int)sizeof(e->where), e->where);
	else if (e->nr_fields > base_fields[e->kind])
		left_out(o, "probe %.*s (%s at %.*s): the kernel lists no --fetch of its fields; make it again with lttctl enable --%s %.*s ... --fetch ...",
			 (int)sizeof(e->name), e->name, kind,
			 (int)sizeof(e->where), e->where, kind,
			 (int)sizeof(e->name), e->name);
	else if (e->kind >= LTT_PROBE_UPROBE &&
		 (e->where[0] != '/' || !memchr(e->where, '+', sizeof(e->where))))
		left_out(o, "probe %.*s (%s at %.*s): the kernel lists the path of its binary cut",
			 (int)sizeof(e->name), e->name, kind,
			 (int)sizeof(e->where), e->where);
	else
		return true;
	return false;
}

/* The options that make probe e again (probe_savable() said it can). */
static void probe_words(struct out *o, const struct ltt_probe_entry *e)
{
	char where[LTT_PROBE_SYMBOL_LEN + 1], name[LTT_EVENT_NAME_LEN + 1];
	char *plus;

	snprintf(where, sizeof(where), "%.*s", (int)sizeof(e->where), e->where);
	snprintf(name, sizeof(name), "%.*s", (int)sizeof(e->name), e->name);
	plus = strrchr(where, '+');
	word(o, kind_opts[e->kind]);
	word(o, name);
	if (e->kind >= LTT_PROBE_UPROBE) {
		*plus = '\0';		/* "path+0x1139" */
		word(o, "--binary");
		word(o, where);
		word(o, "--offset");
		word(o, plus + 1);
	} else {			/* "sym+0x10" or "0xffff..." */
		word(o, plus ? "--symbol" : "--address");
		word(o, where);
	}
}

/* ---- rules ----------------------------------------------------------- */

static void rule_line(struct out *o, const char *chan,
		      const struct ltt_rule_entry *r, struct probes *p)
{
	char name[LTT_EVENT_NAME_LEN + 1];
	const struct ltt_probe_entry *e;
	int i;

	snprintf(name, sizeof(name), "%.*s", (int)sizeof(r->name), r->name);
	if (r->enable && (r->flags & LTT_RULE_F_FILTER) && !r->filter[0]) {
		left_out(o, "the rule enable %s of channel %s: its filter's text is unknown (set by an lttctl older than ABI 1.6)",
			 name, chan);
		return;
	}
	e = r->enable ? probe_find(p, name, &i) : NULL;
	if (e && !p->done[i])
		p->done[i] = true;	/* this line makes it, if it can */
	else
		e = NULL;
	if (e && !probe_savable(o, e))
		e = NULL;		/* the rule waits for it */
	word(o, r->enable ? "enable" : "disable");
	word(o, "-c");
	word(o, chan);
	if (e)
		probe_words(o, e);
	else
		word(o, name);
	if (r->enable && (r->flags & LTT_RULE_F_FILTER)) {
		word(o, "--filter");
		wordf(o, "%.*s", (int)sizeof(r->filter), r->filter);
	}
	eol(o);
}

/* Channel i's line and its rules: 0, or -errno (said). */
static int save_channel(struct out *o, int sfd, unsigned int i,
			const struct ltt_session_config *c, struct probes *p)
{
	struct ltt_channel_info ci;
	struct ltt_rule_entry *r = NULL;
	int cfd, n, k, ret;

	cfd = lttc_channel_open_index(sfd, i, NULL);
	if (cfd < 0)
		return cfd;
	ret = lttc_channel_info(cfd, &ci);
	if (ret >= 0)
		channel_line(o, &ci);
	n = ret < 0 ? ret : lttc_rule_list(cfd, &r);
	close(cfd);
	if (n < 0) {
		err("cannot read the rules of channel %d: %s", i,
		    n == -ENOTTY ? "this ltt module cannot list them (ABI 1.6 can)" :
		    strerror(-n));
		return n;
	}
	for (k = 0; k < n; k++) {
		/* the one that enable-channel puts back in the first channel */
		if (!i && !k && !(c->flags & LTT_SESSION_F_NO_STATEDUMP) &&
		    is_statedump_rule(&r[k]))
			continue;
		rule_line(o, ci.name, &r[k], p);
	}
	free(r);
	return 0;
}

static const char *const tracker_names[LTT_TRACKER_NR] = {
#define TRACKER_NAME(type, name)	[LTT_TRACKER_##type] = #name,
	LTT_TRACKER_TYPES(TRACKER_NAME)
#undef TRACKER_NAME
};

/* A line per tracker set that is not "all": 0, or -errno (said). */
static int save_trackers(struct out *o, int sfd)
{
	struct ltt_tracker_entry *e = NULL;
	unsigned int type;
	int n, i;

	n = lttc_tracker_list(sfd, &e);
	if (n < 0) {
		err("cannot read the trackers: %s", n == -ENOTTY ?
		    "this ltt module cannot list them (ABI 1.6 can)" :
		    strerror(-n));
		return n;
	}
	for (type = 0; type < LTT_TRACKER_NR; type++) {
		char *ids = NULL, *more;
		bool follow = false, gone = false;

		for (i = 0; i < n; i++) {
			if (e[i].type != type || (e[i].flags & LTT_TRACKER_ALL))
				continue;
			if (e[i].flags & LTT_TRACKER_NONE) {
				/* the empty set: nothing recorded */
				word(o, "untrack");
				wordf(o, "--%s", tracker_names[type]);
				word(o, "all");
				eol(o);
				break;
			}
			if (type == LTT_TRACKER_CGROUP) {
				/* by path; a removed one is not saved */
				char *path = e[i].flags & LTT_TRACKER_GONE ?
					     NULL : cgroup_path_of(e[i].id);

				if (!path) {
					gone = true;
					continue;
				}
				if (asprintf(&more, "%s%s%s", ids ? ids : "",
					     ids ? "," : "", path) < 0)
					more = NULL;
				free(path);
			} else if (asprintf(&more, "%s%s%lld", ids ? ids : "",
					    ids ? "," : "", (long long)e[i].id) < 0) {
				more = NULL;
			}
			free(ids);
			ids = more;
			if (!ids) {
				free(e);
				err("out of memory");
				return -ENOMEM;
			}
			follow |= e[i].flags & LTT_TRACKER_FOLLOW;
		}
		if (!ids && type == LTT_TRACKER_CGROUP && gone) {
			/* only removed cgroups: nothing recorded */
			word(o, "untrack");
			word(o, "--cgroup");
			word(o, "all");
			eol(o);
		}
		if (!ids)
			continue;
		word(o, "track");
		wordf(o, "--%s", tracker_names[type]);
		word(o, ids);
		if (follow)
			word(o, "--follow-children");
		eol(o);
		free(ids);
	}
	free(e);
	return 0;
}

/*
 * A "trigger add" line per trigger, in id order (load gives them the
 * same ids when the session had no trigger removed). LTTng keeps
 * triggers apart from sessions; here they belong to the session and are
 * saved with it. 0, or -errno (said).
 */
/*
 * A "latency add" or "hist add" line per histogram, in the order of their
 * addition, before the triggers (which may watch them). Their counts are
 * not saved: a loaded histogram starts empty. 0, or -errno (said).
 */
static int save_hists(struct out *o, int sfd)
{
	struct ltt_hist_entry *e = NULL;
	bool lat;
	int n, i;

	n = lttc_hist_list(sfd, &e);
	if (n == -ENOTTY)
		return 0;	/* a module before ABI 1.12: none */
	if (n < 0) {
		err("cannot read the histograms: %s", strerror(-n));
		return n;
	}
	for (i = 0; i < n; i++) {
		lat = e[i].kind == LTT_HIST_KIND_LATENCY;
		if ((e[i].flags & LTT_TRIGGER_F_FILTER) && !e[i].filter[0] &&
		    !e[i].end_filter[0]) {
			left_out(o, "histogram %.*s: its filter's text is unknown",
				 (int)sizeof(e[i].name), e[i].name);
			continue;
		}
		word(o, lat ? "latency" : "hist");
		word(o, "add");
		wordf(o, "%.*s", (int)sizeof(e[i].name), e[i].name);
		word(o, lat ? "--start" : "-e");
		wordf(o, "%.*s", (int)sizeof(e[i].event), e[i].event);
		if (e[i].filter[0]) {
			word(o, lat ? "--start-filter" : "--filter");
			wordf(o, "%.*s", (int)sizeof(e[i].filter), e[i].filter);
		}
		if (lat) {
			word(o, "--end");
			wordf(o, "%.*s", (int)sizeof(e[i].end_event),
			      e[i].end_event);
			if (e[i].end_filter[0]) {
				word(o, "--end-filter");
				wordf(o, "%.*s", (int)sizeof(e[i].end_filter),
				      e[i].end_filter);
			}
			if (e[i].max_pending &&
			    e[i].max_pending != LTT_HIST_PENDING_DEFAULT) {
				word(o, "--max-pending");
				wordf(o, "%u", e[i].max_pending);
			}
		}
		if (e[i].value[0]) {
			word(o, "--value");
			wordf(o, "%.*s", (int)sizeof(e[i].value), e[i].value);
		}
		if (e[i].key_kind == LTT_HIST_KEY_FIELD) {
			word(o, "--key");
			wordf(o, "%.*s", (int)sizeof(e[i].key), e[i].key);
		} else if (e[i].key_kind == LTT_HIST_KEY_CTX) {
			word(o, "--key");
			wordf(o, "$ctx.%s", context_name(e[i].key_ctx));
		}
		if (e[i].key_kind != LTT_HIST_KEY_NONE) {
			word(o, "--max-keys");
			wordf(o, "%u", e[i].max_keys);
		}
		if (e[i].buckets == LTT_HIST_BUCKETS_LINEAR) {
			word(o, "--buckets");
			wordf(o, "linear:%llu", (unsigned long long)e[i].width);
		}
		eol(o);
	}
	free(e);
	return 0;
}

/* The kind of histogram name (LTT_HIST_KIND_*), or 0 */
static unsigned int hist_kind(int sfd, const char *name, size_t len)
{
	struct ltt_hist_entry *h = NULL;
	unsigned int kind = 0;
	int n, i;

	n = lttc_hist_list(sfd, &h);
	for (i = 0; i < n; i++)
		if (!strncmp(h[i].name, name, len))
			kind = h[i].kind;
	free(h);
	return kind;
}

static int save_triggers(struct out *o, int sfd)
{
	struct ltt_trigger_entry *e = NULL;
	unsigned int kind = 0;
	const char *act;
	char every[32];
	bool hist;
	int n, i;

	n = lttc_trigger_list(sfd, &e);
	if (n == -ENOTTY)
		return 0;	/* a module before ABI 1.8: none */
	if (n < 0) {
		err("cannot read the triggers: %s", strerror(-n));
		return n;
	}
	for (i = 0; i < n; i++) {
		act = trigger_action_name(e[i].action);
		hist = e[i].condition == LTT_TRIGGER_COND_HIST_ABOVE ||
		       e[i].condition == LTT_TRIGGER_COND_HIST_NEW_MAX;
		if (hist)
			kind = hist_kind(sfd, e[i].channel,
					 sizeof(e[i].channel));
		if (!act || (e[i].condition != LTT_TRIGGER_COND_EVENT &&
			     e[i].condition != LTT_TRIGGER_COND_BUFFER_USAGE &&
			     !hist) || (hist && !kind)) {
			left_out(o, "trigger %llu: condition %u, action %u unknown to this lttctl",
				 (unsigned long long)e[i].id, e[i].condition,
				 e[i].action);
			continue;
		}
		if (e[i].every_ns % 1000) {
			/* --every counts microseconds at the finest */
			left_out(o, "trigger %llu: every %llu ns is finer than --every reads",
				 (unsigned long long)e[i].id,
				 (unsigned long long)e[i].every_ns);
			continue;
		}
		if ((e[i].flags & LTT_TRIGGER_F_FILTER) && !e[i].filter[0]) {
			left_out(o, "trigger %llu: its filter's text is unknown",
				 (unsigned long long)e[i].id);
			continue;
		}
		word(o, "trigger");
		word(o, "add");
		if (e[i].condition == LTT_TRIGGER_COND_EVENT) {
			word(o, "-e");
			wordf(o, "%.*s", (int)sizeof(e[i].event), e[i].event);
			if (e[i].flags & LTT_TRIGGER_F_FILTER) {
				word(o, "--filter");
				wordf(o, "%.*s", (int)sizeof(e[i].filter),
				      e[i].filter);
			}
		} else if (hist) {
			word(o, kind == LTT_HIST_KIND_LATENCY ? "--latency" :
			     "--hist");
			wordf(o, "%.*s", (int)sizeof(e[i].channel),
			      e[i].channel);
			if (e[i].condition == LTT_TRIGGER_COND_HIST_NEW_MAX) {
				word(o, "--new-max");
			} else {
				word(o, "--above");
				/* a latency's bound: ns, as a duration */
				if (kind == LTT_HIST_KIND_LATENCY)
					wordf(o, "%lldns",
					      (long long)e[i].above);
				else
					wordf(o, "%lld",
					      (long long)e[i].above);
			}
		} else {
			word(o, "--buffer-usage");
			wordf(o, "%u", e[i].usage_pct);
			word(o, "-c");
			wordf(o, "%.*s", (int)sizeof(e[i].channel),
			      e[i].channel);
		}
		word(o, "--action");
		word(o, act);
		if (e[i].max) {
			word(o, "--max");
			wordf(o, "%llu", (unsigned long long)e[i].max);
		}
		if (e[i].every_ns) {
			word(o, "--every");
			word(o, trigger_fmt_every(e[i].every_ns, every,
						  sizeof(every)));
		}
		if (e[i].after_ns) {
			word(o, "--after");
			wordf(o, "%lluns", (unsigned long long)e[i].after_ns);
		}
		eol(o);
	}
	free(e);
	return 0;
}

/* Probes that no rule names exactly: not saved, said so. */
static void unsaved_probes(struct out *o, const struct probes *p)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (!p->done[i])
			left_out(o, "probe %.*s (%.*s): no rule enables it by its name, which is where lttctl enable --%s creates it",
				 (int)sizeof(p->e[i].name), p->e[i].name,
				 (int)sizeof(p->e[i].where), p->e[i].where,
				 p->e[i].kind <= LTT_PROBE_URETPROBE ?
				 kind_opts[p->e[i].kind] + 2 : "kprobe");
}

int save_session(FILE *f, int sfd, const char *name)
{
	struct out o = { .f = f, .bol = true };
	struct ltt_session_config c;
	struct ltt_session_info si;
	struct probes p = { 0 };
	char stamp[64];
	time_t now = time(NULL);
	unsigned int i;
	int ret;

	ret = lttc_session_info(sfd, &si);
	if (ret >= 0)
		ret = session_config(sfd, &c);
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return -1;
	}
	p.n = lttc_probe_list(sfd, &p.e);
	if (p.n < 0)
		p.n = 0;	/* a module without probes has none */
	p.done = calloc(p.n + 1, sizeof(*p.done));
	if (!p.done) {
		free(p.e);
		err("out of memory");
		return -1;
	}
	strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S %z", localtime(&now));
	fprintf(f, "# ltt session %s, saved by lttctl %s on %s\n"
		   "# lttctl load FILE recreates it (--start starts it); the format is ltt-session(5)\n",
		name, LTT_TOOLS_VERSION, stamp);
	create_line(&o, sfd, name, &c);
	for (i = 0; i < si.nr_channels && !ret; i++)
		ret = save_channel(&o, sfd, i, &c, &p);
	if (!ret)
		ret = save_trackers(&o, sfd);
	if (!ret)
		ret = save_hists(&o, sfd);
	if (!ret)
		ret = save_triggers(&o, sfd);
	if (!ret)
		unsaved_probes(&o, &p);
	free(p.e);
	free(p.done);
	if (ret < 0 || o.error)
		return -1;
	return o.incomplete ? 1 : 0;
}
