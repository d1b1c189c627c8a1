// SPDX-License-Identifier: GPL-2.0
/* spi_gpio.c - an SPI bus on virtio-gpio lines (spi_gpio.h). */
#include <stdlib.h>

#include "buses/gpio_lines.h"
#include "buses/spi_decode.h"
#include "buses/spi_gpio.h"

struct spi_gpio_watch {
	struct spi_gpio_host *h;
	unsigned int line;	/* the decoder's: SPI_LINE_* */
};

struct spi_gpio_host {
	struct spi_bus *bus;
	struct spi_decoder *dec;
	struct pinbank miso;	/* one pin on the MISO line's net */
	struct spi_gpio_watch watch[SPI_LINE_CS0 + SPI_MAX_CS];
};

static void on_edge(void *ctx, unsigned int line, int level)
{
	struct spi_gpio_watch *wt = ctx;

	spi_decoder_edge(wt->h->dec, wt->line, level);
}

static void on_miso(void *ctx, int level)
{
	struct spi_gpio_host *h = ctx;

	pin_set_drive(&h->miso, 0, level ? DRV_HIGH : DRV_LOW);
}

struct spi_gpio_host *spi_gpio_host_new(struct world *w, const char *name)
{
	struct spi_gpio_host *h = calloc(1, sizeof(*h));

	/* No world: the MISO line's own pin logs the level (P records). */
	if (!h || pinbank_init(&h->miso, NULL, 1)) {
		free(h);
		return NULL;
	}
	h->bus = spi_bus_new(w, name, 0);
	if (!h->bus) {
		spi_gpio_host_free(h);
		return NULL;
	}
	h->miso.chip = spi_bus_name(h->bus);
	h->miso.bus = spi_bus_name(h->bus);
	return h;
}

void spi_gpio_host_free(struct spi_gpio_host *h)
{
	if (!h)
		return;
	spi_decoder_free(h->dec);
	spi_bus_free(h->bus);
	pinbank_free(&h->miso);
	free(h);
}

struct spi_bus *spi_gpio_host_bus(struct spi_gpio_host *h)
{
	return h->bus;
}

int spi_gpio_host_start(struct spi_gpio_host *h, unsigned int ncs)
{
	h->dec = spi_decoder_new(h->bus, ncs);
	return h->dec ? 0 : -1;
}

int spi_gpio_host_watch(struct spi_gpio_host *h, struct gpio_lines *gl,
			unsigned int line, unsigned int what)
{
	h->watch[what].h = h;
	h->watch[what].line = what;
	if (gpio_lines_watch(gl, line, on_edge, &h->watch[what]))
		return -1;
	/* The decoder starts from the line's level, not from 0. */
	spi_decoder_edge(h->dec, what, gpio_lines_level(gl, line));
	return 0;
}

void spi_gpio_host_miso(struct spi_gpio_host *h, struct gpio_lines *gl,
			unsigned int line)
{
	pin_set_drive(&h->miso, 0, DRV_HIGH);
	pin_wire(&h->miso, 0, &gl->pins, line);
	spi_decoder_on_miso(h->dec, on_miso, h);
}
