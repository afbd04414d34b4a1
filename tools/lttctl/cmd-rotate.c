// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl rotate: have lttd archive the session's current trace chunk now
 * and print the archive's path (LTTng's lttng rotate). The request and
 * its result go through the kernel (abi.h, "Rotation"); rotate_request()
 * serves lttctl clear too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Has lttd close the current trace chunk of session NAME (default: the\n"
	"only one) and archive it as DIR/archives/BEGIN-END-N, a complete trace\n"
	"of its own (its metadata, the packets of the period, a state dump at\n"
	"its start) that babeltrace2 reads alone, while tracing goes on into the\n"
	"next chunk with nothing lost or written twice. Waits until it is done\n"
	"and prints the archive's absolute path, one line, for a script to ship\n"
	"it. A tracing or stopped session; it needs lttd attached (not a flight\n"
	"recorder without --daemon). lttctl enable-rotation schedules rotations.\n"
	"With a relay (--set-url) the relay archives its copy too; to the relay\n"
	"only, the path printed is the relay's, under its output directory. A\n"
	"live session does not rotate.";

static char *opt_session;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	POPT_TABLEEND
};

int rotate_request(int sfd, const char *name, unsigned int flags,
		   char **archive)
{
	const char *what = flags & LTT_ROTATE_CLEAR ? "clear" : "rotate";
	struct ltt_rotate_status st;
	struct ltt_relay_status rs;
	struct ltt_output out;
	uint64_t id;
	int ret, error = 0;

	*archive = NULL;
	ltt_output_get(sfd, &out);
	/* as LTTng: a live session never rotates (clear: doc/relay.md) */
	if (out.url && out.live_us) {
		err("cannot %s session '%s': it is live (--live): lttd does not %s a live session's trace on the relay",
		    what, name, what);
		ltt_output_free(&out);
		return -1;
	}
	ret = lttc_rotate(sfd, flags, &id);
	switch (ret) {
	case 0:
		break;
	case -ENOTCONN:
		ltt_output_free(&out);
		return -ENOTCONN;	/* the caller says what it means */
	case -EBUSY:
		lttc_rotate_status(sfd, &st, NULL, NULL);
		err("cannot %s session '%s': request %llu (a %s) is not done yet",
		    what, name, (unsigned long long)st.requested_id,
		    st.requested_flags & LTT_ROTATE_CLEAR ? "clear" : "rotation");
		break;
	case -EINVAL:
		err("cannot %s session '%s': it was never started", what, name);
		break;
	case -ENOTTY:
		err("the loaded ltt module cannot %s sessions (ABI 1.7 can)", what);
		break;
	default:
		err("cannot %s session '%s': %s", what, name, strerror(-ret));
		break;
	}
	if (ret) {
		ltt_output_free(&out);
		return -1;
	}
	ret = wait_rotation(sfd, id, flags & LTT_ROTATE_CLEAR ?
			    "clear the session" : "archive the chunk",
			    &error, archive);
	if (ret == -EPIPE)
		err("lttd went away before it could %s session '%s' (request %llu waits for the next lttd)",
		    what, name, (unsigned long long)id);
	else if (ret < 0)
		err("session '%s': %s", name, strerror(-ret));
	if (ret < 0) {
		ltt_output_free(&out);
		return -1;
	}
	/* what lttd says of the relay's part: why it was refused, where */
	if (!out.url || ltt_relay_status_read(name, &rs))
		memset(&rs, 0, sizeof(rs));
	if (error) {
		err("lttd could not %s session '%s': %s", what, name,
		    rs.refused[0] ? rs.refused :
		    error == EPIPE ? "it ended while doing it" : strerror(error));
		free(*archive);
		*archive = NULL;
		ltt_output_free(&out);
		return -1;
	}
	if (out.dir && rs.archive[0] && !(flags & LTT_ROTATE_CLEAR))
		fprintf(stderr, "lttctl: the relay archived its copy in %s (under its output directory)\n",
			rs.archive);
	ltt_output_free(&out);
	return 0;
}

static int run_rotate(const char **args __always_unused)
{
	const char *name;
	char *archive;
	int ctl, sfd, ret;

	sfd = ctl_session_open(opt_session, &ctl, &name);
	if (sfd < 0)
		return LTTCTL_ERROR;
	ret = rotate_request(sfd, name, 0, &archive);
	if (ret == -ENOTCONN)
		err("cannot rotate session '%s': no lttd is attached to write chunks (a flight recorder is written out by lttctl snapshot)",
		    name);
	else if (!ret && archive && *archive)
		printf("%s\n", archive);
	else if (!ret)
		warn("rotation done, but a later one ended before lttctl looked: lttctl status shows the last archive");
	free(archive);
	close(sfd);
	close(ctl);
	return ret ? LTTCTL_ERROR : LTTCTL_OK;
}

const struct lttctl_cmd lttctl_cmd_rotate = {
	.name		= "rotate",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "archive the current trace chunk; print its path",
	.description	= description,
	.options	= options,
	.run		= run_rotate,
};
