// SPDX-License-Identifier: GPL-2.0
/*
 * max7300.c - Maxim MAX7300: 28 I/O ports P4..P31 behind a command
 * (register address) byte, the I2C twin of the SPI MAX7301 (gpio-max7300
 * and gpio-max730x.c): the I2C front end of the register file in
 * max730x.c (registers, ports, transition detection: max730x.h). The
 * pointer moves on by one after each data byte and wraps at 0x7f;
 * command bit 7 is not an address bit.
 */

#include "models/chip.h"
#include "models/max730x.h"
#include "models/regfile.h"

struct max7300 {
	struct chip c;
	struct max730x regs;
	struct regfile rf;
};

static void reg_write(void *regs, uint8_t r, uint8_t v)
{
	max730x_write(regs, r, v);
}

static uint8_t reg_read(void *regs, uint8_t r)
{
	return max730x_read(regs, r);
}

static void max7300_pin_changed(void *ctx, unsigned int pin,
				enum pin_level old, enum pin_level now)
{
	max730x_check(ctx);
}

/* Command bit 7 is not an address bit; the pointer wraps at 0x7f. */
static const struct regfile_rules max7300_rules = {
	.size = 0x80, .step = REGFILE_WRAP, .ignored = 0x80,
	.read = reg_read, .write = reg_write,
};

static int max7300_init(struct chip *c, char *err, size_t errlen)
{
	struct max7300 *m = CHIP_MODEL(c, struct max7300);

	if ((c->reg & 0x70) != 0x40) {
		snprintf(err, errlen, "reg 0x%02x is not 100xxxx", c->reg);
		return -1;
	}
	max730x_init(&m->regs, c);
	regfile_add(&m->rf, c, c->reg, &max7300_rules, &m->regs);
	c->pins.notify = max7300_pin_changed;
	c->pins.ctx = &m->regs;
	return 0;
}

static const struct chip_family max7300_family = {
	.size = sizeof(struct max7300),
	.init = max7300_init,
};

/* gpio-max7300 has no of_match table: binds through its i2c id table. */
const struct chip_variant max7300_variants[] = {
	{ "maxim,max7300", "max7300", &max7300_family, 28, NULL },
	{ NULL },
};
