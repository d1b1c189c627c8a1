/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spi_rig.h - an SPI bus with chip models on it, built without a DTB,
 * and an spi-gpio master in miniature: the bit-banging loops of Linux's
 * drivers/spi/spi-bitbang-txrx.h (modes 0-3, MSB or LSB first) driving
 * pin edges into the decoder and reading MISO where spi-gpio reads it.
 */
#ifndef EXPANDER_SPI_RIG_H
#define EXPANDER_SPI_RIG_H

#include <stdlib.h>
#include <string.h>

#include "models/chip_variant.h"
#include "fixture.h"
#include "buses/spi_bus.h"
#include "buses/spi_decode.h"
#include "buses/world.h"

struct spi_rig {
	struct world w;
	struct spi_bus *b;
	struct spi_decoder *d;
	struct chip *c[8];
	unsigned int n;
	char *logbuf;
	size_t loglen;
};

static inline void spi_rig_init(struct spi_rig *r)
{
	memset(r, 0, sizeof(*r));
	world_init(&r->w);
	r->w.log = open_memstream(&r->logbuf, &r->loglen);
	r->b = spi_bus_new(&r->w, "spi5", 0);
}

/* A device on cs at hz with mode bits (SPI_CPHA | SPI_CPOL). */
static inline void spi_rig_dev(struct spi_rig *r, unsigned int cs,
			       unsigned int mode, bool lsb, uint32_t hz)
{
	struct spi_dev_cfg cfg = { .mode = mode, .lsb_first = lsb,
				   .max_hz = hz };

	spi_bus_add_dev(r->b, cs, &cfg);
}

static inline struct chip *spi_rig_add(struct spi_rig *r, const char *compat,
				       const struct spi_chip_cfg *cfg,
				       uint32_t hz)
{
	const struct chip_variant *v = chip_variant_find(compat);
	FILE *log = r->w.log;
	char err[128];
	struct chip *c;
	unsigned int i;

	if (!v)
		return NULL;
	spi_rig_dev(r, cfg->cs, 0, false, hz);
	r->w.log = NULL;
	c = chip_create_spi(v, cfg, &r->w, err, sizeof(err));
	r->w.log = log;
	if (!c) {
		fprintf(stderr, "  %s: %s\n", compat, err);
		return NULL;
	}
	c->spi = r->b;
	c->pins.bus = spi_bus_name(r->b);
	c->pins.changes = spi_bus_pin_counter(r->b);
	c->irq_changes = spi_bus_irq_counter(r->b);
	for (i = 0; i < c->nspi; i++)
		spi_bus_attach(r->b, cfg->cs, c->spi_targets[i]);
	r->c[r->n++] = c;
	return c;
}

static inline const char *spi_rig_log(struct spi_rig *r)
{
	fflush(r->w.log);
	return r->logbuf ? r->logbuf : "";
}

static inline void spi_rig_free(struct spi_rig *r)
{
	unsigned int i;

	for (i = 0; i < r->n; i++)
		chip_destroy(r->c[i]);
	spi_decoder_free(r->d);
	spi_bus_free(r->b);
	fclose(r->w.log);
	free(r->logbuf);
	world_destroy(&r->w);
}

/* spi-gpio over the decoder: chip select per spi_gpio_chipselect(). */
static inline void gpio_cs(struct spi_rig *r, unsigned int cs, int mode,
			   bool active)
{
	if (active)
		spi_decoder_edge(r->d, SPI_LINE_SCK, !!(mode & SPI_CPOL));
	spi_decoder_edge(r->d, SPI_LINE_CS0 + cs, !active);
}

/* One word as bitbang_txrx_be_cpha{0,1} (or _le_) clock it. */
static inline uint32_t gpio_word(struct spi_rig *r, int mode, bool lsb,
				 uint32_t word, unsigned int bits)
{
	int cpol = !!(mode & SPI_CPOL);
	uint32_t in = 0;
	unsigned int i;

	for (i = 0; i < bits; i++) {
		unsigned int s = lsb ? i : bits - 1 - i;
		int out = (word >> s) & 1;

		if (!(mode & SPI_CPHA)) {
			spi_decoder_edge(r->d, SPI_LINE_MOSI, out);
			spi_decoder_edge(r->d, SPI_LINE_SCK, !cpol);
			in |= (uint32_t)spi_decoder_miso(r->d) << s;
			spi_decoder_edge(r->d, SPI_LINE_SCK, cpol);
		} else {
			spi_decoder_edge(r->d, SPI_LINE_SCK, !cpol);
			spi_decoder_edge(r->d, SPI_LINE_MOSI, out);
			spi_decoder_edge(r->d, SPI_LINE_SCK, cpol);
			in |= (uint32_t)spi_decoder_miso(r->d) << s;
		}
	}
	return in;
}

/* A whole spi_sync() of len bytes on cs, 8 bits per word. */
static inline void gpio_xfer(struct spi_rig *r, unsigned int cs, int mode,
			     bool lsb, const uint8_t *tx, uint8_t *rx,
			     unsigned int len)
{
	unsigned int i;

	gpio_cs(r, cs, mode, true);
	for (i = 0; i < len; i++) {
		uint8_t v = gpio_word(r, mode, lsb, tx ? tx[i] : 0, 8);

		if (rx)
			rx[i] = v;
	}
	gpio_cs(r, cs, mode, false);
}

#endif
