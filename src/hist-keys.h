/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Histograms: the table of keys (abi.h, "Histograms"), lockless, any
 * context. Also built in userspace, with stand-ins for the kernel's
 * atomics, by tests/unit/test_hist.c (threads racing on one table).
 *
 * mask + 1 slots (a power of two, at least twice max: a lookup always
 * meets a free slot), and one more for the key HIST_KEY_EMPTY itself. A
 * new key first takes one of the max places (nr, atomic), then claims a
 * free slot with cmpxchg on its key; a slot once claimed keeps its key
 * (until the table is reset, with no update running), so a lookup stops
 * at the first free slot. No place left: NULL, the hit is dropped. Two
 * CPUs bringing the same new key: one claims the slot, the other finds
 * it there and gives its place back; so nr never exceeds max and counts
 * the keys kept exactly once the updates are over.
 *
 * Who may include it: src/hist.c, the unit test.
 */
#ifndef _LTT_HIST_KEYS_H
#define _LTT_HIST_KEYS_H

#define HIST_KEY_EMPTY	((u64)S64_MIN)	/* a free slot */

struct hist_key {
	u64 key;			/* HIST_KEY_EMPTY: free */
	atomic64_t count;
	atomic64_t sum;
};

struct hist_keytab {
	struct hist_key *keys;		/* mask + 2 slots */
	u32 mask;
	u32 max;			/* keys kept at most */
	atomic_t nr;			/* places taken */
};

static inline bool hist_key_place(struct hist_keytab *t)
{
	if (atomic_inc_return(&t->nr) <= (int)t->max)
		return true;
	atomic_dec(&t->nr);
	return false;
}

/* The key's slot: found, or taken if there is room; NULL: none. */
static inline struct hist_key *hist_key_slot(struct hist_keytab *t, u64 key)
{
	u32 i = ltt_hist_hash(key, t->mask), n;
	bool placed = false;
	struct hist_key *k;
	u64 cur;

	if (key == HIST_KEY_EMPTY) {
		/* its own slot, after the table: its key 0 once taken */
		k = &t->keys[t->mask + 1];
		if (!READ_ONCE(k->key))
			return k;
		if (!hist_key_place(t))
			return NULL;
		if (cmpxchg64(&k->key, HIST_KEY_EMPTY, 0) != HIST_KEY_EMPTY)
			atomic_dec(&t->nr);	/* another took it */
		return k;
	}
	for (n = 0; n <= t->mask; n++, i = (i + 1) & t->mask) {
		k = &t->keys[i];
		cur = READ_ONCE(k->key);
		if (cur == key)
			goto found;
		if (cur != HIST_KEY_EMPTY)
			continue;
		if (!placed) {
			if (!hist_key_place(t))
				return NULL;
			placed = true;
		}
		cur = cmpxchg64(&k->key, HIST_KEY_EMPTY, key);
		if (cur == HIST_KEY_EMPTY)
			return k;
		if (cur == key)
			goto found;
		/* another key took it: on to the next */
	}
	/* not reached: fewer keys than slots leaves a free one */
	if (placed)
		atomic_dec(&t->nr);
	return NULL;
found:
	if (placed)
		atomic_dec(&t->nr);
	return k;
}

/* Count v under key: the key's count with it, or 0: no room, dropped. */
static inline s64 hist_key_add(struct hist_keytab *t, u64 key, s64 v)
{
	struct hist_key *k = hist_key_slot(t, key);
	s64 n;

	if (!k)
		return 0;
	n = atomic64_inc_return(&k->count);
	atomic64_add(v, &k->sum);
	return n;
}

/* Empty it; no update may run. */
static inline void hist_keys_reset(struct hist_keytab *t)
{
	u32 n;

	for (n = 0; n <= t->mask + 1; n++) {
		t->keys[n].key = HIST_KEY_EMPTY;
		atomic64_set(&t->keys[n].count, 0);
		atomic64_set(&t->keys[n].sum, 0);
	}
	atomic_set(&t->nr, 0);
}

/* The key of slot i (the one after the table holds HIST_KEY_EMPTY);
 * false: a free slot. */
static inline bool hist_key_at(const struct hist_keytab *t, u32 i, s64 *key)
{
	u64 k = READ_ONCE(t->keys[i].key);

	if (k == HIST_KEY_EMPTY)
		return false;
	*key = i > t->mask ? S64_MIN : (s64)k;
	return true;
}

#endif /* _LTT_HIST_KEYS_H */
