// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl --version: this tool's version and ABI, and those of the loaded
 * ltt module (its MODULE_VERSION in sysfs, its ABI from the handshake),
 * or why there is none.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "lttctl.h"
#include "modules.h"

#ifndef LTT_TOOLS_VERSION
#define LTT_TOOLS_VERSION "unknown"
#endif

int print_version(void)
{
	char mver[64] = "";
	const char *dev;
	struct ltt_version v;
	FILE *f;
	int ctl, ret;

	printf("lttctl (ltt) %s, ABI %d.%d\n", LTT_TOOLS_VERSION,
	       LTT_ABI_MAJOR, LTT_ABI_MINOR);
	f = fopen("/sys/module/ltt/version", "re");
	if (!f) {
		printf("module: not loaded\n");
		fflush(stdout);
		err("ltt.ko is not loaded: modprobe ltt");
		explain_ltt_missing();
		return LTTCTL_OK;
	}
	if (!fgets(mver, sizeof(mver), f))
		mver[0] = '\0';
	fclose(f);
	mver[strcspn(mver, "\n")] = '\0';
	/* not lttc_open(): it hides the module's version when they differ */
	dev = getenv("LTT_DEV");
	ctl = open(dev && *dev ? dev : LTT_CTL_DEV, O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		printf("module: ltt %s, ABI unknown (%s: %s)\n", mver,
		       dev && *dev ? dev : LTT_CTL_DEV, strerror(errno));
		return LTTCTL_OK;
	}
	memset(&v, 0, sizeof(v));
	ret = lttc_version(ctl, &v);
	close(ctl);
	if (ret < 0 && ret != -EPROTO) {
		printf("module: ltt %s, ABI unknown (%s)\n", mver, strerror(-ret));
		return LTTCTL_OK;
	}
	printf("module: ltt %s, ABI %u.%u\n", mver, v.major, v.minor);
	if (ret == -EPROTO || v.major != LTT_ABI_MAJOR)
		warn("the module's ABI major differs from lttctl's: install matching versions");
	return LTTCTL_OK;
}
