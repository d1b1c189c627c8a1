// SPDX-License-Identifier: GPL-2.0
/*
 * pca953x.c - register-based expanders: one command (pointer) byte, then
 * input / output / polarity / configuration registers, one per 8-line
 * port, plus the PCAL "agile I/O" registers at 0x40, the MAX7310/MAX7312
 * timeout register and the XRA1202's pull-up and interrupt registers. One
 * model; the parts differ only in the table below.
 *
 * Pointer rule (every datasheet of these parts): the command byte sets
 * the pointer; on 16-line parts each further data byte, read or write,
 * goes to the other register of the pair (0<->1, 2<->3, ...); on 8-line
 * parts the pointer stays. A repeated START keeps the pointer, so the
 * Linux regmap read (write [reg], Sr, read) works. A command byte naming
 * no register of the part is NACKed: the datasheets leave it undefined
 * and a NACK makes such a driver bug visible as -EIO. The command byte
 * and the pointer are the front end's (regfile.h); next_ptr() below is
 * these parts' rule.
 *
 * The 24- and 40-line parts (TCA6424A, PCAL6524, PCA9505/6, PCA9698)
 * space each kind of register at a power of two (4 or 8: input 0x00,
 * output 0x04/0x08, ...), exactly as gpio-pca953x's bank_shift computes,
 * and bit 7 of the command byte is the auto-increment (AI) flag: with AI
 * the pointer moves to the next port of the same kind after every byte
 * and rolls over to the first port of that kind after the last (TCA6424A
 * and PCA9505 datasheets), so one transaction reads or writes every port;
 * without AI it stays. Parts without AI NACK a command byte with bit 7.
 *
 * The PCA9574 and PCA9575 (gpio-pca953x's PCA957X_TYPE) have a map of
 * their own: input, polarity, bus-hold/pull enable, pull select,
 * configuration, output, interrupt mask and interrupt status, one
 * register per port, kind after kind (PCA9575 datasheet, Table 4: 0x00
 * IN0, 0x01 IN1, 0x02 INVRT0, ... 0x0e INTS0, 0x0f INTS1). Bit 7 of the
 * command byte is AI there too, but the pointer then steps through the
 * whole map and rolls over to 0x00 after the last register (the
 * datasheet's "Command register"); a command byte naming no register
 * is not acknowledged.
 *
 * The PCAL6534 (PCAL653X_TYPE) packs the 24-line PCAL map: each kind's
 * five ports one after the other (input 0x00, output 0x05, polarity
 * 0x0a, configuration 0x0f), the agile registers from 0x30 (drive
 * strength 0x30-0x38, latch 0x3a, pull enable 0x3f, pull select 0x44,
 * mask 0x49, status 0x4e, output configuration 0x53), as gpio-pca953x's
 * pcal6534_recalc_addr() and the kernel's pca953x.rst place them. The
 * 0x54-0x6f registers (edge, clear, input status, debounce) are not
 * modelled (NACK), as on the PCAL6524. AI as the PCAL6524's (assumed:
 * the PCAL6534 datasheet's command byte section was not at hand).
 */
#include <stdlib.h>

#include "models/chip.h"
#include "models/regfile.h"

#define F_INT		(1u << 0)	/* has an INT output */
#define F_PCAL		(1u << 1)	/* agile I/O registers at 0x40 */
#define F_PULLUP	(1u << 2)	/* fixed ~100k pull-ups on the I/Os */
#define F_POL_F0	(1u << 3)	/* polarity register resets to 0xf0 */
#define F_OUT_0		(1u << 4)	/* output register resets to 0x00 */
#define F_TIMEOUT	(1u << 5)	/* MAX7310/12 bus timeout after config */
#define F_AI		(1u << 6)	/* command bit 7 = auto-increment */
#define F_MSK		(1u << 7)	/* PCA9505/6/9698 mask registers */
#define F_9698		(1u << 8)	/* PCA9698 registers 0x28..0x2a */
#define F_XRA		(1u << 9)	/* XRA1202 registers 0x04..0x0a */
#define F_957X		(1u << 10)	/* PCA9574/75 map (see the top) */
#define F_6534		(1u << 11)	/* PCAL6534 packed map (the top) */

#define AI		0x80
#define MAXB		5		/* banks (ports) of the 40-line parts */
#define PCAL_OUT_CONF	0x4f		/* 8- and 16-line PCAL parts */
#define P9698_OUTCONF	0x28
#define P9698_MODE	0x2a
#define XRA_PUR		0		/* XRA1202 registers from 0x04: */
#define XRA_TSCR	2		/* pull-up enable, tri-state control, */
#define XRA_ISR		3		/* interrupt status, ... */
#define XRA_NREG	7		/* ... input filter at 0x0a */
#define BKEN_HOLD	0x01		/* PCA957x BKEN: bus hold (stored), */
#define BKEN_PULL	0x02		/* pulls as PUPD says */
#define P6534_AGILE	0x30		/* PCAL6534: drive strength, 9 bytes */
#define P6534_LATCH	0x3a		/* latch, pull en/sel, mask, status */
#define P6534_OUTCONF	0x53

struct pca953x_desc {
	unsigned int flags;
};

enum reg_kind {
	R_IN, R_OUT, R_POL, R_CFG,
	R_LATCH, R_PULL_EN, R_PULL_SEL, R_MASK, R_STAT,
	R_STRENGTH, R_OUT_CONF, R_TIMEOUT, R_MSK, R_9698, R_XRA, R_BKEN,
	R_NONE,
};

/* The PCA957x kinds in address order (PCA9575 datasheet, Table 4). */
static const enum reg_kind kinds_957x[] = {
	R_IN, R_POL, R_BKEN, R_PULL_SEL, R_CFG, R_OUT, R_MSK, R_STAT,
};

struct pca953x {
	struct chip c;
	unsigned int flags;
	unsigned int nbank;
	unsigned int stride;	/* distance between kinds of register */
	struct regfile rf;
	uint8_t out[MAXB], pol[MAXB], cfg[MAXB], msk[MAXB];
	uint8_t latch[MAXB], pull_en[MAXB], pull_sel[MAXB], mask[MAXB];
	uint8_t strength[2 * MAXB], out_conf, timeout, r9698[3];
	uint8_t xra[XRA_NREG];
	uint8_t bken[2];	/* PCA957x, per port */
	uint64_t snapshot;	/* pin bits when each input port was read */
	uint64_t latched;	/* PCAL: inputs holding a latched change */
	uint64_t latched_val;
};

/* Bits of port p that are real lines (the pca9536 has four). */
static uint8_t valid(const struct pca953x *m, unsigned int p)
{
	unsigned int left = m->c.v->lines - 8 * p;

	return left >= 8 ? 0xff : (1u << left) - 1;
}

static enum reg_kind decode(const struct pca953x *m, uint8_t r,
			    unsigned int *idx)
{
	unsigned int nb = m->nbank, st = m->stride, e;

	*idx = 0;
	if (m->flags & F_957X) {
		if (r >= 8 * nb)
			return R_NONE;
		*idx = r % nb;
		return kinds_957x[r / nb];
	}
	if (m->flags & F_6534) {
		if (r < 4 * nb) {
			*idx = r % nb;
			return R_IN + r / nb;
		}
		if (r >= P6534_AGILE && r < P6534_AGILE + 2 * nb - 1) {
			*idx = r - P6534_AGILE;
			return R_STRENGTH;
		}
		if (r == P6534_OUTCONF)
			return R_OUT_CONF;
		if (r < P6534_LATCH || r >= P6534_LATCH + 5 * nb)
			return R_NONE;
		*idx = (r - P6534_LATCH) % nb;
		return R_LATCH + (r - P6534_LATCH) / nb;
	}
	if (r < 4 * st) {
		*idx = r % st;
		return *idx < nb ? R_IN + r / st : R_NONE;
	}
	if (r == 4 * st && (m->flags & F_TIMEOUT))
		return R_TIMEOUT;
	if ((m->flags & F_XRA) && r >= 4 && r < 4 + XRA_NREG) {
		*idx = r - 4;
		return R_XRA;
	}
	if ((m->flags & F_MSK) && r >= 4 * st && r < 5 * st) {
		*idx = r % st;
		return *idx < nb ? R_MSK : R_NONE;
	}
	if ((m->flags & F_9698) && r >= P9698_OUTCONF && r <= P9698_MODE) {
		*idx = r - P9698_OUTCONF;
		return R_9698;
	}
	if (!(m->flags & F_PCAL) || r < 0x40)
		return R_NONE;
	e = r - 0x40;
	if (e < 2 * nb) {
		*idx = e;
		return R_STRENGTH;
	}
	if (r == (nb > 2 ? 0x40 + 7 * st : PCAL_OUT_CONF))
		return R_OUT_CONF;
	if (e < 2 * st || e >= 7 * st || e % st >= nb)
		return R_NONE;
	*idx = e % st;
	return R_LATCH + e / st - 2;
}

static uint64_t word(const uint8_t *v, unsigned int nbank)
{
	uint64_t w = 0;
	unsigned int p;

	for (p = 0; p < nbank; p++)
		w |= (uint64_t)v[p] << (8 * p);
	return w;
}

/* Input bits as the chip sees them now, before polarity. */
static uint64_t inputs_now(const struct pca953x *m)
{
	uint64_t pins = pin_read_bits(&m->c.pins, 0, m->c.v->lines);

	return (pins & ~m->latched) | (m->latched_val & m->latched);
}

/*
 * INT: an input differs from what was read last (or, PCAL, holds a
 * latched change), and on PCAL parts is not masked.
 */
static uint64_t irq_sources(const struct pca953x *m)
{
	uint64_t in = word(m->cfg, m->nbank);
	uint64_t pins = pin_read_bits(&m->c.pins, 0, m->c.v->lines);
	uint64_t src = ((pins ^ m->snapshot) | m->latched) & in;

	if (m->flags & F_PCAL)
		src &= ~word(m->mask, m->nbank);
	if (m->flags & F_MSK)
		src &= ~word(m->msk, m->nbank);
	return src;
}

static void update_irq(struct pca953x *m)
{
	if (m->flags & F_INT)
		chip_set_irq(&m->c, irq_sources(m) != 0);
}

/* Push the registers out to the pins. */
static void apply_pins(struct pca953x *m)
{
	unsigned int i;

	for (i = 0; i < m->c.v->lines; i++) {
		unsigned int p = i / 8, bit = 1u << (i % 8);
		enum pin_drive d, pull = DRV_HIZ;
		bool od = (m->flags & F_PCAL) && (m->out_conf & (1u << p));

		if (m->cfg[p] & bit)
			d = DRV_HIZ;
		else if ((m->flags & F_XRA) && (m->xra[XRA_TSCR] & bit))
			d = DRV_HIZ;	/* XRA1202: output three-stated */
		else if (m->out[p] & bit)
			d = od ? DRV_HIZ : DRV_HIGH;
		else
			d = DRV_LOW;
		if (m->flags & F_PULLUP)
			pull = DRV_WEAK_HIGH;
		if ((m->flags & F_XRA) && (m->xra[XRA_PUR] & bit))
			pull = DRV_WEAK_HIGH;
		/* PCAL: per line; PCA957x: per port (BKEN), no bus hold */
		if (((m->flags & F_PCAL) && (m->pull_en[p] & bit)) ||
		    ((m->flags & F_957X) &&
		     (m->bken[p] & (BKEN_HOLD | BKEN_PULL)) == BKEN_PULL))
			pull = m->pull_sel[p] & bit ? DRV_WEAK_HIGH :
						      DRV_WEAK_LOW;
		pin_set_pull(&m->c.pins, i, pull);
		pin_set_drive(&m->c.pins, i, d);
	}
}

static void apply(struct pca953x *m)
{
	apply_pins(m);
	update_irq(m);
}

/* Reading input port p: the datasheets' interrupt reset. */
static uint8_t read_input(struct pca953x *m, unsigned int p)
{
	uint64_t pins = pin_read_bits(&m->c.pins, 0, m->c.v->lines);
	uint64_t portmask = 0xffull << (8 * p);
	uint8_t v = (inputs_now(m) >> (8 * p)) & 0xff;

	m->snapshot = (m->snapshot & ~portmask) | (pins & portmask);
	m->latched &= ~portmask;
	update_irq(m);
	return ((v ^ m->pol[p]) & valid(m, p)) | ~valid(m, p);
}

static uint8_t reg_read(void *model, uint8_t r)
{
	struct pca953x *m = model;
	unsigned int i;

	switch (decode(m, r, &i)) {
	case R_IN:
		return read_input(m, i);
	case R_OUT:
		return m->out[i];
	case R_POL:
		return m->pol[i];
	case R_CFG:
		return m->cfg[i];
	case R_LATCH:
		return m->latch[i];
	case R_PULL_EN:
		return m->pull_en[i];
	case R_PULL_SEL:
		return m->pull_sel[i];
	case R_MASK:
		return m->mask[i];
	case R_STAT:
		return (irq_sources(m) >> (8 * i)) & 0xff;
	case R_STRENGTH:
		return m->strength[i];
	case R_OUT_CONF:
		return m->out_conf;
	case R_TIMEOUT:
		return m->timeout;
	case R_MSK:
		return m->msk[i];
	case R_9698:
		return m->r9698[i];
	case R_XRA:
		return m->xra[i];
	case R_BKEN:
		return m->bken[i];
	default:
		return 0xff;
	}
}

static void reg_write(void *model, uint8_t r, uint8_t v)
{
	struct pca953x *m = model;
	unsigned int i;
	uint8_t keep;

	switch (decode(m, r, &i)) {
	case R_OUT:
		keep = ~valid(m, i);	/* missing lines read back 1 */
		m->out[i] = v | keep;
		break;
	case R_POL:
		m->pol[i] = v & valid(m, i);
		break;
	case R_CFG:
		m->cfg[i] = v | ~valid(m, i);
		break;
	case R_LATCH:
		m->latch[i] = v;
		/* Unlatching an input drops what it held. */
		m->latched &= ~((uint64_t)(uint8_t)~v << (8 * i));
		break;
	case R_PULL_EN:
		m->pull_en[i] = v;
		break;
	case R_PULL_SEL:
		m->pull_sel[i] = v;
		break;
	case R_MASK:
		m->mask[i] = v;
		break;
	case R_STRENGTH:
		m->strength[i] = v;
		return;
	case R_OUT_CONF:
		m->out_conf = v & ((1u << m->nbank) - 1);
		break;
	case R_TIMEOUT:
		m->timeout = v;
		return;
	case R_MSK:
		m->msk[i] = v;
		break;
	case R_9698:
		m->r9698[i] = v;	/* stored; effects not modelled */
		return;
	case R_XRA:
		if (i == XRA_ISR)
			return;		/* read-only; no source modelled */
		m->xra[i] = v;		/* pull-ups, three-state: apply() */
		break;
	case R_BKEN:
		m->bken[i] = v;		/* bits 7:2 "not used": kept */
		break;
	default:
		return;		/* input and status: writes have no effect */
	}
	apply(m);
}

/*
 * After a data byte: 16-line parts toggle within the pair; AI parts with
 * AI set step to the next port of the same kind and roll over to its
 * first (regfile.c keeps the pointer without AI); everything else stays.
 */
static uint8_t next_ptr(void *model, uint8_t r)
{
	struct pca953x *m = model;
	unsigned int idx;
	enum reg_kind k;

	k = decode(m, r, &idx);
	if (m->flags & F_957X)
		return regfile_wrap(r, 0, 8 * m->nbank);
	if (!(m->flags & F_AI))
		return m->nbank == 2 && k != R_OUT_CONF && k != R_TIMEOUT ?
		       regfile_wrap(r, r & ~1u, 2) : r;
	if (k == R_STRENGTH && (m->flags & F_6534))
		return regfile_wrap(r, P6534_AGILE, 2 * m->nbank - 1);
	if (k == R_STRENGTH)
		return regfile_wrap(r, 0x40, 2 * m->nbank);
	if (k == R_OUT_CONF || k == R_TIMEOUT || k == R_9698 || k == R_NONE)
		return r;
	return regfile_wrap(r, r - idx, m->nbank);
}

static bool cmd_valid(void *model, uint8_t r)
{
	unsigned int idx;

	return decode(model, r, &idx) != R_NONE;
}

static void pca953x_pin_changed(void *ctx, unsigned int pin,
				enum pin_level old, enum pin_level now)
{
	struct pca953x *m = ctx;
	unsigned int p = pin / 8;
	uint64_t bit = 1ull << pin;

	/* PCAL input latch: hold the first change since the last read. */
	if ((m->flags & F_PCAL) && (m->latch[p] & (1u << (pin % 8))) &&
	    (m->cfg[p] & (1u << (pin % 8))) && !(m->latched & bit) &&
	    pin_read_bit(&m->c.pins, pin) != !!(m->snapshot & bit)) {
		m->latched |= bit;
		if (pin_read_bit(&m->c.pins, pin))
			m->latched_val |= bit;
		else
			m->latched_val &= ~bit;
	}
	update_irq(m);
}

/* Index 1: the wide parts, whose command bit 7 is AI. */
#define RULES(ai) { .size = 256, .ai_bit = ai, .valid = cmd_valid, \
		    .next = next_ptr, .read = reg_read, .write = reg_write }
static const struct regfile_rules pca953x_rules[2] = { RULES(0), RULES(AI) };

static int pca953x_init(struct chip *c, char *err, size_t errlen)
{
	struct pca953x *m = CHIP_MODEL(c, struct pca953x);
	const struct pca953x_desc *d = c->v->data;
	unsigned int p;

	m->flags = d->flags;
	c->has_irq = d->flags & F_INT;
	m->nbank = (c->v->lines + 7) / 8;
	/* 1, 2, 4, 8: gpio-pca953x's 1 << fls((lines - 1) / 8) */
	for (m->stride = 1; m->stride < m->nbank; m->stride <<= 1)
		;
	for (p = 0; p < m->nbank; p++) {
		m->out[p] = (d->flags & F_OUT_0) ? ~valid(m, p) : 0xff;
		m->pol[p] = (d->flags & F_POL_F0) ? 0xf0 : 0x00;
		m->cfg[p] = 0xff;
		m->mask[p] = 0xff;
		/* PCA957x: assumed unmasked (see its README row) */
		m->msk[p] = (d->flags & F_957X) ? 0x00 : 0xff;
		m->pull_sel[p] = 0xff;
	}
	for (p = 0; p < 2 * m->nbank; p++)
		m->strength[p] = 0xff;
	m->timeout = 0x01;
	m->xra[XRA_NREG - 1] = 0xff;	/* input filter on */
	regfile_add(&m->rf, c, c->reg, &pca953x_rules[!!(d->flags & F_AI)], m);
	apply_pins(m);
	m->snapshot = pin_read_bits(&c->pins, 0, c->v->lines);
	c->pins.notify = pca953x_pin_changed;
	c->pins.ctx = m;
	update_irq(m);
	return 0;
}

static const struct chip_family pca953x_family = {
	.size = sizeof(struct pca953x),
	.init = pca953x_init,
};

static const struct pca953x_desc d_int = { F_INT };
static const struct pca953x_desc d_int_pu = { F_INT | F_PULLUP };
static const struct pca953x_desc d_plain = { 0 };
static const struct pca953x_desc d_9557 = { F_POL_F0 | F_OUT_0 };
static const struct pca953x_desc d_7310 = { F_POL_F0 | F_OUT_0 | F_TIMEOUT };
static const struct pca953x_desc d_7312 = { F_INT | F_TIMEOUT };
static const struct pca953x_desc d_6107 = { F_INT | F_POL_F0 | F_OUT_0 };
static const struct pca953x_desc d_xra = { F_XRA };
static const struct pca953x_desc d_pcal = { F_INT | F_PCAL };
static const struct pca953x_desc d_6424 = { F_INT | F_AI };
static const struct pca953x_desc d_6524 = { F_INT | F_PCAL | F_AI };
static const struct pca953x_desc d_9505 = { F_INT | F_AI | F_MSK | F_OUT_0 |
					    F_PULLUP };
static const struct pca953x_desc d_9506 = { F_INT | F_AI | F_MSK | F_OUT_0 };
static const struct pca953x_desc d_9698 = { F_INT | F_AI | F_MSK | F_OUT_0 |
					    F_9698 };
static const struct pca953x_desc d_957x = { F_INT | F_AI | F_MSK | F_957X };
static const struct pca953x_desc d_6534 = { F_INT | F_PCAL | F_AI | F_6534 };

#define V(compat, part, lines, desc) \
	{ compat, part, &pca953x_family, lines, &desc }

const struct chip_variant pca953x_variants[] = {
	V("nxp,pca6408", "pca6408", 8, d_int),
	V("nxp,pca6416", "pca6416", 16, d_int),
	V("nxp,pca9534", "pca9534", 8, d_int),
	V("nxp,pca9535", "pca9535", 16, d_int),
	V("nxp,pca9536", "pca9536", 4, d_plain),
	V("ti,pca9536", "pca9536", 4, d_plain),
	V("nxp,pca9537", "pca9537", 4, d_int),
	V("nxp,pca9538", "pca9538", 8, d_int),
	V("nxp,pca9539", "pca9539", 16, d_int),
	V("nxp,pca9554", "pca9554", 8, d_int_pu),
	V("nxp,pca9555", "pca9555", 16, d_int_pu),
	V("nxp,pca9556", "pca9556", 8, d_9557),
	V("nxp,pca9557", "pca9557", 8, d_9557),
	V("nxp,pca9574", "pca9574", 8, d_957x),
	V("nxp,pca9575", "pca9575", 16, d_957x),
	V("ti,tca6408", "tca6408", 8, d_int),
	V("ti,tca6416", "tca6416", 16, d_int),
	V("ti,tca9535", "tca9535", 16, d_int),
	V("ti,tca9538", "tca9538", 8, d_int),
	V("ti,tca9539", "tca9539", 16, d_int),
	/* Not in the driver's of_match table: binds via its i2c id table. */
	V("ti,tca9554", "tca9554", 8, d_int_pu),
	V("maxim,max7310", "max7310", 8, d_7310),
	V("maxim,max7312", "max7312", 16, d_7312),
	V("maxim,max7318", "max7318", 16, d_int_pu),
	V("ti,pca6107", "pca6107", 8, d_6107),
	V("onnn,cat9554", "cat9554", 8, d_int_pu),
	V("onnn,pca9654", "pca9654", 8, d_int_pu),
	V("onnn,pca9655", "pca9655", 16, d_int_pu),
	V("exar,xra1202", "xra1202", 8, d_xra),
	V("nxp,pcal6408", "pcal6408", 8, d_pcal),
	V("nxp,pcal9535", "pcal9535", 16, d_pcal),
	V("nxp,pcal9554b", "pcal9554b", 8, d_pcal),
	/* gpio-pca953x since v7.0 (the catalogue's since column). */
	V("ti,tcal6408", "tcal6408", 8, d_pcal),
	V("ti,tcal6416", "tcal6416", 16, d_pcal),
	V("nxp,pcal9555a", "pcal9555a", 16, d_pcal),
	V("nxp,pcal6416", "pcal6416", 16, d_pcal),
	V("ti,tca6424", "tca6424", 24, d_6424),
	V("nxp,pcal6524", "pcal6524", 24, d_6524),
	V("nxp,pcal6534", "pcal6534", 34, d_6534),
	V("nxp,pca9505", "pca9505", 40, d_9505),
	V("nxp,pca9506", "pca9506", 40, d_9506),
	V("nxp,pca9698", "pca9698", 40, d_9698),
	{ NULL },
};
