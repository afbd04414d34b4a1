/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in: see ../kernel-shim.h. */
#include "../kernel-shim.h"
