/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board_impl.h - the board's insides, shared by board.c (DT parsing),
 * world_dt.c (wires and pull-ups) and control.c (the line protocol).
 */
#ifndef EXPANDER_BOARD_IMPL_H
#define EXPANDER_BOARD_IMPL_H

#include "board.h"
#include "chip.h"
#include "gpio_lines.h"
#include "spi_bus.h"
#include "world.h"

struct board {
	struct world w;
	unsigned int nbuses;
	struct bus *buses[BOARD_MAX_BUSES];
	unsigned int nchips;
	struct chip **chips;
	int *chip_nodes;	/* DT node offset of each chip, for phandles */
	unsigned int ngpios;
	struct gpio_lines *gpios[BOARD_MAX_GPIOS];
	int gpio_nodes[BOARD_MAX_GPIOS];
	uint64_t marks;
	/* SPI buses behind bridges (owned by their chips) and their own. */
	unsigned int nspi;
	struct spi_bus *spi[BOARD_MAX_BUSES];
	/* spi-gpio buses on virtio-gpio lines (spi_gpio_dt.c). */
	unsigned int nspigpio;
	struct spi_gpio_host *spigpio[BOARD_MAX_GPIOS];
};

/* The virtio-mmio slot of a transport node (0..31), or -1 with err. */
int board_mmio_slot(const void *fdt, int mmio, char *err, size_t errlen);

/* The "virtio,device29" controllers (board_gpio.c). */
int board_gpios_from_dt(struct board *bd, const void *fdt, char *err,
			size_t errlen);

/* Wire every chip's INT to the line its DT interrupts name (board_gpio.c). */
int board_irqs_from_dt(struct board *bd, const void *fdt, char *err,
		       size_t errlen);

/* GPIO controller as "gpio14" or by slot "14"; NULL if none. */
struct gpio_lines *board_find_gpio(struct board *bd, const char *name);

struct spi_bus *board_find_spi(struct board *bd, const char *name);

/* fail()-style: format err, return -1. */
int fail_dt(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The SPI parts among node's children onto bus sb (board.c). */
int board_spi_children(struct board *bd, struct spi_bus *sb, const void *fdt,
		       int node, char *err, size_t errlen);

/* "spi-gpio" nodes on virtio-gpio lines (spi_gpio_dt.c). */
struct spi_gpio_host;
int board_spi_gpio_from_dt(struct board *bd, const void *fdt, char *err,
			   size_t errlen);
void spi_gpio_host_free(struct spi_gpio_host *h);

/* Apply the "bench,expander-world" node, if any (world_dt.c). */
int board_world_from_dt(struct board *bd, const void *fdt, char *err,
			size_t errlen);

/* CHIP as a node name ("pca9555@20") or BUS:ADDR ("i2c31:20"). */
struct chip *board_find_chip(struct board *bd, const char *spec);
struct bus *board_find_bus(struct board *bd, const char *name);

#endif
