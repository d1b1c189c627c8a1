// SPDX-License-Identifier: GPL-2.0
/*
 * hc595.c - serial-in/parallel-out shift registers with output latches
 * (74HC595, 74LVC594) in a daisy chain of 1..CHIP_MAX_SPI, as
 * gpio-74x164 drives them: one spi_write() of registers-number bytes.
 *
 * Each register is an 8-bit shift register (SRCLK = SCK, rising edge:
 * QA <- SER, QB <- QA, ..., QH <- QG) with QH' = QH feeding the next
 * register's SER, and a storage register loaded from it on the rising
 * edge of RCLK, wired to chip select: outputs change when CS is
 * released, all at once. A frame ending mid-byte still latches what is
 * in the shift registers, as the silicon does.
 *
 * Line numbering as gpio-74x164 has it: register 0 is the one on MOSI
 * and carries lines 0-7 (the last byte sent); bit n of a register is
 * output Qn (QA = bit 0 ... QH = bit 7, so the first bit shifted in, the
 * MSB, ends on QH). Outputs are push-pull; OE (74HC595) is held enabled,
 * SRCLR/MR high. Power-on contents are undefined on the part; the model
 * starts at 0 so runs are deterministic.
 */
#include "buses/spi_target.h"
#include "models/chain.h"

struct hc595;

struct hc595_reg {
	struct spi_shift s;	/* bit n = stage Qn; QH' = QH */
	struct hc595 *m;
	unsigned int idx;	/* 0 = on MOSI */
	uint8_t latch;		/* storage register = outputs */
};

struct hc595 {
	struct chip c;
	unsigned int n;
	struct hc595_reg regs[CHIP_MAX_SPI];
};

static void hc595_apply(struct hc595_reg *r)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		pin_set_drive(&r->m->c.pins, r->idx * 8 + i,
			      r->latch & (1u << i) ? DRV_HIGH : DRV_LOW);
}

/* RCLK rising edge. */
static void hc595_deselect(struct spi_target *t, unsigned int nbits)
{
	struct hc595_reg *r = t->priv;

	r->latch = r->s.sr;
	hc595_apply(r);
}

static const struct spi_target_ops hc595_ops = {
	.dout = spi_shift_dout,
	.clock = spi_shift_clock,
	.deselect = hc595_deselect,
};

static int hc595_spi_init(struct chip *c, const struct spi_chip_cfg *cfg,
			  char *err, size_t errlen)
{
	struct hc595 *m = CHIP_MODEL(c, struct hc595);
	unsigned int i;

	m->n = chain_parts(cfg);
	c->nspi = m->n;
	for (i = 0; i < m->n; i++) {
		struct hc595_reg *r = &m->regs[i];

		spi_shift_init(&r->s, &hc595_ops, 8);
		r->m = m;
		r->idx = i;
		m->c.spi_targets[i] = &r->s.t;
		hc595_apply(r);
	}
	return 0;
}

static unsigned int hc595_lines(const struct chip_variant *v,
				const struct spi_chip_cfg *cfg, char *err,
				size_t errlen)
{
	return chain_lines(v, cfg, "registers-number", err, errlen);
}

static const struct chip_family hc595_family = {
	.size = sizeof(struct hc595),
	.spi_init = hc595_spi_init,
	.spi_lines = hc595_lines,
};

const struct chip_variant hc595_variants[] = {
	{ "fairchild,74hc595", "74hc595", &hc595_family, 8, NULL },
	{ "nxp,74lvc594", "74lvc594", &hc595_family, 8, NULL },
	{ NULL },
};
