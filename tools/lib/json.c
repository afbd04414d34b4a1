// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON writer (see json.h). Strings are written byte for byte except
 * what RFC 8259 requires escaped: '"', '\\' and the control characters
 * below 0x20 (\n, \t ... by name, the others as \u00XX). Kernel names
 * are ASCII; other bytes pass through as they are (UTF-8 stays UTF-8).
 */
#include <inttypes.h>
#include <string.h>
#include "json.h"

void json_init(struct json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->first[0] = true;
}

static void put_string(FILE *f, const char *s, size_t len)
{
	size_t i;

	putc('"', f);
	for (i = 0; i < len && s[i]; i++) {
		unsigned char c = s[i];

		switch (c) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\b':
			fputs("\\b", f);
			break;
		case '\f':
			fputs("\\f", f);
			break;
		default:
			if (c < 0x20)
				fprintf(f, "\\u%04x", c);
			else
				putc(c, f);
		}
	}
	putc('"', f);
}

/* The comma before a value and its key. */
static void member(struct json *j, const char *key)
{
	if (!j->first[j->depth])
		putc(',', j->f);
	j->first[j->depth] = false;
	if (key) {
		put_string(j->f, key, strlen(key));
		putc(':', j->f);
	}
}

static void open_(struct json *j, const char *key, char c)
{
	member(j, key);
	putc(c, j->f);
	if (j->depth + 1 < JSON_MAX_DEPTH)
		j->depth++;
	j->first[j->depth] = true;
}

static void close_(struct json *j, char c)
{
	putc(c, j->f);
	if (j->depth > 0)
		j->depth--;
}

void json_obj_begin(struct json *j, const char *key)
{
	open_(j, key, '{');
}

void json_obj_end(struct json *j)
{
	close_(j, '}');
}

void json_arr_begin(struct json *j, const char *key)
{
	open_(j, key, '[');
}

void json_arr_end(struct json *j)
{
	close_(j, ']');
}

void json_strn(struct json *j, const char *key, const char *v, size_t len)
{
	member(j, key);
	put_string(j->f, v, len);
}

void json_str(struct json *j, const char *key, const char *v)
{
	if (!v) {
		json_null(j, key);
		return;
	}
	json_strn(j, key, v, strlen(v));
}

void json_u64(struct json *j, const char *key, uint64_t v)
{
	member(j, key);
	fprintf(j->f, "%" PRIu64, v);
}

void json_i64(struct json *j, const char *key, int64_t v)
{
	member(j, key);
	fprintf(j->f, "%" PRId64, v);
}

void json_bool(struct json *j, const char *key, bool v)
{
	member(j, key);
	fputs(v ? "true" : "false", j->f);
}

void json_null(struct json *j, const char *key)
{
	member(j, key);
	fputs("null", j->f);
}

void json_end(struct json *j)
{
	putc('\n', j->f);
	fflush(j->f);
}
