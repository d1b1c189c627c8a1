// SPDX-License-Identifier: GPL-2.0
/*
 * spi_target.c - the helpers of spi_target.h for parts that are shift
 * registers or think in words.
 */
#include <string.h>

#include "buses/spi_target.h"

/* The shift register helper. */
void spi_shift_init(struct spi_shift *s, const struct spi_target_ops *ops,
		    unsigned int width)
{
	s->t.ops = ops;
	s->t.priv = s;
	s->sr = 0;
	s->width = width;
}

int spi_shift_dout(const struct spi_target *t)
{
	const struct spi_shift *s = t->priv;

	return (s->sr >> (s->width - 1)) & 1;
}

void spi_shift_clock(struct spi_target *t, int din)
{
	struct spi_shift *s = t->priv;

	s->sr = s->sr << 1 | (din & 1);
	if (s->width < 32)
		s->sr &= (1u << s->width) - 1;
}

/* The word helper. */
static void word_select(struct spi_target *t)
{
	struct spi_word_target *wt = t->priv;

	wt->in = 0;
	wt->bit = 0;
	wt->idx = 0;
	wt->out = wt->wops->select ? wt->wops->select(wt->m) : SPI_HIZ;
}

static int word_dout(const struct spi_target *t)
{
	const struct spi_word_target *wt = t->priv;
	unsigned int w = wt->wops->width;

	if (wt->out < 0)
		return SPI_HIZ;
	return (wt->out >> (w - 1 - wt->bit)) & 1;
}

static void word_clock(struct spi_target *t, int din)
{
	struct spi_word_target *wt = t->priv;

	wt->in = wt->in << 1 | (din & 1);
	if (++wt->bit < wt->wops->width)
		return;
	if (wt->wops->width < 32)
		wt->in &= (1u << wt->wops->width) - 1;
	wt->out = wt->wops->word(wt->m, wt->in, wt->idx++);
	wt->in = 0;
	wt->bit = 0;
}

static void word_deselect(struct spi_target *t, unsigned int nbits)
{
	struct spi_word_target *wt = t->priv;

	if (wt->wops->deselect)
		wt->wops->deselect(wt->m, nbits);
	wt->out = SPI_HIZ;
}

static const struct spi_target_ops word_ops = {
	.select = word_select,
	.dout = word_dout,
	.clock = word_clock,
	.deselect = word_deselect,
};

void spi_word_target_init(struct spi_word_target *wt,
			  const struct spi_word_ops *wops, void *m)
{
	memset(wt, 0, sizeof(*wt));
	wt->t.ops = &word_ops;
	wt->t.priv = wt;
	wt->wops = wops;
	wt->m = m;
	wt->out = SPI_HIZ;
}
