/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LTT_VERSION_H
#define _LTT_VERSION_H

#define LTT_VERSION	"0.1.0"

const char *ltt_version(void);

#endif /* _LTT_VERSION_H */
