/* SPDX-License-Identifier: GPL-2.0-only */
/* Userspace stand-in: see ../pmem-shim.h. */
#include "../pmem-shim.h"
