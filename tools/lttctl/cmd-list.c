// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl list: the events (tracepoint probes) and markers registered, each
 * with its fields.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "modules.h"

static const char description[] =
	"Lists the events the loaded probe modules provide and the markers\n"
	"registered, with their number of fields; \"recording\" marks those a\n"
	"session records now, \"unavailable\" those that cannot be attached.\n"
	"Below each event, one line per field in record order, \"name: type\":\n"
	"s32, u64 (signed or unsigned integer of that many bits; \"hex\",\n"
	"\"octal\" or \"binary\" when shown in that base), string, u64[6] (fixed\n"
	"array), u8[] (variable-length sequence), enum NAME (u8). --brief\n"
	"leaves the fields out. Then, under \"Not loaded\", the events of the\n"
	"installed probe modules that are not loaded, each with its module.";

static int opt_brief;

static const struct poptOption options[] = {
	{ "brief", 'b', POPT_ARG_NONE, &opt_brief, 0,
	  "one line per event, without its fields", NULL },
	POPT_TABLEEND
};

/* "s32", "u64" */
static void int_type(char *buf, size_t len, const struct ltt_field_entry *f)
{
	snprintf(buf, len, "%c%u", f->flags & LTT_FIELD_F_SIGNED ? 's' : 'u',
		 f->size * 8);
}

static const char *base_suffix(unsigned int base)
{
	switch (base) {
	case 16:
		return " hex";
	case 8:
		return " octal";
	case 2:
		return " binary";
	default:
		return "";
	}
}

static void print_field(const struct ltt_field_entry *f)
{
	char it[16];

	int_type(it, sizeof(it), f);
	printf("      %.*s: ", (int)sizeof(f->name), f->name);
	switch (f->type) {
	case LTT_FIELD_TYPE_INTEGER:
		printf("%s%s\n", it, base_suffix(f->base));
		break;
	case LTT_FIELD_TYPE_STRING:
		printf("string\n");
		break;
	case LTT_FIELD_TYPE_ARRAY:
		printf("%s[%u]%s\n", it, f->length, base_suffix(f->base));
		break;
	case LTT_FIELD_TYPE_SEQUENCE:
		printf("%s[]%s\n", it, base_suffix(f->base));
		break;
	case LTT_FIELD_TYPE_ENUM:
		printf("enum %.*s (%s%s)\n", (int)sizeof(f->enum_name),
		       f->enum_name, it, base_suffix(f->base));
		break;
	default:
		printf("type %u (unknown to this lttctl)\n", f->type);
	}
}

/* The fields of one event; LTTCTL_OK, or LTTCTL_ERROR (printed why). */
static int print_fields(int ctl, const struct ltt_event_entry *e,
			bool *no_fields)
{
	struct ltt_field_entry *f = NULL;
	int n, i;

	if (*no_fields)
		return LTTCTL_OK;
	n = lttc_event_fields(ctl, e->name, &f);
	if (n == -ENOENT)		/* unregistered since the list */
		return LTTCTL_OK;
	if (n == -ENOTTY) {
		warn("the loaded ltt module does not tell fields: listing without them");
		*no_fields = true;
		return LTTCTL_OK;
	}
	if (n < 0) {
		err("cannot read the fields of %s: %s", e->name, strerror(-n));
		return LTTCTL_ERROR;
	}
	for (i = 0; i < n; i++)
		print_field(&f[i]);
	free(f);
	return LTTCTL_OK;
}

static int run_list(const char **args __always_unused)
{
	struct ltt_event_entry *e = NULL;
	int rc = LTTCTL_ERROR, ctl, n, i;
	bool no_fields = opt_brief;

	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	n = lttc_event_list(ctl, &e);
	if (n < 0) {
		err("cannot list events: %s", strerror(-n));
	} else {
		rc = LTTCTL_OK;
		printf("%d event%s:\n", n, n == 1 ? "" : "s");
		for (i = 0; i < n; i++) {
			printf("  %-40s %-10s %2u field%s%s%s\n", e[i].name,
			       e[i].type == LTT_EVENT_TYPE_MARKER ? "marker" :
			       e[i].type == LTT_EVENT_TYPE_STATEDUMP ? "statedump" :
			       e[i].type == LTT_EVENT_TYPE_SYSCALL ? "syscall" :
								     "tracepoint",
			       e[i].nr_fields, e[i].nr_fields == 1 ? " " : "s",
			       e[i].flags & LTT_EVENT_F_ATTACHED ? "  recording" : "",
			       e[i].flags & LTT_EVENT_F_UNAVAILABLE ?
				       "  unavailable" : "");
			if (print_fields(ctl, &e[i], &no_fields) != LTTCTL_OK)
				rc = LTTCTL_ERROR;
		}
		list_unloaded(e, n);
	}
	free(e);
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_list = {
	.name		= "list",
	.summary	= "list the events and markers that can be recorded",
	.description	= description,
	.options	= options,
	.run		= run_list,
};
