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
#include <stdlib.h>

#include "chip.h"
#include "spi_target.h"

struct hc165;

struct hc165_reg {
	struct spi_target t;
	struct hc165 *m;
	unsigned int idx;	/* 0 = on MISO */
	uint8_t sr;
};

struct hc165 {
	struct chip c;
	unsigned int n;
	struct hc165_reg regs[CHIP_MAX_SPI];
};

static void hc165_select(struct spi_target *t)
{
	struct hc165_reg *r = t->priv;

	r->sr = pin_read_bits(&r->m->c.pins, r->idx * 8, 8);
}

static int hc165_dout(const struct spi_target *t)
{
	const struct hc165_reg *r = t->priv;

	return r->sr >> 7;
}

static void hc165_clock(struct spi_target *t, int din)
{
	struct hc165_reg *r = t->priv;

	r->sr = r->sr << 1 | (din & 1);
}

static const struct spi_target_ops hc165_ops = {
	.select = hc165_select,
	.dout = hc165_dout,
	.clock = hc165_clock,
};

static struct chip *hc165_create(const struct chip_variant *v,
				 const struct spi_chip_cfg *cfg,
				 struct world *w, char *err, size_t errlen)
{
	unsigned int n = cfg->chain ? cfg->chain : 1, i;
	struct hc165 *m;

	if (n > CHIP_MAX_SPI) {
		snprintf(err, errlen, "ngpios %u: at most %u", 8 * n,
			 8 * CHIP_MAX_SPI);
		return NULL;
	}
	m = calloc(1, sizeof(*m));
	if (!m || chip_init_lines(&m->c, v, w, cfg->cs, 8 * n)) {
		snprintf(err, errlen, "out of memory");
		free(m);
		return NULL;
	}
	m->n = n;
	/* Chain order: MOSI side first, so the register on MISO is last. */
	for (i = 0; i < n; i++) {
		struct hc165_reg *r = &m->regs[i];

		r->t.ops = &hc165_ops;
		r->t.priv = r;
		r->m = m;
		r->idx = i;
		m->c.spi_targets[n - 1 - i] = &r->t;
	}
	m->c.nspi = n;
	return &m->c;
}

static void hc165_destroy(struct chip *c)
{
	chip_fini(c);
	free(c);
}

static const struct chip_family hc165_family = {
	.name = "pisosr",
	.spi_create = hc165_create,
	.destroy = hc165_destroy,
};

const struct chip_variant hc165_variants[] = {
	{ "pisosr-gpio", "74hc165", &hc165_family, 8, NULL },
	{ NULL },
};
