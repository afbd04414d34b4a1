/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The registry's interface inside ltt.ko: its lock, its list, its notifier
 * (for the session code) and the counted attach of events. The part probe
 * modules use (ltt_event_register/unregister) is in <ltt/core.h>.
 * Everything here runs under ltt_lock() unless said otherwise.
 *
 * Who may include it: ltt.ko only (the files of src/).
 */
#ifndef _LTT_REGISTRY_H
#define _LTT_REGISTRY_H

#include <linux/notifier.h>
#include <ltt/core.h>

/* Module init/exit steps, called from src/ltt-core.c. */
int ltt_registry_init(void);
void ltt_registry_exit(void);

void ltt_lock(void);
void ltt_unlock(void);
void ltt_lock_assert_held(void);

/* Notifier chain: LTT_REGISTRY_ADDED / LTT_REGISTRY_REMOVING, data = desc,
 * called under ltt_lock(). The session code binds new events to the
 * channels whose enablers match and unbinds removed ones. */
#define LTT_REGISTRY_ADDED	1
#define LTT_REGISTRY_REMOVING	2
int ltt_registry_notifier_register(struct notifier_block *nb);
int ltt_registry_notifier_unregister(struct notifier_block *nb);

/* Iterate every registered desc, under ltt_lock(). */
#define ltt_for_each_event_desc(desc) \
	list_for_each_entry(desc, ltt_registry_list(), registry_node)
struct list_head *ltt_registry_list(void);

/* Registry, lock held. */
struct ltt_event_desc *ltt_event_find_locked(const char *name);
int ltt_event_register_locked(struct ltt_event_desc *desc);
/* Notifies LTT_REGISTRY_REMOVING and unlinks; the caller synchronizes. */
void ltt_event_unregister_locked(struct ltt_event_desc *desc);


/* Attach the desc's probe (through its event source, src/event-source.h)
 * when its first binding is enabled, detach after the last is disabled. */
int ltt_event_attach(struct ltt_event_desc *desc);
void ltt_event_detach(struct ltt_event_desc *desc);

#endif /* _LTT_REGISTRY_H */
