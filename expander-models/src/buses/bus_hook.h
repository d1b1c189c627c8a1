/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bus_hook.h - what an I2C or SPI bus tells its byte hook: before each
 * byte of a transaction (I2C: every address and data byte; SPI: every
 * 8 bits of a frame) goes on the wire. The board's stimuli
 * (board/stim.h) hang here to change a pin at an exact point of a
 * transaction, or as the bus clock passes an instant; a bus knows
 * nothing of them.
 */
#ifndef EXPANDER_BUS_HOOK_H
#define EXPANDER_BUS_HOOK_H

#include <stdint.h>

struct bus_byte {
	const void *bus;	/* the struct bus or struct spi_bus */
	uint64_t seq;		/* the transaction (frame) as the log numbers it */
	/* I2C: the address of the transaction's first segment; SPI: CS */
	uint16_t addr;
	/* bytes of this transaction before this one, address bytes counted */
	unsigned int nbyte;
	uint64_t at_ns;		/* the bus clock at this byte (ACK; SPI: 1st bit) */
};

/* Runs with the board lock held, before the byte reaches any target. */
typedef void (*bus_byte_fn)(void *ctx, const struct bus_byte *bb);

#endif
