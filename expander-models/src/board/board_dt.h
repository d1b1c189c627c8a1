/* SPDX-License-Identifier: GPL-2.0 */
/* board_dt.h - a board from the compiled DT the guest boots (board_dt.c). */
#ifndef EXPANDER_BOARD_DT_H
#define EXPANDER_BOARD_DT_H

#include <stddef.h>

struct board;

/*
 * Parse a compiled DT: every "virtio,device22" node is one bus (its
 * parent virtio_mmio@<addr> gives the slot), every child with a known
 * compatible and a reg is one chip model, every "virtio,device29" node
 * is a virtio-gpio controller (a chip whose interrupt-parent is one has
 * its INT wired to the line its interrupts names), an "spi-gpio" node
 * is an SPI bus on such lines and an SC18IS602 bridge one behind I2C
 * (their children are SPI parts), a "bench,expander-world" node wires
 * pins (BOARD-DT.md). Returns NULL and fills err on any error (unknown
 * compatible, address clash, bad reg, bad interrupts, unreadable file).
 */
struct board *board_load(const char *dtb_path, char *err, size_t errlen);

#endif
