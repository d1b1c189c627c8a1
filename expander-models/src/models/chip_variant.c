// SPDX-License-Identifier: GPL-2.0
/* chip_variant.c - from DT compatible to model (chip_variant.h). */
#include <string.h>

#include "models/chip_variant.h"

/* The registry: every family's table of parts. */
static const struct chip_variant *const families[] = {
	pca953x_variants,
	pcf857x_variants,
	max732x_variants,
	pca9570_variants,
	tpic2810_variants,
	fxl6408_variants,
	mcp230xx_variants,
	max7300_variants,
	hc595_variants,
	hc165_variants,
	max7301_variants,
	mc33880_variants,
	mcp23s08_variants,
	xra1403_variants,
	max3191x_variants,
	sc18is602_variants,
	aw9523_variants,
	sx150x_variants,
	cy8c95x0_variants,
	adnp_variants,
	ds4520_variants,
	NULL,
};

const struct chip_variant *chip_variant_find(const char *compatible)
{
	const struct chip_variant *const *f;
	const struct chip_variant *v;

	for (f = families; *f; f++)
		for (v = *f; v->compatible; v++)
			if (!strcmp(v->compatible, compatible))
				return v;
	return NULL;
}

const struct chip_variant *chip_variant_find_lines(const char *compatible,
						   unsigned int lines)
{
	const struct chip_variant *const *f;
	const struct chip_variant *v;

	for (f = families; *f; f++)
		for (v = *f; v->compatible; v++)
			if (!strcmp(v->compatible, compatible) &&
			    v->lines == lines)
				return v;
	return NULL;
}
