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
 *   0x0E/0F ISR  interrupt status (read only, cleared by reading GSR)
 *   0x10/11 REIR, 0x12/13 FEIR  rising / falling edge enables
 *   0x14/15 IFR  input filter (power-on 0xFF, stored)
 * Interrupts: an enabled input that changes sets its ISR bit (rising
 * and falling both when neither REIR nor FEIR is set, else the enabled
 * edges); INT (open drain, active low) while any ISR bit is set;
 * reading GSR clears the ISR bits of that port. SO is high impedance
 * except while a read's data byte goes out.
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
	uint16_t last;
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

static void update_irq(struct xra1403 *m)
{
	chip_set_irq(&m->c, r16(m, ISR) != 0);
}

static void check_change(struct xra1403 *m)
{
	uint16_t now = levels(m), ch = now ^ m->last;
	uint16_t en = r16(m, IER) & r16(m, GCR);
	uint16_t re = r16(m, REIR), fe = r16(m, FEIR), hit;

	m->last = now;
	/* Per line: no edge selected means both edges. */
	hit = ch & en & ((~(re | fe)) | (re & now) | (fe & ~now));
	if (!hit)
		return;
	m->r[ISR] |= hit;
	m->r[ISR + 1] |= hit >> 8;
	update_irq(m);
}

static uint8_t reg_read(struct xra1403 *m, unsigned int reg)
{
	if (reg >= NREG)
		return 0;
	if (reg == GSR || reg == GSR + 1) {
		unsigned int p = reg - GSR;
		uint8_t v = (levels(m) >> (8 * p)) ^ m->r[PIR + p];

		m->r[ISR + p] = 0;
		update_irq(m);
		return v;
	}
	return m->r[reg];
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
	}
	return m->read ? reg_read(m, m->reg) : SPI_HIZ;
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
