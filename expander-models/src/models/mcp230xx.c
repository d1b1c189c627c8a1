// SPDX-License-Identifier: GPL-2.0
/*
 * mcp230xx.c - Microchip MCP23008 (8 lines), MCP23017 and MCP23018 (16
 * lines, ports A and B; the MCP23018's outputs open drain) on I2C, as
 * pinctrl-mcp23s08 drives them: the I2C front end of the register file
 * in mcp23xxx.c (registers, pointer rules, interrupt on change, the
 * MCP23018's differences: mcp23xxx.h).
 *
 * The first written byte is the register address; addresses past the
 * map are NACKed. Data bytes then go to or come from the pointer, which
 * moves as mcp23xxx_next() says (the front end: regfile.h). A read byte's effect (GPIO and INTCAP
 * clear the port's interrupt) happens as the byte goes out: the bus asks
 * for a byte only when the controller clocks it. chip->irq is INTA (port
 * A's interrupt, or either port's with IOCON.MIRROR), driven as IOCON's
 * ODR and INTPOL say. The MCP23018's address (ADDR pin, an analog level)
 * is 0100xxx too.
 */

#include "models/chip.h"
#include "models/mcp23xxx.h"
#include "models/regfile.h"

struct mcp230xx {
	struct chip c;
	struct mcp23xxx regs;
	struct regfile rf;
};

static void mcp_irq(struct mcp23xxx *d)
{
	mcp23xxx_int_drive(d);
	chip_set_irq(d->c, mcp23xxx_inta(d));
}

/* The front end's hooks, on the register file (model = &m->regs). */
static bool mcp_valid(void *regs, uint8_t a)
{
	unsigned int p;

	return mcp23xxx_decode(regs, a, &p) >= 0;
}

/* Taken before the byte's access: a BANK change moves the map after. */
static uint8_t mcp_next(void *regs, uint8_t a)
{
	return mcp23xxx_next(regs, a);
}

static uint8_t mcp_read(void *regs, uint8_t a)
{
	return mcp23xxx_read(regs, a);
}

static void mcp_write(void *regs, uint8_t a, uint8_t v)
{
	mcp23xxx_write(regs, a, v);
}

static void mcp_pin_changed(void *ctx, unsigned int pin, enum pin_level old,
			    enum pin_level now)
{
	struct mcp230xx *m = ctx;

	mcp23xxx_check(&m->regs);
}

static const struct regfile_rules mcp_rules = {
	.size = 256, .valid = mcp_valid, .next = mcp_next,
	.read = mcp_read, .write = mcp_write,
};

static int mcp_init(struct chip *c, char *err, size_t errlen)
{
	struct mcp230xx *m = CHIP_MODEL(c, struct mcp230xx);

	if ((c->reg & 0x78) != 0x20) {
		snprintf(err, errlen, "reg 0x%02x is not 0100xxx", c->reg);
		return -1;
	}
	c->has_irq = true;
	mcp23xxx_init(&m->regs, c, c->v->lines / 8, 0, c->v->data, mcp_irq);
	mcp_irq(&m->regs);	/* INT as IOCON's power-on value drives it */
	regfile_add(&m->rf, c, c->reg, &mcp_rules, &m->regs);
	c->pins.notify = mcp_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family mcp230xx_family = {
	.size = sizeof(struct mcp230xx),
	.init = mcp_init,
};

const struct chip_variant mcp230xx_variants[] = {
	{ "microchip,mcp23008", "mcp23008", &mcp230xx_family, 8, NULL },
	{ "microchip,mcp23017", "mcp23017", &mcp230xx_family, 16, NULL },
	{ "microchip,mcp23018", "mcp23018", &mcp230xx_family, 16,
	  &mcp23x18_kind },
	{ NULL },
};
