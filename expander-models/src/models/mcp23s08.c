// SPDX-License-Identifier: GPL-2.0
/*
 * mcp23s08.c - MCP23S08 (8 lines) and MCP23S17 (16 lines) on SPI, up to
 * eight of them on one chip select told apart by their hardware address
 * pins, as pinctrl-mcp23s08 drives them (microchip,spi-present-mask):
 * the SPI front end of the register file in mcp23xxx.c (registers,
 * pointer rules, interrupt on change: mcp23xxx.h).
 *
 * Frame: opcode 0100 A2 A1 A0 R/W, register address, then data bytes
 * out (R/W = 0) or in (R/W = 1, SO driven from the third byte on, high
 * impedance otherwise). A part answers when the opcode's address bits
 * equal its pins, or equal 000 while IOCON.HAEN = 0 (power-on): the
 * address pins are then ignored and every part on the chip select
 * answers to address 0, which is how the driver's first IOCON write
 * (HAEN = 1) reaches all of them. An address past the map reads and
 * writes register 0x00. Lines: the part at address a of the present
 * mask, k-th present, owns lines k*N .. k*N+N-1.
 *
 * SO must carry a data byte's first bit before its first clock, so the
 * byte is loaded (mcp23xxx_peek(), no effect) when the previous one is
 * in; the read takes effect (GPIO and INTCAP clear the port's interrupt)
 * only when its last bit went out, "after the LSb of the data is clocked
 * out" (DS20001952C 3.6.4): a frame that ends earlier, or the byte after
 * the last one the controller clocks, clears nothing. Every part that
 * answered the opcode sees the read. INT is chip->irq: the INTA outputs
 * of the parts on one net, driven as the first part's IOCON.ODR and
 * INTPOL say (a board with several parts on one net sets ODR:
 * drive-open-drain). The MCP23S18 (open-drain outputs, IOCON.INTCC:
 * mcp23xxx.h) has no address pins and no HAEN: it answers address 0
 * alone, spi-present-mask 0x1.
 */

#include "buses/spi_target.h"
#include "models/chip.h"
#include "models/mcp23xxx.h"

#define MAX_DEV 8

struct mcp_dev {
	struct mcp23xxx regs;
	unsigned int addr;	/* hardware address pins */
};

struct mcp23s {
	struct chip c;
	struct spi_word_target wt;
	unsigned int ndev;
	struct mcp_dev dev[MAX_DEV];
	/* the frame in progress */
	struct mcp_dev *sel;
	unsigned int answer;	/* bit i: dev[i] answers the opcode */
	bool read;
	uint8_t ptr;		/* register address, the part's numbering */
};

static void mcp_irq(struct mcp23xxx *d)
{
	struct mcp23s *m = CHIP_MODEL(d->c, struct mcp23s);
	bool any = false;
	unsigned int i;

	for (i = 0; i < m->ndev; i++)
		any |= mcp23xxx_inta(&m->dev[i].regs);
	/* one net: driven as the first part's IOCON says (mcp23xxx.h) */
	mcp23xxx_int_drive(&m->dev[0].regs);
	chip_set_irq(&m->c, any);
}

static int64_t mcp_select(void *priv)
{
	struct mcp23s *m = priv;

	m->sel = NULL;
	return SPI_HIZ;
}

/* The address a part answers to: its pins once IOCON.HAEN is set. */
static unsigned int hw_addr(const struct mcp_dev *d)
{
	return d->regs.r[0][MCP_IOCON] & MCP_IOCON_HAEN ? d->addr : 0;
}

/* Parts answering to opcode address a, decided when the opcode is in. */
static unsigned int answering(const struct mcp23s *m, unsigned int a)
{
	unsigned int i, set = 0;

	for (i = 0; i < m->ndev; i++)
		if (hw_addr(&m->dev[i]) == a)
			set |= 1u << i;
	return set;
}

static int64_t mcp_word(void *priv, uint32_t in, unsigned int idx)
{
	struct mcp23s *m = priv;
	unsigned int i, p;

	if (idx == 0) {
		m->answer = (in & 0xf0) == 0x40 ? answering(m, (in >> 1) & 7)
						 : 0;
		m->read = in & 1;
		/* More than one answering a read: they drive the same. */
		m->sel = m->answer ? &m->dev[__builtin_ctz(m->answer)] : NULL;
		return SPI_HIZ;
	}
	if (!m->sel)
		return SPI_HIZ;
	if (idx == 1) {
		m->ptr = mcp23xxx_decode(&m->sel->regs, in, &p) < 0 ? 0 : in;
	} else if (!m->read) {
		for (i = 0; i < m->ndev; i++)
			if (m->answer & (1u << i))
				mcp23xxx_write(&m->dev[i].regs, m->ptr, in);
		m->ptr = mcp23xxx_next(&m->sel->regs, m->ptr);
		return SPI_HIZ;
	} else {
		/* The byte at ptr went out whole: now it was read. */
		for (i = 0; i < m->ndev; i++)
			if (m->answer & (1u << i))
				mcp23xxx_read_done(&m->dev[i].regs, m->ptr);
		m->ptr = mcp23xxx_next(&m->sel->regs, m->ptr);
	}
	return m->read ? mcp23xxx_peek(&m->sel->regs, m->ptr) : SPI_HIZ;
}

static const struct spi_word_ops mcp_wops = {
	.width = 8,
	.select = mcp_select,
	.word = mcp_word,
};

static void mcp_pin_changed(void *ctx, unsigned int pin, enum pin_level old,
			    enum pin_level now)
{
	struct mcp23s *m = ctx;
	unsigned int i;

	for (i = 0; i < m->ndev; i++)
		if (mcp23xxx_owns(&m->dev[i].regs, pin))
			mcp23xxx_check(&m->dev[i].regs);
}

static unsigned int mcp_lines(const struct chip_variant *v,
			      const struct spi_chip_cfg *cfg, char *err,
			      size_t errlen)
{
	uint32_t mask = cfg->present_mask;

	if (!mask || mask >= 1u << MAX_DEV) {
		snprintf(err, errlen, "spi-present-mask 0x%x: want 1..0xff",
			 mask);
		return 0;
	}
	if (v->data && mask != 1) {
		snprintf(err, errlen, "spi-present-mask 0x%x: the %s has no "
			 "address pins, want 0x1", mask, v->part);
		return 0;
	}
	return v->lines * __builtin_popcount(mask);
}

static int mcp_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			char *err, size_t errlen)
{
	const struct chip_variant *v = c->v;
	unsigned int ports = v->lines / 8, a, n = 0;
	uint32_t mask = cfg->present_mask;
	struct mcp23s *m = CHIP_MODEL(c, struct mcp23s);

	c->has_irq = true;
	for (a = 0; a < MAX_DEV; a++) {
		if (!(mask & (1u << a)))
			continue;
		m->dev[n].addr = a;
		mcp23xxx_init(&m->dev[n].regs, c, ports, n * v->lines,
			      v->data, mcp_irq);
		n++;
	}
	m->ndev = n;
	mcp_irq(&m->dev[0].regs);	/* INT as IOCON's power-on value */
	spi_word_target_init(&m->wt, &mcp_wops, m);
	c->spi_targets[0] = &m->wt.t;
	c->nspi = 1;
	c->pins.notify = mcp_pin_changed;
	c->pins.ctx = m;
	return 0;
}

static const struct chip_family mcp23s08_family = {
	.size = sizeof(struct mcp23s),
	.spi_init = mcp_spi_init,
	.spi_lines = mcp_lines,
};

const struct chip_variant mcp23s08_variants[] = {
	{ "microchip,mcp23s08", "mcp23s08", &mcp23s08_family, 8, NULL },
	{ "microchip,mcp23s17", "mcp23s17", &mcp23s08_family, 16, NULL },
	{ "microchip,mcp23s18", "mcp23s18", &mcp23s08_family, 16,
	  &mcp23x18_kind },
	{ NULL },
};
