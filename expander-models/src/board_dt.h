/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board_dt.h - what the files of the DT loader share (board_dt.c: buses,
 * chips, virtio-gpio, INT and wiring; spi_dt.c: SPI buses and parts).
 */
#ifndef EXPANDER_BOARD_DT_H
#define EXPANDER_BOARD_DT_H

#include <stddef.h>

#include "board.h"

/* What loading needs besides the board: which DT node each chip came from. */
struct loader {
	struct board *bd;
	const void *fdt;
	int *chip_nodes;	/* per chip, in board_chip() order */
	int gpio_nodes[BOARD_MAX_GPIOS];	/* per board_gpio() */
	char *err;
	size_t errlen;
};

/* Format err; -1. */
int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* First string of the node's compatible list that names a model. */
const struct chip_variant *find_variant(const void *fdt, int node,
					const char **first);
/* Room in ld->chip_nodes for the next chip's node; -1 with err. */
int loader_room(struct loader *ld);
/* The virtio-gpio controller of DT node node, or NULL. */
struct gpio_lines *gpio_by_node(struct loader *ld, int node);

/* The SPI parts among node's children, onto bus sb (spi_dt.c). */
int spi_dt_children(struct loader *ld, struct spi_bus *sb, int node);
/* Every "spi-gpio" node: a bus on virtio-gpio lines (spi_dt.c). */
int spi_dt_gpio(struct loader *ld);

#endif
