// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace_mark() format parser (src/marker-format.c): every supported
 * conversion gives the right recorded type and field name; every other
 * conversion is refused with a message naming it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "../../src/marker-format.h"

#include "../../src/marker-format.c"

struct want {
	const char *name;
	int arg, size, is_signed, base;
};

static const struct want all[] = {
	{ "a", LTT_MARG_INT, 4, 1, 10 },
	{ "b", LTT_MARG_INT, 4, 1, 10 },
	{ "c", LTT_MARG_UINT, 4, 0, 10 },
	{ "d", LTT_MARG_UINT, 4, 0, 16 },
	{ "e", LTT_MARG_INT, 2, 1, 10 },
	{ "f", LTT_MARG_UINT, 2, 0, 10 },
	{ "g", LTT_MARG_INT, 1, 1, 10 },
	{ "h", LTT_MARG_UINT, 1, 0, 10 },
	{ "i", LTT_MARG_LONG, sizeof(long), 1, 10 },
	{ "j", LTT_MARG_ULONG, sizeof(long), 0, 10 },
	{ "k", LTT_MARG_ULONG, sizeof(long), 0, 16 },
	{ "l", LTT_MARG_LLONG, 8, 1, 10 },
	{ "m", LTT_MARG_ULLONG, 8, 0, 10 },
	{ "n", LTT_MARG_ULLONG, 8, 0, 16 },
	{ "o", LTT_MARG_INT, 1, 0, 10 },
	{ "s", LTT_MARG_STRING, 0, 0, 10 },
	{ "p", LTT_MARG_PTR, sizeof(void *), 0, 16 },
	{ "z", LTT_MARG_ULONG, sizeof(long), 0, 10 },
};

static const char all_fmt[] =
	"a %d b %i c %u d %x e %hd f %hu g %hhd h %hhu i %ld j %lu k %lx "
	"l %lld m %llu n %llx o %c s %s p %p z %zu";

static struct ltt_marker_format fmt;
static char err[LTT_MARKER_ERR_MAX];

static int parse(const char *f)
{
	err[0] = '\0';
	return ltt_marker_parse_format(f, &fmt, err, sizeof(err));
}

static void check_all(void)
{
	unsigned int i, bad = 0;

	ok(parse(all_fmt) == 0, "every supported conversion parses");
	ok(fmt.nr_fields == sizeof(all) / sizeof(all[0]),
	   "one field per conversion (%u)", fmt.nr_fields);
	for (i = 0; i < fmt.nr_fields && i < sizeof(all) / sizeof(all[0]); i++) {
		const struct ltt_marker_field *f = &fmt.fields[i];
		const struct want *w = &all[i];

		if (strcmp(f->name, w->name) || f->arg != w->arg ||
		    f->size != w->size || f->is_signed != w->is_signed ||
		    f->base != w->base) {
			diag("field %u: %s arg %d size %d signed %d base %d",
			     i, f->name, f->arg, f->size, f->is_signed, f->base);
			bad++;
		}
	}
	ok(!bad, "names, fetch types, sizes, signedness and bases");
}

static void check_names(void)
{
	ok(parse("pid=%d comm: %s") == 0 && fmt.nr_fields == 2 &&
	   !strcmp(fmt.fields[0].name, "pid") &&
	   !strcmp(fmt.fields[1].name, "comm"),
	   "the word before the conversion names the field, past '=' or ':'");
	ok(parse("%d %u") == 0 && !strcmp(fmt.fields[0].name, "arg0") &&
	   !strcmp(fmt.fields[1].name, "arg1"),
	   "a conversion without a word is argN");
	ok(parse("x %d%u") == 0 && !strcmp(fmt.fields[1].name, "arg1"),
	   "a name does not reach into the previous conversion");
	ok(parse("100%% done %u") == 0 && fmt.nr_fields == 1 &&
	   !strcmp(fmt.fields[0].name, "done"), "%%%% is a literal");
	ok(parse("no conversion") == 0 && fmt.nr_fields == 0,
	   "a format without conversion has no field");
	ok(parse("") == 0 && fmt.nr_fields == 0, "empty format");
}

static void refused(const char *f, const char *needle)
{
	int r = parse(f);

	ok(r == -EINVAL && strstr(err, needle),
	   "\"%s\" refused: %s", f, err);
}

static void check_refused(void)
{
	char many[200] = "", name[64];
	int i;

	refused("v %f", "\"%f\" at offset 2");
	refused("v %08x", "\"%08x\" at offset 2");
	refused("v %-d", "\"%-d\"");
	refused("v %*d", "\"%*d\"");
	refused("v %.3s", "\"%.3s\"");
	refused("v %o", "\"%o\"");
	refused("v %X", "\"%X\"");
	refused("v %n", "\"%n\"");
	refused("v %lc", "\"%lc\"");
	refused("v %hs", "\"%hs\"");
	refused("v %lp", "\"%lp\"");
	refused("v %hhc", "\"%hhc\"");
	refused("f %pS", "\"%pS\"");
	refused("ip %pI4", "\"%pI\"");
	refused("trailing %", "\"%\" at offset 9");
	refused("trailing %l", "\"%l\"");
	refused("x %d x %u", "duplicate field name \"x\"");
	for (i = 0; i < 33; i++)
		strcat(many, "%d ");
	refused(many, "more than 32 conversions");
	memset(name, 'n', 40);
	strcpy(name + 40, " %d");
	refused(name, "longer than 31");
	ok(parse("v %d w %pS") == -EINVAL && fmt.nr_fields == 1,
	   "the fields before a refused conversion were parsed");
}

int main(void)
{
	plan(3 + 6 + 20);
	check_all();
	check_names();
	check_refused();
	return exit_status();
}
