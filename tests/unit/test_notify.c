// SPDX-License-Identifier: GPL-2.0-only
/*
 * Trigger notifications (tools/lib/notify.c): records built here as the
 * kernel lays them out (abi.h) parse into their exact fields and print as
 * one exact line of text or JSON; every way a record can be corrupted
 * (short, long, payload_len, nr_fields, a field's bounds, its kind, its
 * name, an unknown flag) is refused with a reason, and every truncation
 * of a good record too (no read past the bytes given: run under ASan).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "notify.h"

struct rec {
	uint8_t b[LTT_NOTIFICATION_MAX + 64];
	size_t len;
};

static void rec_init(struct rec *r, uint64_t trigger, const char *event)
{
	struct ltt_trigger_notification h;

	memset(r, 0, sizeof(*r));
	memset(&h, 0, sizeof(h));
	h.seq = 7;
	h.trigger_id = trigger;
	h.timestamp = 123456789012ULL;
	h.cpu = 1;
	h.pid = 42;
	h.tid = 43;
	strcpy(h.event, event);
	memcpy(r->b, &h, sizeof(h));
	r->len = sizeof(h);
}

static struct ltt_trigger_notification *hdr(struct rec *r)
{
	return (struct ltt_trigger_notification *)r->b;
}

/* Append a field as the kernel's put_field() does; counts it. */
static void add_raw(struct rec *r, uint8_t kind, const char *name,
		    const void *val, size_t vlen)
{
	uint16_t slen = vlen;
	size_t nlen = strlen(name);

	r->b[r->len++] = kind;
	r->b[r->len++] = nlen;
	memcpy(r->b + r->len, name, nlen);
	r->len += nlen;
	if (kind == LTT_NFIELD_STR) {
		memcpy(r->b + r->len, &slen, 2);
		r->len += 2;
	}
	memcpy(r->b + r->len, val, vlen);
	r->len += vlen;
	hdr(r)->nr_fields++;
	hdr(r)->payload_len = r->len - sizeof(struct ltt_trigger_notification);
}

static void add_int(struct rec *r, const char *name, int64_t v)
{
	add_raw(r, LTT_NFIELD_INT, name, &v, sizeof(v));
}

static void add_str(struct rec *r, const char *name, const char *s)
{
	add_raw(r, LTT_NFIELD_STR, name, s, strlen(s));
}

/* The line or JSON a record prints as (static buffer). */
static const char *printed(const struct ltt_notif *n, bool json)
{
	static char out[4096];
	FILE *f = fmemopen(out, sizeof(out), "w");

	if (json)
		ltt_notif_json(f, n);
	else
		ltt_notif_print(f, n);
	fclose(f);
	return out;
}

static struct ltt_notif n;

/* The record must be refused with a reason containing words. */
static void refused(struct rec *r, const char *words, const char *what)
{
	const char *why = NULL;
	int ret = ltt_notif_parse(r->b, r->len, &n, &why);

	ok(ret == -EINVAL && why && strstr(why, words),
	   "refused: %s (%s)", what, why ? why : "no reason");
}

static void test_good(void)
{
	const char *why;
	struct rec r;

	rec_init(&r, 3, "ltt_user_mark");
	add_int(&r, "pid", 42);
	add_int(&r, "tid", -5);
	add_str(&r, "msg", "go \"now\"\n");
	ok(!ltt_notif_parse(r.b, r.len, &n, &why), "a mark's notification parses");
	ok(n.nr == 3 && n.f[0].kind == LTT_NFIELD_INT && n.f[0].i == 42 &&
	   !strcmp(n.f[0].name, "pid") && n.f[1].i == -5 &&
	   n.f[2].kind == LTT_NFIELD_STR && !strcmp(n.f[2].name, "msg") &&
	   n.f[2].str_len == 9 && !strcmp(n.f[2].str, "go \"now\"\n"),
	   "its three fields, exact");
	ok(n.h.trigger_id == 3 && n.h.cpu == 1 && n.h.pid == 42 &&
	   n.h.tid == 43 && n.h.timestamp == 123456789012ULL &&
	   !strcmp(n.event, "ltt_user_mark"), "its header, exact");
	ok(!strcmp(printed(&n, false),
		   "3 ltt_user_mark cpu=1 pid=42 tid=43 ts=123456789012 pid=42 tid=-5 msg=\"go \\\"now\\\"\\x0a\"\n"),
	   "printed as one line, strings quoted and escaped");
	ok(!strcmp(printed(&n, true),
		   "{\"trigger\":3,\"seq\":7,\"event\":\"ltt_user_mark\",\"timestamp\":123456789012,\"cpu\":1,\"pid\":42,\"tid\":43,\"missed\":0,\"truncated\":false,\"fields\":{\"pid\":42,\"tid\":-5,\"msg\":\"go \\\"now\\\"\\n\"}}\n"),
	   "printed as one JSON object on one line");

	/* a buffer usage: no event, no field; missed and truncated said */
	rec_init(&r, 9, "");
	hdr(&r)->missed = 4;
	hdr(&r)->flags = LTT_NOTIFICATION_F_TRUNCATED;
	ok(!ltt_notif_parse(r.b, r.len, &n, &why) && n.nr == 0,
	   "a buffer-usage notification parses");
	ok(!strcmp(printed(&n, false),
		   "9 - cpu=1 pid=42 tid=43 ts=123456789012 missed=4 truncated\n"),
	   "printed with - for the event, missed and truncated");

	/* the longest: strings of LTT_NFIELD_STR_MAX until it is full */
	rec_init(&r, 1, "e");
	{
		char s[LTT_NFIELD_STR_MAX + 1];

		memset(s, 'x', LTT_NFIELD_STR_MAX);
		s[LTT_NFIELD_STR_MAX] = '\0';
		while (r.len + 2 + 1 + 2 + LTT_NFIELD_STR_MAX <= LTT_NOTIFICATION_MAX)
			add_str(&r, "s", s);
	}
	ok(!ltt_notif_parse(r.b, r.len, &n, &why) && n.nr == hdr(&r)->nr_fields &&
	   n.f[n.nr - 1].str_len == LTT_NFIELD_STR_MAX,
	   "%u strings of %d bytes parse", hdr(&r)->nr_fields, LTT_NFIELD_STR_MAX);
	/* non-printable and empty strings */
	rec_init(&r, 1, "e");
	add_str(&r, "a", "");
	add_raw(&r, LTT_NFIELD_STR, "b", "\x01\xff\x00z", 4);
	ok(!ltt_notif_parse(r.b, r.len, &n, &why) &&
	   !strcmp(printed(&n, false),
		   "1 e cpu=1 pid=42 tid=43 ts=123456789012 a=\"\" b=\"\\x01\\xff\\x00z\"\n"),
	   "empty and binary strings printed escaped");
}

static void test_corrupt(void)
{
	struct rec r, good;
	const char *why;
	size_t cut;
	int bad = 0;

	rec_init(&good, 3, "ev");
	add_int(&good, "a", 1);
	add_str(&good, "msg", "hello");
	add_int(&good, "b", 2);

	r = good;
	r.len = sizeof(struct ltt_trigger_notification) - 1;
	refused(&r, "shorter", "shorter than the header");
	r = good;
	r.len = LTT_NOTIFICATION_MAX + 1;
	hdr(&r)->payload_len = r.len - sizeof(struct ltt_trigger_notification);
	refused(&r, "LTT_NOTIFICATION_MAX", "longer than the maximum");
	r = good;
	hdr(&r)->payload_len++;
	refused(&r, "payload_len", "payload_len one past the bytes read");
	r = good;
	hdr(&r)->payload_len--;
	refused(&r, "payload_len", "payload_len one short");
	r = good;
	hdr(&r)->nr_fields++;
	refused(&r, "past the payload", "one field more than there are");
	r = good;
	hdr(&r)->nr_fields--;
	refused(&r, "bytes left", "one field fewer than there are");
	r = good;
	hdr(&r)->nr_fields = 0xffff;
	refused(&r, "more fields", "nr_fields 65535");
	r = good;
	r.b[sizeof(struct ltt_trigger_notification)] = 3;
	refused(&r, "unknown kind", "kind 3");
	r = good;
	r.b[sizeof(struct ltt_trigger_notification)] = 0;
	refused(&r, "unknown kind", "kind 0");
	r = good;
	r.b[sizeof(struct ltt_trigger_notification) + 1] = 0;
	refused(&r, "without a name", "a name of length 0");
	r = good;
	r.b[sizeof(struct ltt_trigger_notification) + 1] = 255;
	refused(&r, "name runs past", "a name length of 255");
	r = good;
	r.b[sizeof(struct ltt_trigger_notification) + 2] = ' ';
	refused(&r, "character", "a space in a name");
	r = good;
	/* msg's length: header, a's 11 bytes, kind, 3, "msg" */
	{
		size_t at = sizeof(struct ltt_trigger_notification) + 11 + 2 + 3;
		uint16_t l = 200;

		memcpy(r.b + at, &l, 2);
		refused(&r, "LTT_NFIELD_STR_MAX", "a string of 200 bytes");
		l = 100;
		memcpy(r.b + at, &l, 2);
		refused(&r, "run past", "a string running past the record");
		l = 4;
		memcpy(r.b + at, &l, 2);
		refused(&r, "", "a string one byte short of its bytes");
	}
	r = good;
	hdr(&r)->flags = 2;
	refused(&r, "flag", "an unknown flag");
	r = good;
	hdr(&r)->trigger_id = 0;
	refused(&r, "id 0", "trigger id 0");
	r = good;
	memset(hdr(&r)->event, 'a', sizeof(hdr(&r)->event));
	refused(&r, "event", "an event name without its NUL");
	r = good;
	strcpy(hdr(&r)->event, "a b");
	refused(&r, "event", "an event name with a space");
	/* every truncation of the good record, its payload_len kept or
	 * made to match: refused, never read past */
	for (cut = 0; cut < good.len; cut++) {
		r = good;
		r.len = cut;
		if (!ltt_notif_parse(r.b, r.len, &n, &why))
			bad++;
		if (cut >= sizeof(struct ltt_trigger_notification)) {
			hdr(&r)->payload_len = cut - sizeof(struct ltt_trigger_notification);
			if (!ltt_notif_parse(r.b, r.len, &n, &why))
				bad++;
		}
	}
	ok(!bad, "every truncation of a good record refused (%d accepted)", bad);
	/* random bytes in the payload: parsed or refused, never a crash */
	srand(1);
	for (cut = 0; cut < 20000; cut++) {
		size_t i, plen = rand() % 64;

		r = good;
		r.len = sizeof(struct ltt_trigger_notification) + plen;
		for (i = sizeof(struct ltt_trigger_notification); i < r.len; i++)
			r.b[i] = rand() % 4 ? rand() % 8 : 'a' + rand() % 3;
		hdr(&r)->payload_len = plen;
		hdr(&r)->nr_fields = rand() % 8;
		if (!ltt_notif_parse(r.b, r.len, &n, &why))
			printed(&n, rand() & 1);
	}
	ok(1, "20000 random payloads parsed or refused");
}

int main(void)
{
	ok(sizeof(struct ltt_trigger_notification) == 184,
	   "the header is 184 bytes, as abi.h lays it out");
	test_good();
	test_corrupt();
	done_testing();
	return exit_status();
}
