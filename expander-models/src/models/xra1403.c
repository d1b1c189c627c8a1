// SPDX-License-Identifier: GPL-2.0
/*
 * xra1403.c - XRA1403, 16-bit SPI GPIO expander, as gpio-xra1403 drives
 * it through regmap (reg_bits 7, pad_bits 1: command = R/W << 7 |
 * register << 1).
 *
 * Frame: command byte (bit 7 = 1 read, bits 6:1 register, bit 0
 * reserved), then one data byte in (write) or out (read). The datasheet
 * describes 16-clock frames only; the model gives further data bytes of
 * a frame the same register (no auto-increment is documented).
 *
 * Registers, P0-P7 at the even address, P8-P15 at the odd one:
 *   0x00/01 GSR  pin state, XOR PIR (read only)
 *   0x02/03 OCR  output level, power-on 0xFF
 *   0x04/05 PIR  input polarity inversion
 *   0x06/07 GCR  1 = input (power-on 0xFF), 0 = output
 *   0x08/09 PUR  100k pull-up enable (inputs)
 *   0x0A/0B IER  interrupt enable
 *   0x0C/0D TSCR output three-state (1 = high impedance)
 *   0x0E/0F ISR  interrupt status (read only)
 *   0x10/11 REIR, 0x12/13 FEIR  rising / falling edge enables
 *   0x14/15 IFR  input filter (power-on 0xFF, stored)
 *
 * Interrupts, per input with its IER bit set (Exar XRA1402/XRA1403
 * datasheets, Table 3 "Interrupt generation and clearing"; the XRA1403
 * front page: "The interrupt can be cleared if the input changes back
 * to its original state or by reading the current state of the
 * inputs"):
 *   REIR = FEIR = 0: a rising or falling edge; the interrupt stands
 *     while the input differs from its state at the last read of GSR,
 *     so it clears when the input changes back, or by reading GSR;
 *   REIR = 1 and/or FEIR = 1: a rising and/or falling edge, latched;
 *     only reading GSR clears it (the input going back does not).
 * ISR shows which inputs interrupt (reading it clears nothing); INT
 * (open drain, active low) while any ISR bit is set. SO is high
 * impedance except while a read's data byte goes out. That byte is
 * loaded when the command byte is in, without effect; a read of GSR
 * takes effect (clears) only once the byte's last bit went out, so a
 * frame cut short clears nothing.
 *
 * Assumed where the datasheets are silent: GSR1 clears and re-references
 * P0-P7, GSR2 P8-P15; the reference is the pin levels the read sent
 * (before PIR), and edges are of the pin levels too; a latched edge
 * stays (shown while its IER bit is set) until GSR is read; the 1075 ns
 * input filter (IFR) is not modelled, pin changes being instantaneous.
 */

#include "buses/spi_target.h"
#include "models/chip.h"

enum { GSR = 0x00, OCR = 0x02, PIR = 0x04, GCR = 0x06, PUR = 0x08,
       IER = 0x0a, TSCR = 0x0c, ISR = 0x0e, REIR = 0x10, FEIR = 0x12,
       IFR = 0x14, NREG = 0x16 };

struct xra1403 {
	struct chip c;
	struct spi_word_target wt;
	uint8_t r[NREG];
	uint16_t last;		/* pin levels at the last look: edges */
	uint16_t ref;		/* pins as the last GSR read of a port sent them */
	uint16_t edges;		/* edges latched on REIR/FEIR inputs */
	uint16_t sent;		/* pin levels in the GSR byte going out */
	bool read;
	unsigned int reg;
};

static uint16_t r16(const struct xra1403 *m, unsigned int reg)
{
	return m->r[reg] | m->r[reg + 1] << 8;
}

static uint16_t levels(const struct xra1403 *m)
{
	return pin_read_bits(&m->c.pins, 0, 16);
}

static void apply(struct xra1403 *m)
{
	uint16_t in = r16(m, GCR), out = r16(m, OCR), ts = r16(m, TSCR);
	uint16_t pu = r16(m, PUR);
	unsigned int i;

	for (i = 0; i < 16; i++) {
		uint16_t b = 1u << i;

		pin_set_pull(&m->c.pins, i, in & pu & b ? DRV_WEAK_HIGH :
			     DRV_HIZ);
		pin_set_drive(&m->c.pins, i, in & b || ts & b ? DRV_HIZ :
			      out & b ? DRV_HIGH : DRV_LOW);
	}
}

/* Table 3, per enabled input: against the last GSR read, or latched. */
static uint16_t isr(const struct xra1403 *m)
{
	uint16_t en = r16(m, IER) & r16(m, GCR);
	uint16_t sel = r16(m, REIR) | r16(m, FEIR);

	return en & ((~sel & (levels(m) ^ m->ref)) | (sel & m->edges));
}

static void update_irq(struct xra1403 *m)
{
	chip_set_irq(&m->c, isr(m) != 0);
}

static void check_change(struct xra1403 *m)
{
	uint16_t now = levels(m), ch = now ^ m->last;
	uint16_t en = r16(m, IER) & r16(m, GCR);
	uint16_t re = r16(m, REIR), fe = r16(m, FEIR);

	m->last = now;
	m->edges |= ch & en & ((re & now) | (fe & ~now));
	update_irq(m);
}

/* The byte a read of reg sends, loaded before its first bit: no effect. */
static uint8_t reg_load(struct xra1403 *m, unsigned int reg)
{
	unsigned int p = reg & 1;

	if (reg >= NREG)
		return 0;
	if (reg == GSR || reg == GSR + 1) {
		m->sent = levels(m);
		return (m->sent >> (8 * p)) ^ m->r[PIR + p];
	}
	if (reg == ISR || reg == ISR + 1)
		return isr(m) >> (8 * p);
	return m->r[reg];
}

/* A read of reg is over, its last bit out: reading GSR clears (Table 3). */
static void reg_read_done(struct xra1403 *m, unsigned int reg)
{
	uint16_t port;

	if (reg != GSR && reg != GSR + 1)
		return;
	port = 0xffu << (8 * (reg - GSR));
	m->ref = (m->ref & ~port) | (m->sent & port);
	m->edges &= ~port;
	update_irq(m);
}

static void reg_write(struct xra1403 *m, unsigned int reg, uint8_t v)
{
	if (reg >= NREG || reg <= GSR + 1 || reg == ISR || reg == ISR + 1)
		return;		/* read only, or no register */
	m->r[reg] = v;
	apply(m);
	check_change(m);
}

static int64_t xra_word(void *priv, uint32_t in, unsigned int idx)
{
	struct xra1403 *m = priv;

	if (idx == 0) {
		m->read = in & 0x80;
		m->reg = (in >> 1) & 0x3f;
	} else if (!m->read) {
		reg_write(m, m->reg, in);
		return SPI_HIZ;
	} else {
		reg_read_done(m, m->reg);
	}
	return m->read ? reg_load(m, m->reg) : SPI_HIZ;
}

static int64_t xra_select(void *priv)
{
	return SPI_HIZ;
}

static const struct spi_word_ops xra_wops = {
	.width = 8,
	.select = xra_select,
	.word = xra_word,
};

static void xra_pin_changed(void *ctx, unsigned int pin, enum pin_level old,
			    enum pin_level now)
{
	check_change(ctx);
}

static int xra_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			char *err, size_t errlen)
{
	struct xra1403 *m = CHIP_MODEL(c, struct xra1403);

	m->r[OCR] = m->r[OCR + 1] = 0xff;
	m->r[GCR] = m->r[GCR + 1] = 0xff;
	m->r[IFR] = m->r[IFR + 1] = 0xff;
	m->c.has_irq = true;
	spi_word_target_init(&m->wt, &xra_wops, m);
	m->c.spi_targets[0] = &m->wt.t;
	m->c.nspi = 1;
	apply(m);
	m->last = levels(m);
	m->ref = m->last;
	m->c.pins.notify = xra_pin_changed;
	m->c.pins.ctx = m;
	return 0;
}

static const struct chip_family xra1403_family = {
	.size = sizeof(struct xra1403),
	.spi_init = xra_spi_init,
};

const struct chip_variant xra1403_variants[] = {
	{ "exar,xra1403", "xra1403", &xra1403_family, 16, NULL },
	{ NULL },
};
