// SPDX-License-Identifier: GPL-2.0-only
/*
 * USDT notes (tools/lib/usdt.c) on real binaries built with <sys/sdt.h>:
 * the VM's target (static, a probe guarded by a semaphore) and
 * usdt-forms.c (PIE, -O2 and -O0): the probes, their places in the file
 * (a nop at the probe, the semaphore's two zero bytes), the arguments'
 * sizes, signs and fetch specifications, each probe's fetch text accepted
 * by the kernel's own parser (src/fetch-spec.c). Bad arguments and
 * corrupted notes are refused with their reason; random files and
 * mutated note sections never make the reader read out of the file (ASan
 * build) and whatever it accepts the kernel's parser accepts.
 */
#include <elf.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "usdt.h"

#include "../../src/fetch-spec.c"

static char dir[PATH_MAX];

static unsigned char *slurp(const char *name, size_t *len)
{
	char path[PATH_MAX + 64];
	unsigned char *buf;
	FILE *f;
	long n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0 ||
	    fseek(f, 0, SEEK_SET))
		return NULL;
	buf = malloc(n);
	if (!buf || fread(buf, 1, n, f) != (size_t)n)
		abort();
	fclose(f);
	*len = n;
	return buf;
}

static const struct ltt_usdt_probe *find(const struct ltt_usdt_probe *p,
					 int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(p[i].provider, "ltt_test") && !strcmp(p[i].name, name))
			return &p[i];
	return NULL;
}

/* the probe's fetch text, parsed by ltt.ko's parser as a uprobe's */
static int kernel_accepts(const struct ltt_usdt_probe *p, unsigned int strings,
			  struct ltt_fetch_spec *spec)
{
	char text[1024], kerr[LTT_FETCH_ERR_MAX];

	if (ltt_usdt_fetch_text(p, strings, text, sizeof(text)) < 0)
		return 0;
	return !ltt_fetch_parse(text, LTT_FETCH_F_USER, spec, kerr, sizeof(kerr)) &&
	       spec->nr_fields == p->nr_args;
}

static void check_target(void)
{
	const struct ltt_usdt_probe *t, *g;
	struct ltt_usdt_probe *p;
	struct ltt_fetch_spec spec;
	char err[128];
	unsigned char *buf;
	size_t len;
	int n;

	buf = slurp("ltt-usdt", &len);
	ok(buf != NULL, "the static target is built");
	if (!buf)
		return;
	n = ltt_usdt_parse(buf, len, &p, err, sizeof(err));
	t = n > 0 ? find(p, n, "tick") : NULL;
	g = n > 0 ? find(p, n, "guarded") : NULL;
	ok(t && g, "its notes: ltt_test:tick and ltt_test:guarded (%d probes, %s)",
	   n, err);
	if (!t || !g)
		return;
	ok(!t->error[0] && !g->error[0], "both can be recorded ('%s' '%s')",
	   t->error, g->error);
	ok(t->pc_off < len && buf[t->pc_off] == 0x90 &&
	   g->pc_off < len && buf[g->pc_off] == 0x90,
	   "each file offset holds the probe's nop");
	ok(!t->sem && !t->sem_off, "tick has no semaphore");
	ok(g->sem && g->sem_off && !(g->sem_off & 1) && g->sem_off + 2 <= len &&
	   !buf[g->sem_off] && !buf[g->sem_off + 1],
	   "guarded's semaphore: an even file offset holding 0 (0x%llx)",
	   (unsigned long long)g->sem_off);
	ok(t->nr_args == 2 && t->args[0].size == 4 && t->args[0].is_signed &&
	   t->args[1].size == 4 && t->args[1].is_signed,
	   "tick(int, int): two s32 ('%s')", t->argtext);
	ok(g->nr_args == 1 && g->args[0].size == 4 && g->args[0].is_signed,
	   "guarded(int): one s32 ('%s')", g->argtext);
	ok(kernel_accepts(t, 0, &spec) && spec.fields[0].size == 4 &&
	   spec.fields[0].is_signed && !strcmp(spec.fields[1].name, "arg2"),
	   "tick's fetch text: the kernel's parser takes it, arg1 s32, arg2");
	ok(kernel_accepts(g, 1, &spec) && spec.fields[0].type == LTT_FT_USTRING,
	   "an argument asked as a string becomes a user string");
	free(p);
	free(buf);
}

static void check_forms(const char *name)
{
	const struct ltt_usdt_probe *m, *x, *z;
	struct ltt_usdt_probe *p;
	struct ltt_fetch_spec spec;
	static const struct { unsigned int size; int sign; } want[6] = {
		{ 1, 1 }, { 2, 0 }, { 8, 1 }, { 8, 0 }, { 8, 1 }, { 4, 1 },
	};
	char err[128];
	unsigned char *buf;
	size_t len;
	int n, i, sizes = 1;

	buf = slurp(name, &len);
	n = buf ? ltt_usdt_parse(buf, len, &p, err, sizeof(err)) : -1;
	ok(n == 3, "%s: 3 probes (%d, %s)", name, n, err);
	if (n != 3)
		return;
	m = find(p, n, "many");
	x = find(p, n, "idx");
	z = find(p, n, "none");
	ok(m && x && z && !m->error[0] && !x->error[0] && !z->error[0],
	   "%s: many, idx, none, each recordable", name);
	if (!m || !x || !z)
		return;
	for (i = 0; i < 6 && m->nr_args == 6; i++)
		sizes &= m->args[i].size == want[i].size &&
			 m->args[i].is_signed == want[i].sign;
	ok(m->nr_args == 6 && sizes,
	   "%s: many(s8, u16, s64, u64, s64, s32) from '%s'", name, m->argtext);
	ok(!strcmp(m->args[5].spec, "\\5"), "%s: the constant $5 is \\5 (%s)",
	   name, m->args[5].spec);
	/* -O0 loads it into a register first */
	ok(!strcmp(name, "usdt-forms-O0") ||
	   (!strncmp(m->args[4].spec, "+", 1) && strstr(m->args[4].spec, "(%ip)")),
	   "%s: the global through %%rip: an offset from ip (%s)", name,
	   m->args[4].spec);
	ok(kernel_accepts(m, 0, &spec) && kernel_accepts(x, 0, &spec) &&
	   kernel_accepts(z, 0, &spec) && !spec.nr_fields,
	   "%s: the kernel's parser takes every probe's fetch text", name);
	ok(z->nr_args == 0 && buf[z->pc_off] == 0x90 && buf[m->pc_off] == 0x90,
	   "%s: none has no argument; the offsets hold nops", name);
	free(p);
	free(buf);
}

static void arg_refused(const char *text, int exec, const char *needle)
{
	struct ltt_usdt_arg a;
	char err[128];
	int ret = ltt_usdt_arg_parse(text, 0x1000, NULL, NULL, exec, &a, err,
				     sizeof(err));

	ok(ret == -EINVAL && strstr(err, needle), "'%s' refused: %s", text, err);
}

static void arg_is(const char *text, const char *spec, unsigned int size,
		   int sign)
{
	struct ltt_usdt_arg a;
	char err[128];
	int ret = ltt_usdt_arg_parse(text, 0x1000, NULL, NULL, 0, &a, err,
				     sizeof(err));

	ok(!ret && !strcmp(a.spec, spec) && a.size == size && a.is_signed == sign,
	   "'%s' is %s:%s (%s%s)", text, spec,
	   ltt_usdt_arg_type(&a), a.spec, err);
}

static void check_args(void)
{
	arg_is("8@%rax", "%ax", 8, 0);
	arg_is("-4@%eax", "%ax", 4, 1);
	arg_is("2@%ax", "%ax", 2, 0);
	arg_is("-1@%sil", "%si", 1, 1);
	arg_is("1@%r9b", "%r9", 1, 0);
	arg_is("-4@%r10d", "%r10", 4, 1);
	arg_is("-4@-12(%rbp)", "-12(%bp)", 4, 1);
	arg_is("8@8(%rsp,%rdx,8)", "+8(%sp,%dx,8)", 8, 0);
	arg_is("-4@(%r9,%rdx,4)", "+0(%r9,%dx,4)", 4, 1);
	arg_is("4@$5", "\\5", 4, 0);
	arg_is("-8@$-3", "\\-3", 8, 1);
	arg_is("8@0x10(%rdi)", "+16(%di)", 8, 0);
	arg_is("8@16(%rip)", "+17(%ip)", 8, 0);
	arg_is("%rdi", "%di", 8, 0);
	arg_refused("-1@%ah", 0, "high-byte");
	arg_refused("8@%fs:0x28", 0, "segment");
	arg_refused("8@%rxx", 0, "unknown register");
	arg_refused("3@%rax", 0, "bad size");
	arg_refused("-16@%rax", 0, "bad size");
	arg_refused("-4@(,%rax,4)", 0, "without a base");
	arg_refused("8@glob", 0, "position-independent");
	arg_refused("8@glob(%rip)", 0, "unknown symbol");
	arg_refused("8@8(%rax,%rbx,3)", 0, "scale");
	arg_refused("8@0x100000000(%rax)", 0, "out of 32 bits");
	arg_refused("8@8(%rax", 0, "expected ')'");
	arg_refused("8@$x", 0, "bad constant");
	arg_refused("8@(%rax)x", 0, "unexpected");
}

/* The .note.stapsdt section header of an image. */
static Elf64_Shdr *note_shdr(unsigned char *buf)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)buf;
	Elf64_Shdr *sh = (Elf64_Shdr *)(buf + eh->e_shoff);
	const char *str = (const char *)buf + sh[eh->e_shstrndx].sh_offset;
	int i;

	for (i = 0; i < eh->e_shnum; i++)
		if (!strcmp(str + sh[i].sh_name, ".note.stapsdt"))
			return &sh[i];
	return NULL;
}

static void check_corrupt(void)
{
	struct ltt_usdt_probe *p;
	unsigned char *buf;
	Elf64_Shdr *sh;
	Elf64_Nhdr *nh;
	uint64_t size, pc;
	char err[128];
	size_t len;
	int n;

	buf = slurp("ltt-usdt", &len);
	sh = buf ? note_shdr(buf) : NULL;
	ok(sh != NULL, "the target has a .note.stapsdt section");
	if (!sh)
		return;
	size = sh->sh_size;
	sh->sh_size = size - 5;
	n = ltt_usdt_parse(buf, len, &p, err, sizeof(err));
	ok(n == -EINVAL && strstr(err, "truncated"), "a cut section: %s", err);
	sh->sh_size = size;
	sh->sh_offset = len - 8;
	n = ltt_usdt_parse(buf, len, &p, err, sizeof(err));
	ok(n == -EINVAL && strstr(err, "out of the file"),
	   "a section past the end of the file: %s", err);
	free(buf);

	buf = slurp("ltt-usdt", &len);
	sh = note_shdr(buf);
	nh = (Elf64_Nhdr *)(buf + sh->sh_offset);
	nh->n_descsz = 0x7ffffff0;
	n = ltt_usdt_parse(buf, len, &p, err, sizeof(err));
	ok(n == -EINVAL && strstr(err, "truncated"), "a huge note size: %s", err);
	nh->n_descsz = 20;
	n = ltt_usdt_parse(buf, len, &p, err, sizeof(err));
	ok(n == -EINVAL && strstr(err, "too short"), "a short note: %s", err);
	free(buf);

	buf = slurp("ltt-usdt", &len);
	sh = note_shdr(buf);
	nh = (Elf64_Nhdr *)(buf + sh->sh_offset);
	pc = 0xdead0000;
	memcpy(buf + sh->sh_offset + sizeof(*nh) + 8, &pc, 8);
	n = ltt_usdt_parse(buf, len, &p, err, sizeof(err));
	ok(n > 0 && strstr(p[0].error, "no executable segment"),
	   "a probe address out of the code: '%s'", n > 0 ? p[0].error : err);
	if (n > 0)
		free(p);
	free(buf);

	ok(ltt_usdt_parse("\177ELF", 4, &p, err, sizeof(err)) == -ENOEXEC,
	   "4 bytes: not an ELF file");
	ok(ltt_usdt_read("/nonexistent/x", &p, err, sizeof(err)) == -ENOENT,
	   "no such file: -ENOENT");
}

/* Random bytes, and the target with bytes of its notes mutated. */
static void fuzz(unsigned int rounds)
{
	struct ltt_usdt_probe *p;
	struct ltt_fetch_spec spec;
	unsigned char *orig, *buf;
	unsigned int r, k, bad = 0, accepted = 0, probes = 0;
	Elf64_Shdr *sh;
	uint64_t off, size;
	char err[128];
	size_t len;
	int n, i;

	orig = slurp("ltt-usdt", &len);
	sh = orig ? note_shdr(orig) : NULL;
	if (!sh) {
		ok(0, "fuzz: no target");
		return;
	}
	off = sh->sh_offset;
	size = sh->sh_size;
	buf = malloc(len);
	srand(4141);
	for (r = 0; r < rounds; r++) {
		memcpy(buf, orig, len);
		if (r % 8 == 0) {
			/* random bytes after an ELF header kept valid */
			for (k = sizeof(Elf64_Ehdr); k < 4096 && k < len; k++)
				buf[k] = rand();
		} else {
			for (k = 0; k < 1 + (unsigned int)rand() % 8; k++)
				buf[off + rand() % size] = rand() %
					(r & 1 ? 256 : 64);
		}
		n = ltt_usdt_parse(buf, len, &p, err, sizeof(err));
		if (n < 0) {
			bad += !err[0];
			continue;
		}
		accepted++;
		for (i = 0; i < n; i++) {
			if (p[i].error[0])
				continue;
			probes++;
			bad += p[i].pc_off >= len || (p[i].sem_off &&
				(p[i].sem_off & 1 || p[i].sem_off + 2 > len)) ||
			       !kernel_accepts(&p[i], 0, &spec);
		}
		free(p);
	}
	ok(!bad, "fuzz: %u rounds, %u files read (%u recordable probes), every refusal says why, every probe the kernel takes (%u bad)",
	   rounds, accepted, probes, bad);
	free(buf);
	free(orig);
}

int main(int argc, char **argv)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return 1;
	self[n] = '\0';
	/* build/VARIANT/test_usdt: the targets are in build/usdt */
	snprintf(dir, sizeof(dir), "%s/../usdt", dirname(self));
	plan(10 + 2 * 7 + 27 + 8 + 1);
	check_target();
	check_forms("usdt-forms-O2");
	check_forms("usdt-forms-O0");
	check_args();
	check_corrupt();
#ifdef __SANITIZE_THREAD__
	fuzz(argc > 1 ? atoi(argv[1]) : 400);	/* single-threaded: TSan adds cost only */
#else
	fuzz(argc > 1 ? atoi(argv[1]) : 4000);
#endif
	return exit_status();
}
