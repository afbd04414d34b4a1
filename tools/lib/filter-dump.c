// SPDX-License-Identifier: GPL-2.0-only
/*
 * A compiled filter program shown one instruction a line (tests,
 * debugging): the reader of the layout common/filter-compile.c writes.
 */
#include <stdint.h>
#include <stdio.h>
#include <ltt/abi.h>
#include "filter-dump.h"

void ltt_filter_dump(const struct ltt_filter_prog *prog, FILE *out)
{
	static const char *const names[] = {
		[LTT_FOP_RET] = "RET", [LTT_FOP_PUSH_INT] = "PUSH_INT",
		[LTT_FOP_PUSH_STR] = "PUSH_STR", [LTT_FOP_LOAD_FIELD] = "LOAD_FIELD",
		[LTT_FOP_LOAD_CTX] = "LOAD_CTX", [LTT_FOP_EQ] = "EQ", [LTT_FOP_NE] = "NE",
		[LTT_FOP_LT] = "LT", [LTT_FOP_LE] = "LE", [LTT_FOP_GT] = "GT",
		[LTT_FOP_GE] = "GE", [LTT_FOP_BAND] = "BAND", [LTT_FOP_BOR] = "BOR",
		[LTT_FOP_BXOR] = "BXOR", [LTT_FOP_SHL] = "SHL", [LTT_FOP_SHR] = "SHR",
		[LTT_FOP_NOT] = "NOT", [LTT_FOP_BNOT] = "BNOT", [LTT_FOP_NEG] = "NEG",
		[LTT_FOP_TO_BOOL] = "TO_BOOL", [LTT_FOP_AND_JMP] = "AND_JMP",
		[LTT_FOP_OR_JMP] = "OR_JMP",
	};
	const struct ltt_filter_header *h = prog->buf;
	const uint8_t *code = (const uint8_t *)prog->buf + sizeof(*h);
	const char *str = (const char *)code + h->code_len;
	uint32_t off = 0;
	uint64_t v;
	int k;

	while (off < h->code_len) {
		uint8_t op = code[off];

		fprintf(out, "%4u %s", off, op < sizeof(names) / sizeof(names[0]) &&
			names[op] ? names[op] : "?");
		switch (op) {
		case LTT_FOP_PUSH_INT:
			for (v = 0, k = 7; k >= 0; k--)
				v = v << 8 | code[off + 1 + k];
			fprintf(out, " %lld\n", (long long)v);
			off += 9;
			break;
		case LTT_FOP_PUSH_STR:
		case LTT_FOP_LOAD_FIELD:
			fprintf(out, " \"%.*s\"\n", code[off + 3] | code[off + 4] << 8,
				str + (code[off + 1] | code[off + 2] << 8));
			off += 5;
			break;
		case LTT_FOP_LOAD_CTX:
		case LTT_FOP_AND_JMP:
		case LTT_FOP_OR_JMP:
			fprintf(out, " %u\n", code[off + 1] | code[off + 2] << 8);
			off += 3;
			break;
		default:
			fputc('\n', out);
			off++;
		}
	}
}
