/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in, as the uapi linux/errno.h: the numbers only. */
#include <asm/errno.h>
