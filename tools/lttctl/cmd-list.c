// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl list: the events (tracepoint probes) and markers registered.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"

static const char desc[] =
	"Lists the events the loaded probe modules provide and the markers\n"
	"registered, with their number of fields; \"recording\" marks those a\n"
	"session records now, \"unavailable\" those that cannot be attached.";

int cmd_list(int argc, const char **argv)
{
	struct ltt_event_entry *e = NULL;
	int help = 0, rc, ctl, n, i;
	struct poptOption opts[] = {
		HELP_OPTION(help),
		POPT_TABLEEND
	};
	poptContext pc = poptGetContext("lttctl list", argc, argv, opts, 0);

	rc = cmd_parse(pc, "[OPTION...]", desc, &help, NULL, NULL, 0, 0, NULL);
	if (rc >= 0)
		goto out;
	rc = LTTCTL_ERROR;
	ctl = ctl_open();
	if (ctl < 0)
		goto out;
	n = lttc_event_list(ctl, &e);
	if (n < 0) {
		err("cannot list events: %s", strerror(-n));
	} else {
		printf("%d event%s:\n", n, n == 1 ? "" : "s");
		for (i = 0; i < n; i++)
			printf("  %-40s %-10s %2u field%s%s%s\n", e[i].name,
			       e[i].type == LTT_EVENT_TYPE_MARKER ? "marker" :
								    "tracepoint",
			       e[i].nr_fields, e[i].nr_fields == 1 ? " " : "s",
			       e[i].flags & LTT_EVENT_F_ATTACHED ? "  recording" : "",
			       e[i].flags & LTT_EVENT_F_UNAVAILABLE ?
				       "  unavailable" : "");
		rc = LTTCTL_OK;
	}
	free(e);
	close(ctl);
out:
	poptFreeContext(pc);
	return rc;
}
