// SPDX-License-Identifier: GPL-2.0-only
/*
 * CTF 1.8 TSDL generation (see metadata-tsdl.h).
 *
 * Layout described, from include/uapi/ltt/abi.h:
 *  - every integer is byte-aligned ("align = 8" bits): records are packed;
 *  - the packet header and context are naturally aligned by construction,
 *    so byte alignment describes them exactly too;
 *  - the compact event header is one 32-bit word (5-bit id, 27-bit
 *    timestamp) or, when the id is 31, that id in one byte followed by a
 *    32-bit id and a 64-bit timestamp. Both timestamps are inside the
 *    variant on the id, as LTTng declares them: a reader takes the
 *    variant's "timestamp" (27 bits, completed from the previous time, or
 *    64 bits), and none sees a 27-bit time beside the 64-bit one
 *    (babeltrace 1.x and Trace Compass took that one, 2^27 ns late). The
 *    extended struct, byte-aligned, starts on bit 8;
 *  - the large event header (channels with 31 ids or more) is a 16-bit id
 *    then a 32-bit timestamp, or 65535, a 32-bit id and a 64-bit time.
 * Field names are written with a leading underscore, which CTF readers
 * strip: a field may then be called "event" or "string" without clashing
 * with a TSDL keyword.
 */
#ifdef __KERNEL__
#include <linux/kernel.h>
#else
#include <stdio.h>
#endif
#include "metadata-tsdl.h"

#define NSEC_PER_S	1000000000LL

/* A TSDL string literal: quotes and backslashes escaped, controls dropped. */
static void tsdl_string(struct ltt_text *t, const char *s)
{
	ltt_text_printf(t, "\"");
	for (; s && *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			ltt_text_printf(t, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			ltt_text_printf(t, "%c", c);
		else
			ltt_text_printf(t, "?");
	}
	ltt_text_printf(t, "\"");
}

static void tsdl_uuid(struct ltt_text *t, const u8 *u)
{
	int i;

	for (i = 0; i < 16; i++)
		ltt_text_printf(t, "%02x%s", u[i],
				i == 3 || i == 5 || i == 7 || i == 9 ? "-" : "");
}

static const char tsdl_prologue[] =
	"/* CTF 1.8 */\n"
	"\n"
	"typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
	"typealias integer { size = 16; align = 8; signed = false; } := uint16_t;\n"
	"typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
	"typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
	"typealias integer { size = 5; align = 1; signed = false; } := uint5_t;\n"
	"\n";

static const char tsdl_layout[] =
	"typealias integer { size = 27; align = 1; signed = false;\n"
	"\tmap = clock.monotonic.value; } := uint27_clock_monotonic_t;\n"
	"typealias integer { size = 32; align = 8; signed = false;\n"
	"\tmap = clock.monotonic.value; } := uint32_clock_monotonic_t;\n"
	"typealias integer { size = 64; align = 8; signed = false;\n"
	"\tmap = clock.monotonic.value; } := uint64_clock_monotonic_t;\n"
	"\n"
	"struct packet_context {\n"
	"\tuint64_clock_monotonic_t timestamp_begin;\n"
	"\tuint64_clock_monotonic_t timestamp_end;\n"
	"\tuint64_t content_size;\n"
	"\tuint64_t packet_size;\n"
	"\tuint64_t packet_seq_num;\n"
	"\tuint64_t events_discarded;\n"
	"\tuint64_t cpu_id;\n"
	"} align(8);\n"
	"\n"
	"struct event_header_compact {\n"
	"\tenum : uint5_t { compact = 0 ... 30, extended = 31 } id;\n"
	"\tvariant <id> {\n"
	"\t\tstruct {\n"
	"\t\t\tuint27_clock_monotonic_t timestamp;\n"
	"\t\t} compact;\n"
	"\t\tstruct {\n"
	"\t\t\tuint32_t id;\n"
	"\t\t\tuint64_clock_monotonic_t timestamp;\n"
	"\t\t} extended;\n"
	"\t} v;\n"
	"} align(8);\n"
	"\n"
	"struct event_header_large {\n"
	"\tenum : uint16_t { compact = 0 ... 65534, extended = 65535 } id;\n"
	"\tvariant <id> {\n"
	"\t\tstruct {\n"
	"\t\t\tuint32_clock_monotonic_t timestamp;\n"
	"\t\t} compact;\n"
	"\t\tstruct {\n"
	"\t\t\tuint32_t id;\n"
	"\t\t\tuint64_clock_monotonic_t timestamp;\n"
	"\t\t} extended;\n"
	"\t} v;\n"
	"} align(8);\n"
	"\n";

void ltt_tsdl_header(struct ltt_text *t, const struct ltt_tsdl_env *env)
{
	s64 off = env->clock_offset_ns;
	s64 off_s, off_ns;

	/* floor division: offset in [0, 1 s) even for times before 1970 */
	off_s = off / NSEC_PER_S;
	off_ns = off % NSEC_PER_S;
	if (off_ns < 0) {
		off_ns += NSEC_PER_S;
		off_s--;
	}

	ltt_text_printf(t, "%s", tsdl_prologue);
	ltt_text_printf(t, "trace {\n\tmajor = 1;\n\tminor = 8;\n\tuuid = \"");
	tsdl_uuid(t, env->uuid);
	ltt_text_printf(t, "\";\n\tbyte_order = %s;\n",
			__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "be" : "le");
	ltt_text_printf(t,
		"\tpacket.header := struct {\n"
		"\t\tuint32_t magic;\n"
		"\t\tuint8_t uuid[16];\n"
		"\t\tuint32_t stream_id;\n"
		"\t\tuint64_t stream_instance_id;\n"
		"\t} align(8);\n"
		"};\n\n");

	ltt_text_printf(t, "clock {\n\tname = \"monotonic\";\n");
	if (env->clock_uuid) {
		ltt_text_printf(t, "\tuuid = \"");
		tsdl_uuid(t, env->clock_uuid);
		ltt_text_printf(t, "\";\n");
	}
	ltt_text_printf(t,
		"\tdescription = \"CLOCK_MONOTONIC, in ns since boot"
		" (uuid: the boot id)\";\n"
		"\tfreq = 1000000000; /* Frequency, in Hz */\n"
		"\tprecision = 1;\n"
		"\toffset_s = %lld;\n"
		"\toffset = %lld;\n"
		"\tabsolute = FALSE;\n"
		"};\n\n", (long long)off_s, (long long)off_ns);

	ltt_text_printf(t, "%s", tsdl_layout);
}

void ltt_tsdl_stream(struct ltt_text *t, u32 stream_id, bool large,
		     const struct ltt_context_desc *const *ctx,
		     unsigned int nr_ctx)
{
	unsigned int i;

	ltt_text_printf(t,
		"stream {\n"
		"\tid = %u;\n"
		"\tevent.header := struct event_header_%s;\n"
		"\tpacket.context := struct packet_context;\n", stream_id,
		large ? "large" : "compact");
	if (nr_ctx) {
		ltt_text_printf(t, "\tevent.context := struct {\n");
		for (i = 0; i < nr_ctx; i++) {
			const struct ltt_context_desc *c = ctx[i];

			if (c->seq)
				ltt_text_printf(t,
					"\t\tinteger { size = 32; align = 8; signed = 0; encoding = none; base = 10; } __%s_length;\n"
					"\t\tinteger { size = 64; align = 8; signed = 0; encoding = none; base = 16; } _%s[ __%s_length ];\n",
					c->name, c->name, c->name);
			else if (c->text)
				ltt_text_printf(t,
					"\t\tinteger { size = 8; align = 8; signed = 0; encoding = UTF8; base = 10; } _%s[%u];\n",
					c->name, c->size);
			else
				ltt_text_printf(t,
					"\t\tinteger { size = %u; align = 8; signed = %d; encoding = none; base = 10; } _%s;\n",
					c->size * 8, c->is_signed ? 1 : 0, c->name);
		}
		ltt_text_printf(t, "\t};\n");
	}
	ltt_text_printf(t, "};\n\n");
}

static void tsdl_integer(struct ltt_text *t, const struct ltt_field_desc *f)
{
	ltt_text_printf(t,
		"integer { size = %u; align = 8; signed = %d; encoding = none; base = %u; }",
		f->size * 8, f->is_signed ? 1 : 0, f->base);
}

static void tsdl_enum(struct ltt_text *t, const struct ltt_field_desc *f)
{
	const struct ltt_enum_desc *e = f->enum_desc;
	unsigned int i;

	ltt_text_printf(t, "enum : ");
	tsdl_integer(t, f);
	ltt_text_printf(t, " {\n");
	for (i = 0; i < e->nr_entries; i++) {
		const struct ltt_enum_entry *en = &e->entries[i];

		ltt_text_printf(t, "\t\t\t");
		tsdl_string(t, en->label);
		if (en->start == en->end)
			ltt_text_printf(t, " = %lld", (long long)en->start);
		else
			ltt_text_printf(t, " = %lld ... %lld",
					(long long)en->start, (long long)en->end);
		ltt_text_printf(t, "%s\n", i + 1 < e->nr_entries ? "," : "");
	}
	ltt_text_printf(t, "\t\t}");
}

static void tsdl_field(struct ltt_text *t, const struct ltt_field_desc *f)
{
	ltt_text_printf(t, "\t\t");
	switch (f->kind) {
	case LTT_FIELD_INTEGER:
		tsdl_integer(t, f);
		ltt_text_printf(t, " _%s;\n", f->name);
		break;
	case LTT_FIELD_STRING:
		ltt_text_printf(t, "string _%s;\n", f->name);
		break;
	case LTT_FIELD_ARRAY:
		tsdl_integer(t, f);
		ltt_text_printf(t, " _%s[%u];\n", f->name, f->length);
		break;
	case LTT_FIELD_SEQUENCE:
		ltt_text_printf(t,
			"uint32_t _%s_length;\n\t\t", f->name);
		tsdl_integer(t, f);
		ltt_text_printf(t, " _%s[ _%s_length ];\n", f->name, f->name);
		break;
	case LTT_FIELD_ENUM:
		tsdl_enum(t, f);
		ltt_text_printf(t, " _%s;\n", f->name);
		break;
	}
}

void ltt_tsdl_event(struct ltt_text *t, const struct ltt_event_desc *desc,
		    u32 id, u32 stream_id)
{
	unsigned int i;

	ltt_text_printf(t, "event {\n\tname = ");
	tsdl_string(t, desc->name);
	ltt_text_printf(t, ";\n\tid = %u;\n\tstream_id = %u;\n"
			"\tfields := struct {\n", id, stream_id);
	for (i = 0; i < desc->nr_fields; i++)
		tsdl_field(t, &desc->fields[i]);
	ltt_text_printf(t, "\t};\n};\n\n");
}

/*
 * One env block per trace: babeltrace 1.x resets the fields it knows
 * (hostname, ...) at each env block it reads, so a second one would
 * lose them.
 */
void ltt_tsdl_env(struct ltt_text *t, const struct ltt_tsdl_env *env)
{
	unsigned int maj = 0, min = 0, pat = 0;

	if (env->compat_version)
		sscanf(env->compat_version, "%u.%u.%u", &maj, &min, &pat);
	ltt_text_printf(t, "env {\n\thostname = ");
	tsdl_string(t, env->hostname);
	ltt_text_printf(t, ";\n\tdomain = \"kernel\";\n\tsysname = ");
	tsdl_string(t, env->sysname);
	ltt_text_printf(t, ";\n\tkernel_release = ");
	tsdl_string(t, env->release);
	ltt_text_printf(t, ";\n\tkernel_version = ");
	tsdl_string(t, env->version);
	ltt_text_printf(t, ";\n\ttracer_name = \"ltt\";\n"
			"\ttracer_major = %u;\n\ttracer_minor = %u;\n"
			"\ttracer_patchlevel = %u;\n\tltt_version = ",
			maj, min, pat);
	tsdl_string(t, env->tracer_version ?: "");
	if (env->filters) {
		ltt_text_printf(t, ";\n\tltt_filters = ");
		tsdl_string(t, env->filters);
	}
	if (env->trackers) {
		ltt_text_printf(t, ";\n\tltt_trackers = ");
		tsdl_string(t, env->trackers);
	}
	ltt_text_printf(t, ";\n};\n\n");
}
