// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl's summary helpers: the buffer sizing formula (tools/lib/advice.c,
 * doc/sizing.md) on known loads, and the JSON writer (tools/lib/json.c):
 * nesting, commas, every escape RFC 8259 requires.
 */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "advice.h"
#include "json.h"

static void test_pow2(void)
{
	ok(ltt_pow2_ceil(0) == 1 && ltt_pow2_ceil(1) == 1 &&
	   ltt_pow2_ceil(4096) == 4096 && ltt_pow2_ceil(4097) == 8192,
	   "pow2_ceil");
	ok(ltt_pow2_ceil(~0ULL) == 1ULL << 63, "pow2_ceil saturates");
}

static void test_advice(void)
{
	struct ltt_load l[2] = {};
	struct ltt_advice a;

	/* the VM test's case: 2 x 4 KiB, 600000 bytes lost on CPU 0 at a
	 * peak of 3 MB/s: need 8192 + 600000, x 1.25 = 760240 -> 1 MiB of
	 * 4 KiB sub-buffers (3 MB/s fills 3 KiB a millisecond) */
	l[0] = (struct ltt_load){ .lost_full = 100, .lost_bytes = 600000,
				  .peak_bytes_ps = 3000000, .max_backlog = 2 };
	ok(!ltt_advise(4096, 2, l, 2, &a), "advise: loss");
	ok(a.lost && !a.enough && a.need == 608192, "need = buffer + lost bytes");
	ok(a.subbuf_size == 4096 && a.num_subbuf == 256, "advised 256 x 4 KiB");

	/* the largest CPU decides */
	l[1] = (struct ltt_load){ .lost_full = 1, .lost_bytes = 2000000 };
	ok(!ltt_advise(4096, 2, l, 2, &a) && a.need == 2008192 &&
	   a.subbuf_size * a.num_subbuf == 4 << 20, "CPU 1 needs more: 4 MiB");

	/* a fast peak makes sub-buffers larger: 100 MB/s, at most 1000
	 * switches a second: 100000 -> 128 KiB, and still 2 of them */
	memset(l, 0, sizeof(l));
	l[0] = (struct ltt_load){ .lost_full = 1, .lost_bytes = 10000,
				  .peak_bytes_ps = 100000000, .max_backlog = 2 };
	ok(!ltt_advise(4096, 2, l, 1, &a) && a.subbuf_size == 128 << 10 &&
	   a.num_subbuf == 2, "fast peak: 2 x 128 KiB");

	/* no loss: the most that waited; never advise shrinking */
	l[0] = (struct ltt_load){ .max_backlog = 1, .peak_bytes_ps = 1000 };
	ok(!ltt_advise(1 << 20, 4, l, 1, &a) && !a.lost && a.enough &&
	   a.need == 1 << 20 && a.subbuf_size == 1 << 20 && a.num_subbuf == 4,
	   "no loss: enough, sizes kept");
	l[0].max_backlog = 4;
	ok(!ltt_advise(1 << 20, 4, l, 1, &a) && !a.lost && a.enough,
	   "no loss at a full buffer: still enough");

	/* capped at 4 GiB per CPU */
	l[0] = (struct ltt_load){ .lost_full = 1, .lost_bytes = 1ULL << 40 };
	ok(!ltt_advise(4096, 2, l, 1, &a) &&
	   a.subbuf_size * a.num_subbuf == 1ULL << 32, "capped at 4 GiB");

	ok(ltt_advise(4096, 2, l, 0, &a) == -1, "no stream refused");
	ok(ltt_advise(3000, 2, l, 1, &a) == -1, "size not a power of 2 refused");
	ok(ltt_advise(4096, 3, l, 1, &a) == -1, "count not a power of 2 refused");
	ok(ltt_advice_holds(4096, 256, 1 << 20) &&
	   !ltt_advice_holds(4096, 2, 8193), "holds");
}

static void test_json(void)
{
	static const char want[] =
		"{\"s\":\"a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001f/\xc3\xa9\","
		"\"n\":18446744073709551615,\"i\":-5,\"a\":[1,{},[],true,false,null],"
		"\"cut\":\"ab\",\"null\":null}\n";
	struct json j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	json_init(&j, f);
	json_obj_begin(&j, NULL);
	json_str(&j, "s", "a\"b\\c\n\t\r\b\f\x01\x1f/\xc3\xa9");
	json_u64(&j, "n", ~0ULL);
	json_i64(&j, "i", -5);
	json_arr_begin(&j, "a");
	json_u64(&j, NULL, 1);
	json_obj_begin(&j, NULL);
	json_obj_end(&j);
	json_arr_begin(&j, NULL);
	json_arr_end(&j);
	json_bool(&j, NULL, true);
	json_bool(&j, NULL, false);
	json_null(&j, NULL);
	json_arr_end(&j);
	json_strn(&j, "cut", "abcdef", 2);
	json_str(&j, "null", NULL);
	json_obj_end(&j);
	json_end(&j);
	fclose(f);
	ok(buf && !strcmp(buf, want), "JSON: escapes, nesting, commas");
	if (buf && strcmp(buf, want))
		diag("got  %s", buf);
	free(buf);
}

int main(void)
{
	plan(15);
	test_pow2();
	test_advice();
	test_json();
	return exit_status();
}
