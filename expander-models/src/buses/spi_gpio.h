/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spi_gpio.h - an SPI bus that the guest bit-bangs (Linux spi-gpio) on
 * lines of a virtio-gpio controller of this board (BOARD-DT.md, "SPI on
 * virtio-gpio lines").
 *
 * The host's decoder (spi_decode.c) follows the guest's SCK, MOSI and
 * chip select lines through gpio_lines_watch(): every level change the
 * guest drives on them is one edge. It drives MISO through a pin of its
 * own wired to the MISO line, so the guest's next GET_VALUE reads the
 * bit the selected chain shows for the next sampling edge. The bus has
 * no clock of its own: a frame runs at its part's spi-max-frequency.
 */
#ifndef EXPANDER_SPI_GPIO_H
#define EXPANDER_SPI_GPIO_H

struct gpio_lines;
struct spi_bus;
struct spi_gpio_host;
struct world;

/* A host with its bus named name, no lines yet; NULL if out of memory. */
struct spi_gpio_host *spi_gpio_host_new(struct world *w, const char *name);
void spi_gpio_host_free(struct spi_gpio_host *h);
struct spi_bus *spi_gpio_host_bus(struct spi_gpio_host *h);

/*
 * The decoder for ncs chip selects, once the bus has its devices (it
 * takes their chip select levels). -1 if out of memory.
 */
int spi_gpio_host_start(struct spi_gpio_host *h, unsigned int ncs);
/*
 * Follow line of gl as the decoder's what (SPI_LINE_*), from its level
 * now. -1 if gl has too many watchers.
 */
int spi_gpio_host_watch(struct spi_gpio_host *h, struct gpio_lines *gl,
			unsigned int line, unsigned int what);
/* Drive line of gl as MISO. */
void spi_gpio_host_miso(struct spi_gpio_host *h, struct gpio_lines *gl,
			unsigned int line);

#endif
