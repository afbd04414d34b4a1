/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lttd resume (resume.c): scan a stream file an earlier run left.
 */
#ifndef _LTTD_RESUME_H
#define _LTTD_RESUME_H

#include <stdbool.h>
#include <stdint.h>
#include <ltt/abi.h>

struct lttd_scan {
	uint64_t size;		/* bytes in the file */
	uint64_t keep;		/* bytes of whole packets at its start */
	bool have_seq;		/* at least one whole packet */
	uint64_t last_seq;	/* packet_seq_num of the last one */
};

/*
 * Walk the packets of fd from its start. 0: res describes the file (a
 * partial packet at the end lies past res->keep); -EEXIST: a packet that
 * is not of the trace with this uuid starts at res->keep; -errno.
 */
int lttd_scan_file(int fd, const uint8_t uuid[16], struct lttd_scan *res);

#endif /* _LTTD_RESUME_H */
