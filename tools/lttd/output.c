// SPDX-License-Identifier: GPL-2.0-only
/*
 * The registry of lttd's outputs (output.h): the one place that names
 * them. A new output is one file and one line in outputs[].
 */
#include <stddef.h>
#include "lttd.h"

extern const struct lttd_output_ops lttd_relay_output;	/* relay-out.c */

static const struct lttd_output_ops *const outputs[] = {
	&lttd_relay_output,
};

int lttd_output_start(struct lttd *d)
{
	size_t i;

	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++) {
		if (outputs[i]->wanted(d)) {
			d->out_ops = outputs[i];
			return d->out_ops->start(d);
		}
	}
	return 0;	/* the trace files only */
}

bool lttd_output_ready(struct lttd *d)
{
	return !d->out_ops || d->out_ops->ready(d);
}

int lttd_output_packet(struct lttd *d, struct lttd_stream *s,
		       const uint8_t *p, size_t len)
{
	return d->out_ops ? d->out_ops->packet(d, s, p, len) : 0;
}

int lttd_output_timer_fd(struct lttd *d)
{
	return d->out_ops ? d->out_ops->timer_fd(d) : -1;
}

void lttd_output_tick(struct lttd *d)
{
	if (d->out_ops)
		d->out_ops->tick(d);
}

int lttd_output_rotate_begin(struct lttd *d, bool clear)
{
	return d->out_ops ? d->out_ops->rotate_begin(d, clear) : 0;
}

void lttd_output_stream_rotate(struct lttd *d, struct lttd_stream *s)
{
	if (d->out_ops)
		d->out_ops->stream_rotate(d, s);
}

int lttd_output_rotate_end(struct lttd *d, char *path, size_t len)
{
	return d->out_ops ? d->out_ops->rotate_end(d, path, len) : 0;
}

int lttd_output_finish(struct lttd *d)
{
	return d->out_ops ? d->out_ops->finish(d) : 0;
}

void lttd_output_free(struct lttd *d)
{
	if (d->out_ops)
		d->out_ops->free(d);
	d->out_ops = NULL;
}
