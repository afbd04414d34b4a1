// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl clear: drop what a session recorded so far, in its buffers and
 * in the current chunk's files, and go on (LTTng's lttng clear): done by
 * lttd (a rotation request with LTT_ROTATE_CLEAR), or, when no lttd is
 * attached, by lttctl itself on the buffers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Drops what session NAME has recorded so far (without NAME: the only\n"
	"session, if lttctl start made it; one made to last, by lttctl create\n"
	"or load, the ltt service or a module, is cleared by its name only):\n"
	"the packets in its buffers and the files of its current trace chunk\n"
	"(the metadata stays; archived chunks stay too), and goes on: the trace\n"
	"holds nothing from before the clear and everything after it. A\n"
	"tracing or stopped session. Without lttd attached (a flight recorder),\n"
	"lttctl empties the buffers itself: what is on disk stays.";

static char *opt_session;

static const struct poptOption options[] = {
	SESSION_OPTION(opt_session),
	POPT_TABLEEND
};

/*
 * Put back, unwritten, every packet of stream cpu closed by now: flush,
 * take the position the packets after the clear start at (abi.h,
 * STREAM_POSITION), GET and PUT up to it. The number of packets, or
 * -errno.
 */
static int clear_stream(int cfd, unsigned int cpu)
{
	struct ltt_stream_position pos = { 0 };
	struct ltt_subbuf sb;
	uint64_t boundary;
	int st, ret, n = 0;

	st = lttc_stream_open(cfd, cpu);
	if (st < 0)
		return st == -ENODEV ? 0 : st;	/* no buffer on that CPU */
	ret = lttc_stream_flush(st);
	if (ret >= 0)
		ret = lttc_stream_position(st, &pos);
	boundary = pos.next_seq;
	while (ret >= 0) {
		ret = lttc_stream_position(st, &pos);
		if (ret < 0 || pos.read_seq >= boundary)
			break;
		ret = lttc_get_next_subbuf(st, &sb);
		if (ret == -EAGAIN || ret == -ENODATA) {
			ret = 0;	/* all below the boundary is gone */
			break;
		}
		/*
		 * A flight recorder overwriting meanwhile may have left only
		 * packets past the boundary: this one goes too, as it went
		 * had it been written a moment earlier.
		 */
		if (ret >= 0)
			ret = lttc_put_next_subbuf(st);
		if (ret >= 0)
			n++;
	}
	close(st);
	return ret < 0 ? ret : n;
}

/* Clear every stream of session sfd: 0, or -1 (said). */
static int clear_buffers(int sfd, const char *name, uint64_t *packets)
{
	struct ltt_session_info si;
	struct ltt_channel_info ci;
	unsigned int i, cpu;
	int cfd, ret = 0;

	*packets = 0;
	ret = lttc_session_info(sfd, &si);
	for (i = 0; ret >= 0 && i < si.nr_channels; i++) {
		cfd = lttc_channel_open_index(sfd, i, NULL);
		if (cfd < 0) {
			ret = cfd;
			break;
		}
		ret = lttc_channel_info(cfd, &ci);
		for (cpu = 0; ret >= 0 && cpu < ci.nr_streams; cpu++) {
			ret = clear_stream(cfd, cpu);
			if (ret >= 0)
				*packets += ret;
		}
		close(cfd);
	}
	if (ret >= 0)
		return 0;
	err("cannot clear session '%s': %s", name, ret == -EBUSY ?
	    "lttd attached while lttctl cleared it: run lttctl clear again" :
	    strerror(-ret));
	return -1;
}

static int clear(int sfd, const char *name)
{
	struct ltt_session_info si;
	uint64_t packets;
	char *archive;
	int ret;

	ret = lttc_session_info(sfd, &si);
	if (ret < 0) {
		err("session '%s': %s", name, strerror(-ret));
		return -1;
	}
	if (si.state == LTT_SESSION_NEW) {
		printf("Session %s cleared (never started: it held nothing).\n",
		       name);
		return 0;
	}
	ret = rotate_request(sfd, name, LTT_ROTATE_CLEAR, &archive);
	free(archive);
	if (ret != -ENOTCONN) {
		if (!ret)
			printf("Session %s cleared.\n", name);
		return ret;
	}
	if (clear_buffers(sfd, name, &packets))
		return -1;
	printf("Session %s cleared: %llu packets put back from its buffers (no lttd attached: files on disk left as they are).\n",
	       name, (unsigned long long)packets);
	return 0;
}

static int run_clear(const char **args __always_unused)
{
	const char *name;
	int ctl, sfd, rc;

	sfd = ctl_session_open(opt_session, &ctl, &name);
	if (sfd < 0)
		return LTTCTL_ERROR;
	if (!opt_session && kept_unnamed(sfd, name, "clear"))
		rc = LTTCTL_USAGE;
	else
		rc = clear(sfd, name) ? LTTCTL_ERROR : LTTCTL_OK;
	close(sfd);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_clear = {
	.name		= "clear",
	.usage		= "[OPTION...] [NAME]",
	.summary	= "drop what a session recorded so far, and go on",
	.description	= description,
	.options	= options,
	.run		= run_clear,
};
