// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sizes and durations as users write them (units.h): the one parser of
 * the boot parameters, the tools' options and libltt-ctl. No libc number
 * parser (the kernel has none by that name): digits read here, with the
 * overflow checked at each.
 */
#include "shim.h"
#include "units.h"

#define UNITS_U64_MAX	((uint64_t)~0ULL)	/* the kernel's U64_MAX, libc's UINT64_MAX */

/* The leading digits of s into *v: their count, 0 (none) or -ERANGE. */
static int digits(const char *s, uint64_t *v)
{
	int n = 0;

	*v = 0;
	for (; s[n] >= '0' && s[n] <= '9'; n++) {
		if (*v > (UNITS_U64_MAX - (uint64_t)(s[n] - '0')) / 10)
			return -ERANGE;
		*v = *v * 10 + (uint64_t)(s[n] - '0');
	}
	return n;
}

/* s's leading number into *v: the count of its digits, -EINVAL, -ERANGE */
static int number(const char *s, uint64_t *v)
{
	int n;

	if (!s)
		return -EINVAL;
	n = digits(s, v);
	return n ?: -EINVAL;
}

int ltt_units_size(const char *s, uint64_t *bytes)
{
	unsigned int shift = 0;
	const char *end;
	uint64_t v;
	int n;

	n = number(s, &v);
	if (n < 0)
		return n;
	end = s + n;
	switch (*end) {
	case '\0':
		break;
	case 'k': case 'K':
		shift = 10;
		break;
	case 'm': case 'M':
		shift = 20;
		break;
	case 'g': case 'G':
		shift = 30;
		break;
	default:
		return -EINVAL;
	}
	if (*end && end[1] && strcmp(end + 1, "iB") && strcmp(end + 1, "B"))
		return -EINVAL;
	if (v > (UNITS_U64_MAX >> shift))
		return -ERANGE;
	*bytes = v << shift;
	return 0;
}

static const struct {
	const char *name;
	uint64_t ns;
} duration_units[] = {
	{ "ns", 1ULL },
	{ "us", 1000ULL },
	{ "ms", 1000000ULL },
	{ "s", 1000000000ULL },
	{ "m", 60ULL * 1000000000ULL },
	{ "h", 3600ULL * 1000000000ULL },
	{ "d", 86400ULL * 1000000000ULL },
};

int ltt_units_duration(const char *s, uint64_t bare_ns, uint64_t *ns)
{
	uint64_t v, mult = bare_ns;
	unsigned int i;
	int n;

	n = number(s, &v);
	if (n < 0)
		return n;
	if (s[n]) {
		for (i = 0; i < sizeof(duration_units) / sizeof(duration_units[0]); i++)
			if (!strcmp(s + n, duration_units[i].name))
				break;
		if (i == sizeof(duration_units) / sizeof(duration_units[0]))
			return -EINVAL;
		mult = duration_units[i].ns;
	}
	if (!mult)
		return -EINVAL;
	if (v > UNITS_U64_MAX / mult)
		return -ERANGE;
	*ns = v * mult;
	return 0;
}
