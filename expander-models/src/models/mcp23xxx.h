/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mcp23xxx.h - the register file of one Microchip MCP23008/MCP23017
 * (I2C, mcp230xx.c) or MCP23S08/MCP23S17 (SPI, mcp23s08.c): the parts
 * differ only in their serial front end (Microchip MCP23008, MCP23017,
 * MCP23S08 and MCP23S17 datasheets, "Register" and "Sequential
 * operation"), so the registers, pins, pointer rules and interrupt on
 * change live here once.
 *
 * Per port: IODIR (1 = input, reset 0xff), IPOL (inverts GPIO reads of
 * inputs), GPINTEN, DEFVAL, INTCON, IOCON (one register shared by both
 * ports), GPPU (100k pull-ups), INTF and INTCAP (read only), GPIO (read =
 * pins after IPOL, write = OLAT), OLAT (output latch). The 8-line parts
 * have them at 0x00..0x0a; the 16-line parts interleave A and B (IODIRA
 * 0x00, IODIRB 0x01, ..., OLATB 0x15) while IOCON.BANK = 0 (reset) and
 * put A at 0x00..0x0a and B at 0x10..0x1a with BANK = 1.
 *
 * With IOCON.SEQOP = 0 (reset) the address pointer moves to the next
 * address after every data byte and rolls over from the last register
 * to 0x00; with SEQOP = 1 it stays, except that a 16-line part with
 * BANK = 0 toggles between the A and B registers of a pair (this is how
 * the driver's 16-bit regmap reaches both ports in one transfer).
 *
 * Interrupts: an enabled input that changes (INTCON = 0) or differs from
 * DEFVAL (INTCON = 1) sets its INTF bit and captures the port into
 * INTCAP (the first change of a port until it is cleared); reading GPIO
 * or INTCAP of that port clears INTF. What INTF means for the INT pin
 * is the front end's (irq()): INTPOL/ODR/MIRROR are stored, not
 * modelled.
 */
#ifndef EXPANDER_MCP23XXX_H
#define EXPANDER_MCP23XXX_H

#include <stdbool.h>
#include <stdint.h>

#include "models/chip.h"

enum { MCP_IODIR, MCP_IPOL, MCP_GPINTEN, MCP_DEFVAL, MCP_INTCON,
       MCP_IOCON, MCP_GPPU, MCP_INTF, MCP_INTCAP, MCP_GPIO, MCP_OLAT,
       MCP_NREG };

#define MCP_IOCON_BANK	0x80
#define MCP_IOCON_SEQOP	0x20
#define MCP_IOCON_HAEN	0x08	/* the SPI parts: address pins used */

struct mcp23xxx {
	struct chip *c;
	unsigned int nport;	/* 1: '08, 2: '17 */
	unsigned int first;	/* its first line on c's pins */
	uint8_t r[2][MCP_NREG];	/* IOCON lives in r[0][MCP_IOCON] only */
	uint16_t last;		/* pin levels at the last change check */
	/* INTF may have changed: the front end drives INT from it. */
	void (*irq)(struct mcp23xxx *d);
};

/*
 * A part of nport ports on c's pins from first on, in its power-on
 * state (every line an input); irq is called when INTF may change.
 */
void mcp23xxx_init(struct mcp23xxx *d, struct chip *c, unsigned int nport,
		   unsigned int first, void (*irq)(struct mcp23xxx *d));
/* Register address a in the part's map: the register, or -1 past it. */
int mcp23xxx_decode(const struct mcp23xxx *d, uint8_t a, unsigned int *port);
/* The pointer after a data byte at address a (SEQOP, BANK, rollover). */
uint8_t mcp23xxx_next(const struct mcp23xxx *d, uint8_t a);
/* A read of address a (a valid address), with its side effects. */
uint8_t mcp23xxx_read(struct mcp23xxx *d, uint8_t a);
/* A write of v to address a (a valid address). */
void mcp23xxx_write(struct mcp23xxx *d, uint8_t a, uint8_t v);
/* Any INTF bit set. */
bool mcp23xxx_intf(const struct mcp23xxx *d);
/* After a change of the part's pins from outside: interrupt on change. */
void mcp23xxx_check(struct mcp23xxx *d);
/* Whether line pin of the chip is one of this part's. */
bool mcp23xxx_owns(const struct mcp23xxx *d, unsigned int pin);

#endif
