// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd resume: what an earlier run left in a stream file. Pure file
 * reading, no threads, so tests/unit can test it alone.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "resume.h"

int lttd_scan_file(int fd, const uint8_t uuid[16], struct lttd_scan *res)
{
	struct ltt_packet_header h;
	struct stat stb;
	uint64_t off = 0, psz;
	ssize_t n;

	memset(res, 0, sizeof(*res));
	if (fstat(fd, &stb))
		return -errno;
	res->size = stb.st_size;
	while (off + sizeof(h) <= res->size) {
		n = pread(fd, &h, sizeof(h), off);
		if (n < 0)
			return -errno;
		if (n != sizeof(h))
			break;
		if (h.magic != LTT_PACKET_MAGIC ||
		    memcmp(h.uuid, uuid, sizeof(h.uuid))) {
			res->keep = off;
			return -EEXIST;
		}
		psz = h.packet_size / 8;
		if (psz < sizeof(h) || off + psz > res->size)
			break;
		res->have_seq = true;
		res->last_seq = h.packet_seq_num;
		off += psz;
	}
	res->keep = off;
	return 0;
}
