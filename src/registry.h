/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Internal interface between the registry (src/registry.c), its tracepoint
 * side (src/registry-tp.c) and the markers (src/marker.c). Everything here
 * runs under ltt_lock() unless said otherwise.
 */
#ifndef _LTT_REGISTRY_H
#define _LTT_REGISTRY_H

#include <ltt/core.h>

/* Module init/exit steps, called from src/ltt-core.c. */
int ltt_registry_init(void);
void ltt_registry_exit(void);

/* Registry, lock held. */
void ltt_lock_assert_held(void);
struct ltt_event_desc *ltt_event_find_locked(const char *name);
int ltt_event_register_locked(struct ltt_event_desc *desc);
/* Notifies LTT_REGISTRY_REMOVING and unlinks; the caller synchronizes. */
void ltt_event_unregister_locked(struct ltt_event_desc *desc);

/* Tracepoint events (registry-tp.c). */
int ltt_tp_init(void);
void ltt_tp_exit(void);
bool ltt_tp_exists(const char *tp_name);
int ltt_tp_attach(struct ltt_event_desc *desc);
void ltt_tp_detach(struct ltt_event_desc *desc);

/* Markers (marker.c). */
int ltt_markers_init(void);
void ltt_markers_exit(void);
void ltt_marker_attach(struct ltt_event_desc *desc);
void ltt_marker_detach(struct ltt_event_desc *desc);

#endif /* _LTT_REGISTRY_H */
