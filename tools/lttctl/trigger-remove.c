// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl trigger remove ID: the trigger stops watching at once; a fire in
 * progress finishes its action.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "text.h"
#include "trigger.h"

int trigger_remove(const struct trigger_opts *o, const char **args)
{
	const char *session;
	int ctl, sfd, ret;
	uint64_t id;

	if (text_parse_uint(args[0], UINT64_MAX, &id) || !id) {
		err("trigger remove: '%s' is not a trigger id (a number above 0; lttctl trigger list shows them)",
		    args[0]);
		return LTTCTL_USAGE;
	}
	sfd = trigger_session_open(o->session, &ctl, &session);
	if (sfd < 0)
		return LTTCTL_ERROR;
	ret = lttc_trigger_remove(sfd, id);
	close(sfd);
	close(ctl);
	if (ret == -ENOENT) {
		err("trigger remove: session %s has no trigger %llu (lttctl trigger list shows them)",
		    session, (unsigned long long)id);
		return LTTCTL_ERROR;
	}
	if (ret < 0) {
		err("trigger remove %llu: %s", (unsigned long long)id,
		    strerror(-ret));
		return LTTCTL_ERROR;
	}
	printf("trigger %llu removed\n", (unsigned long long)id);
	return LTTCTL_OK;
}
