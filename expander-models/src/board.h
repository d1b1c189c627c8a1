/* SPDX-License-Identifier: GPL-2.0 */
/*
 * board.h - everything the board's device tree declares: buses, chips,
 * wires. The compiled DT that the guest boots is the only list.
 */
#ifndef EXPANDER_BOARD_H
#define EXPANDER_BOARD_H

#include <stddef.h>
#include <stdio.h>

#include "bus.h"
#include "world.h"

#define BOARD_MAX_BUSES 32

struct board;

/*
 * Parse a compiled DT: every "virtio,device22" node is one bus (its parent
 * virtio_mmio@<addr> gives the slot), every child with a known compatible
 * and a reg is one chip model. Returns NULL and fills err on any error
 * (unknown compatible, address clash, bad reg, unreadable file).
 */
struct board *board_load(const char *dtb_path, char *err, size_t errlen);
void board_free(struct board *bd);

unsigned int board_nbuses(const struct board *bd);
struct bus *board_bus(struct board *bd, unsigned int i);

/* Transaction and pin-change records go here (NULL: no log). */
void board_set_log(struct board *bd, FILE *log);

/*
 * Follow every pin and INT change of the board (world.h): fn runs in the
 * daemon's thread, with the board lock held. -1 if too many watch.
 */
int board_watch(struct board *bd, world_watch_fn fn, void *ctx);

/* Pace every bus in real time (see struct bus_timing). */
void board_set_paced(struct board *bd, int paced);

/*
 * Execute one line of the control protocol (see control.md) and write the
 * reply, one or more lines each ending in '\n', the last one "ok ..." or
 * "err ...", into out. Never fails on malformed input: that is an "err"
 * reply. Returns the reply length.
 */
size_t board_control(struct board *bd, const char *line, char *out,
		     size_t outlen);

#endif
