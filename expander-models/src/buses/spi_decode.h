/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spi_decode.h - an SPI master seen only through its pins: SCK, MOSI and
 * the chip selects as level changes, MISO as a level the decoder drives
 * back. This is what the host sees of Linux's spi-gpio bit-banging on
 * virtio-gpio lines; the decoder turns it into frames on a spi_bus.
 *
 * Per chip select the device's DT node gives the mode (CPOL/CPHA), the
 * bit order and the CS polarity (spi_bus_add_dev). The decoder keeps
 * MISO at the level the selected chain drives for the next sampling
 * edge: it changes at CS assertion and at every shifting edge (the one
 * that is not the sampling edge), never at a sampling edge, so a master
 * that reads MISO right after it moved SCK reads the bit of that edge.
 *
 * The caller holds the world lock.
 */
#ifndef EXPANDER_SPI_DECODE_H
#define EXPANDER_SPI_DECODE_H

#include <stdint.h>

#include "buses/spi_bus.h"

struct spi_decoder;

/* Lines as the decoder numbers them; CS n is SPI_LINE_CS0 + n. */
enum {
	SPI_LINE_SCK,
	SPI_LINE_MOSI,
	SPI_LINE_CS0,
};

struct spi_decoder_counters {
	uint64_t edges;		/* every level change fed in */
	uint64_t errors;	/* a second chip select while one is active */
};

/* ncs chip selects (their idle levels follow each device's cs_high). */
struct spi_decoder *spi_decoder_new(struct spi_bus *b, unsigned int ncs);
void spi_decoder_free(struct spi_decoder *d);

/* Called with the new MISO level whenever it changes (may be NULL). */
void spi_decoder_on_miso(struct spi_decoder *d,
			 void (*fn)(void *ctx, int level), void *ctx);

/* Line changed to level (0/1). -1 for a line the decoder does not have. */
int spi_decoder_edge(struct spi_decoder *d, unsigned int line, int level);

/* The MISO level the master reads now (hi-Z reads SPI_MISO_IDLE). */
int spi_decoder_miso(const struct spi_decoder *d);

void spi_decoder_get_counters(const struct spi_decoder *d,
			      struct spi_decoder_counters *c);

#endif
