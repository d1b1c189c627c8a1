// SPDX-License-Identifier: GPL-2.0
/*
 * fxl6408.c - Fairchild (onsemi) FXL6408: 8 I/Os, registers at odd
 * addresses 0x01..0x13 (the map gpio-fxl6408.c and other drivers of the
 * part use):
 *   0x01 device ID and control: manufacturer 101 in bits 7:5 (what the
 *        driver's probe checks), firmware revision 000 in 4:2, RST_INT
 *        in bit 1 (set by power-on and software reset, cleared by
 *        reading the register); writing bit 0 resets every register
 *   0x03 direction, 1 = output (reset 0x00)
 *   0x05 output state (reset 0x00)
 *   0x07 output high-Z, 1 = released even as an output (reset 0xff)
 *   0x09 input default state (reset 0x00)
 *   0x0b pull enable (reset 0xff)   0x0d pull select, 1 = up (reset 0xff)
 *   0x0f input status (read only)
 *   0x11 interrupt mask, 1 = masked (reset 0xff)
 *   0x13 interrupt status (read only)
 * At power-on every line is an input pulled up, all interrupts masked.
 * The register pointer moves on by one after every data byte (the
 * driver's regmap cache fill reads 0x00..0x13 in one transfer); addresses
 * between the registers read 0 and ignore writes; above 0x13 the command
 * byte is NACKed.
 *
 * Interrupts. The FXL6408 datasheet's register text was not at hand;
 * what follows is the register-compatible TI TCA7408's (SCPS235,
 * "Register 11h", "Register 13h", "Interrupt (INT) output") and the
 * RPi/Toradex gpio-fxl6408 drivers' ("Mask of pins which have generated
 * an interrupt. Cleared on read", and reading the ID "clears RST_INT as
 * a side effect"). A status bit is set when an input "changes to a
 * value opposite to the default value" of 0x09; reading 0x13 clears it
 * and deasserts INT; "the input must be asserted back to the default
 * state before this bit is set again"; an output never sets it, but an
 * output turned input that differs does ("false interrupt"). The mask
 * keeps a bit off INT, not out of the status register. INT (open drain,
 * active low) while an unmasked status bit is set.
 *
 * Not checked against the FXL6408 datasheet: bits 1:0 of the ID register
 * at reset (0b10 here: RST_INT set), that RST_INT does not drive INT
 * (assumed here), that the mask leaves the status bit set, and whether
 * the pointer increments.
 */
#include <string.h>

#include "models/chip.h"
#include "models/regfile.h"

#define R_ID		0x01
#define R_DIR		0x03
#define R_OUT		0x05
#define R_HIGHZ		0x07
#define R_DEFAULT	0x09
#define R_PULL_EN	0x0b
#define R_PULL_SEL	0x0d
#define R_INPUT		0x0f
#define R_MASK		0x11
#define R_STATUS	0x13
#define ID_RESET	0xa2
#define ID_RST_INT	0x02
#define ID_SW_RST	0x01

struct fxl6408 {
	struct chip c;
	uint8_t reg[R_STATUS + 1];
	uint8_t differ;		/* inputs off their default state, last look */
	bool resetting;		/* pins settling after a reset: no interrupt */
	struct regfile rf;
};

static void reset_regs(struct fxl6408 *m)
{
	memset(m->reg, 0, sizeof(m->reg));
	m->reg[R_ID] = ID_RESET;
	m->reg[R_HIGHZ] = 0xff;
	m->reg[R_PULL_EN] = 0xff;
	m->reg[R_PULL_SEL] = 0xff;
	m->reg[R_MASK] = 0xff;
}

/* Inputs whose level is the opposite of their input default state. */
static uint8_t differ_now(const struct fxl6408 *m)
{
	uint8_t pins = pin_read_bits(&m->c.pins, 0, 8);

	return (pins ^ m->reg[R_DEFAULT]) & ~m->reg[R_DIR];
}

/*
 * A status bit is set as an input turns away from its default state
 * (TCA7408 "Register 13h"); staying away sets nothing more until it
 * came back. The mask only keeps the bit off INT ("Register 11h").
 */
static void update_irq(struct fxl6408 *m)
{
	uint8_t d = differ_now(m);

	m->reg[R_STATUS] |= d & ~m->differ;
	m->differ = d;
	chip_set_irq(&m->c, (m->reg[R_STATUS] & ~m->reg[R_MASK]) != 0);
}

static void apply_pins(struct fxl6408 *m)
{
	unsigned int i;

	for (i = 0; i < 8; i++) {
		uint8_t b = 1u << i;
		enum pin_drive d = DRV_HIZ, pull = DRV_HIZ;

		if ((m->reg[R_DIR] & b) && !(m->reg[R_HIGHZ] & b))
			d = m->reg[R_OUT] & b ? DRV_HIGH : DRV_LOW;
		if (m->reg[R_PULL_EN] & b)
			pull = m->reg[R_PULL_SEL] & b ? DRV_WEAK_HIGH :
							DRV_WEAK_LOW;
		pin_set_pull(&m->c.pins, i, pull);
		pin_set_drive(&m->c.pins, i, d);
	}
}

static void apply(struct fxl6408 *m)
{
	apply_pins(m);
	update_irq(m);
}

/*
 * Power-on or software reset: the registers' reset values and the pins
 * they make. Getting there is no input turning away from its default
 * state (assumed): an input that differs then sets its status bit only
 * after it came back and left again.
 */
static void reset(struct fxl6408 *m)
{
	reset_regs(m);
	m->resetting = true;
	apply_pins(m);
	m->resetting = false;
	m->differ = differ_now(m);
	update_irq(m);
}

static bool writable(uint8_t r)
{
	return r == R_ID || r == R_DIR || r == R_OUT || r == R_HIGHZ ||
	       r == R_DEFAULT || r == R_PULL_EN || r == R_PULL_SEL ||
	       r == R_MASK;
}

static bool cmd_valid(void *model, uint8_t r)
{
	return r <= R_STATUS;
}

static void reg_write(void *model, uint8_t r, uint8_t byte)
{
	struct fxl6408 *m = model;

	if (r > R_STATUS || !writable(r))
		return;
	if (r == R_ID) {
		if (byte & ID_SW_RST)
			reset(m);
		return;		/* bits 7:1 are read only */
	}
	m->reg[r] = byte;
	apply(m);
}

static uint8_t reg_read(void *model, uint8_t r)
{
	struct fxl6408 *m = model;
	uint8_t v;

	if (r > R_STATUS)
		return 0;
	if (r == R_INPUT)
		return pin_read_bits(&m->c.pins, 0, 8);
	v = m->reg[r];
	if (r == R_ID) {
		m->reg[R_ID] &= ~ID_RST_INT;	/* cleared by the read */
	} else if (r == R_STATUS) {
		m->reg[R_STATUS] = 0;
		update_irq(m);
	}
	return v;
}

static void fxl6408_pin_changed(void *ctx, unsigned int pin,
				enum pin_level old, enum pin_level now)
{
	struct fxl6408 *m = ctx;

	if (!m->resetting)
		update_irq(m);
}

/* The pointer walks on past 0x13 (reading 0) and wraps at 0xff. */
static const struct regfile_rules fxl6408_rules = {
	.size = 256, .step = REGFILE_WRAP, .valid = cmd_valid,
	.read = reg_read, .write = reg_write,
};

static int fxl6408_init(struct chip *c, char *err, size_t errlen)
{
	struct fxl6408 *m = CHIP_MODEL(c, struct fxl6408);

	c->has_irq = true;
	regfile_add(&m->rf, c, c->reg, &fxl6408_rules, m);
	reset(m);
	c->pins.notify = fxl6408_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family fxl6408_family = {
	.size = sizeof(struct fxl6408),
	.init = fxl6408_init,
};

const struct chip_variant fxl6408_variants[] = {
	{ "fcs,fxl6408", "fxl6408", &fxl6408_family, 8, NULL },
	{ NULL },
};
