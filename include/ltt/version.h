/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ltt's version, as a string for the build and from the running ltt.ko.
 * Who may include it: ltt.ko and any module that links against it.
 */
#ifndef _LTT_VERSION_H
#define _LTT_VERSION_H

#include <ltt/import.h>

#define LTT_VERSION	"0.1.0"

const char *ltt_version(void);

#endif /* _LTT_VERSION_H */
