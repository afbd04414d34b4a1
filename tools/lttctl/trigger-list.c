// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl trigger list: a session's triggers with their counts, as text
 * or as one JSON object (doc/json.md).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "json.h"
#include "trigger.h"

int trigger_list(const struct trigger_opts *o, const char **args __always_unused)
{
	struct ltt_trigger_entry *e = NULL;
	const char *session;
	struct json j;
	int ctl, sfd, n, i;

	sfd = trigger_session_open(o->session, &ctl, &session);
	if (sfd < 0)
		return LTTCTL_ERROR;
	n = lttc_trigger_list(sfd, &e);
	close(sfd);
	close(ctl);
	if (n < 0) {
		err("cannot list the triggers of session %s: %s", session,
		    strerror(-n));
		return LTTCTL_ERROR;
	}
	if (o->json) {
		json_init(&j, stdout);
		json_obj_begin(&j, NULL);
		json_str(&j, "session", session);
		json_arr_begin(&j, "triggers");
		for (i = 0; i < n; i++)
			trigger_json_one(&j, &e[i]);
		json_arr_end(&j);
		json_obj_end(&j);
		json_end(&j);
	} else if (!n) {
		printf("Session %s has no trigger (lttctl trigger add makes one)\n",
		       session);
	} else {
		printf("Session %s: %d trigger%s\n", session, n, n == 1 ? "" : "s");
		for (i = 0; i < n; i++)
			trigger_show_one(&e[i], "  ");
	}
	free(e);
	return LTTCTL_OK;
}
