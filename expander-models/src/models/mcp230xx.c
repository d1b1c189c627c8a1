// SPDX-License-Identifier: GPL-2.0
/*
 * mcp230xx.c - Microchip MCP23008 (8 lines) and MCP23017 (16 lines, ports
 * A and B) on I2C, as pinctrl-mcp23s08 drives them: the I2C front end of
 * the register file in mcp23xxx.c (registers, pointer rules, interrupt
 * on change: mcp23xxx.h).
 *
 * The first written byte is the register address; addresses past the
 * map are NACKed. Data bytes then go to or come from the pointer, which
 * moves as mcp23xxx_next() says. A read byte's effect (GPIO and INTCAP
 * clear the port's interrupt) happens as the byte goes out: the bus asks
 * for a byte only when the controller clocks it. chip->irq is INTA (port
 * A's interrupt, or either port's with IOCON.MIRROR).
 */

#include "models/chip.h"
#include "models/mcp23xxx.h"

struct mcp230xx {
	struct chip c;
	struct mcp23xxx regs;
	uint8_t ptr;
	bool cmd_next;
};

static void mcp_irq(struct mcp23xxx *d)
{
	chip_set_irq(d->c, mcp23xxx_inta(d));
}

static int mcp_start(struct i2c_target *t, bool read)
{
	struct mcp230xx *m = t->priv;

	if (!read)
		m->cmd_next = true;
	return 0;
}

static int mcp_write(struct i2c_target *t, uint8_t byte)
{
	struct mcp230xx *m = t->priv;
	uint8_t a = m->ptr;
	unsigned int p;

	if (m->cmd_next) {
		if (mcp23xxx_decode(&m->regs, byte, &p) < 0)
			return -1;
		m->ptr = byte;
		m->cmd_next = false;
		return 0;
	}
	/* The pointer moves before a BANK change moves the map. */
	m->ptr = mcp23xxx_next(&m->regs, a);
	mcp23xxx_write(&m->regs, a, byte);
	return 0;
}

static uint8_t mcp_read(struct i2c_target *t)
{
	struct mcp230xx *m = t->priv;
	uint8_t a = m->ptr;

	m->ptr = mcp23xxx_next(&m->regs, a);
	return mcp23xxx_read(&m->regs, a);
}

static const struct i2c_target_ops mcp_ops = {
	.start = mcp_start,
	.write = mcp_write,
	.read = mcp_read,
};

static void mcp_pin_changed(void *ctx, unsigned int pin, enum pin_level old,
			    enum pin_level now)
{
	struct mcp230xx *m = ctx;

	mcp23xxx_check(&m->regs);
}

static int mcp_init(struct chip *c, char *err, size_t errlen)
{
	struct mcp230xx *m = CHIP_MODEL(c, struct mcp230xx);

	if ((c->reg & 0x78) != 0x20) {
		snprintf(err, errlen, "reg 0x%02x is not 0100xxx", c->reg);
		return -1;
	}
	c->has_irq = true;
	mcp23xxx_init(&m->regs, c, c->v->lines / 8, 0, mcp_irq);
	m->cmd_next = true;
	chip_add_target(c, c->reg, &mcp_ops, m);
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
	{ NULL },
};
