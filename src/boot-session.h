/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The boot session (src/boot-session.c): made at the end of ltt.ko's init
 * from its boot_* parameters, destroyed at the start of its exit.
 *
 * Who may include it: src/ltt-core.c.
 */
#ifndef _LTT_SRC_BOOT_SESSION_H
#define _LTT_SRC_BOOT_SESSION_H

/* Never fails: a bad parameter is reported and leaves no session. */
void ltt_boot_session_init(void);
void ltt_boot_session_exit(void);

#endif /* _LTT_SRC_BOOT_SESSION_H */
