/* SPDX-License-Identifier: GPL-2.0 */
/*
 * chain.h - allocation of a model that is a daisy chain of identical
 * parts on one chip select (74HC595, 74HC165, MAX3191x): cfg->chain
 * parts (1 when the DT does not say) of per lines each.
 */
#ifndef EXPANDER_CHAIN_H
#define EXPANDER_CHAIN_H

#include <stdlib.h>

#include "chip.h"

/*
 * A zeroed model of size bytes starting with its struct chip, named and
 * with its pins; *n parts. NULL with a reason in err when the chain is
 * longer than CHIP_MAX_SPI (prop names the DT property) or memory runs
 * out.
 */
static inline void *chain_alloc(size_t size, const struct chip_variant *v,
				const struct spi_chip_cfg *cfg,
				struct world *w, unsigned int per,
				const char *prop, unsigned int *n,
				char *err, size_t errlen)
{
	struct chip *c;

	*n = cfg->chain ? cfg->chain : 1;
	if (*n > CHIP_MAX_SPI) {
		snprintf(err, errlen, "%s: %u parts, at most %u", prop, *n,
			 CHIP_MAX_SPI);
		return NULL;
	}
	c = calloc(1, size);
	if (!c || chip_init_lines(c, v, w, cfg->cs, per * *n)) {
		snprintf(err, errlen, "out of memory");
		free(c);
		return NULL;
	}
	c->nspi = *n;
	return c;
}

#endif
