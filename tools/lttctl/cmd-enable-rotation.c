// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl enable-rotation, disable-rotation: a session's rotation
 * schedule and the limits on its archived chunks (LTTng's commands, and
 * the limits LTTng lacks), kept in the session's configuration, which
 * lttd rereads every second.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "text.h"

static const char enable_description[] =
	"Sets when lttd archives the current trace chunk of session NAME\n"
	"(default: the only one), as lttctl rotate does: every DURATION\n"
	"(--timer: a number and a unit, us, ms, s, m, h or d: 30s, 10m, 1h, 2d;\n"
	"at least 1s), and/or once the chunk holds SIZE (--size, checked every\n"
	"second: a chunk may exceed it by a second's worth); and how many\n"
	"archives to keep: --keep-chunks N keeps the N newest, --keep-size SIZE\n"
	"deletes the oldest beyond SIZE in all, so that the session's disk use\n"
	"stays bounded (LTTng keeps every archive); --keep-snapshots N keeps\n"
	"the N newest snapshot-N-* directories (lttctl-snapshot(1)). Options\n"
	"not given keep their value. Also while tracing, and with trace-file\n"
	"limits (--tracefile-size), which LTTng refuses. lttctl create takes\n"
	"the same as --rotate-every, --rotate-size, --keep-chunks,\n"
	"--keep-size, --keep-snapshots.";

static const char disable_description[] =
	"Removes the rotation schedule of session NAME (default: the only one):\n"
	"the timer (--timer), the size (--size), or both; --keep-chunks,\n"
	"--keep-size and --keep-snapshots remove those limits (every archive,\n"
	"or snapshot, is then kept).";

static char *opt_session, *opt_timer, *opt_size, *opt_keep_chunks;
static char *opt_keep_size, *opt_keep_snapshots;
static int opt_off_timer, opt_off_size, opt_off_keep_chunks, opt_off_keep_size;
static int opt_off_keep_snapshots;

static const struct poptOption enable_options[] = {
	SESSION_OPTION(opt_session),
	{ "timer", 0, POPT_ARG_STRING, &opt_timer, 0,
	  "rotate every DURATION", "DURATION" },
	{ "size", 0, POPT_ARG_STRING, &opt_size, 0,
	  "rotate once the current chunk holds SIZE", "SIZE" },
	{ "keep-chunks", 0, POPT_ARG_STRING, &opt_keep_chunks, 0,
	  "keep the N newest archived chunks, delete older ones", "N" },
	{ "keep-size", 0, POPT_ARG_STRING, &opt_keep_size, 0,
	  "delete the oldest archived chunks beyond SIZE in all", "SIZE" },
	{ "keep-snapshots", 0, POPT_ARG_STRING, &opt_keep_snapshots, 0,
	  "keep the N newest snapshot-N-* directories, delete older ones", "N" },
	POPT_TABLEEND
};

static const struct poptOption disable_options[] = {
	SESSION_OPTION(opt_session),
	{ "timer", 0, POPT_ARG_NONE, &opt_off_timer, 0,
	  "no rotation by time", NULL },
	{ "size", 0, POPT_ARG_NONE, &opt_off_size, 0,
	  "no rotation by size", NULL },
	{ "keep-chunks", 0, POPT_ARG_NONE, &opt_off_keep_chunks, 0,
	  "no limit on the number of archives", NULL },
	{ "keep-size", 0, POPT_ARG_NONE, &opt_off_keep_size, 0,
	  "no limit on the size of the archives", NULL },
	{ "keep-snapshots", 0, POPT_ARG_NONE, &opt_off_keep_snapshots, 0,
	  "no limit of their own on the number of snapshots (--keep-chunks's then)",
	  NULL },
	POPT_TABLEEND
};

void rotation_describe(const struct ltt_session_config *c, char *buf,
		       size_t len)
{
	char d[32], s[32], k[32];
	int n;

	n = snprintf(buf, len, "%s", !c->rotate_every_us && !c->rotate_size ?
		     "by lttctl rotate only" : "");
	if (c->rotate_every_us)
		n += snprintf(buf + n, len - n, "every %s",
			      text_fmt_duration(c->rotate_every_us, d, sizeof(d)));
	if (c->rotate_size)
		n += snprintf(buf + n, len - n, "%sat %s",
			      c->rotate_every_us ? ", " : "",
			      text_fmt_size(c->rotate_size, s, sizeof(s)));
	if (c->keep_chunks || c->keep_size)
		n += snprintf(buf + n, len - n, "; keeping");
	if (c->keep_chunks)
		n += snprintf(buf + n, len - n, " %u chunks", c->keep_chunks);
	if (c->keep_size)
		n += snprintf(buf + n, len - n, "%s %s of archives",
			      c->keep_chunks ? "," : "",
			      text_fmt_size(c->keep_size, k, sizeof(k)));
	if (c->keep_snapshots)
		snprintf(buf + n, len - n, "%s %u snapshots",
			 c->keep_chunks || c->keep_size ? "," : "; keeping",
			 c->keep_snapshots);
}

static int enable_edit(struct ltt_session_config *c);

static bool live_session(int sfd)
{
	struct ltt_output o;
	bool live;

	if (ltt_output_get(sfd, &o) < 0)
		return false;
	live = o.url && o.live_us;
	ltt_output_free(&o);
	return live;
}

/* Change session's configuration with edit(): the exit code. */
static int change(int (*edit)(struct ltt_session_config *c))
{
	struct ltt_session_config c;
	const char *name;
	char text[160];
	int ctl, sfd, ret, rc = LTTCTL_ERROR;

	sfd = ctl_session_open(opt_session, &ctl, &name);
	if (sfd < 0)
		return LTTCTL_ERROR;
	ret = lttc_session_get_config(sfd, &c);
	if (ret >= 0 && edit == enable_edit && live_session(sfd)) {
		/* as LTTng: a live session does not rotate (doc/relay.md) */
		err("cannot schedule rotations of session '%s': it is live (--live)",
		    name);
		goto out;
	}
	if (ret >= 0) {
		rc = edit(&c);
		if (rc != LTTCTL_OK)
			goto out;
		rc = LTTCTL_ERROR;
		ret = lttc_session_set_config(sfd, &c);
	}
	if (ret < 0) {
		err("cannot change the rotation of session '%s': %s", name,
		    ret == -ENOTTY ? "this ltt module has no rotation (ABI 1.7 has it)" :
		    ret == -EINVAL ? "the module refuses these values" :
		    strerror(-ret));
		goto out;
	}
	rotation_describe(&c, text, sizeof(text));
	printf("Session %s rotates %s.\n", name, text);
	rc = LTTCTL_OK;
out:
	close(sfd);
	close(ctl);
	return rc;
}

static struct ltt_session_config given;	/* the values of enable-rotation */

static int enable_edit(struct ltt_session_config *c)
{
	if (opt_timer)
		c->rotate_every_us = given.rotate_every_us;
	if (opt_size)
		c->rotate_size = given.rotate_size;
	if (opt_keep_chunks)
		c->keep_chunks = given.keep_chunks;
	if (opt_keep_size)
		c->keep_size = given.keep_size;
	if (opt_keep_snapshots)
		c->keep_snapshots = given.keep_snapshots;
	return LTTCTL_OK;
}

static int disable_edit(struct ltt_session_config *c)
{
	if (opt_off_timer)
		c->rotate_every_us = 0;
	if (opt_off_size)
		c->rotate_size = 0;
	if (opt_off_keep_chunks)
		c->keep_chunks = 0;
	if (opt_off_keep_size)
		c->keep_size = 0;
	if (opt_off_keep_snapshots)
		c->keep_snapshots = 0;
	return LTTCTL_OK;
}

static int run_enable_rotation(const char **args __always_unused)
{
	uint64_t every = 0, size = 0, keep_size = 0;
	uint32_t keep_chunks = 0, keep_snapshots = 0;

	if (!opt_timer && !opt_size && !opt_keep_chunks && !opt_keep_size &&
	    !opt_keep_snapshots) {
		err("give --timer DURATION, --size SIZE, --keep-chunks N, --keep-size SIZE or --keep-snapshots N");
		return LTTCTL_USAGE;
	}
	if ((opt_timer && parse_rotate_every("--timer", opt_timer, &every)) ||
	    (opt_size && parse_size_arg("--size", opt_size, &size)) ||
	    (opt_keep_chunks && parse_count_arg("--keep-chunks", opt_keep_chunks,
						&keep_chunks)) ||
	    (opt_keep_size && parse_size_arg("--keep-size", opt_keep_size,
					     &keep_size)) ||
	    (opt_keep_snapshots && parse_count_arg("--keep-snapshots",
						   opt_keep_snapshots,
						   &keep_snapshots)))
		return LTTCTL_USAGE;
	given.keep_snapshots = keep_snapshots;
	given.rotate_every_us = every;
	given.rotate_size = size;
	given.keep_chunks = keep_chunks;
	given.keep_size = keep_size;
	return change(enable_edit);
}

static int run_disable_rotation(const char **args __always_unused)
{
	if (!opt_off_timer && !opt_off_size && !opt_off_keep_chunks &&
	    !opt_off_keep_size && !opt_off_keep_snapshots) {
		err("give what to remove: --timer, --size, --keep-chunks, --keep-size, --keep-snapshots");
		return LTTCTL_USAGE;
	}
	return change(disable_edit);
}

const struct lttctl_cmd lttctl_cmd_enable_rotation = {
	.name		= "enable-rotation",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "rotate a session on a schedule; bound its archives",
	.description	= enable_description,
	.options	= enable_options,
	.run		= run_enable_rotation,
};

const struct lttctl_cmd lttctl_cmd_disable_rotation = {
	.name		= "disable-rotation",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "remove a session's rotation schedule or limits",
	.description	= disable_description,
	.options	= disable_options,
	.run		= run_disable_rotation,
};
