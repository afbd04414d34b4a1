// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl: control ltt tracing sessions. This file holds the global options,
 * the command table (from commands.def) and the command line handling all
 * commands share; each command lives in cmd-<verb>.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lttctl.h"

static const struct lttctl_cmd *const commands[] = {
#define LTTCTL_CMD(verb) &lttctl_cmd_##verb,
#include "commands.h"
#undef LTTCTL_CMD
	NULL
};

static void usage(FILE *f)
{
	const struct lttctl_cmd *const *c;

	fprintf(f, "Usage: lttctl [--help | --version] COMMAND [OPTION...] [ARG...]\n\n"
		   "Commands:\n");
	for (c = commands; *c; c++)
		fprintf(f, "  %-16s %s\n", (*c)->name, (*c)->summary);
	fprintf(f, "\n'lttctl help COMMAND' (or 'lttctl COMMAND --help') describes a command;\n"
		   "man lttctl has it all.\n");
}

/* The command named name, or NULL. */
static const struct lttctl_cmd *find_cmd(const char *name)
{
	const struct lttctl_cmd *const *c;

	for (c = commands; *c; c++)
		if (!strcmp(name, (*c)->name))
			return *c;
	return NULL;
}

/*
 * The -s/--session option of a table (its included tables too), or NULL:
 * its positional form is read into the same variable.
 */
static const struct poptOption *session_option(const struct poptOption *o)
{
	const struct poptOption *s;

	for (; o && (o->longName || o->shortName || o->argInfo); o++) {
		if ((o->argInfo & POPT_ARG_MASK) == POPT_ARG_INCLUDE_TABLE) {
			s = session_option(o->arg);
			if (s)
				return s;
		} else if (o->longName && !strcmp(o->longName, "session") &&
			   (o->argInfo & POPT_ARG_MASK) == POPT_ARG_STRING &&
			   o->arg) {
			return o;
		}
	}
	return NULL;
}

/*
 * LTTng's form "lttng stop NAME": a command that takes -s NAME and no
 * other argument takes the session's name as its argument too. 0, or
 * the exit code after an error (said).
 */
static int positional_session(const struct lttctl_cmd *c, poptContext pc,
			      const char ***args)
{
	const struct poptOption *s = session_option(c->options);
	char **var;

	if (!s || c->max_args != 0 || !*args || !(*args)[0])
		return 0;
	var = s->arg;
	if ((*args)[1]) {
		err("%s: unexpected argument '%s' (see --help)",
		    poptGetInvocationName(pc), (*args)[1]);
		return LTTCTL_USAGE;
	}
	if (*var && strcmp(*var, (*args)[0])) {
		err("%s: two session names, -s %s and %s: give one",
		    poptGetInvocationName(pc), *var, (*args)[0]);
		return LTTCTL_USAGE;
	}
	*var = strdup((*args)[0]);
	if (!*var) {
		err("out of memory");
		return LTTCTL_ERROR;
	}
	*args = NULL;
	return 0;
}

/* The command's options followed by --help (malloc()ed), or NULL. */
static struct poptOption *options_with_help(const struct poptOption *opts,
					    int *help)
{
	const struct poptOption help_opt = {
		"help", 'h', POPT_ARG_NONE, help, 0, "show this help", NULL
	};
	const struct poptOption end = POPT_TABLEEND;
	struct poptOption *all;
	size_t n = 0;

	/* POPT_TABLEEND ends it; an included table has no name */
	while (opts && (opts[n].longName || opts[n].shortName ||
			opts[n].argInfo))
		n++;
	all = malloc((n + 2) * sizeof(*all));
	if (!all)
		return NULL;
	if (n)
		memcpy(all, opts, n * sizeof(*all));
	all[n] = help_opt;
	all[n + 1] = end;
	return all;
}

/*
 * Parse the line of command c: -1 to go on with its positional arguments
 * in *args (owned by pc), else the exit code (after --help: LTTCTL_OK).
 */
static int parse(const struct lttctl_cmd *c, poptContext pc, const int *help,
		 const char ***args)
{
	int n = 0, ret;

	poptSetOtherOptionHelp(pc, c->usage ? c->usage : "[OPTION...]");
	while ((ret = poptGetNextOpt(pc)) > 0)
		if (c->option && c->option(ret, poptGetOptArg(pc)))
			return LTTCTL_USAGE;
	if (ret < -1) {
		err("%s: %s (see --help)", poptBadOption(pc, 0),
		    poptStrerror(ret));
		return LTTCTL_USAGE;
	}
	if (*help) {
		poptPrintHelp(pc, stdout, 0);
		printf("\n%s\n", c->description);
		return LTTCTL_OK;
	}
	*args = poptGetArgs(pc);
	ret = positional_session(c, pc, args);
	if (ret)
		return ret;
	while (*args && (*args)[n])
		n++;
	if (n < c->min_args) {
		err("%s: missing argument (see --help)", poptGetInvocationName(pc));
		return LTTCTL_USAGE;
	}
	if (c->max_args >= 0 && n > c->max_args) {
		err("%s: unexpected argument '%s' (see --help)",
		    poptGetInvocationName(pc), (*args)[c->max_args]);
		return LTTCTL_USAGE;
	}
	return -1;
}

/* Run command c; argv[0] is its name. Returns the exit code. */
static int run_cmd(const struct lttctl_cmd *c, int argc, const char **argv)
{
	struct poptOption *opts;
	const char **args = NULL;
	poptContext pc;
	char prog[64];
	int help = 0, rc;

	/* "lttctl start" in popt's usage lines and in our messages */
	snprintf(prog, sizeof(prog), "lttctl %s", c->name);
	argv[0] = prog;
	opts = options_with_help(c->options, &help);
	if (!opts) {
		err("out of memory");
		return LTTCTL_ERROR;
	}
	pc = poptGetContext(prog, argc, argv, opts, 0);
	rc = parse(c, pc, &help, &args);
	if (rc < 0)
		rc = c->run(args);
	poptFreeContext(pc);
	free(opts);
	return rc;
}

int lttctl_run(int argc, const char **argv)
{
	const struct lttctl_cmd *c = find_cmd(argv[0]);

	if (c)
		return run_cmd(c, argc, argv);
	err("unknown command '%s' (lttctl --help lists them)", argv[0]);
	return LTTCTL_USAGE;
}

/* lttctl help [COMMAND]: lttctl --help, or COMMAND --help (LTTng's). */
static int help(int argc, const char **argv)
{
	const char *cmd_argv[] = { argv[1], "--help", NULL };

	/* lttctl help --help: help is lttctl --help, as a command */
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return LTTCTL_OK;
	}
	if (argc > 2) {
		err("help: unexpected argument '%s' (lttctl help COMMAND)",
		    argv[2]);
		return LTTCTL_USAGE;
	}
	if (!find_cmd(argv[1])) {
		err("help: unknown command '%s' (lttctl --help lists them)",
		    argv[1]);
		return LTTCTL_USAGE;
	}
	return lttctl_run(2, cmd_argv);
}

int main(int argc, const char **argv)
{
	if (argc < 2) {
		err("no command given");
		usage(stderr);
		return LTTCTL_USAGE;
	}
	if (!strcmp(argv[1], "help"))
		return help(argc - 1, argv + 1);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return LTTCTL_OK;
	}
	if (!strcmp(argv[1], "--version"))
		return print_version();
	return lttctl_run(argc - 1, argv + 1);
}
