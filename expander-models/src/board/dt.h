/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dt.h - what the files of the DT loader share (board_dt.c: buses,
 * chips, virtio-gpio, INT and wiring; spi_dt.c: SPI buses and parts):
 * the loader's state, which DT node each chip and controller came from,
 * its error and lookup helpers. board_dt.c calls spi_dt.c (spi_dt.h);
 * spi_dt.c needs nothing of board_dt.c but this file.
 */
#ifndef EXPANDER_DT_H
#define EXPANDER_DT_H

#include <stddef.h>

#include "board/board.h"

/* What loading needs besides the board: which DT node each chip came from. */
struct dt_loader {
	struct board *bd;
	const void *fdt;
	int *chip_nodes;	/* per chip, in board_chip() order */
	int gpio_nodes[BOARD_MAX_GPIOS];	/* per board_gpio() */
	/*
	 * Per node, at its offset / FDT_TAGSIZE: its parent's offset (-1 at
	 * the root), for board_dt.c's dt_parent(). libfdt's
	 * fdt_parent_offset() walks from the root each time, which made a
	 * 64-bus board's loading most of the daemon's start-up.
	 */
	int *parents;
	char *err;
	size_t errlen;
};

/* Format err; -1. */
int dt_fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* First string of the node's compatible list that names a model. */
const struct chip_variant *dt_find_variant(const void *fdt, int node,
					   const char **first);
/* Room in ld->chip_nodes for the next chip's node; -1 with err. */
int dt_loader_room(struct dt_loader *ld);
/* The virtio-gpio controller of DT node node, or NULL. */
struct gpio_lines *dt_gpio_by_node(struct dt_loader *ld, int node);

#endif
