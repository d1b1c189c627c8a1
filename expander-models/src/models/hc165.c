// SPDX-License-Identifier: GPL-2.0
/*
 * hc165.c - parallel-in/serial-out shift registers (74HC165) in a daisy
 * chain, as gpio-pisosr reads them: one spi_read() of ngpios / 8 bytes.
 *
 * Each register loads its inputs A..H into the shift register while
 * SH/LD is low and shifts on the rising clock edge while it is high
 * (QH <- QG ... QA <- SER); QH is the serial output. The board here has
 * no load GPIO: SH/LD is driven from the chip select so that the
 * registers load when CS is asserted (gpio-pisosr's load-gpios pulse
 * does the same just before the read). The register on MISO is read
 * first and carries lines 0-7 (bit n = input n, A = bit 0, H = bit 7:
 * H comes out first, as the MSB). SER of the register farthest from
 * MISO is tied low. Inputs float (read 1) until driven.
 */
#include "buses/spi_target.h"
#include "models/chain.h"

struct hc165;

struct hc165_reg {
	struct spi_shift s;	/* bit 7 = QH */
	struct hc165 *m;
	unsigned int idx;	/* 0 = on MISO */
};

struct hc165 {
	struct chip c;
	unsigned int n;
	struct hc165_reg regs[CHIP_MAX_SPI];
};

static void hc165_select(struct spi_target *t)
{
	struct hc165_reg *r = t->priv;

	r->s.sr = pin_read_bits(&r->m->c.pins, r->idx * 8, 8);
}

static const struct spi_target_ops hc165_ops = {
	.select = hc165_select,
	.dout = spi_shift_dout,
	.clock = spi_shift_clock,
};

static int hc165_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			  char *err, size_t errlen)
{
	struct hc165 *m = CHIP_MODEL(c, struct hc165);
	unsigned int i, n = chain_parts(cfg);

	m->n = n;
	c->nspi = n;
	/* Chain order: MOSI side first, so the register on MISO is last. */
	for (i = 0; i < n; i++) {
		struct hc165_reg *r = &m->regs[i];

		spi_shift_init(&r->s, &hc165_ops, 8);
		r->m = m;
		r->idx = i;
		m->c.spi_targets[n - 1 - i] = &r->s.t;
	}
	return 0;
}

static unsigned int hc165_lines(const struct chip_variant *v,
				const struct spi_chip_cfg *cfg, char *err,
				size_t errlen)
{
	return chain_lines(v, cfg, "ngpios / 8", err, errlen);
}

static const struct chip_family hc165_family = {
	.size = sizeof(struct hc165),
	.spi_init = hc165_spi_init,
	.spi_lines = hc165_lines,
};

const struct chip_variant hc165_variants[] = {
	{ "pisosr-gpio", "74hc165", &hc165_family, 8, NULL },
	{ NULL },
};
