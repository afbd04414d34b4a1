/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A small JSON writer for lttctl's --json output (tools/lib/json.c):
 * objects, arrays, strings (escaped per RFC 8259), integers, booleans.
 * Commas and nesting are tracked here, so the commands only say what
 * they write. Nesting deeper than JSON_MAX_DEPTH is a bug of the caller.
 */
#ifndef _LTT_JSON_H
#define _LTT_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH	16

struct json {
	FILE *f;
	int depth;
	bool first[JSON_MAX_DEPTH];	/* nothing written yet at this depth */
};

void json_init(struct json *j, FILE *f);
/* key: the member's name inside an object; NULL inside an array or at
 * the top. */
void json_obj_begin(struct json *j, const char *key);
void json_obj_end(struct json *j);
void json_arr_begin(struct json *j, const char *key);
void json_arr_end(struct json *j);
void json_str(struct json *j, const char *key, const char *v);
/* at most len bytes of v (fixed-size kernel arrays) */
void json_strn(struct json *j, const char *key, const char *v, size_t len);
void json_u64(struct json *j, const char *key, uint64_t v);
void json_i64(struct json *j, const char *key, int64_t v);
void json_bool(struct json *j, const char *key, bool v);
void json_null(struct json *j, const char *key);
/* ends the document with a newline */
void json_end(struct json *j);

#endif /* _LTT_JSON_H */
