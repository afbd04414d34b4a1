// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fetch specification parser of dynamic probes (src/fetch-spec.c): each
 * form of the vocabulary gives the right base, dereferences and type;
 * bad specifications are refused with a message naming the field; and
 * random specifications (mutated good ones and random bytes) never read
 * out of bounds or leave a half-built field counted (run under ASan/UBSan
 * by make check-asan).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "../../src/fetch-spec.h"

#include "../../src/fetch-spec.c"

static struct ltt_fetch_spec spec;
static char err[LTT_FETCH_ERR_MAX];

static int parse(const char *t, unsigned int flags)
{
	return ltt_fetch_parse(t, flags, &spec, err, sizeof(err));
}

static int reg_index(const char *name)
{
	int i;

	for (i = 0; i < LTT_FETCH_NR_REGS; i++)
		if (!strcmp(ltt_fetch_regs[i], name))
			return i;
	return -1;
}

static void check_forms(void)
{
	const struct ltt_fetch_field *f = spec.fields;

	ok(parse("a=%di:s32 b=$arg2:u16 c=+8(+0x10(%si)):x8 d=$stack3:s64 "
		 "e=$stack f=-4(%sp):u32 g=$comm h=%si:string i=+u0($arg1):ustring "
		 "j=%ip:symbol k=%r8", 0) == 0, "every form parses (%s)", err);
	ok(spec.nr_fields == 11, "11 fields (%u)", spec.nr_fields);
	ok(!strcmp(f[0].name, "a") && f[0].fbase == LTT_FB_REG &&
	   f[0].reg == reg_index("di") && f[0].type == LTT_FT_INT &&
	   f[0].size == 4 && f[0].is_signed && f[0].base == 10 &&
	   !f[0].nr_deref, "%%di:s32");
	ok(f[1].fbase == LTT_FB_REG && f[1].reg == reg_index("si") &&
	   f[1].size == 2 && !f[1].is_signed, "$arg2 is %%si, u16");
	ok(f[2].reg == reg_index("si") && f[2].nr_deref == 2 &&
	   f[2].off[0] == 16 && f[2].off[1] == 8 && f[2].base == 16 &&
	   f[2].size == 1 && !f[2].user_deref,
	   "nested dereference, innermost first, x8");
	ok(f[3].fbase == LTT_FB_STACK && f[3].idx == 3 && f[3].size == 8 &&
	   f[3].is_signed, "$stack3:s64");
	ok(f[4].fbase == LTT_FB_STACKP && f[4].size == 8 && f[4].base == 16,
	   "$stack, default x64");
	ok(f[5].nr_deref == 1 && f[5].off[0] == -4, "negative offset");
	ok(f[6].fbase == LTT_FB_COMM && f[6].type == LTT_FT_COMM, "$comm");
	ok(f[7].type == LTT_FT_STRING && !f[7].nr_deref, "kernel string");
	ok(f[8].type == LTT_FT_USTRING && f[8].user_deref == 1 &&
	   f[8].reg == reg_index("di"), "user dereference, user string");
	ok(f[9].reg == reg_index("ip") && f[9].size == 8 && f[9].base == 16,
	   "symbol: an x64 address");
	ok(f[10].reg == reg_index("r8") && f[10].size == 8, "%%r8 default x64");

	ok(parse("r=$retval:s32", LTT_FETCH_F_RETURN) == 0 &&
	   spec.fields[0].fbase == LTT_FB_RETVAL, "$retval in a return probe");
	ok(parse("p=+0(%di):u32 s=%si:string", LTT_FETCH_F_USER) == 0 &&
	   spec.fields[0].user_deref == 1 &&
	   spec.fields[1].type == LTT_FT_USTRING,
	   "uprobe: memory is user memory");
	ok(parse("  ", 0) == 0 && spec.nr_fields == 0, "blank: no field");
	ok(parse("c=\\5:s32 n=\\-0x10 m=\\9223372036854775807:u64", 0) == 0 &&
	   spec.fields[0].fbase == LTT_FB_IMM && spec.fields[0].imm == 5 &&
	   spec.fields[0].size == 4 && spec.fields[1].imm == -16 &&
	   spec.fields[2].imm == 0x7fffffffffffffffLL,
	   "\\IMM constants (%s)", err);
	ok(parse("x=+8(%sp,%dx,8):u64 y=-4(%bp,%ax,1):s32", LTT_FETCH_F_USER) == 0 &&
	   spec.fields[0].reg == reg_index("sp") &&
	   spec.fields[0].ireg == reg_index("dx") && spec.fields[0].scale == 8 &&
	   spec.fields[0].off[0] == 8 && spec.fields[0].user_deref == 1 &&
	   spec.fields[1].scale == 1 && spec.fields[1].off[0] == -4 &&
	   spec.fields[1].ireg == reg_index("ax"),
	   "indexed +OFF(%%REG,%%IDX,S) (%s)", err);
	ok(!strcmp(ltt_fetch_regs[14], "di") && !strcmp(ltt_fetch_regs[19], "sp"),
	   "register table in struct pt_regs order");
}

static void refused(const char *t, unsigned int flags, const char *needle)
{
	int ret = parse(t, flags);

	ok(ret == -EINVAL && strstr(err, needle),
	   "'%.60s' refused: %s", t, err);
}

static void check_refused(void)
{
	char big[LTT_FETCH_TEXT_MAX + 8];
	char many[512];
	int i, n = 0;

	refused("a=%zz", 0, "unknown register");
	refused("a=$arg7", 0, "$argN takes N from 1 to 6");
	refused("a=$arg0", 0, "$argN");
	refused("a=$stack256", 0, "$stackN");
	refused("a=$retval", 0, "only in a return probe");
	refused("a=$foo", 0, "unknown variable");
	refused("a=%di:s12", 0, "unknown type");
	refused("a=%di:", 0, "expected a type");
	refused("a=+8%di", 0, "expected '('");
	refused("a=+8(%di", 0, "expected ')'");
	refused("a=+(%di)", 0, "expected an offset");
	refused("a=+99999999999(%di)", 0, "below 2^31");
	refused("a=+0(+0(+0(+0(+0(%di)))))", 0, "nested dereferences");
	refused("a=%di a=%si", 0, "name used twice");
	refused("retval=%di", LTT_FETCH_F_RETURN, "reserved");
	refused("1a=%di", 0, "expected NAME=SPEC");
	refused("a%di", 0, "expected '='");
	refused("a=%di:u32x", 0, "unknown type");
	refused("a=$comm:u32", 0, "$comm is a string");
	refused("a=+0($comm)", 0, "cannot be dereferenced");
	refused("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=%di", 0, "name longer");
	refused("a=%di)", 0, "unexpected ')'");
	refused("a=\\", 0, "\\IMM takes");
	refused("a=\\9223372036854775808", 0, "below 2^63");
	refused("a=\\0xfffffffffffffffff", 0, "below 2^63");
	refused("a=\\12ab", 0, "\\IMM takes");
	refused("a=%sp,%dx,8", 0, "only inside");
	refused("a=+0(%sp,%dx,3)", 0, "S 1, 2, 4 or 8");
	refused("a=+0(%sp,%dx,16)", 0, "S 1, 2, 4 or 8");
	refused("a=+0(%sp,%zz,8)", 0, "unknown index register");
	refused("a=+0(%sp,dx,8)", 0, "expected an index register");
	for (i = 0; i <= LTT_FETCH_MAX_FIELDS; i++)
		n += snprintf(many + n, sizeof(many) - n, "f%d=%%di ", i);
	refused(many, 0, "more than 16 fields");
	memset(big, ' ', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	refused(big, 0, "longer than");
}

/* Every accepted field must be fully valid: what the kernel relies on. */
static int spec_sane(void)
{
	unsigned int i, j;

	if (spec.nr_fields > LTT_FETCH_MAX_FIELDS)
		return 0;
	for (i = 0; i < spec.nr_fields; i++) {
		const struct ltt_fetch_field *f = &spec.fields[i];

		if (!f->name[0] || strlen(f->name) >= LTT_FETCH_NAME_MAX ||
		    f->fbase > LTT_FB_IMM || f->type > LTT_FT_COMM ||
		    f->reg >= LTT_FETCH_NR_REGS ||
		    (f->scale && (f->fbase != LTT_FB_REG || !f->nr_deref ||
				  f->ireg >= LTT_FETCH_NR_REGS ||
				  (f->scale & (f->scale - 1)) || f->scale > 8)) ||
		    f->nr_deref > LTT_FETCH_MAX_DEREF ||
		    (f->type == LTT_FT_INT && f->size != 1 && f->size != 2 &&
		     f->size != 4 && f->size != 8) ||
		    (f->type == LTT_FT_COMM) != (f->fbase == LTT_FB_COMM))
			return 0;
		for (j = 0; j < i; j++)
			if (!strcmp(spec.fields[j].name, f->name))
				return 0;
	}
	return 1;
}

static const char *const seeds[] = {
	"a=%di:s32 b=$arg2:u16", "c=+8(+0x10(%si)):x8", "d=$stack3:s64 e=$stack",
	"f=-4(%sp):u32 g=$comm", "h=%si:string i=+u0($arg1):ustring",
	"j=%ip:symbol k=%r8", "r=$retval:s64",
	"x=+8(%sp,%dx,8):u64 c=\\-5:s8", "y=-0x4(%bp,%ax,2):s32",
};
static const char alphabet[] = "%$+-()u:=_ abcdefgilmnoprstvx0123456789\t,\\";

static void fuzz(unsigned int rounds)
{
	unsigned int i, bad = 0, accepted = 0;
	char buf[160];

	srand(12345);
	for (i = 0; i < rounds; i++) {
		size_t len;
		int k, edits, ret;
		char *heap;

		if (i & 1) {
			strcpy(buf, seeds[rand() % (sizeof(seeds) / sizeof(seeds[0]))]);
			len = strlen(buf);
			edits = 1 + rand() % 4;
			for (k = 0; k < edits && len; k++) {
				size_t at = rand() % len;

				switch (rand() % 3) {
				case 0:		/* replace */
					buf[at] = alphabet[rand() % (sizeof(alphabet) - 1)];
					break;
				case 1:		/* delete */
					memmove(buf + at, buf + at + 1, len - at);
					len--;
					break;
				default:	/* insert */
					if (len + 2 >= sizeof(buf))
						break;
					memmove(buf + at + 1, buf + at, len - at + 1);
					buf[at] = alphabet[rand() % (sizeof(alphabet) - 1)];
					len++;
				}
			}
		} else {
			len = rand() % (sizeof(buf) - 1);
			for (k = 0; k < (int)len; k++)
				buf[k] = (i & 2) ? 1 + rand() % 255 :
					 alphabet[rand() % (sizeof(alphabet) - 1)];
			buf[len] = '\0';
		}
		/* an exact-size heap copy: ASan catches any read past the NUL */
		len = strlen(buf);
		heap = malloc(len + 1);
		if (!heap)
			abort();
		memcpy(heap, buf, len + 1);
		ret = ltt_fetch_parse(heap, (i % 3) ? LTT_FETCH_F_RETURN : LTT_FETCH_F_USER,
				      &spec, err, sizeof(err));
		if (ret == 0) {
			accepted++;
			if (!spec_sane()) {
				if (bad++ < 5)
					diag("accepted but insane: '%s'", heap);
			}
		} else if (ret != -EINVAL || !err[0]) {
			if (bad++ < 5)
				diag("refused without a message: '%s'", heap);
		}
		free(heap);
	}
	ok(!bad, "%u random specifications: %u accepted, all sane; the rest refused with a message",
	   rounds, accepted);
}

int main(void)
{
	plan(19 + 33 + 1);
	check_forms();
	check_refused();
	fuzz(200000);
	return exit_status();
}
