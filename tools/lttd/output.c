// SPDX-License-Identifier: GPL-2.0-only
/*
 * The registry of lttd's outputs (output.h): the one place that names
 * them, and the wrappers that walk the ones a session chose. A new output
 * is one file and one line in outputs[].
 */
#include <stddef.h>
#include "lttd.h"

extern const struct lttd_output_ops lttd_files_output;	/* files-out.c */
extern const struct lttd_output_ops lttd_relay_output;	/* relay-out.c */

/* the files first: a packet goes on once it is on disk */
static const struct lttd_output_ops *const outputs[] = {
	&lttd_files_output,
	&lttd_relay_output,
};

_Static_assert(sizeof(outputs) / sizeof(outputs[0]) <= LTTD_OUTPUTS_MAX,
	       "LTTD_OUTPUTS_MAX is the registry's length at least");

#define for_each_output(d, i, o)					\
	for ((i) = 0; (i) < (d)->nr_outs && ((o) = (d)->outs[i], 1); (i)++)

void lttd_output_choose(struct lttd *d)
{
	size_t i;

	d->nr_outs = 0;
	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
		if (outputs[i]->wanted(d))
			d->outs[d->nr_outs++] = outputs[i];
	d->out_alone = d->nr_outs == 1;
}

const char *lttd_output_name(const struct lttd *d)
{
	return d->nr_outs ? d->outs[0]->name : "output";
}

int lttd_output_setup(struct lttd *d)
{
	const struct lttd_output_ops *o;
	unsigned int i;
	int ret;

	for_each_output(d, i, o)
		if (o->setup && (ret = o->setup(d)) < 0)
			return ret;
	return 0;
}

int lttd_output_stream_open(struct lttd *d, struct lttd_stream *s)
{
	const struct lttd_output_ops *o;
	unsigned int i;
	int ret;

	for_each_output(d, i, o)
		if (o->stream_open && (ret = o->stream_open(d, s)) < 0)
			return ret;
	return 0;
}

int lttd_output_start(struct lttd *d)
{
	const struct lttd_output_ops *o;
	unsigned int i;
	int ret;

	for_each_output(d, i, o)
		if (o->start && (ret = o->start(d)) < 0)
			return ret;
	return 0;
}

void lttd_output_metadata(struct lttd *d, const char *text, size_t len)
{
	const struct lttd_output_ops *o;
	unsigned int i;

	for_each_output(d, i, o)
		if (o->metadata)
			o->metadata(d, text, len);
}

bool lttd_output_ready(struct lttd *d)
{
	const struct lttd_output_ops *o;
	unsigned int i;

	for_each_output(d, i, o)
		if (o->ready && !o->ready(d))
			return false;
	return true;
}

int lttd_output_packet(struct lttd *d, struct lttd_stream *s,
		       const uint8_t *p, size_t len)
{
	const struct lttd_output_ops *o;
	unsigned int i;
	int ret;

	for_each_output(d, i, o)
		if ((ret = o->packet(d, s, p, len)))
			return ret;
	return 0;
}

void lttd_output_stream_close(struct lttd *d, struct lttd_stream *s)
{
	const struct lttd_output_ops *o;
	unsigned int i;

	for_each_output(d, i, o)
		if (o->stream_close)
			o->stream_close(d, s);
}

int lttd_output_watch(struct lttd *d, struct lttd_loop *l)
{
	const struct lttd_output_ops *o;
	unsigned int i;
	int fd, ret;

	for_each_output(d, i, o) {
		fd = o->timer_fd ? o->timer_fd(d) : -1;
		if (fd >= 0 && (ret = lttd_loop_watch(l, fd, LTTD_EV_OUTPUT + i)))
			return ret;
	}
	return 0;
}

void lttd_output_tick(struct lttd *d, unsigned int i)
{
	if (i < d->nr_outs && d->outs[i]->tick)
		d->outs[i]->tick(d);
}

int lttd_output_rotate_begin(struct lttd *d, bool clear, const char **who)
{
	const struct lttd_output_ops *o;
	unsigned int i;
	int ret;

	for (i = d->nr_outs; i-- > 0;) {
		o = d->outs[i];
		if (o->rotate_begin && (ret = o->rotate_begin(d, clear)) < 0) {
			*who = o->name;
			return ret;
		}
	}
	return 0;
}

void lttd_output_stream_rotate(struct lttd *d, struct lttd_stream *s)
{
	const struct lttd_output_ops *o;
	unsigned int i;

	for_each_output(d, i, o)
		if (o->stream_rotate)
			o->stream_rotate(d, s);
}

int lttd_output_rotate_end(struct lttd *d, char *path, size_t len)
{
	const struct lttd_output_ops *o;
	char other[PATH_MAX];
	unsigned int i;
	int ret, err = 0;

	for_each_output(d, i, o) {
		if (!o->rotate_end)
			continue;
		ret = i ? o->rotate_end(d, other, sizeof(other)) :
			  o->rotate_end(d, path, len);
		if (ret < 0 && !err)
			err = ret;
	}
	return err;
}

int lttd_output_finish(struct lttd *d)
{
	const struct lttd_output_ops *o;
	unsigned int i;
	int ret, err = 0;

	for_each_output(d, i, o) {
		ret = o->finish ? o->finish(d) : 0;
		if (ret < 0 && !err)
			err = ret;
	}
	return err;
}

void lttd_output_free(struct lttd *d)
{
	const struct lttd_output_ops *o;
	unsigned int i;

	for_each_output(d, i, o)
		if (o->free)
			o->free(d);
	d->nr_outs = 0;
}
