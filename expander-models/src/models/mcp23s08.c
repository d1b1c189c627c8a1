// SPDX-License-Identifier: GPL-2.0
/*
 * mcp23s08.c - MCP23S08 (8 lines) and MCP23S17 (16 lines) on SPI, up to
 * eight of them on one chip select told apart by their hardware address
 * pins, as pinctrl-mcp23s08 drives them (microchip,spi-present-mask).
 *
 * Frame: opcode 0100 A2 A1 A0 R/W, register address, then data bytes
 * out (R/W = 0) or in (R/W = 1, SO driven from the third byte on, high
 * impedance otherwise). A part answers when the opcode's address bits
 * equal its pins, or equal 000 while IOCON.HAEN = 0 (power-on): the
 * address pins are then ignored and every part on the chip select
 * answers to address 0, which is how the driver's first IOCON write
 * (HAEN = 1) reaches all of them. With IOCON.SEQOP = 0 (power-on) the
 * address pointer advances after every data byte and wraps at the end
 * of the map; with SEQOP = 1 it stays (the MCP23S17 in BANK = 0 then
 * toggles within the A/B pair).
 *
 * Registers, BANK = 0 (the MCP23S17 interleaves port A and B: IODIRA
 * 0x00, IODIRB 0x01, ...): IODIR (1 = input, power-on all 1), IPOL,
 * GPINTEN, DEFVAL, INTCON, IOCON (shared by both ports), GPPU (100k
 * pull-ups), INTF, INTCAP, GPIO (read: pins XOR IPOL; write: OLAT),
 * OLAT. Interrupt on change: INTF/INTCAP capture the first change of an
 * enabled input (against DEFVAL if INTCON, else the previous level),
 * INT (active low) until GPIO or INTCAP is read. Lines: part at address
 * a of the present mask, k-th present, owns lines k*N .. k*N+N-1.
 * Not modelled: IOCON.BANK = 1, INTPOL/ODR/MIRROR effects on the INT
 * pin (stored), the MCP23S18.
 */
#include <string.h>

#include "chip.h"
#include "spi_target.h"

enum { IODIR, IPOL, GPINTEN, DEFVAL, INTCON, IOCON, GPPU, INTF, INTCAP,
       GPIO, OLAT, NREGS };
#define IOCON_SEQOP 0x20
#define IOCON_HAEN 0x08
#define MAX_DEV 8

struct mcp_dev {
	unsigned int addr;	/* hardware address pins */
	unsigned int first;	/* first line */
	uint8_t r[NREGS][2];	/* [register][port] */
	uint16_t last;		/* levels at the last change check */
};

struct mcp23s {
	struct chip c;
	struct spi_word_target wt;
	unsigned int ports;	/* 1: S08, 2: S17 */
	unsigned int ndev;
	struct mcp_dev dev[MAX_DEV];
	/* the frame in progress */
	struct mcp_dev *sel;
	unsigned int answer;	/* bit i: dev[i] answers the opcode */
	bool read;
	unsigned int ptr;	/* register address, the part's numbering */
};

static unsigned int nregaddr(const struct mcp23s *m)
{
	return NREGS * m->ports;
}

static uint16_t levels(const struct mcp23s *m, const struct mcp_dev *d)
{
	return pin_read_bits(&m->c.pins, d->first, 8 * m->ports);
}

static uint16_t reg16(const struct mcp23s *m, const struct mcp_dev *d,
		      unsigned int r)
{
	return d->r[r][0] | (m->ports == 2 ? d->r[r][1] << 8 : 0);
}

static void apply(struct mcp23s *m, struct mcp_dev *d)
{
	uint16_t dir = reg16(m, d, IODIR), pu = reg16(m, d, GPPU);
	uint16_t lat = reg16(m, d, OLAT);
	unsigned int i;

	for (i = 0; i < 8 * m->ports; i++) {
		unsigned int pin = d->first + i;

		pin_set_pull(&m->c.pins, pin, pu & (1u << i) ?
			     DRV_WEAK_HIGH : DRV_HIZ);
		pin_set_drive(&m->c.pins, pin, dir & (1u << i) ? DRV_HIZ :
			      lat & (1u << i) ? DRV_HIGH : DRV_LOW);
	}
}

static void update_irq(struct mcp23s *m)
{
	bool any = false;
	unsigned int i;

	for (i = 0; i < m->ndev; i++)
		if (reg16(m, &m->dev[i], INTF))
			any = true;
	chip_set_irq(&m->c, any);
}

/* Capture enabled input changes into INTF/INTCAP. */
static void check_change(struct mcp23s *m, struct mcp_dev *d)
{
	uint16_t now = levels(m, d), en = reg16(m, d, GPINTEN) &
		       reg16(m, d, IODIR), con = reg16(m, d, INTCON);
	uint16_t ref = (con & reg16(m, d, DEFVAL)) | (~con & d->last);
	uint16_t hit = (now ^ ref) & en;
	unsigned int p;

	d->last = now;
	if (!hit)
		return;
	for (p = 0; p < m->ports; p++) {
		uint8_t h = hit >> (8 * p);

		if (!h || d->r[INTF][p])
			continue;	/* INTF holds the first change */
		d->r[INTF][p] = h;
		d->r[INTCAP][p] = now >> (8 * p);
	}
	update_irq(m);
}

static void clear_int(struct mcp23s *m, struct mcp_dev *d, unsigned int p)
{
	d->r[INTF][p] = 0;
	update_irq(m);
}

/* Register address (BANK = 0) to register and port. */
static void split(const struct mcp23s *m, unsigned int a, unsigned int *r,
		  unsigned int *p)
{
	*r = m->ports == 2 ? a / 2 : a;
	*p = m->ports == 2 ? a % 2 : 0;
}

static uint8_t reg_read(struct mcp23s *m, struct mcp_dev *d, unsigned int a)
{
	unsigned int r, p;

	split(m, a, &r, &p);
	if (r == GPIO) {
		uint8_t v = (levels(m, d) >> (8 * p)) ^ d->r[IPOL][p];

		clear_int(m, d, p);
		return v;
	}
	if (r == INTCAP)
		clear_int(m, d, p);
	return d->r[r][p];
}

static void reg_write(struct mcp23s *m, struct mcp_dev *d, unsigned int a,
		      uint8_t v)
{
	unsigned int r, p;

	split(m, a, &r, &p);
	switch (r) {
	case INTF:
	case INTCAP:
		return;		/* read-only */
	case GPIO:
		r = OLAT;
		break;
	case IOCON:
		v &= 0xfe;	/* bit 0 unimplemented */
		d->r[IOCON][0] = d->r[IOCON][1] = v;
		return;
	}
	d->r[r][p] = v;
	apply(m, d);
	check_change(m, d);
}

static void advance(struct mcp23s *m)
{
	struct mcp_dev *d = m->sel;

	if (!(d->r[IOCON][0] & IOCON_SEQOP))
		m->ptr = (m->ptr + 1) % nregaddr(m);
	else if (m->ports == 2)
		m->ptr ^= 1;
}

static int64_t mcp_select(void *priv)
{
	struct mcp23s *m = priv;

	m->sel = NULL;
	return SPI_HIZ;
}

/* Parts answering to opcode address a, decided when the opcode is in. */
static unsigned int answering(const struct mcp23s *m, unsigned int a)
{
	unsigned int i, set = 0;

	for (i = 0; i < m->ndev; i++) {
		const struct mcp_dev *d = &m->dev[i];

		if ((d->r[IOCON][0] & IOCON_HAEN ? d->addr : 0) == a)
			set |= 1u << i;
	}
	return set;
}

static int64_t mcp_word(void *priv, uint32_t in, unsigned int idx)
{
	struct mcp23s *m = priv;
	unsigned int i;

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
		m->ptr = in < nregaddr(m) ? in : 0;
	} else if (!m->read) {
		for (i = 0; i < m->ndev; i++)
			if (m->answer & (1u << i))
				reg_write(m, &m->dev[i], m->ptr, in);
		advance(m);
		return SPI_HIZ;
	} else {
		advance(m);
	}
	return m->read ? reg_read(m, m->sel, m->ptr) : SPI_HIZ;
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
		if (pin >= m->dev[i].first &&
		    pin < m->dev[i].first + 8 * m->ports)
			check_change(m, &m->dev[i]);
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
	return v->lines * __builtin_popcount(mask);
}

static int mcp_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			char *err, size_t errlen)
{
	const struct chip_variant *v = c->v;
	unsigned int ports = v->lines / 8, a, n = 0;
	uint32_t mask = cfg->present_mask;
	struct mcp23s *m = CHIP_MODEL(c, struct mcp23s);

	m->ports = ports;
	for (a = 0; a < MAX_DEV; a++) {
		struct mcp_dev *d;

		if (!(mask & (1u << a)))
			continue;
		d = &m->dev[n];
		d->addr = a;
		d->first = n * v->lines;
		d->r[IODIR][0] = d->r[IODIR][1] = 0xff;
		n++;
	}
	m->ndev = n;
	spi_word_target_init(&m->wt, &mcp_wops, m);
	m->c.spi_targets[0] = &m->wt.t;
	m->c.nspi = 1;
	for (a = 0; a < n; a++) {
		apply(m, &m->dev[a]);
		m->dev[a].last = levels(m, &m->dev[a]);
	}
	m->c.pins.notify = mcp_pin_changed;
	m->c.pins.ctx = m;
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
	{ NULL },
};
