// SPDX-License-Identifier: GPL-2.0-only
/*
 * Buffer sizing advice (see advice.h and doc/sizing.md).
 *
 * What a CPU's buffer needed: with records lost to a full buffer, its
 * whole size plus the bytes of the lost records (the reader kept
 * draining at its pace while the buffer was full, so with that much more
 * room nothing would have been dropped); without loss, the most
 * sub-buffers that waited for the reader at once. The channel needs the
 * largest of its CPUs, plus a quarter for the variation between runs,
 * rounded up to a power of 2. Sub-buffers are made large enough that the
 * peak fill rate switches them at most LTT_ADVICE_MAX_SWITCH_HZ times a
 * second (each switch wakes the daemon), and never smaller than now.
 */
#include "advice.h"

uint64_t ltt_pow2_ceil(uint64_t v)
{
	uint64_t p = 1;

	while (p < v && p < (1ULL << 63))
		p <<= 1;
	return p;
}

static bool is_pow2(uint64_t v)
{
	return v && !(v & (v - 1));
}

int ltt_advise(uint64_t subbuf_size, uint32_t num_subbuf,
	       const struct ltt_load *load, unsigned int n,
	       struct ltt_advice *out)
{
	uint64_t size = subbuf_size * num_subbuf, need = 0, cpu_need, peak = 0;
	uint64_t total, sb;
	unsigned int i;

	if (!n || !is_pow2(subbuf_size) || !is_pow2(num_subbuf))
		return -1;
	out->lost = false;
	for (i = 0; i < n; i++) {
		if (load[i].lost_full) {
			out->lost = true;
			cpu_need = size + load[i].lost_bytes;
		} else {
			cpu_need = load[i].max_backlog * subbuf_size;
		}
		if (cpu_need > need)
			need = cpu_need;
		if (load[i].peak_bytes_ps > peak)
			peak = load[i].peak_bytes_ps;
	}
	out->need = need;
	out->enough = !out->lost && size >= need;

	total = ltt_pow2_ceil(need + need / 4);
	sb = ltt_pow2_ceil(peak / LTT_ADVICE_MAX_SWITCH_HZ);
	if (sb < subbuf_size)
		sb = subbuf_size;
	if (sb < LTT_ADVICE_MIN_SUBBUF)
		sb = LTT_ADVICE_MIN_SUBBUF;
	/* at least 2 sub-buffers, so the daemon reads one while the CPU
	 * writes the other */
	if (total < 2 * sb)
		total = 2 * sb;
	if (out->enough && total < size)
		total = size;
	if (total > LTT_ADVICE_MAX_BUF)
		total = LTT_ADVICE_MAX_BUF;
	if (sb > total / 2)
		sb = total / 2;
	out->subbuf_size = sb;
	out->num_subbuf = (uint32_t)(total / sb);
	return 0;
}
