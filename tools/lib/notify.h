/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Trigger notifications (abi.h, "Triggers": TRIGGER_NOTIFY_OPEN) read and
 * written out (tools/lib/notify.c). A record comes from the kernel but is
 * parsed as untrusted input: every length, count and kind is checked
 * before anything is used, so that a corrupted or misaligned record is an
 * error, never a read past the buffer.
 */
#ifndef _LTT_NOTIFY_H
#define _LTT_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <ltt/abi.h>

#define LTT_NOTIF_HDR_SIZE	sizeof(struct ltt_trigger_notification)
#define LTT_NOTIF_PAYLOAD_MAX	(LTT_NOTIFICATION_MAX - LTT_NOTIF_HDR_SIZE)
/* the smallest field: kind, name length, a 1-byte name, an empty string */
#define LTT_NOTIF_FIELD_MIN	5
#define LTT_NOTIF_MAX_FIELDS	(LTT_NOTIF_PAYLOAD_MAX / LTT_NOTIF_FIELD_MIN)

struct ltt_notif_field {
	unsigned int kind;		/* LTT_NFIELD_INT or _STR */
	char name[256];			/* NUL-terminated copy */
	int64_t i;			/* INT */
	char str[LTT_NFIELD_STR_MAX + 1];	/* STR, NUL-terminated copy */
	size_t str_len;			/* may hold NUL bytes before it */
};

struct ltt_notif {
	struct ltt_trigger_notification h;	/* the header, copied */
	char event[LTT_EVENT_NAME_LEN];		/* h.event, checked */
	unsigned int nr;			/* == h.nr_fields */
	struct ltt_notif_field f[LTT_NOTIF_MAX_FIELDS];
};

/*
 * Parse the len bytes one read() of a notification fd returned into n:
 * 0, or -EINVAL with *why (static text) saying what is wrong. Checked:
 * len against the header and LTT_NOTIFICATION_MAX, payload_len == the
 * bytes after the header, the event name terminated and made of name
 * characters, each field inside the payload (its name length, its value's
 * length), its kind known, its name 1..255 name characters, a string at
 * most LTT_NFIELD_STR_MAX bytes, exactly nr_fields fields filling the
 * payload, and no flag unknown to this version.
 */
int ltt_notif_parse(const void *buf, size_t len, struct ltt_notif *n,
		    const char **why);

/*
 * One line for a person or a script, newline included:
 *   TRIGGER_ID EVENT cpu=N pid=P tid=T ts=NS [missed=M] [truncated] name=value...
 * EVENT is "-" for a buffer-usage notification; integers in decimal,
 * strings in double quotes with \" \\ and non-printable bytes as \xHH.
 */
void ltt_notif_print(FILE *f, const struct ltt_notif *n);
/* The same as one JSON object on one line (doc/json.md). */
void ltt_notif_json(FILE *f, const struct ltt_notif *n);

#endif /* _LTT_NOTIFY_H */
