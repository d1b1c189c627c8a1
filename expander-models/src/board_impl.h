/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board_impl.h - the board's insides, shared by board.c (DT parsing),
 * world_dt.c (wires and pull-ups) and control.c (the line protocol).
 */
#ifndef EXPANDER_BOARD_IMPL_H
#define EXPANDER_BOARD_IMPL_H

#include "board.h"
#include "chip.h"
#include "world.h"

struct board {
	struct world w;
	unsigned int nbuses;
	struct bus *buses[BOARD_MAX_BUSES];
	unsigned int nchips;
	struct chip **chips;
	int *chip_nodes;	/* DT node offset of each chip, for phandles */
	uint64_t marks;
};

/* Apply the "bench,expander-world" node, if any (world_dt.c). */
int board_world_from_dt(struct board *bd, const void *fdt, char *err,
			size_t errlen);

/* CHIP as a node name ("pca9555@20") or BUS:ADDR ("i2c31:20"). */
struct chip *board_find_chip(struct board *bd, const char *spec);
struct bus *board_find_bus(struct board *bd, const char *name);
/* The chip answering at addr on bus b, or NULL. */
struct chip *board_chip_at(struct board *bd, const struct bus *b,
			   uint16_t addr);

#endif
