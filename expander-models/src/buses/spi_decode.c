// SPDX-License-Identifier: GPL-2.0
/*
 * spi_decode.c - pin edges to SPI frames (see spi_decode.h).
 *
 * Mode n = CPOL << 1 | CPHA. The leading edge of a clock pulse leaves
 * the idle level CPOL, the trailing edge returns to it. CPHA = 0 samples
 * on the leading edge and shifts on the trailing one; CPHA = 1 the other
 * way round. The target's first bit is out from CS assertion on.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "buses/spi_decode.h"

struct spi_decoder {
	struct spi_bus *b;
	unsigned int ncs;
	int sck, mosi, miso;
	int cs[SPI_MAX_CS];	/* line levels */
	int active;		/* selected chip select, -1: none */
	void (*on_miso)(void *ctx, int level);
	void *ctx;
	struct spi_decoder_counters cnt;
};

static int cs_idle(const struct spi_decoder *d, unsigned int cs)
{
	const struct spi_dev_cfg *c = spi_bus_dev(d->b, cs);

	return c && c->cs_high ? 0 : 1;
}

struct spi_decoder *spi_decoder_new(struct spi_bus *b, unsigned int ncs)
{
	struct spi_decoder *d;
	unsigned int i;

	if (ncs > SPI_MAX_CS)
		return NULL;
	d = calloc(1, sizeof(*d));
	if (!d)
		return NULL;
	d->b = b;
	d->ncs = ncs;
	d->active = -1;
	d->miso = SPI_MISO_IDLE;
	for (i = 0; i < ncs; i++)
		d->cs[i] = cs_idle(d, i);
	return d;
}

void spi_decoder_free(struct spi_decoder *d)
{
	free(d);
}

void spi_decoder_on_miso(struct spi_decoder *d,
			 void (*fn)(void *ctx, int level), void *ctx)
{
	d->on_miso = fn;
	d->ctx = ctx;
}

static void drive_miso(struct spi_decoder *d)
{
	int v = d->active >= 0 ? spi_bus_miso(d->b) : SPI_HIZ;

	if (v == SPI_HIZ)
		v = SPI_MISO_IDLE;
	if (v == d->miso)
		return;
	d->miso = v;
	if (d->on_miso)
		d->on_miso(d->ctx, v);
}

static void cs_edge(struct spi_decoder *d, unsigned int cs, int level)
{
	bool on = level != cs_idle(d, cs);

	if (on && d->active < 0) {
		d->active = cs;
		spi_bus_select(d->b, cs);
	} else if (on) {
		d->cnt.errors++;	/* two devices selected: not decoded */
	} else if (d->active == (int)cs) {
		spi_bus_deselect(d->b);
		d->active = -1;
	}
	drive_miso(d);
}

static void sck_edge(struct spi_decoder *d, int level)
{
	const struct spi_dev_cfg *c;
	bool leading, sample;
	int cpol;

	if (d->active < 0)
		return;
	c = spi_bus_dev(d->b, d->active);
	cpol = c && (c->mode & SPI_CPOL);
	leading = level != cpol;
	sample = leading == !(c && (c->mode & SPI_CPHA));
	if (sample)
		spi_bus_clock(d->b, d->mosi);
	else
		drive_miso(d);
}

int spi_decoder_edge(struct spi_decoder *d, unsigned int line, int level)
{
	int *cur;

	level = !!level;
	if (line == SPI_LINE_SCK)
		cur = &d->sck;
	else if (line == SPI_LINE_MOSI)
		cur = &d->mosi;
	else if (line - SPI_LINE_CS0 < d->ncs)
		cur = &d->cs[line - SPI_LINE_CS0];
	else
		return -1;
	if (*cur == level)
		return 0;	/* a write of the same level is no edge */
	*cur = level;
	d->cnt.edges++;
	if (line == SPI_LINE_SCK)
		sck_edge(d, level);
	else if (line >= SPI_LINE_CS0)
		cs_edge(d, line - SPI_LINE_CS0, level);
	return 0;
}

int spi_decoder_miso(const struct spi_decoder *d)
{
	return d->miso;
}

void spi_decoder_get_counters(const struct spi_decoder *d,
			      struct spi_decoder_counters *c)
{
	*c = d->cnt;
}
