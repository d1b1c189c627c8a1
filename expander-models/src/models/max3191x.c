// SPDX-License-Identifier: GPL-2.0
/*
 * max3191x.c - MAX31910-class octal industrial digital inputs with a
 * serial output, daisy-chained, as gpio-max3191x reads them: one
 * spi_sync() of #daisy-chained-devices words.
 *
 * When CS falls each part latches its eight inputs, and in 16-bit mode
 * (MODESEL high; the driver's default) a status byte, into its shift
 * register; SCLK shifts it out of SDO MSB first while SDI shifts the
 * upstream part's data in. The part on MISO comes first: the driver's
 * chip 0, lines 0-7. Word: inputs (bit n = input n + 1), then status:
 * bits 7:3 CRC of the input byte (polynomial x^5 + x^4 + x^2 + 1, as
 * gpio-max3191x checks it), bit 2 UV1 = 0 on field supply undervoltage,
 * bit 1 OT = 1 on overtemperature, bit 0 UV2 = 0 on undervoltage.
 * 8-bit mode (maxim,modesel-8bit): the input byte only.
 *
 * Inputs sink current: an input with nothing on it reads 0 (modelled
 * as a weak pull-down); driven high it reads 1.
 * Not modelled: debounce (DB0/DB1 pins), the FAULT pin.
 */
#include "buses/spi_target.h"
#include "models/chain.h"
#include "models/max3191x.h"

struct max3191x;

struct max3191x_part {
	struct spi_shift s;	/* 16 bits, or 8 in 8-bit mode */
	struct max3191x *m;
	unsigned int idx;	/* 0 = on MISO */
	bool uv1, uv2, ot;
};

struct max3191x {
	struct chip c;
	unsigned int n;
	struct max3191x_part parts[CHIP_MAX_SPI];
};

unsigned int max3191x_crc(unsigned int in)
{
	unsigned int crc = in & 0xff, i;

	for (i = 0; i < 8; i++)
		crc = crc & 0x80 ? ((crc << 1) ^ 0xa8) & 0xff : crc << 1 & 0xff;
	return crc & 0xf8;
}

static void part_select(struct spi_target *t)
{
	struct max3191x_part *p = t->priv;
	unsigned int in = pin_read_bits(&p->m->c.pins, p->idx * 8, 8);

	if (p->s.width == 8) {
		p->s.sr = in;
		return;
	}
	p->s.sr = in << 8 | max3191x_crc(in) | !p->uv1 << 2 | p->ot << 1 |
		!p->uv2;
}

static const struct spi_target_ops part_ops = {
	.select = part_select,
	.dout = spi_shift_dout,
	.clock = spi_shift_clock,
};

static int max3191x_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			     char *err, size_t errlen)
{
	struct max3191x *m = CHIP_MODEL(c, struct max3191x);
	unsigned int i, n = chain_parts(cfg);

	m->n = n;
	c->nspi = n;
	for (i = 0; i < n; i++) {
		struct max3191x_part *p = &m->parts[i];

		spi_shift_init(&p->s, &part_ops, cfg->modesel_8bit ? 8 : 16);
		p->m = m;
		p->idx = i;
		m->c.spi_targets[n - 1 - i] = &p->s.t;
	}
	for (i = 0; i < 8 * n; i++)
		pin_set_pull(&m->c.pins, i, DRV_WEAK_LOW);
	return 0;
}

static unsigned int max3191x_lines(const struct chip_variant *v,
				   const struct spi_chip_cfg *cfg, char *err,
				   size_t errlen)
{
	return chain_lines(v, cfg, "#daisy-chained-devices", err, errlen);
}

static const struct chip_family max3191x_family = {
	.size = sizeof(struct max3191x),
	.spi_init = max3191x_spi_init,
	.spi_lines = max3191x_lines,
};

int max3191x_set_alarms(struct chip *c, unsigned int n, bool uv1, bool uv2,
			bool ot)
{
	struct max3191x *m = CHIP_MODEL(c, struct max3191x);

	if (c->v->family != &max3191x_family || n >= m->n)
		return -1;
	m->parts[n].uv1 = uv1;
	m->parts[n].uv2 = uv2;
	m->parts[n].ot = ot;
	return 0;
}

#define V(compat, part) { compat, part, &max3191x_family, 8, NULL }
const struct chip_variant max3191x_variants[] = {
	V("maxim,max31910", "max31910"),
	V("maxim,max31911", "max31911"),
	V("maxim,max31912", "max31912"),
	V("maxim,max31913", "max31913"),
	V("maxim,max31953", "max31953"),
	V("maxim,max31963", "max31963"),
	{ NULL },
};
