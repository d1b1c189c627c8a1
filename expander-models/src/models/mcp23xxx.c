// SPDX-License-Identifier: GPL-2.0
/* mcp23xxx.c - the MCP23x08/MCP23x17 register file (mcp23xxx.h). */
#include "models/mcp23xxx.h"

#define IOCON_08	0x3e	/* 8-line parts: bits 7, 6, 0 unimplemented */
#define IOCON_17	0xfe	/* 16-line parts: bit 0 unimplemented */

const struct mcp23xxx_kind mcp23x18_kind = {
	.iocon = 0xe7, .od_outputs = true, .intcc = true,
};

static uint16_t levels(const struct mcp23xxx *d)
{
	return pin_read_bits(&d->c->pins, d->first, 8 * d->nport);
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
			      !(r[MCP_OLAT] & b) ? DRV_LOW :
			      d->kind && d->kind->od_outputs ? DRV_HIZ :
			      DRV_HIGH);
	}
}

/*
 * The conditions of port p with its pins at now, each INTCON = 0 pin
 * against its previous level in was (3.6.5): the first one of the port
 * sets INTF and captures INTCAP; while INTF is set the port waits
 * (3.6.4, "Subsequent interrupt conditions on the port will not cause
 * an interrupt to occur as long as the interrupt is not cleared").
 */
static void check_port(struct mcp23xxx *d, unsigned int p, uint8_t now,
		       uint8_t was)
{
	uint8_t *r = d->r[p], con = r[MCP_INTCON];
	uint8_t ref = (con & r[MCP_DEFVAL]) | (~con & was);
	uint8_t hit = (now ^ ref) & r[MCP_GPINTEN] & r[MCP_IODIR];

	if (!hit || r[MCP_INTF])
		return;
	r[MCP_INTF] = hit;
	r[MCP_INTCAP] = now;
}

void mcp23xxx_check(struct mcp23xxx *d)
{
	uint16_t now = levels(d);
	unsigned int p;

	for (p = 0; p < d->nport; p++)
		check_port(d, p, now >> (8 * p), d->last >> (8 * p));
	d->last = now;
	d->irq(d);
}

/*
 * Reading GPIO or INTCAP of port p clears its interrupt (3.6.4). An
 * INTCON = 0 pin takes its level now as the new reference (3.6.5 item
 * 1: "The default state is reset ... after clearing the interrupt
 * condition"); an INTCON = 1 pin that still differs from DEFVAL keeps
 * the condition (item 2), which interrupts again at once.
 */
static void clear_port(struct mcp23xxx *d, unsigned int p)
{
	uint16_t now = levels(d), mask = 0xffu << (8 * p);

	d->r[p][MCP_INTF] = 0;
	d->last = (d->last & ~mask) | (now & mask);
	check_port(d, p, now >> (8 * p), now >> (8 * p));
	d->irq(d);
}

void mcp23xxx_init(struct mcp23xxx *d, struct chip *c, unsigned int nport,
		   unsigned int first, const struct mcp23xxx_kind *kind,
		   void (*irq)(struct mcp23xxx *d))
{
	unsigned int p;

	d->c = c;
	d->kind = kind;
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

uint8_t mcp23xxx_peek(const struct mcp23xxx *d, uint8_t a)
{
	unsigned int p;
	int k = mcp23xxx_decode(d, a, &p);
	const uint8_t *r = d->r[p];

	switch (k) {
	case -1:
		return 0;
	case MCP_IOCON:
		return d->r[0][MCP_IOCON];
	case MCP_GPIO:
		return (levels(d) >> (8 * p)) ^ (r[MCP_IPOL] & r[MCP_IODIR]);
	default:
		return r[k];
	}
}

void mcp23xxx_read_done(struct mcp23xxx *d, uint8_t a)
{
	unsigned int p;
	int k = mcp23xxx_decode(d, a, &p);

	if (d->kind && d->kind->intcc) {
		/* IOCON.INTCC: the one read that clears (mcp23xxx.h) */
		bool cc = d->r[0][MCP_IOCON] & MCP_IOCON_INTCC;

		if (k == (cc ? MCP_INTCAP : MCP_GPIO))
			clear_port(d, p);
		return;
	}
	if (k == MCP_GPIO || k == MCP_INTCAP)
		clear_port(d, p);
}

uint8_t mcp23xxx_read(struct mcp23xxx *d, uint8_t a)
{
	uint8_t v = mcp23xxx_peek(d, a);

	mcp23xxx_read_done(d, a);
	return v;
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
		d->r[0][MCP_IOCON] = v & (d->kind ? d->kind->iocon :
					  d->nport == 1 ? IOCON_08 : IOCON_17);
		/* MIRROR moves port B's interrupt onto INTA; ODR, INTPOL */
		d->irq(d);
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

bool mcp23xxx_inta(const struct mcp23xxx *d)
{
	bool b = d->nport == 2 && d->r[1][MCP_INTF] &&
		 (d->r[0][MCP_IOCON] & MCP_IOCON_MIRROR);

	return d->r[0][MCP_INTF] || b;
}

void mcp23xxx_int_drive(const struct mcp23xxx *d)
{
	uint8_t iocon = d->r[0][MCP_IOCON];
	bool push_pull = !(iocon & MCP_IOCON_ODR);

	chip_set_int_drive(d->c, push_pull && (iocon & MCP_IOCON_INTPOL),
			   push_pull);
}

bool mcp23xxx_owns(const struct mcp23xxx *d, unsigned int pin)
{
	return pin >= d->first && pin < d->first + 8 * d->nport;
}
