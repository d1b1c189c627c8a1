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

#define BOARD_MAX_BUSES 32
#define BOARD_MAX_GPIOS 4

struct board;
struct gpio_lines;

/*
 * Parse a compiled DT: every "virtio,device22" node is one bus (its parent
 * virtio_mmio@<addr> gives the slot), every child with a known compatible
 * and a reg is one chip model; every "virtio,device29" node is a
 * virtio-gpio controller, and a chip whose interrupt-parent is one has
 * its INT wired to the line its interrupts property names. Returns NULL
 * and fills err on any error (unknown compatible, address clash, bad
 * reg, bad interrupts, unreadable file).
 */
struct board *board_load(const char *dtb_path, char *err, size_t errlen);
void board_free(struct board *bd);

unsigned int board_nbuses(const struct board *bd);
struct bus *board_bus(struct board *bd, unsigned int i);

/*
 * The virtio-gpio controllers: every "virtio,device29" node (its parent
 * virtio_mmio@<addr> gives the slot), lines named by its
 * gpio-line-names, as many as its ngpios (or names). See gpio_lines.h.
 */
unsigned int board_ngpios(const struct board *bd);
struct gpio_lines *board_gpio(struct board *bd, unsigned int i);

/* Transaction and pin-change records go here (NULL: no log). */
void board_set_log(struct board *bd, FILE *log);

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
