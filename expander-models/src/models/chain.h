/* SPDX-License-Identifier: GPL-2.0 */
/*
 * chain.h - the line count of a model that is a daisy chain of identical
 * parts on one chip select (74HC595, 74HC165, MAX3191x): cfg->chain
 * parts (1 when the DT does not say) of v->lines each.
 */
#ifndef EXPANDER_CHAIN_H
#define EXPANDER_CHAIN_H

#include <stdio.h>

#include "models/chip.h"

static inline unsigned int chain_parts(const struct spi_chip_cfg *cfg)
{
	return cfg->chain ? cfg->chain : 1;
}

/*
 * The chain's lines; 0 with a reason in err when it is longer than
 * CHIP_MAX_SPI (prop names the DT property that says so).
 */
static inline unsigned int chain_lines(const struct chip_variant *v,
				       const struct spi_chip_cfg *cfg,
				       const char *prop, char *err,
				       size_t errlen)
{
	unsigned int n = chain_parts(cfg);

	if (n > CHIP_MAX_SPI) {
		snprintf(err, errlen, "%s: %u parts, at most %u", prop, n,
			 CHIP_MAX_SPI);
		return 0;
	}
	return v->lines * n;
}

#endif
