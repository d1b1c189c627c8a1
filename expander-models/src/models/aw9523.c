// SPDX-License-Identifier: GPL-2.0
/*
 * aw9523.c - Awinic AW9523B: 16 I/Os in two ports, each pin a GPIO or a
 * constant-current LED sink (AW9523B datasheet V1.1.1, register table;
 * the map pinctrl-aw9523.c and other drivers of the part use):
 *   0x00/0x01 input P0/P1: the pin levels (read only); reading either
 *             clears the interrupt
 *   0x02/0x03 output P0/P1
 *   0x04/0x05 configuration P0/P1, 1 = input (reset 0x00: all outputs)
 *   0x06/0x07 interrupt enable P0/P1, 0 = enabled (reset 0x00)
 *   0x10      ID, 0x23 (read only)
 *   0x11      control (GCR): bit 4 GPOMD, P0 0 = open drain (reset),
 *             1 = push-pull (P1 is always push-pull); bits 1:0 ISEL,
 *             the LED current range (stored)
 *   0x12/0x13 mode P0/P1: 1 = GPIO (reset 0xff), 0 = LED
 *   0x20-0x2f DIM0-15, 256-step LED current per pin: 0x20-0x23 P1_0-P1_3,
 *             0x24-0x2b P0_0-P0_7, 0x2c-0x2f P1_4-P1_7 (reset 0x00)
 *   0x7f      software reset: writing 0x00 resets every register
 * The register pointer moves on by one after every data byte (the
 * driver's regmap cache fill reads 0x00..0x7e in one transfer); addresses
 * between the registers read 0 and ignore writes; a command byte above
 * 0x7f is NACKed.
 *
 * A pin in LED mode sinks current while its DIM register is not 0 (the
 * model drives it low) and is released at 0; the current itself is not
 * modelled. An input that changes while its interrupt is enabled
 * asserts INTN until an input register is read (the 8 us deglitch is
 * not modelled).
 *
 * Not checked against the datasheet: the power-on output levels, which
 * the datasheet says follow the AD1/AD0 straps without a table here
 * (the model takes 0x00 for every address); what the holes read; that
 * the pointer increments. RSTN is not modelled: the driver's soft reset
 * answers, so it never pulses RSTN.
 */
#include <string.h>

#include "models/chip.h"
#include "models/regfile.h"

#define R_IN		0x00
#define R_OUT		0x02
#define R_CONF		0x04
#define R_INTEN		0x06
#define R_ID		0x10
#define R_GCR		0x11
#define R_MODE		0x12
#define R_DIM		0x20
#define R_DIM_END	0x2f
#define R_RESET		0x7f
#define NREG		0x80
#define ID_VALUE	0x23
#define GCR_GPOMD	0x10
#define GCR_MASK	0x13	/* GPOMD and ISEL */

struct aw9523 {
	struct chip c;
	uint8_t reg[NREG];
	uint16_t last_in;	/* inputs as of the last interrupt check */
	struct regfile rf;
};

static bool writable(uint8_t r)
{
	return (r >= R_OUT && r <= R_INTEN + 1) || r == R_GCR ||
	       r == R_MODE || r == R_MODE + 1 || (r >= R_DIM && r <= R_DIM_END);
}

static void reset_regs(struct aw9523 *m)
{
	memset(m->reg, 0, sizeof(m->reg));
	m->reg[R_ID] = ID_VALUE;
	m->reg[R_MODE] = 0xff;
	m->reg[R_MODE + 1] = 0xff;
}

/* DIM register of pin i (0-7 = P0_0-P0_7, 8-15 = P1_0-P1_7). */
static uint8_t dim_of(unsigned int i)
{
	if (i < 8)
		return R_DIM + 4 + i;
	return i < 12 ? R_DIM + i - 8 : R_DIM + i;
}

static uint16_t pins16(const struct aw9523 *m)
{
	return pin_read_bits(&m->c.pins, 0, 16);
}

static void check_irq(struct aw9523 *m)
{
	uint16_t in = pins16(m);
	/* inputs (configuration 1) with their interrupt enabled (0) */
	uint16_t watched = (m->reg[R_CONF] | m->reg[R_CONF + 1] << 8) &
			   ~(m->reg[R_INTEN] | m->reg[R_INTEN + 1] << 8);

	if ((in ^ m->last_in) & watched)
		chip_set_irq(&m->c, true);
	m->last_in = in;
}

static void apply(struct aw9523 *m)
{
	unsigned int i;

	for (i = 0; i < 16; i++) {
		unsigned int p = i / 8;
		uint8_t b = 1u << (i % 8);
		enum pin_drive d;

		if (!(m->reg[R_MODE + p] & b))
			d = m->reg[dim_of(i)] ? DRV_LOW : DRV_HIZ;
		else if (m->reg[R_CONF + p] & b)
			d = DRV_HIZ;
		else if (!(m->reg[R_OUT + p] & b))
			d = DRV_LOW;
		else if (p == 0 && !(m->reg[R_GCR] & GCR_GPOMD))
			d = DRV_HIZ;	/* open drain released */
		else
			d = DRV_HIGH;
		pin_set_drive(&m->c.pins, i, d);
	}
	check_irq(m);
}

static void reg_write(void *model, uint8_t r, uint8_t byte)
{
	struct aw9523 *m = model;

	if (r == R_RESET) {
		if (byte == 0x00) {
			reset_regs(m);
			chip_set_irq(&m->c, false);
			apply(m);
		}
		return;
	}
	if (!writable(r))
		return;
	m->reg[r] = r == R_GCR ? byte & GCR_MASK : byte;
	apply(m);
}

static uint8_t reg_read(void *model, uint8_t r)
{
	struct aw9523 *m = model;

	if (r == R_IN || r == R_IN + 1) {
		check_irq(m);
		chip_set_irq(&m->c, false);
		return pin_read_bits(&m->c.pins, 8 * r, 8);
	}
	if (r == R_RESET)
		return 0;
	return m->reg[r];
}

static void aw9523_pin_changed(void *ctx, unsigned int pin,
			       enum pin_level old, enum pin_level now)
{
	check_irq(ctx);
}

static const struct regfile_rules aw9523_rules = {
	.size = NREG, .step = REGFILE_WRAP,
	.read = reg_read, .write = reg_write,
};

static int aw9523_init(struct chip *c, char *err, size_t errlen)
{
	struct aw9523 *m = CHIP_MODEL(c, struct aw9523);

	if ((c->reg & 0x7c) != 0x58) {
		snprintf(err, errlen, "reg 0x%02x is not 10110xx", c->reg);
		return -1;
	}
	c->has_irq = true;
	reset_regs(m);
	regfile_add(&m->rf, c, c->reg, &aw9523_rules, m);
	apply(m);
	m->last_in = pins16(m);
	c->pins.notify = aw9523_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family aw9523_family = {
	.size = sizeof(struct aw9523),
	.init = aw9523_init,
};

const struct chip_variant aw9523_variants[] = {
	{ "awinic,aw9523-pinctrl", "aw9523", &aw9523_family, 16, NULL },
	{ NULL },
};
