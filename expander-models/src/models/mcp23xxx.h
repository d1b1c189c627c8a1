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
 * Interrupts (MCP23017/MCP23S17 datasheet DS20001952C, 3.6.4
 * "Interrupt operation", 3.6.5 "Interrupt conditions", Figures 3-8 and
 * 3-9, registers 3.5.3-3.5.9): only inputs with GPINTEN set interrupt.
 * With INTCON = 0 a pin interrupts when it changes from its previous
 * value, the reference being taken again when the interrupt occurs and
 * when it is cleared; with INTCON = 1 it interrupts while it differs
 * from DEFVAL, and that condition "will remain as long as the condition
 * exists, regardless if the INTCAP or GPIO is read" (INT clears only if
 * the condition is gone). The first interrupt of a port sets INTF (read
 * only) to the pin(s) that caused it and copies the port's pin levels
 * into INTCAP (read only); later conditions of that port wait until it
 * is cleared. Reading GPIO or INTCAP of the port clears it "after the
 * LSb of the data is clocked out"; writing them does not. INTA belongs
 * to port A, INTB to port B; IOCON.MIRROR ORs them onto both pins.
 *
 * The model's one INT output (chip->irq) is INTA: INTB is not brought
 * out. Its driver follows IOCON (3.5.6, bits ODR and INTPOL): ODR = 1
 * open drain, active low (ODR overrides INTPOL); ODR = 0 an active
 * driver, INTPOL = 1 active high, INTPOL = 0 active low (power-on:
 * IOCON = 0, active low, push-pull). mcp23xxx_int_drive() puts it on
 * the chip's INT pin. Assumed where the
 * datasheet is silent: DEFVAL is compared with the pin levels (before
 * IPOL); a DEFVAL condition that still stands when a read clears the
 * interrupt is a new interrupt at once (INTF = the DEFVAL pins that
 * still differ, INTCAP = the port then), so INT does not drop.
 *
 * The MCP23018 (I2C) and MCP23S18 (SPI), struct mcp23xxx_kind: the
 * MCP23x17's register file with open-drain outputs (an output at 1 is
 * released: the pin reads what its pull-up, GPPU or the board's, gives;
 * at 0 it sinks) and IOCON.INTCC, which picks the read that clears an
 * interrupt: 1 INTCAP, 0 GPIO. Their IOCON has BANK, MIRROR, SEQOP,
 * ODR, INTPOL and INTCC (bits 7, 6, 5, 2, 1, 0); no HAEN (no address
 * pins). Not checked against the MCP23018/MCP23S18 datasheet (its IOCON
 * table was not at hand): those bit positions and INTCC's meaning, taken
 * from pinctrl-mcp23s08, which sets INTCC on these two parts alone.
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
#define MCP_IOCON_MIRROR	0x40
#define MCP_IOCON_SEQOP	0x20
#define MCP_IOCON_HAEN	0x08	/* the SPI parts: address pins used */
#define MCP_IOCON_ODR	0x04
#define MCP_IOCON_INTPOL	0x02
#define MCP_IOCON_INTCC	0x01	/* MCP23x18 */

/* What a part has beyond the MCP23x08/MCP23x17 (chip_variant data). */
struct mcp23xxx_kind {
	uint8_t iocon;		/* its implemented IOCON bits */
	bool od_outputs;	/* outputs open drain: a 1 releases the pin */
	bool intcc;		/* IOCON.INTCC: 1 INTCAP clears, 0 GPIO */
};

/* MCP23018, MCP23S18 */
extern const struct mcp23xxx_kind mcp23x18_kind;

struct mcp23xxx {
	struct chip *c;
	const struct mcp23xxx_kind *kind;	/* NULL: MCP23x08/x17 */
	unsigned int nport;	/* 1: '08, 2: '17 */
	unsigned int first;	/* its first line on c's pins */
	uint8_t r[2][MCP_NREG];	/* IOCON lives in r[0][MCP_IOCON] only */
	uint16_t last;		/* pin levels at the last change check */
	/* INT may have changed: the front end drives its pin from it. */
	void (*irq)(struct mcp23xxx *d);
};

/*
 * A part of nport ports on c's pins from first on, in its power-on
 * state (every line an input); irq is called when INT may change (an
 * IOCON write included); kind NULL for the MCP23x08/x17.
 */
void mcp23xxx_init(struct mcp23xxx *d, struct chip *c, unsigned int nport,
		   unsigned int first, const struct mcp23xxx_kind *kind,
		   void (*irq)(struct mcp23xxx *d));
/* Register address a in the part's map: the register, or -1 past it. */
int mcp23xxx_decode(const struct mcp23xxx *d, uint8_t a, unsigned int *port);
/* The pointer after a data byte at address a (SEQOP, BANK, rollover). */
uint8_t mcp23xxx_next(const struct mcp23xxx *d, uint8_t a);
/* The byte a read of address a (a valid address) returns; no effect. */
uint8_t mcp23xxx_peek(const struct mcp23xxx *d, uint8_t a);
/*
 * A read of address a is over (its last bit went out): its side effect,
 * the interrupt clear of GPIO and INTCAP.
 */
void mcp23xxx_read_done(struct mcp23xxx *d, uint8_t a);
/* A read of address a, at once: peek, then read_done. */
uint8_t mcp23xxx_read(struct mcp23xxx *d, uint8_t a);
/* A write of v to address a (a valid address). */
void mcp23xxx_write(struct mcp23xxx *d, uint8_t a, uint8_t v);
/* INTA: port A's interrupt pending, or with MIRROR either port's. */
bool mcp23xxx_inta(const struct mcp23xxx *d);
/* Drive the chip's INT pin as this part's IOCON says (ODR, INTPOL). */
void mcp23xxx_int_drive(const struct mcp23xxx *d);
/* After a change of the part's pins from outside: interrupt on change. */
void mcp23xxx_check(struct mcp23xxx *d);
/* Whether line pin of the chip is one of this part's. */
bool mcp23xxx_owns(const struct mcp23xxx *d, unsigned int pin);

#endif
