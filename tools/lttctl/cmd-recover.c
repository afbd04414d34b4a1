// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttctl recover: write out the trace a previous boot left in the
 * persistent region (doc/persistent-buffers.md), then free the region.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lttctl.h"

static const char description[] =
	"Writes the trace that a previous boot left in the persistent region\n"
	"(a --persistent channel, still there after a crash and a warm\n"
	"reboot) into DIR as a CTF trace: DIR/metadata and DIR/CHANNEL_CPU,\n"
	"which babeltrace2 reads as it is. ltt.ko checked every packet when it\n"
	"loaded: what it left out, and why, is said. Then the region is free\n"
	"for a new persistent channel. With --discard, drops it unwritten.";

static char *opt_output;
static int opt_discard;

static const struct poptOption options[] = {
	{ "output", 'o', POPT_ARG_STRING, &opt_output, 0,
	  "write the trace into DIR (new or empty)", "DIR" },
	{ "discard", 0, POPT_ARG_NONE, &opt_discard, 0,
	  "drop what the region holds, write nothing", NULL },
	POPT_TABLEEND
};

/* Explain a state with nothing to recover: LTTCTL_ERROR. */
static int nothing(const struct ltt_pmem_status *st)
{
	switch (st->state) {
	case LTT_PMEM_STATE_NONE:
		err("no recovered data: no persistent region (boot with memmap=SIZE$START and load ltt with pmem=SIZE@START, ltt(7))");
		break;
	case LTT_PMEM_STATE_EMPTY:
		err("no recovered data: the persistent region is empty");
		break;
	case LTT_PMEM_STATE_INVALID:
		err("no recovered data: the persistent region held no ltt data (%s)",
		    st->reason);
		break;
	case LTT_PMEM_STATE_REFUSED:
		err("no recovered data this ltt can read: %s ('lttctl recover --discard' frees the region)",
		    st->reason);
		break;
	default:
		err("no recovered data: the persistent region records session %s now",
		    st->session);
	}
	return LTTCTL_ERROR;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	ssize_t w;

	while (n) {
		w = write(fd, c, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= w;
	}
	return 0;
}

/* DIR must be new or empty: a recovered trace is never mixed with another. */
static int make_dir(const char *dir)
{
	struct stat sb;

	if (mkdir(dir, 0750) == 0)
		return 0;
	if (errno == EEXIST && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode) &&
	    rmdir(dir) == 0 && mkdir(dir, 0750) == 0)
		return 0;
	err("-o %s: %s", dir, errno == ENOTEMPTY || errno == EEXIST ?
	    "exists and is not empty" : strerror(errno));
	return -1;
}

static int open_out(const char *dir, const char *name)
{
	char path[4096];
	int fd;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path)) {
		err("-o %s: path too long", dir);
		return -1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
	if (fd < 0)
		err("cannot create %s: %s", path, strerror(errno));
	return fd;
}

static int write_metadata(int ctl, const char *dir, uint64_t len)
{
	struct ltt_pmem_read rd;
	char *buf = malloc(len ? len : 1);
	int fd, ret;

	if (!buf) {
		err("out of memory");
		return -1;
	}
	memset(&rd, 0, sizeof(rd));
	rd.what = LTT_PMEM_READ_METADATA;
	rd.buf = (uintptr_t)buf;
	rd.len = len;
	ret = lttc_pmem_read(ctl, &rd);
	if (ret < 0 || rd.len != len) {
		err("cannot read the recovered metadata: %s",
		    ret < 0 ? strerror(-ret) : "short");
		free(buf);
		return -1;
	}
	fd = open_out(dir, "metadata");
	ret = fd < 0 ? -1 : write_all(fd, buf, len);
	if (fd >= 0 && (ret || fsync(fd) || close(fd))) {
		err("cannot write %s/metadata: %s", dir, strerror(errno));
		ret = -1;
	}
	free(buf);
	return ret;
}

/* The packets, by CPU then sequence number, into DIR/CHANNEL_CPU. */
static int write_packets(int ctl, const char *dir,
			 const struct ltt_pmem_status *st)
{
	size_t cap = 1 << 20;
	char *buf = malloc(cap), name[64];
	struct ltt_pmem_read rd;
	int fd = -1, cpu = -1, ret = 0;
	uint64_t i;

	for (i = 0; buf && i < st->nr_packets && !ret; i++) {
		memset(&rd, 0, sizeof(rd));
		rd.what = LTT_PMEM_READ_PACKET;
		rd.index = i;
		rd.buf = (uintptr_t)buf;
		rd.len = cap;
		ret = lttc_pmem_read(ctl, &rd);
		if (ret == -E2BIG) {
			char *bigger = realloc(buf, rd.len);

			if (!bigger)
				break;
			buf = bigger;
			cap = rd.len;
			i--;
			ret = 0;
			continue;
		}
		if (ret < 0) {
			err("cannot read recovered packet %llu: %s",
			    (unsigned long long)i, strerror(-ret));
			break;
		}
		if ((int)rd.cpu != cpu) {
			if (fd >= 0 && (fsync(fd) || close(fd))) {
				err("cannot write %s/%s: %s", dir, name,
				    strerror(errno));
				fd = -1;
				ret = -1;
				break;
			}
			cpu = rd.cpu;
			snprintf(name, sizeof(name), "%s_%d", st->channel, cpu);
			fd = open_out(dir, name);
			if (fd < 0) {
				ret = -1;
				break;
			}
		}
		if (write_all(fd, buf, rd.len)) {
			err("cannot write %s/%s: %s", dir, name, strerror(errno));
			ret = -1;
		}
	}
	if (!buf) {
		err("out of memory");
		ret = -1;
	}
	if (fd >= 0 && (fsync(fd) || close(fd)) && !ret) {
		err("cannot write %s/%s: %s", dir, name, strerror(errno));
		ret = -1;
	}
	free(buf);
	return ret < 0 ? -1 : 0;
}

/*
 * Write the recovered trace st tells of into dir (new or empty), then
 * free the region: 0, or -1 (said).
 */
int pmem_recover_to(int ctl, const char *dir, const struct ltt_pmem_status *st)
{
	char when[40];
	unsigned int i;
	int ret;

	if (make_dir(dir) || write_metadata(ctl, dir, st->metadata_len) ||
	    write_packets(ctl, dir, st))
		return -1;
	printf("recovered session %s channel %s: %llu packets on %u CPUs into %s\n",
	       st->session, st->channel, (unsigned long long)st->nr_packets,
	       st->nr_cpus, dir);
	printf("  from the boot of %s, kernel %s\n",
	       pmem_date(st->boot_time, when, sizeof(when)), st->kernel);
	for (i = 0; i < LTT_PMEM_DROP_NR; i++)
		if (st->dropped[i])
			printf("dropped %llu packets: %s\n",
			       (unsigned long long)st->dropped[i],
			       pmem_drop_reason(i));
	ret = lttc_pmem_discard(ctl);
	if (ret < 0) {
		err("the trace is written, but the region could not be freed: %s",
		    strerror(-ret));
		return -1;
	}
	return 0;
}

static int run_recover(const char **args __always_unused)
{
	struct ltt_pmem_status st;
	int ctl, ret, rc = LTTCTL_ERROR;

	if (!opt_output == !opt_discard) {
		err("recover needs -o DIR (write the trace) or --discard (drop it)");
		return LTTCTL_USAGE;
	}
	ctl = ctl_open();
	if (ctl < 0)
		return LTTCTL_ERROR;
	ret = lttc_pmem_status(ctl, &st);
	if (ret == -ENOTTY) {
		err("this ltt module has no persistent region (ABI 1.9 has it)");
		goto out;
	}
	if (ret < 0) {
		err("cannot read the persistent region's status: %s", strerror(-ret));
		goto out;
	}
	if (opt_discard && (st.state == LTT_PMEM_STATE_RECOVERED ||
			    st.state == LTT_PMEM_STATE_REFUSED)) {
		ret = lttc_pmem_discard(ctl);
		if (ret < 0)
			err("cannot discard: %s", strerror(-ret));
		else
			printf("discarded what the persistent region held\n");
		rc = ret < 0 ? LTTCTL_ERROR : LTTCTL_OK;
		goto out;
	}
	if (st.state != LTT_PMEM_STATE_RECOVERED) {
		rc = nothing(&st);
		goto out;
	}
	if (pmem_recover_to(ctl, opt_output, &st))
		goto out;
	rc = LTTCTL_OK;
out:
	close(ctl);
	return rc;
}

const struct lttctl_cmd lttctl_cmd_recover = {
	.name		= "recover",
	.summary	= "write out the trace a crash left in the persistent region",
	.description	= description,
	.options	= options,
	.run		= run_recover,
};
