// SPDX-License-Identifier: GPL-2.0-only
/*
 * The file offset of a function of an ELF file, for uprobes: lttctl names
 * a function, the kernel wants the offset in the file of its first
 * instruction. A small reader (64-bit little-endian ELF, what x86-64
 * runs), so that the tools need no libelf: find the symbol in .symtab
 * (else .dynsym), then map its address to the file through the loadable
 * segment that contains it. Every offset read from the file is checked
 * against the file's size: a corrupt file is an error, never a crash.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "file-map.h"
#include "ltt-ctl.h"

struct elf_file {
	const unsigned char *p;
	size_t size;
};

/* A pointer to [off, off + len) of the file, or NULL if out of it or
 * misaligned for the 8-byte fields of the headers and symbols (a valid
 * file aligns them; the mapping is page-aligned). */
static const void *elf_at(const struct elf_file *f, uint64_t off, uint64_t len)
{
	if (off > f->size || len > f->size - off || (off & 7))
		return NULL;
	return f->p + off;
}

static const Elf64_Shdr *elf_shdr(const struct elf_file *f,
				  const Elf64_Ehdr *eh, unsigned int i)
{
	if (i >= eh->e_shnum || eh->e_shentsize != sizeof(Elf64_Shdr))
		return NULL;
	return elf_at(f, eh->e_shoff + (uint64_t)i * sizeof(Elf64_Shdr),
		      sizeof(Elf64_Shdr));
}

/* The value of function @name in symbol table @type; 0 found, -ENOENT. */
static int elf_find(const struct elf_file *f, const Elf64_Ehdr *eh,
		    uint32_t type, const char *name, uint64_t *value)
{
	size_t nlen = strlen(name);
	unsigned int i;
	uint64_t j;

	for (i = 0; i < eh->e_shnum; i++) {
		const Elf64_Shdr *sh = elf_shdr(f, eh, i), *strh;
		const Elf64_Sym *syms;
		const char *str;

		if (!sh || sh->sh_type != type ||
		    sh->sh_entsize != sizeof(Elf64_Sym))
			continue;
		strh = elf_shdr(f, eh, sh->sh_link);
		syms = elf_at(f, sh->sh_offset, sh->sh_size);
		/* a string table is bytes: any alignment */
		str = strh && strh->sh_offset <= f->size &&
		      strh->sh_size <= f->size - strh->sh_offset ?
		      (const char *)f->p + strh->sh_offset : NULL;
		if (!syms || !str)
			continue;
		for (j = 0; j < sh->sh_size / sizeof(Elf64_Sym); j++) {
			const Elf64_Sym *s = &syms[j];

			if (ELF64_ST_TYPE(s->st_info) != STT_FUNC ||
			    s->st_shndx == SHN_UNDEF ||
			    s->st_name >= strh->sh_size ||
			    strh->sh_size - s->st_name <= nlen ||
			    memcmp(str + s->st_name, name, nlen + 1))
				continue;
			*value = s->st_value;
			return 0;
		}
	}
	return -ENOENT;
}

int ltt_elf_func_offset(const char *path, const char *name, uint64_t *off)
{
	struct ltt_file_map map;
	struct elf_file f;
	const Elf64_Ehdr *eh;
	uint64_t value;
	unsigned int i;
	int ret;

	ret = ltt_file_map(path, &map);
	if (ret)
		return ret;
	f.p = map.p;
	f.size = map.size;
	ret = -ENOEXEC;
	eh = elf_at(&f, 0, sizeof(*eh));
	if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB)
		goto out;
	ret = elf_find(&f, eh, SHT_SYMTAB, name, &value);
	if (ret)
		ret = elf_find(&f, eh, SHT_DYNSYM, name, &value);
	if (ret)
		goto out;
	ret = -ERANGE;		/* in no loadable segment */
	for (i = 0; i < eh->e_phnum && eh->e_phentsize == sizeof(Elf64_Phdr); i++) {
		const Elf64_Phdr *ph = elf_at(&f, eh->e_phoff +
					      (uint64_t)i * sizeof(*ph), sizeof(*ph));

		if (ph && ph->p_type == PT_LOAD && value >= ph->p_vaddr &&
		    value - ph->p_vaddr < ph->p_filesz) {
			*off = value - ph->p_vaddr + ph->p_offset;
			/* the file must hold the instruction */
			ret = *off < f.size ? 0 : -ERANGE;
			break;
		}
	}
out:
	ltt_file_unmap(&map);
	return ret;
}
