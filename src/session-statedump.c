// SPDX-License-Identifier: GPL-2.0-only
/*
 * The state dump as a session feature: at each start, once the session
 * records, every event source records what already runs
 * (ltt_event_sources_dump(), src/event-source.h); and again on demand
 * (LTT_IOC_SESSION_STATEDUMP).
 */
#include "event-source.h"
#include "session.h"
#include "session-feature.h"

/* After START, lock dropped: what already runs, once recording. */
static void statedump_started(struct ltt_session *s)
{
	ltt_event_sources_dump(s);
}

const struct ltt_session_feature ltt_feature_statedump = {
	.name = "statedump",
	.started = statedump_started,
};

/**
 * ltt_session_statedump() - record the state dump again, now
 * @s: the session
 *
 * Return: 0, -EINVAL if @s is not recording, -ENOENT if it records none
 * of the state dump's events.
 */
int ltt_session_statedump(struct ltt_session *s)
{
	bool active;

	ltt_lock();
	active = s->state == LTT_SESSION_ACTIVE;
	ltt_unlock();
	if (!active)
		return -EINVAL;
	/* a stop meanwhile: the records find the channels inactive */
	return ltt_event_sources_dump(s) ? 0 : -ENOENT;
}
