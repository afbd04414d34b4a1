// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl disable: add "do not record EVENT" rules (see cmd-enable.c).
 */
#include "lttctl.h"

int cmd_disable(int argc, const char **argv)
{
	return events_cmd(argc, argv, false);
}
