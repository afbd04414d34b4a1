// SPDX-License-Identifier: GPL-2.0-only
/*
 * Trigger notifications: parse one record as read from a notification fd
 * (the layout is abi.h's, "Triggers") and write it as a line of text or
 * of JSON. The parser trusts nothing in the record: a kernel bug, a
 * different ABI or a torn copy must give an error, not a crash or a line
 * made of bytes beyond the record.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include "json.h"
#include "notify.h"

static bool name_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* The header's event: NUL-terminated in its array, name characters (a
 * pattern never: a notification names the event that fired). */
static bool event_ok(const char *ev, size_t size)
{
	const char *nul = memchr(ev, '\0', size);
	const char *p;

	if (!nul)
		return false;
	for (p = ev; p < nul; p++)
		if (!name_char(*p) && *p != ':' && *p != '.' && *p != '-')
			return false;
	return true;
}

/* One field at p[*pos..end): 0, or -EINVAL with *why. */
static int parse_field(const uint8_t *p, size_t *pos, size_t end,
		       struct ltt_notif_field *f, const char **why)
{
	size_t at = *pos, nlen, i;
	uint16_t slen;

	if (end - at < 2) {
		*why = "a field's kind and name length run past the payload";
		return -EINVAL;
	}
	f->kind = p[at++];
	nlen = p[at++];
	if (f->kind != LTT_NFIELD_INT && f->kind != LTT_NFIELD_STR) {
		*why = "a field of an unknown kind";
		return -EINVAL;
	}
	if (!nlen) {
		*why = "a field without a name";
		return -EINVAL;
	}
	if (end - at < nlen) {
		*why = "a field's name runs past the payload";
		return -EINVAL;
	}
	for (i = 0; i < nlen; i++) {
		if (!name_char(p[at + i])) {
			*why = "a field's name holds a character no name has";
			return -EINVAL;
		}
		f->name[i] = p[at + i];
	}
	f->name[nlen] = '\0';
	at += nlen;
	if (f->kind == LTT_NFIELD_INT) {
		if (end - at < sizeof(f->i)) {
			*why = "an integer field's value runs past the payload";
			return -EINVAL;
		}
		memcpy(&f->i, p + at, sizeof(f->i));	/* unaligned */
		at += sizeof(f->i);
		f->str_len = 0;
		f->str[0] = '\0';
	} else {
		if (end - at < sizeof(slen)) {
			*why = "a string field's length runs past the payload";
			return -EINVAL;
		}
		memcpy(&slen, p + at, sizeof(slen));
		at += sizeof(slen);
		if (slen > LTT_NFIELD_STR_MAX) {
			*why = "a string field longer than LTT_NFIELD_STR_MAX";
			return -EINVAL;
		}
		if (end - at < slen) {
			*why = "a string field's bytes run past the payload";
			return -EINVAL;
		}
		memcpy(f->str, p + at, slen);
		f->str[slen] = '\0';
		f->str_len = slen;
		f->i = 0;
		at += slen;
	}
	*pos = at;
	return 0;
}

int ltt_notif_parse(const void *buf, size_t len, struct ltt_notif *n,
		    const char **why)
{
	const uint8_t *p = buf;
	size_t pos, end;
	unsigned int i;
	int ret;

	*why = "";
	if (len < LTT_NOTIF_HDR_SIZE) {
		*why = "shorter than a notification's header";
		return -EINVAL;
	}
	if (len > LTT_NOTIFICATION_MAX) {
		*why = "longer than LTT_NOTIFICATION_MAX";
		return -EINVAL;
	}
	memcpy(&n->h, p, LTT_NOTIF_HDR_SIZE);
	if (n->h.payload_len != len - LTT_NOTIF_HDR_SIZE) {
		*why = "payload_len is not the bytes after the header";
		return -EINVAL;
	}
	if (n->h.flags & ~LTT_NOTIFICATION_F_TRUNCATED) {
		*why = "a flag this lttctl does not know";
		return -EINVAL;
	}
	if (!n->h.trigger_id) {
		*why = "trigger id 0";
		return -EINVAL;
	}
	if (!event_ok(n->h.event, sizeof(n->h.event))) {
		*why = "the event's name is not terminated or not a name";
		return -EINVAL;
	}
	memcpy(n->event, n->h.event, sizeof(n->event));
	if (n->h.nr_fields > LTT_NOTIF_MAX_FIELDS) {
		*why = "more fields than a payload can hold";
		return -EINVAL;
	}
	pos = LTT_NOTIF_HDR_SIZE;
	end = len;
	for (i = 0; i < n->h.nr_fields; i++) {
		ret = parse_field(p, &pos, end, &n->f[i], why);
		if (ret)
			return ret;
	}
	if (pos != end) {
		*why = "bytes left in the payload after its nr_fields fields";
		return -EINVAL;
	}
	n->nr = n->h.nr_fields;
	return 0;
}

/* A string value in double quotes; bytes a terminal would act on as \xHH. */
static void put_quoted(FILE *f, const char *s, size_t len)
{
	size_t i;

	putc('"', f);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			putc(c, f);
	}
	putc('"', f);
}

void ltt_notif_print(FILE *f, const struct ltt_notif *n)
{
	unsigned int i;

	fprintf(f, "%" PRIu64 " %s cpu=%u pid=%d tid=%d ts=%" PRIu64,
		(uint64_t)n->h.trigger_id, n->event[0] ? n->event : "-",
		n->h.cpu, n->h.pid, n->h.tid, (uint64_t)n->h.timestamp);
	if (n->h.missed)
		fprintf(f, " missed=%" PRIu64, (uint64_t)n->h.missed);
	if (n->h.flags & LTT_NOTIFICATION_F_TRUNCATED)
		fputs(" truncated", f);
	for (i = 0; i < n->nr; i++) {
		fprintf(f, " %s=", n->f[i].name);
		if (n->f[i].kind == LTT_NFIELD_INT)
			fprintf(f, "%" PRId64, n->f[i].i);
		else
			put_quoted(f, n->f[i].str, n->f[i].str_len);
	}
	putc('\n', f);
}

void ltt_notif_json(FILE *f, const struct ltt_notif *n)
{
	struct json j;
	unsigned int i;

	json_init(&j, f);
	json_obj_begin(&j, NULL);
	json_u64(&j, "trigger", n->h.trigger_id);
	json_u64(&j, "seq", n->h.seq);
	json_str(&j, "event", n->event);
	json_u64(&j, "timestamp", n->h.timestamp);
	json_u64(&j, "cpu", n->h.cpu);
	json_i64(&j, "pid", n->h.pid);
	json_i64(&j, "tid", n->h.tid);
	json_u64(&j, "missed", n->h.missed);
	json_bool(&j, "truncated",
		  n->h.flags & LTT_NOTIFICATION_F_TRUNCATED);
	json_obj_begin(&j, "fields");
	for (i = 0; i < n->nr; i++) {
		if (n->f[i].kind == LTT_NFIELD_INT)
			json_i64(&j, n->f[i].name, n->f[i].i);
		else
			json_strn(&j, n->f[i].name, n->f[i].str,
				  n->f[i].str_len);
	}
	json_obj_end(&j);
	json_obj_end(&j);
	json_end(&j);
}
