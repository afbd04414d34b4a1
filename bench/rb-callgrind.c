// SPDX-License-Identifier: GPL-2.0-only
/*
 * Driver for bench/rb-callgrind.sh: one loop of reserve + 16-byte payload
 * + commit on the userspace build of the ring buffer, to be counted by
 * callgrind (--toggle-collect on the loop functions).
 *
 *	rb-callgrind rb N	fake clock (a counter): the ring buffer alone
 *	rb-callgrind clock N	CLOCK_MONOTONIC, as the userspace build reads it
 *	rb-callgrind ref N	reference: 16-byte copies to a bumped pointer
 *
 * The channel is in overwrite mode with no reader, as the kernel benchmark
 * (bench/modules/ltt-bench-rb.c): sub-buffer switches are included at
 * their real frequency.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ltt/ringbuffer.h>

static const u64 payload[2] = { 0x0123456789abcdefULL, 0xfedcba9876543210ULL };
static u64 now;

static u64 counter_clock(void)
{
	return now += 10;
}

__attribute__((noinline)) void run_rb(struct ltt_rb_chan *chan, long n)
{
	struct ltt_rb_ctx ctx = {
		.chan = chan,
		.event_id = 1,
		.payload_len = sizeof(payload),
	};

	while (n--) {
		if (!ltt_rb_reserve(&ctx)) {
			memcpy(ctx.payload, payload, sizeof(payload));
			ltt_rb_commit(&ctx);
		}
	}
}

__attribute__((noinline)) void run_ref(char *area, size_t size, long n)
{
	size_t pos = 0;

	while (n--) {
		if (pos + sizeof(payload) > size)
			pos = 0;
		memcpy(area + pos, payload, sizeof(payload));
		pos += sizeof(payload);
		__asm__ volatile("" : : "r"(area) : "memory");
	}
}

int main(int argc, char **argv)
{
	struct ltt_rb_attr attr = {
		.subbuf_size = 1 << 16,
		.num_subbuf = 16,
		.mode = LTT_RB_OVERWRITE,
	};
	struct ltt_rb_chan *chan;
	long n;

	if (argc != 3) {
		fprintf(stderr, "usage: %s rb|clock|ref N\n", argv[0]);
		return 2;
	}
	n = atol(argv[2]);
	if (!strcmp(argv[1], "ref")) {
		size_t size = attr.subbuf_size * attr.num_subbuf;
		char *area = calloc(1, size);

		run_ref(area, size, n);
		free(area);
		return 0;
	}
	if (strcmp(argv[1], "clock"))
		ltt_rb_user_set_clock(counter_clock);
	chan = ltt_rb_chan_create(&attr);
	if (IS_ERR(chan))
		return 1;
	run_rb(chan, n);
	ltt_rb_chan_destroy(chan);
	return 0;
}
