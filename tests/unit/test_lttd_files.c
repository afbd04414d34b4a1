// SPDX-License-Identifier: GPL-2.0-only
/*
 * lttd's files without the kernel: a stream cut into trace files by
 * tracefile_size/count, resumed by a new run, its failed writes cut back
 * to whole packets (tools/lttd/stream-file.c); the metadata kept whole in
 * memory, written to one or two chunks' files, behind while a write fails
 * and caught up once it works (tools/lttd/metadata.c). A write failure is
 * made with RLIMIT_FSIZE: writes past the limit fail with EFBIG, a write
 * across it is cut short, as on a disk filling up. The kernel's metadata
 * stream is a file the test appends to.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include "tap.h"
#include "lttd.h"

#define PKT	4096

static const uint8_t uuid[16] = { 7, 7, 7, 1, 2, 3 };
static char top[64], src[PATH_MAX];
static int consumer_errors;

/* ---- what the files need of the rest of lttd and of libltt-ctl -------- */

void lttd_log(bool error, const char *fmt, ...)
{
	va_list ap;

	fputs(error ? "# lttd error: " : "# lttd: ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

int lttc_metadata_open(int sfd)
{
	int fd = open(src, O_RDONLY | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

int lttc_consumer_error(int sfd, int error)
{
	consumer_errors++;
	return 0;
}

/* the registry with the files output alone: its metadata op */
void lttd_output_metadata(struct lttd *d, const char *text, size_t len)
{
	lttd_metadata_files_write(d, d->md);
}

/* ---- helpers ------------------------------------------------------------ */

static uint8_t *packet(uint64_t seq, uint32_t size)
{
	static uint8_t buf[4 * PKT];
	struct ltt_packet_header h = {
		.magic = LTT_PACKET_MAGIC,
		.packet_size = (uint64_t)size * 8,
		.content_size = sizeof(h) * 8,
		.packet_seq_num = seq,
	};

	memset(buf, 0, size);
	memcpy(h.uuid, uuid, sizeof(h.uuid));
	memcpy(buf, &h, sizeof(h));
	return buf;
}

static off_t fsize(const char *dir, const char *name)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stat(path, &st) ? -1 : st.st_size;
}

/* packet_seq_num of the packet at offset off of dir/name */
static int64_t seq_at(const char *dir, const char *name, off_t off)
{
	struct ltt_packet_header h;
	char path[PATH_MAX];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	if (pread(fd, &h, sizeof(h), off) != sizeof(h))
		h.packet_seq_num = -1;
	close(fd);
	return h.packet_seq_num;
}

static void stream_init(struct lttd_stream *s, const char *kdir,
			const char *name, uint64_t size, uint64_t count)
{
	memset(s, 0, sizeof(*s));
	s->out = -1;
	s->lim.size = size;
	s->lim.count = count;
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->kdir, sizeof(s->kdir), "%s", kdir);
}

static void set_fsize(rlim_t n)
{
	struct rlimit r = { n, RLIM_INFINITY };

	fflush(stdout);
	if (setrlimit(RLIMIT_FSIZE, &r))
		abort();
}

static void src_append(const char *text)
{
	int fd = open(src, O_WRONLY | O_APPEND | O_CREAT, 0644);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		abort();
	close(fd);
}

/* dir/name holds exactly text */
static bool holds(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX], buf[8192];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n == (ssize_t)strlen(text) && !memcmp(buf, text, n);
}

/* ---- stream files ------------------------------------------------------- */

static void test_count(struct lttd *d, const char *kdir)
{
	struct lttd_stream s;
	uint64_t seq;
	int ret = 0;

	/* 3 packets a file, 3 files: 0-2, 3-5, 6-8, then 9 replaces 0-2 */
	stream_init(&s, kdir, "chan_0", 3 * PKT, 3);
	ok(!lttd_stream_files_resume(d, &s) && s.out < 0 && !s.have_last_seq,
	   "count: nothing to resume in an empty chunk");
	for (seq = 0; seq < 10 && !ret; seq++)
		ret = lttd_stream_file_write(&s, packet(seq, PKT), PKT);
	ok(!ret, "count: 10 packets written");
	ok(fsize(kdir, "chan_0_0") == PKT && seq_at(kdir, "chan_0_0", 0) == 9,
	   "count: the 4th file replaced the oldest, chan_0_0: packet 9 alone");
	ok(fsize(kdir, "chan_0_1") == 3 * PKT &&
	   seq_at(kdir, "chan_0_1", 0) == 3 && seq_at(kdir, "chan_0_2", 0) == 6,
	   "count: chan_0_1 from packet 3, chan_0_2 from 6, whole");
	ok(fsize(kdir, "chan_0_3") < 0, "count: no 4th file");
	lttd_stream_file_close(&s, true);

	/* a new run: goes on in chan_0_0, the highest packet_seq_num */
	stream_init(&s, kdir, "chan_0", 3 * PKT, 3);
	ok(!lttd_stream_files_resume(d, &s) && s.out >= 0 && s.index == 0 &&
	   s.have_last_seq && s.last_seq == 9 && s.size == PKT &&
	   s.max_index == 2, "count: resumed in chan_0_0 after packet 9");
	ok(!lttd_stream_file_write(&s, packet(10, PKT), PKT) &&
	   fsize(kdir, "chan_0_0") == 2 * PKT &&
	   seq_at(kdir, "chan_0_0", PKT) == 10, "count: packet 10 after it");
	lttd_stream_file_close(&s, true);

	/* a run killed in a write: its partial packet is cut */
	{
		char path[PATH_MAX + 16];
		int fd;

		snprintf(path, sizeof(path), "%s/chan_0_0", kdir);
		fd = open(path, O_WRONLY | O_APPEND);
		if (fd < 0 || write(fd, packet(11, PKT), 1000) != 1000)
			abort();
		close(fd);
	}
	stream_init(&s, kdir, "chan_0", 3 * PKT, 3);
	ok(!lttd_stream_files_resume(d, &s) && s.last_seq == 10 &&
	   s.size == 2 * PKT && fsize(kdir, "chan_0_0") == 2 * PKT,
	   "count: a partial packet is cut on resuming");
	lttd_stream_files_delete(&s);
	ok(fsize(kdir, "chan_0_0") < 0 && fsize(kdir, "chan_0_1") < 0 &&
	   fsize(kdir, "chan_0_2") < 0 && s.index == 0,
	   "count: a clear deletes every file of the stream");
}

static void test_size(struct lttd *d, const char *kdir)
{
	struct lttd_stream s;
	uint64_t seq;
	int ret = 0;

	/* 2 packets a file, no count: indexes grow */
	stream_init(&s, kdir, "big_1", 2 * PKT, 0);
	for (seq = 0; seq < 5 && !ret; seq++)
		ret = lttd_stream_file_write(&s, packet(seq, PKT), PKT);
	ok(!ret && fsize(kdir, "big_1_0") == 2 * PKT &&
	   fsize(kdir, "big_1_1") == 2 * PKT && fsize(kdir, "big_1_2") == PKT,
	   "size: 5 packets in big_1_0, _1, _2");
	ok(!lttd_stream_file_write(&s, packet(5, 3 * PKT), 3 * PKT) &&
	   fsize(kdir, "big_1_3") == 3 * PKT,
	   "size: a packet bigger than the size gets a file alone");
	ok(!lttd_stream_file_write(&s, packet(6, PKT), PKT) &&
	   fsize(kdir, "big_1_4") == PKT, "size: and the next one a new file");
	lttd_stream_file_close(&s, true);
	stream_init(&s, kdir, "big_1", 2 * PKT, 0);
	ok(!lttd_stream_files_resume(d, &s) && s.index == 4 &&
	   s.max_index == 4 && s.last_seq == 6,
	   "size: resumed in the newest, big_1_4 (found by name)");
	lttd_stream_file_close(&s, true);

	/* no size: the plain name */
	stream_init(&s, kdir, "plain_0", 0, 0);
	ok(!lttd_stream_file_write(&s, packet(0, PKT), PKT) &&
	   !lttd_stream_file_write(&s, packet(1, PKT), PKT) &&
	   fsize(kdir, "plain_0") == 2 * PKT && fsize(kdir, "plain_0_0") < 0,
	   "no size: one file, <channel>_<cpu>");
	lttd_stream_file_close(&s, true);
}

/*
 * While the file size limit is low, nothing is printed: stdout may be a
 * file too. The checks are made then, reported once it is lifted.
 */
static void test_write_error(const char *kdir)
{
	struct lttd_stream s;
	bool cut, again, gone;

	stream_init(&s, kdir, "full_0", 0, 0);
	ok(!lttd_stream_file_write(&s, packet(0, PKT), PKT), "full: one packet");
	set_fsize(PKT + 1000);	/* the next packet is cut short */
	cut = lttd_stream_file_write(&s, packet(1, PKT), PKT) == -EFBIG &&
	      s.size == PKT && fsize(kdir, "full_0") == PKT;
	again = lttd_stream_file_write(&s, packet(2, PKT), PKT) == -EFBIG;
	set_fsize(RLIM_INFINITY);
	ok(cut, "full: a short write fails and is cut off: whole packets only");
	ok(again, "full: the next packet fails too");
	ok(!lttd_stream_file_write(&s, packet(3, PKT), PKT) &&
	   fsize(kdir, "full_0") == 2 * PKT && seq_at(kdir, "full_0", PKT) == 3,
	   "full: room again: the next packet follows the whole ones");
	lttd_stream_file_close(&s, true);

	/* a new file that gets no whole packet is no file */
	stream_init(&s, kdir, "full_1", PKT, 0);
	ok(!lttd_stream_file_write(&s, packet(0, PKT), PKT), "full: a file");
	set_fsize(1000);
	gone = lttd_stream_file_write(&s, packet(1, PKT), PKT) == -EFBIG &&
	       fsize(kdir, "full_1_1") < 0 && s.out < 0;
	set_fsize(RLIM_INFINITY);
	ok(gone, "full: the next file, left without a packet, is removed");
	ok(!lttd_stream_file_write(&s, packet(2, PKT), PKT) &&
	   fsize(kdir, "full_1_1") == PKT && seq_at(kdir, "full_1_1", 0) == 2,
	   "full: room again: the file is made again");
	lttd_stream_file_close(&s, true);
}

/* ---- metadata ----------------------------------------------------------- */

static void test_metadata(struct lttd *d, const char *kdir, const char *kdir2)
{
	struct lttd_metadata m;
	const char *a = "/* CTF 1.8 */ trace { };\n",
		*b = "stream { id = 0; };\n", *c = "event { id = 1; };\n";
	char all[256];
	bool behind, once;

	d->md = &m;
	src_append(a);
	lttd_metadata_init(&m);
	ok(!lttd_metadata_open(d, &m) &&
	   !lttd_metadata_files_open(d, &m, kdir) &&
	   !lttd_metadata_pump(d, &m) &&
	   holds(kdir, "metadata", a) && !lttd_metadata_behind(&m),
	   "metadata: the text to the chunk's file");
	src_append(b);
	lttd_metadata_pump(d, &m);
	snprintf(all, sizeof(all), "%s%s", a, b);
	ok(holds(kdir, "metadata", all) && m.len == strlen(all),
	   "metadata: appended text follows");

	src_append(c);	/* before the limit, which applies to it too */
	consumer_errors = 0;
	set_fsize(strlen(all) + 4);	/* c is cut short */
	lttd_metadata_pump(d, &m);
	behind = lttd_metadata_behind(&m) && holds(kdir, "metadata", all) &&
		 consumer_errors == 1;
	lttd_metadata_pump(d, &m);
	once = lttd_metadata_behind(&m) && consumer_errors == 1;
	set_fsize(RLIM_INFINITY);
	ok(behind, "metadata: a failed write is cut back off, behind, reported");
	ok(once, "metadata: tried again, still behind, reported once");
	lttd_metadata_pump(d, &m);
	snprintf(all, sizeof(all), "%s%s%s", a, b, c);
	ok(!lttd_metadata_behind(&m) && holds(kdir, "metadata", all),
	   "metadata: room again: caught up, whole");

	ok(!lttd_metadata_chunk_open(d, &m, kdir2) &&
	   holds(kdir2, "metadata", all) && m.nr_files == 2,
	   "metadata: a new chunk's file starts with the whole text");
	src_append("event { id = 2; };\n");
	ok(!lttd_metadata_chunk_close(d, &m) && m.nr_files == 1,
	   "metadata: the old chunk's file closed whole");
	snprintf(all, sizeof(all), "%s%s%sevent { id = 2; };\n", a, b, c);
	ok(holds(kdir, "metadata", all) && holds(kdir2, "metadata", all),
	   "metadata: text read at the close is in both");
	ok(!lttd_metadata_finish(d, &m) && m.nr_files == 0,
	   "metadata: finished whole");
	lttd_metadata_close(&m);

	/* a new run finds its text as a prefix of the kernel's: goes on */
	src_append("event { id = 3; };\n");
	lttd_metadata_init(&m);
	ok(!lttd_metadata_open(d, &m) &&
	   !lttd_metadata_files_open(d, &m, kdir) &&
	   m.file[0].size == strlen(all),
	   "metadata: resumed after the text on disk");
	lttd_metadata_close(&m);

	/* another trace's file is refused */
	{
		char path[PATH_MAX + 16];
		int fd;

		snprintf(path, sizeof(path), "%s/metadata", kdir);
		fd = open(path, O_WRONLY | O_TRUNC);
		if (fd < 0 || write(fd, "other", 5) != 5)
			abort();
		close(fd);
	}
	lttd_metadata_init(&m);
	ok(!lttd_metadata_open(d, &m) &&
	   lttd_metadata_files_open(d, &m, kdir) == -EEXIST,
	   "metadata: another trace's file is refused");
	lttd_metadata_close(&m);
}

int main(void)
{
	struct lttd d = { .md_lock = PTHREAD_MUTEX_INITIALIZER,
			  .session = "test", .sfd = -1 };
	char k1[PATH_MAX], k2[PATH_MAX], cmd[128];

	signal(SIGXFSZ, SIG_IGN);	/* EFBIG instead */
	snprintf(top, sizeof(top), "/tmp/lttd-files-XXXXXX");
	if (!mkdtemp(top))
		abort();
	snprintf(src, sizeof(src), "%s/kernel-text", top);
	snprintf(k1, sizeof(k1), "%s/kernel", top);
	snprintf(k2, sizeof(k2), "%s/chunk-1", top);
	if (mkdir(k1, 0755) || mkdir(k2, 0755))
		abort();
	memcpy(d.uuid, uuid, sizeof(uuid));
	snprintf(d.chunk.kdir, sizeof(d.chunk.kdir), "%s", k1);

	test_count(&d, k1);
	test_size(&d, k1);
	test_write_error(k1);
	test_metadata(&d, k1, k2);

	snprintf(cmd, sizeof(cmd), "rm -rf %s", top);
	if (system(cmd))
		diag("cannot remove %s", top);
	done_testing();
	return exit_status();
}
