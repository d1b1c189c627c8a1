// SPDX-License-Identifier: GPL-2.0
/* mcp23xxx.c - the MCP23x08/MCP23x17 register file (mcp23xxx.h). */
#include "models/mcp23xxx.h"

#define IOCON_08	0x3e	/* 8-line parts: bits 7, 6, 0 unimplemented */
#define IOCON_17	0xfe	/* 16-line parts: bit 0 unimplemented */

static uint16_t levels(const struct mcp23xxx *d)
{
	return pin_read_bits(&d->c->pins, d->first, 8 * d->nport);
}

static uint16_t reg16(const struct mcp23xxx *d, unsigned int k)
{
	return d->r[0][k] | (d->nport == 2 ? d->r[1][k] << 8 : 0);
}

static void apply(struct mcp23xxx *d)
{
	unsigned int i;

	for (i = 0; i < 8 * d->nport; i++) {
		uint8_t *r = d->r[i / 8], b = 1u << (i % 8);

		pin_set_pull(&d->c->pins, d->first + i,
			     r[MCP_GPPU] & b ? DRV_WEAK_HIGH : DRV_HIZ);
		pin_set_drive(&d->c->pins, d->first + i,
			      r[MCP_IODIR] & b ? DRV_HIZ :
			      r[MCP_OLAT] & b ? DRV_HIGH : DRV_LOW);
	}
}

void mcp23xxx_check(struct mcp23xxx *d)
{
	uint16_t now = levels(d), con = reg16(d, MCP_INTCON);
	uint16_t ref = (con & reg16(d, MCP_DEFVAL)) | (~con & d->last);
	uint16_t hit = (now ^ ref) & reg16(d, MCP_GPINTEN) &
		       reg16(d, MCP_IODIR);
	unsigned int p;

	d->last = now;
	for (p = 0; p < d->nport; p++) {
		uint8_t h = hit >> (8 * p);

		if (!h || d->r[p][MCP_INTF])
			continue;	/* INTF holds the first change */
		d->r[p][MCP_INTF] = h;
		d->r[p][MCP_INTCAP] = now >> (8 * p);
	}
	d->irq(d);
}

void mcp23xxx_init(struct mcp23xxx *d, struct chip *c, unsigned int nport,
		   unsigned int first, void (*irq)(struct mcp23xxx *d))
{
	unsigned int p;

	d->c = c;
	d->nport = nport;
	d->first = first;
	d->irq = irq;
	for (p = 0; p < nport; p++)
		d->r[p][MCP_IODIR] = 0xff;
	apply(d);
	d->last = levels(d);
}

int mcp23xxx_decode(const struct mcp23xxx *d, uint8_t a, unsigned int *port)
{
	*port = 0;
	if (d->nport == 1)
		return a < MCP_NREG ? a : -1;
	if (!(d->r[0][MCP_IOCON] & MCP_IOCON_BANK)) {
		*port = a & 1;
		return a < 2 * MCP_NREG ? a >> 1 : -1;
	}
	*port = a >> 4;
	return (a & 0x0f) < MCP_NREG && a < 0x20 ? (a & 0x0f) : -1;
}

static uint8_t last_addr(const struct mcp23xxx *d)
{
	if (d->nport == 1)
		return MCP_NREG - 1;
	return d->r[0][MCP_IOCON] & MCP_IOCON_BANK ? 0x10 + MCP_NREG - 1 :
						    2 * MCP_NREG - 1;
}

uint8_t mcp23xxx_next(const struct mcp23xxx *d, uint8_t a)
{
	uint8_t bank = d->r[0][MCP_IOCON] & MCP_IOCON_BANK;

	if (d->r[0][MCP_IOCON] & MCP_IOCON_SEQOP)
		return d->nport == 2 && !bank ? a ^ 1 : a;
	if (a == last_addr(d))
		return 0;
	if (d->nport == 2 && bank && a == MCP_NREG - 1)
		return 0x10;
	return a + 1;
}

uint8_t mcp23xxx_read(struct mcp23xxx *d, uint8_t a)
{
	unsigned int p;
	int k = mcp23xxx_decode(d, a, &p);
	uint8_t *r = d->r[p], v;

	switch (k) {
	case MCP_IOCON:
		return d->r[0][MCP_IOCON];
	case MCP_GPIO:
		v = (levels(d) >> (8 * p)) ^ (r[MCP_IPOL] & r[MCP_IODIR]);
		r[MCP_INTF] = 0;
		d->irq(d);
		return v;
	case MCP_INTCAP:
		r[MCP_INTF] = 0;
		d->irq(d);
		return r[MCP_INTCAP];
	default:
		return k < 0 ? 0 : r[k];
	}
}

void mcp23xxx_write(struct mcp23xxx *d, uint8_t a, uint8_t v)
{
	unsigned int p;
	int k = mcp23xxx_decode(d, a, &p);

	switch (k) {
	case -1:
	case MCP_INTF:
	case MCP_INTCAP:
		return;		/* read only */
	case MCP_IOCON:
		d->r[0][MCP_IOCON] = v & (d->nport == 1 ? IOCON_08 : IOCON_17);
		return;
	case MCP_GPIO:
		k = MCP_OLAT;
		break;
	default:
		break;
	}
	d->r[p][k] = v;
	apply(d);
	mcp23xxx_check(d);
}

bool mcp23xxx_intf(const struct mcp23xxx *d)
{
	return reg16(d, MCP_INTF) != 0;
}

bool mcp23xxx_owns(const struct mcp23xxx *d, unsigned int pin)
{
	return pin >= d->first && pin < d->first + 8 * d->nport;
}
