// SPDX-License-Identifier: GPL-2.0-only
/*
 * USDT probes of an ELF file (see usdt.h): the .note.stapsdt notes, their
 * places as file offsets and their arguments as fetch specifications.
 * Like elf-sym.c a small reader of 64-bit little-endian ELF that checks
 * every offset against the file's size, so that a corrupt file is an
 * error, never a read out of it (tests/unit fuzzes it under ASan).
 */
#include <ctype.h>
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "file-map.h"
#include "usdt.h"

#ifndef NT_STAPSDT
#define NT_STAPSDT	3
#endif

struct usdt_elf {
	const unsigned char *p;
	size_t size;
	const Elf64_Ehdr *eh;
};

/* [off, off + len) of the file, or NULL; @align: its alignment wanted */
static const void *ue_at(const struct usdt_elf *f, uint64_t off, uint64_t len,
			 unsigned int align)
{
	if (off > f->size || len > f->size - off || (off & (align - 1)))
		return NULL;
	return f->p + off;
}

static const Elf64_Shdr *ue_shdr(const struct usdt_elf *f, unsigned int i)
{
	if (i >= f->eh->e_shnum || f->eh->e_shentsize != sizeof(Elf64_Shdr))
		return NULL;
	return ue_at(f, f->eh->e_shoff + (uint64_t)i * sizeof(Elf64_Shdr),
		     sizeof(Elf64_Shdr), 8);
}

/* The NUL-terminated string at @off of string table section @sh, or NULL. */
static const char *ue_str(const struct usdt_elf *f, const Elf64_Shdr *sh,
			  uint64_t off)
{
	const char *s;

	if (!sh || off >= sh->sh_size)
		return NULL;
	s = ue_at(f, sh->sh_offset + off, sh->sh_size - off, 1);
	return s && memchr(s, '\0', sh->sh_size - off) ? s : NULL;
}

static const char *ue_secname(const struct usdt_elf *f, const Elf64_Shdr *sh)
{
	return ue_str(f, ue_shdr(f, f->eh->e_shstrndx), sh->sh_name);
}

/* A defined symbol @name of .symtab, else .dynsym: 0, or -ENOENT. */
static int ue_sym_value(void *ctx, const char *name, uint64_t *value)
{
	const struct usdt_elf *f = ctx;
	static const uint32_t types[] = { SHT_SYMTAB, SHT_DYNSYM };
	unsigned int t, i;
	uint64_t j;

	for (t = 0; t < 2; t++) {
		for (i = 0; i < f->eh->e_shnum; i++) {
			const Elf64_Shdr *sh = ue_shdr(f, i), *strh;
			const Elf64_Sym *syms;

			if (!sh || sh->sh_type != types[t] ||
			    sh->sh_entsize != sizeof(Elf64_Sym))
				continue;
			strh = ue_shdr(f, sh->sh_link);
			syms = ue_at(f, sh->sh_offset, sh->sh_size, 8);
			if (!syms || !strh)
				continue;
			for (j = 0; j < sh->sh_size / sizeof(Elf64_Sym); j++) {
				const char *n = ue_str(f, strh, syms[j].st_name);

				if (syms[j].st_shndx != SHN_UNDEF && n &&
				    !strcmp(n, name)) {
					*value = syms[j].st_value;
					return 0;
				}
			}
		}
	}
	return -ENOENT;
}

/* ---- arguments --------------------------------------------------------- */

/* AT&T register names, every width, as fetch-spec.c names the register */
static const struct { const char *at, *ltt; } usdt_regs[] = {
	{ "rax", "ax" }, { "eax", "ax" }, { "ax", "ax" }, { "al", "ax" },
	{ "rbx", "bx" }, { "ebx", "bx" }, { "bx", "bx" }, { "bl", "bx" },
	{ "rcx", "cx" }, { "ecx", "cx" }, { "cx", "cx" }, { "cl", "cx" },
	{ "rdx", "dx" }, { "edx", "dx" }, { "dx", "dx" }, { "dl", "dx" },
	{ "rsi", "si" }, { "esi", "si" }, { "si", "si" }, { "sil", "si" },
	{ "rdi", "di" }, { "edi", "di" }, { "di", "di" }, { "dil", "di" },
	{ "rbp", "bp" }, { "ebp", "bp" }, { "bp", "bp" }, { "bpl", "bp" },
	{ "rsp", "sp" }, { "esp", "sp" }, { "sp", "sp" }, { "spl", "sp" },
	{ "rip", "ip" },
};

struct usdt_ap {
	const char *p;
	char *err;
	size_t errlen;
};

__attribute__((format(printf, 2, 3)))
static int ua_error(struct usdt_ap *ap, const char *fmt, ...)
{
	va_list va;

	if (ap->errlen) {
		va_start(va, fmt);
		vsnprintf(ap->err, ap->errlen, fmt, va);
		va_end(va);
	}
	return -EINVAL;
}

/* %NAME (the '%' read): its fetch name into @out, or -EINVAL (said). */
static int ua_reg(struct usdt_ap *ap, char *out, size_t size)
{
	char n[8];
	size_t len = 0, i;

	while (isalnum((unsigned char)ap->p[len]) && len < sizeof(n) - 1) {
		n[len] = ap->p[len];
		len++;
	}
	n[len] = '\0';
	if (isalnum((unsigned char)ap->p[len]) || !len)
		return ua_error(ap, "unknown register '%%%.8s'", ap->p);
	ap->p += len;
	for (i = 0; i < sizeof(usdt_regs) / sizeof(usdt_regs[0]); i++) {
		if (!strcmp(n, usdt_regs[i].at)) {
			snprintf(out, size, "%s", usdt_regs[i].ltt);
			return 0;
		}
	}
	/* r8 .. r15, and their d, w, b (or l) parts */
	if (n[0] == 'r' && isdigit((unsigned char)n[1])) {
		char *end;
		long r = strtol(n + 1, &end, 10);

		if (r >= 8 && r <= 15 && (!*end || (strchr("dwbl", *end) &&
						   !end[1]))) {
			snprintf(out, size, "r%ld", r);
			return 0;
		}
	}
	if (len == 2 && n[1] == 'h' && strchr("abcd", n[0]))
		return ua_error(ap, "high-byte register %%%s cannot be fetched", n);
	return ua_error(ap, "unknown register '%%%s'", n);
}

/* [-]decimal or [-]0x hex into *v; 0, or -1 with nothing read. */
static int ua_number(struct usdt_ap *ap, long long *v)
{
	const char *s = ap->p;
	unsigned long long u;
	int neg = 0;
	char *end;

	if (*s == '-' || *s == '+') {
		neg = *s == '-';
		s++;
	}
	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	u = strtoull(s, &end, 0);
	if (errno || isalnum((unsigned char)*end) || *end == '_' ||
	    (neg && u > 0x7fffffffffffffffULL))
		return -1;
	*v = neg ? -(long long)u : (long long)u;
	ap->p = end;
	return 0;
}

static int ua_sym_char(char c, int first)
{
	return isalpha((unsigned char)c) || c == '_' || c == '.' ||
	       (!first && (isdigit((unsigned char)c) || c == '$' || c == '@'));
}

int ltt_usdt_arg_parse(const char *text, uint64_t pc,
		       int (*sym_value)(void *ctx, const char *name,
					uint64_t *value),
		       void *ctx, int exec, struct ltt_usdt_arg *a,
		       char *err, size_t errlen)
{
	struct usdt_ap ap = { .p = text, .err = err, .errlen = errlen };
	char base[8] = "", idx[8] = "", sym[128];
	long long disp = 0, scale = 0, v;
	const char *at = strchr(text, '@');
	int has_sym = 0, mem = 0;
	uint64_t sv;

	if (errlen)
		err[0] = '\0';
	memset(a, 0, sizeof(*a));
	a->size = 8;
	if (at) {
		char *end;
		long n = strtol(text, &end, 10);

		if (end != at || !isdigit((unsigned char)text[text[0] == '-']) ||
		    n < -8 || n > 8 ||
		    (labs(n) != 1 && labs(n) != 2 && labs(n) != 4 && labs(n) != 8))
			return ua_error(&ap, "bad size before '@' (1, 2, 4, 8, negative when signed)");
		a->size = labs(n);
		a->is_signed = n < 0;
		ap.p = at + 1;
	}
	if (!strncmp(ap.p, "%fs:", 4) || !strncmp(ap.p, "%gs:", 4))
		return ua_error(&ap, "segment-relative operands (%%fs:, %%gs:) cannot be fetched");
	if (*ap.p == '%') {
		ap.p++;
		if (ua_reg(&ap, base, sizeof(base)))
			return -EINVAL;
		if (*ap.p == ':')
			return ua_error(&ap, "segment-relative operands (%%fs:, %%gs:) cannot be fetched");
		if (*ap.p)
			return ua_error(&ap, "unexpected '%c' after the register", *ap.p);
		if (!strcmp(base, "ip"))
			return ua_error(&ap, "%%rip as a value");
		snprintf(a->spec, sizeof(a->spec), "%%%s", base);
		return 0;
	}
	if (*ap.p == '$') {
		ap.p++;
		if (ua_number(&ap, &v) || *ap.p)
			return ua_error(&ap, "bad constant '%s' (a number after '$')",
					ap.p);
		snprintf(a->spec, sizeof(a->spec), "\\%lld", v);
		return 0;
	}
	/* memory: [DISP | SYM[+-N]](BASE[,IDX[,SCALE]]) or an absolute one */
	if (ua_sym_char(*ap.p, 1)) {
		size_t n = 0;

		while (ua_sym_char(ap.p[n], !n) && n < sizeof(sym) - 1) {
			sym[n] = ap.p[n];
			n++;
		}
		if (ua_sym_char(ap.p[n], 0))
			return ua_error(&ap, "symbol name too long");
		sym[n] = '\0';
		ap.p += n;
		has_sym = 1;
		if ((*ap.p == '+' || *ap.p == '-') && ua_number(&ap, &disp))
			return ua_error(&ap, "bad offset after the symbol");
	} else if (*ap.p != '(' && ua_number(&ap, &disp)) {
		return ua_error(&ap, "unknown operand '%s'", text);
	}
	if (*ap.p == '(') {
		mem = 1;
		ap.p++;
		if (*ap.p == '%') {
			ap.p++;
			if (ua_reg(&ap, base, sizeof(base)))
				return -EINVAL;
		}
		if (*ap.p == ',') {
			ap.p++;
			if (*ap.p != '%')
				return ua_error(&ap, "expected an index register after ','");
			ap.p++;
			if (ua_reg(&ap, idx, sizeof(idx)))
				return -EINVAL;
			scale = 1;
			if (*ap.p == ',') {
				ap.p++;
				if (ua_number(&ap, &scale) ||
				    (scale != 1 && scale != 2 && scale != 4 &&
				     scale != 8))
					return ua_error(&ap, "scale must be 1, 2, 4 or 8");
			}
		}
		if (*ap.p != ')')
			return ua_error(&ap, "expected ')' in '%s'", text);
		ap.p++;
	}
	if (*ap.p)
		return ua_error(&ap, "unexpected '%s' at the end of '%s'", ap.p, text);
	if (!mem) {
		/* absolute memory: an address only in a file not relocated */
		if (!exec)
			return ua_error(&ap, "an absolute address in a position-independent file");
		if (has_sym) {
			if (!sym_value || sym_value(ctx, sym, &sv))
				return ua_error(&ap, "unknown symbol '%s'", sym);
			disp = (long long)((unsigned long long)disp + sv);
		}
		snprintf(a->spec, sizeof(a->spec), "+0(\\%lld)", disp);
		return 0;
	}
	if (!base[0])
		return ua_error(&ap, "an index without a base register cannot be fetched");
	if (!strcmp(base, "ip")) {
		if (idx[0])
			return ua_error(&ap, "%%rip with an index");
		/* the handler sees ip at the probe's 1-byte nop: the
		 * assembler's %rip is the next instruction's */
		if (has_sym) {
			if (!sym_value || sym_value(ctx, sym, &sv))
				return ua_error(&ap, "unknown symbol '%s'", sym);
			disp = (long long)((unsigned long long)disp + sv - pc);
		} else {
			disp = (long long)((unsigned long long)disp + 1);
		}
	} else if (has_sym) {
		return ua_error(&ap, "a symbol as the offset of %%%s", base);
	}
	if (disp >= 0x80000000LL || disp <= -0x80000000LL)
		return ua_error(&ap, "offset %lld out of 32 bits", disp);
	if (idx[0]) {
		if (!strcmp(idx, "ip") || !strcmp(idx, "sp"))
			return ua_error(&ap, "%%%s as an index", idx);
		snprintf(a->spec, sizeof(a->spec), "%c%lld(%%%s,%%%s,%lld)",
			 disp < 0 ? '-' : '+', disp < 0 ? -disp : disp, base,
			 idx, scale);
	} else {
		snprintf(a->spec, sizeof(a->spec), "%c%lld(%%%s)",
			 disp < 0 ? '-' : '+', disp < 0 ? -disp : disp, base);
	}
	return 0;
}

const char *ltt_usdt_arg_type(const struct ltt_usdt_arg *a)
{
	static const char *const types[2][4] = {
		{ "u8", "u16", "u32", "u64" }, { "s8", "s16", "s32", "s64" },
	};

	return types[!!a->is_signed][a->size == 1 ? 0 : a->size == 2 ? 1 :
				     a->size == 4 ? 2 : 3];
}

int ltt_usdt_fetch_text(const struct ltt_usdt_probe *p, unsigned int strings,
			char *buf, size_t size)
{
	size_t n = 0;
	unsigned int i;
	int len;

	if (size)
		buf[0] = '\0';
	for (i = 0; i < p->nr_args; i++) {
		len = snprintf(buf + n, size - n, "%sarg%u=%s:%s", i ? " " : "",
			       i + 1, p->args[i].spec,
			       strings & (1U << i) ? "ustring" :
			       ltt_usdt_arg_type(&p->args[i]));
		if (len < 0 || (size_t)len >= size - n)
			return -ENOSPC;
		n += len;
	}
	return n;
}

/* ---- notes ------------------------------------------------------------- */

__attribute__((format(printf, 3, 4)))
static int ue_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list va;

	if (errlen) {
		va_start(va, fmt);
		vsnprintf(err, errlen, fmt, va);
		va_end(va);
	}
	return -EINVAL;
}

/* The offset in the file of an instruction at @addr, or -1. */
static int ue_text_offset(const struct usdt_elf *f, uint64_t addr,
			  uint64_t *off)
{
	unsigned int i;

	for (i = 0; i < f->eh->e_phnum && f->eh->e_phentsize == sizeof(Elf64_Phdr);
	     i++) {
		const Elf64_Phdr *ph = ue_at(f, f->eh->e_phoff +
					     (uint64_t)i * sizeof(*ph),
					     sizeof(*ph), 8);

		if (ph && ph->p_type == PT_LOAD && (ph->p_flags & PF_X) &&
		    addr >= ph->p_vaddr && addr - ph->p_vaddr < ph->p_filesz &&
		    ph->p_offset <= f->size &&
		    addr - ph->p_vaddr < f->size - ph->p_offset) {
			*off = addr - ph->p_vaddr + ph->p_offset;
			return 0;
		}
	}
	return -1;
}

/* The offset in the file of the 2-byte semaphore at @addr, or -1. */
static int ue_data_offset(const struct usdt_elf *f, uint64_t addr,
			  uint64_t *off)
{
	unsigned int i;

	for (i = 0; i < f->eh->e_shnum; i++) {
		const Elf64_Shdr *sh = ue_shdr(f, i);

		if (!sh || !(sh->sh_flags & SHF_ALLOC) ||
		    sh->sh_type == SHT_NOBITS || addr < sh->sh_addr ||
		    sh->sh_size < 2 || addr - sh->sh_addr > sh->sh_size - 2)
			continue;
		*off = addr - sh->sh_addr + sh->sh_offset;
		if (*off >= f->size || f->size - *off < 2)
			return -1;
		return 0;
	}
	return -1;
}

/* The note @desc of @len bytes into @p; -EINVAL (said) if malformed. */
static int ue_note(const struct usdt_elf *f, const unsigned char *desc,
		   uint32_t len, const uint64_t *sbase, struct ltt_usdt_probe *p,
		   unsigned int nr, char *err, size_t errlen)
{
	const char *prov, *name, *args, *end = (const char *)desc + len;
	char text[LTT_USDT_TEXT_MAX], *tok, *save, why[96];
	uint64_t base, delta = 0, note_pc;
	size_t n;

	memset(p, 0, sizeof(*p));
	if (len < 3 * 8 + 3)
		return ue_error(err, errlen, "note %u: %u bytes, too short", nr,
				len);
	memcpy(&p->pc, desc, 8);
	memcpy(&base, desc + 8, 8);
	memcpy(&p->sem, desc + 16, 8);
	prov = (const char *)desc + 24;
	name = memchr(prov, '\0', end - prov);
	args = name && name + 1 < end ?
	       memchr(name + 1, '\0', end - name - 1) : NULL;
	if (!args || args + 1 >= end || !memchr(args + 1, '\0', end - args - 1))
		return ue_error(err, errlen, "note %u: provider, name and arguments not NUL-terminated",
				nr);
	name++;
	args++;
	if (!*prov || !*name)
		return ue_error(err, errlen, "note %u: empty provider or name", nr);
	snprintf(p->provider, sizeof(p->provider), "%s", prov);
	snprintf(p->name, sizeof(p->name), "%s", name);
	snprintf(p->argtext, sizeof(p->argtext), "%s", args);
	if (strlen(prov) >= sizeof(p->provider) || strlen(name) >= sizeof(p->name)) {
		snprintf(p->error, sizeof(p->error), "provider or name longer than %d bytes",
			 LTT_USDT_NAME_MAX - 1);
		return 0;
	}
	if (strlen(args) >= sizeof(p->argtext)) {
		snprintf(p->error, sizeof(p->error), "arguments longer than %d bytes",
			 LTT_USDT_TEXT_MAX - 1);
		return 0;
	}
	/* prelink moved the base: every address moves with it */
	note_pc = p->pc;
	if (sbase && base) {
		delta = *sbase - base;
		p->pc += delta;
		if (p->sem)
			p->sem += delta;
	}
	if (ue_text_offset(f, p->pc, &p->pc_off)) {
		snprintf(p->error, sizeof(p->error),
			 "address 0x%llx is in no executable segment of the file",
			 (unsigned long long)p->pc);
		return 0;
	}
	if (p->sem && (ue_data_offset(f, p->sem, &p->sem_off) ||
		       (p->sem_off & 1) || !p->sem_off)) {
		snprintf(p->error, sizeof(p->error),
			 "semaphore 0x%llx is in no section of the file, or misaligned",
			 (unsigned long long)p->sem);
		return 0;
	}
	memcpy(text, args, strlen(args) + 1);
	for (tok = strtok_r(text, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (p->nr_args == LTT_USDT_MAX_ARGS) {
			snprintf(p->error, sizeof(p->error),
				 "more than %d arguments", LTT_USDT_MAX_ARGS);
			return 0;
		}
		/* sym(%rip) is relative to the note's own pc */
		if (ltt_usdt_arg_parse(tok, note_pc,
				       ue_sym_value, (void *)f,
				       f->eh->e_type == ET_EXEC,
				       &p->args[p->nr_args], why, sizeof(why))) {
			n = strlen(tok);
			snprintf(p->error, sizeof(p->error), "argument %u '%.*s': %s",
				 p->nr_args + 1, (int)(n > 24 ? 24 : n), tok, why);
			return 0;
		}
		p->nr_args++;
	}
	return 0;
}

int ltt_usdt_parse(const void *buf, size_t size, struct ltt_usdt_probe **out,
		   char *err, size_t errlen)
{
	struct usdt_elf f = { .p = buf, .size = size };
	struct ltt_usdt_probe *v = NULL, *nv;
	size_t nr = 0, cap = 0;
	uint64_t sbase = 0;
	int has_sbase = 0;
	unsigned int i;
	int ret;

	*out = NULL;
	if (errlen)
		err[0] = '\0';
	f.eh = ue_at(&f, 0, sizeof(Elf64_Ehdr), 8);
	if (!f.eh || memcmp(f.eh->e_ident, ELFMAG, SELFMAG) ||
	    f.eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    f.eh->e_ident[EI_DATA] != ELFDATA2LSB ||
	    f.eh->e_machine != EM_X86_64) {
		ue_error(err, errlen, "not a 64-bit x86-64 ELF file");
		return -ENOEXEC;
	}
	for (i = 0; i < f.eh->e_shnum; i++) {
		const Elf64_Shdr *sh = ue_shdr(&f, i);
		const char *n = sh ? ue_secname(&f, sh) : NULL;

		if (n && !strcmp(n, ".stapsdt.base")) {
			sbase = sh->sh_addr;
			has_sbase = 1;
		}
	}
	for (i = 0; i < f.eh->e_shnum; i++) {
		const Elf64_Shdr *sh = ue_shdr(&f, i);
		const char *n = sh ? ue_secname(&f, sh) : NULL;
		const unsigned char *sec;
		uint64_t o = 0;

		if (!n || sh->sh_type != SHT_NOTE || strcmp(n, ".note.stapsdt"))
			continue;
		sec = ue_at(&f, sh->sh_offset, sh->sh_size, 4);
		if (!sec) {
			ret = ue_error(err, errlen, ".note.stapsdt: offset 0x%llx size 0x%llx out of the file",
				       (unsigned long long)sh->sh_offset,
				       (unsigned long long)sh->sh_size);
			goto fail;
		}
		while (o < sh->sh_size) {
			Elf64_Nhdr nh;
			uint64_t nlen, dlen;

			if (sh->sh_size - o < sizeof(nh)) {
				ret = ue_error(err, errlen, ".note.stapsdt: truncated note header at 0x%llx",
					       (unsigned long long)o);
				goto fail;
			}
			memcpy(&nh, sec + o, sizeof(nh));
			o += sizeof(nh);
			nlen = ((uint64_t)nh.n_namesz + 3) & ~3ULL;
			dlen = ((uint64_t)nh.n_descsz + 3) & ~3ULL;
			if (nlen > sh->sh_size - o || dlen > sh->sh_size - o - nlen) {
				ret = ue_error(err, errlen, ".note.stapsdt: note %zu truncated (name %u, desc %u bytes, %llu left)",
					       nr + 1, nh.n_namesz, nh.n_descsz,
					       (unsigned long long)(sh->sh_size - o));
				goto fail;
			}
			if (nh.n_type != NT_STAPSDT || nh.n_namesz != 8 ||
			    memcmp(sec + o, "stapsdt", 8)) {
				o += nlen + dlen;
				continue;
			}
			if (nr == cap) {
				cap = cap ? cap * 2 : 16;
				nv = realloc(v, cap * sizeof(*v));
				if (!nv) {
					ret = -ENOMEM;
					goto fail;
				}
				v = nv;
			}
			ret = ue_note(&f, sec + o + nlen, nh.n_descsz,
				      has_sbase ? &sbase : NULL, &v[nr], nr + 1,
				      err, errlen);
			if (ret)
				goto fail;
			nr++;
			o += nlen + dlen;
		}
	}
	*out = v;
	return nr;
fail:
	free(v);
	return ret;
}

int ltt_usdt_read(const char *path, struct ltt_usdt_probe **out,
		  char *err, size_t errlen)
{
	struct ltt_file_map m;
	int ret;

	*out = NULL;
	ret = ltt_file_map(path, &m);
	if (ret == -ENOEXEC)
		ue_error(err, errlen, "not a 64-bit x86-64 ELF file");
	if (ret)
		return ret;
	ret = ltt_usdt_parse(m.p, m.size, out, err, errlen);
	ltt_file_unmap(&m);
	return ret;
}
