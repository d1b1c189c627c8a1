/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regfile.h - the I2C front end of a register-pointer target, written
 * once for every model that has one (pca953x, fxl6408, mcp230xx,
 * max7300, aw9523, sx150x, cy8c95x0, adnp, ds4520).
 *
 * What these parts share (their datasheets' "write" and "read"
 * sequences): the first data byte after a START with the write bit is
 * the command byte and sets the register pointer; a command byte that
 * names no register is NACKed and changes nothing. Every further data
 * byte, written or read, goes to or comes from the register at the
 * pointer, and the pointer then moves by the part's rule. A repeated
 * START keeps the pointer (a read after [reg] continues from it, the
 * regmap read "write [reg], Sr, read"); a read with no command byte
 * first reads where the pointer was left.
 *
 * What differs is described by struct regfile_rules: the pointer rule
 * (stay, step through the whole map and wrap to 0, step and stop at the
 * last address, or the model's own: within a pair, within a bank),
 * whether a command byte bit asks for auto-increment (the AI bit of the
 * wider pca953x parts), which command byte bits the part ignores, and
 * which command bytes name a register. The model keeps the registers:
 * the front end hands it (address, byte) and asks (address) for a byte.
 *
 * Models whose serial protocol is not a register pointer keep their own
 * front end: pcf857x and pca9570's PCA9570/71 (no registers: every byte
 * is the port; its SLG7XL45106 has one register and uses this one),
 * max732x (registerless, two addresses), tpic2810 (a subaddress is a
 * command, not an address), sc18is602 (a function byte, then a buffer).
 */
#ifndef EXPANDER_REGFILE_H
#define EXPANDER_REGFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "models/chip.h"

/* Where the pointer goes after a data byte, when rules->next is NULL. */
enum regfile_step {
	REGFILE_STAY,	/* it stays on its register */
	REGFILE_WRAP,	/* the next address; after size - 1 back to 0 */
	REGFILE_STOP,	/* the next address; it stays on size - 1 */
};

struct regfile_rules {
	/* Addresses 0 .. size - 1 (at most 256). */
	unsigned int size;
	enum regfile_step step;
	/*
	 * A command byte bit that asks for auto-increment, taken off the
	 * address (pca953x 0x80): without it in the command byte the
	 * pointer stays whatever step or next say. 0: the part has none.
	 */
	uint8_t ai_bit;
	/* Command byte bits the part ignores (max7300: bit 7). */
	uint8_t ignored;
	/*
	 * Does address a (command byte without ai_bit and ignored bits)
	 * name a register? No: NACK. NULL: every a below size does.
	 */
	bool (*valid)(void *model, uint8_t a);
	/*
	 * The pointer after a data byte at a, for rules that depend on the
	 * address or the registers (pair, bank: regfile_wrap()); called
	 * before the byte's access (a write that changes the rule, such as
	 * MCP23017 IOCON.BANK, applies from the next byte). NULL: step.
	 */
	uint8_t (*next)(void *model, uint8_t a);
	/* A data byte read from address a, with its side effects. */
	uint8_t (*read)(void *model, uint8_t a);
	/* A data byte v written to address a. */
	void (*write)(void *model, uint8_t a, uint8_t v);
};

struct regfile {
	const struct regfile_rules *rules;
	void *model;
	uint8_t ptr;
	bool ai;	/* the last command byte had rules->ai_bit */
	bool cmd_next;	/* the next written byte is a command byte */
};

/*
 * The front end of model with rules, pointer 0, answering for chip c
 * at addr (chip_add_target).
 */
void regfile_add(struct regfile *rf, struct chip *c, uint16_t addr,
		 const struct regfile_rules *rules, void *model);

/*
 * a + 1 within the n addresses from first on, back to first after the
 * last: a pair (first = a & ~1, n = 2), a bank of ports, a whole map.
 */
uint8_t regfile_wrap(uint8_t a, unsigned int first, unsigned int n);

#endif
