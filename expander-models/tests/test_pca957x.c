// SPDX-License-Identifier: GPL-2.0
/*
 * test_pca957x.c - the PCA9574 (8 lines) and PCA9575 (16 lines), the
 * pca953x model's PCA957X map: one register per port, kind after kind
 * (IN, INVRT, BKEN, PUPD, CFG, OUT, MSK, INTS), command bit 7 = AI with
 * the pointer rolling over the whole map, undefined commands NACKed;
 * the transactions gpio-pca953x makes with its AI regmap (every access
 * carries 0x80; the 16-line part's two ports in one transfer). What the
 * datasheet text at hand did not say (reset of OUT, PUPD and MSK, what
 * clears INT) is the README row's assumption, tested as assumed.
 */
#include "check.h"
#include "fixture.h"

#define A 0x20
#define AI 0x80

static struct rig r;

/* PCA9575 addresses: kind k, port p. */
#define R75(k, p) ((k) * 2 + (p))
enum { IN, INVRT, BKEN, PUPD, CFG, OUT, MSK, INTS };

static int bulk_read(uint8_t cmd, uint8_t *v, uint32_t n)
{
	return reg_read_block(r.b, A, cmd, v, n);
}

/* Reset values (datasheet: INVRT 0, CFG inputs, BKEN pulls off). */
TEST(pca9575_map_and_reset)
{
	uint8_t v[16];
	struct chip *c = rig_one(&r, 400000, "nxp,pca9575", A);

	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 16);
	CHECK_EQ(c->has_irq, 1);
	/* the whole map in one AI read from 0x00 */
	CHECK_EQ(bulk_read(AI | 0x00, v, 16), 0);
	CHECK_EQ(v[R75(INVRT, 0)], 0x00);
	CHECK_EQ(v[R75(INVRT, 1)], 0x00);
	CHECK_EQ(v[R75(BKEN, 0)] & 0x02, 0);
	CHECK_EQ(v[R75(CFG, 0)], 0xff);
	CHECK_EQ(v[R75(CFG, 1)], 0xff);
	CHECK_EQ(v[R75(MSK, 0)], 0x00);		/* assumed */
	CHECK_EQ(v[R75(INTS, 0)], 0x00);
	/* no pulls at reset: the pins float */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	/* 0x10 and up name no register; neither do bits 6:4 */
	CHECK_EQ(reg_read(r.b, A, 0x10), -1);
	CHECK_EQ(reg_read(r.b, A, AI | 0x10), -1);
	CHECK_EQ(reg_read(r.b, A, 0x40), -1);
	rig_free(&r);
}

/* AI steps through every kind and rolls over to 0x00; without it stays. */
TEST(pca9575_pointer_rolls_over_the_map)
{
	uint8_t v[4];
	uint8_t w[3] = { AI | R75(OUT, 1), 0x5a, 0xa5 };

	CHECK(rig_one(&r, 400000, "nxp,pca9575", A) != NULL);
	/* OUT1, then MSK0: AI does not stay within the kind */
	CHECK_EQ(raw_write(r.b, A, w, 3), 0);
	CHECK_EQ(reg_read(r.b, A, R75(OUT, 1)), 0x5a);
	CHECK_EQ(reg_read(r.b, A, R75(MSK, 0)), 0xa5);
	/* INTS1 (0x0f), then IN0 (0x00): the roll-over */
	CHECK_EQ(bulk_read(AI | R75(INTS, 1), v, 2), 0);
	CHECK_EQ(v[1], 0xff);			/* floating inputs read 1 */
	/* no AI: the same register twice */
	CHECK_EQ(bulk_read(R75(OUT, 1), v, 2), 0);
	CHECK_EQ(v[0], 0x5a);
	CHECK_EQ(v[1], 0x5a);
	rig_free(&r);
}

/*
 * gpio-pca953x's probe writes BKEN 0x02 per port: pulls on, as PUPD
 * selects (1 = up, as assumed); bus hold (bit 0) turns them off.
 */
TEST(pca9575_pulls_follow_bken_and_pupd)
{
	uint8_t bken[3] = { AI | R75(BKEN, 0), 0x02, 0x02 };
	uint8_t pupd[3] = { AI | R75(PUPD, 0), 0x0f, 0x00 };
	struct chip *c = rig_one(&r, 400000, "nxp,pca9575", A);

	CHECK_EQ(raw_write(r.b, A, pupd, 3), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);	/* BKEN: no pulls */
	CHECK_EQ(raw_write(r.b, A, bken, 3), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	CHECK_EQ(pin_level(&c->pins, 4), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 8), PIN_0);
	CHECK_EQ(reg_write(r.b, A, AI | R75(BKEN, 0), 0x03), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);	/* bus hold */
	CHECK_EQ(pin_level(&c->pins, 8), PIN_0);	/* port 1 as it was */
	rig_free(&r);
}

/* Outputs, polarity, and the driver's two-port AI read of IN. */
TEST(pca9575_ports_both_ways)
{
	uint8_t cfg[3] = { AI | R75(CFG, 0), 0x00, 0xff };
	uint8_t out[3] = { AI | R75(OUT, 0), 0x3c, 0x00 };
	uint8_t v[2];
	struct chip *c = rig_one(&r, 400000, "nxp,pca9575", A);

	CHECK_EQ(raw_write(r.b, A, out, 3), 0);
	CHECK_EQ(raw_write(r.b, A, cfg, 3), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x3c);
	ext(c, 9, 0);
	CHECK_EQ(bulk_read(AI | R75(IN, 0), v, 2), 0);
	CHECK_EQ(v[0], 0x3c);
	CHECK_EQ(v[1], 0xfd);
	CHECK_EQ(reg_write(r.b, A, AI | R75(INVRT, 1), 0xff), 0);
	CHECK_EQ(reg_read(r.b, A, AI | R75(IN, 1)), 0x02);
	rig_free(&r);
}

/*
 * INT (assumed as the PCA9555's): an unmasked input that differs from
 * its port's last read; reading that port, or the input returning,
 * clears it. INTS shows the unmasked sources and clears nothing; MSK
 * bit 1 keeps an input off INT and out of INTS (datasheet: INTS reads
 * 0 for masked inputs).
 */
TEST(pca9575_interrupt)
{
	struct chip *c = rig_one(&r, 400000, "nxp,pca9575", A);

	ext(c, 10, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, AI | R75(INTS, 1)), 0x04);
	CHECK_EQ(c->irq, 1);			/* INTS clears nothing */
	CHECK_EQ(reg_read(r.b, A, AI | R75(IN, 0)), 0xff);
	CHECK_EQ(c->irq, 1);			/* the other port's read */
	CHECK_EQ(reg_read(r.b, A, AI | R75(IN, 1)), 0xfb);
	CHECK_EQ(c->irq, 0);
	ext(c, 10, -1);				/* back: a change again */
	CHECK_EQ(c->irq, 1);
	ext(c, 10, 0);				/* returned: cleared */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_write(r.b, A, AI | R75(MSK, 1), 0x04), 0);
	ext(c, 10, -1);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, AI | R75(INTS, 1)), 0x00);
	CHECK_EQ(reg_write(r.b, A, AI | R75(MSK, 1), 0x00), 0);
	CHECK_EQ(c->irq, 1);			/* unmasked, still differs */
	rig_free(&r);
}

/* The 8-line part: the same kinds at 0x00-0x07, AI over eight. */
TEST(pca9574_map)
{
	uint8_t v[9];
	struct chip *c = rig_one(&r, 400000, "nxp,pca9574", A);

	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 8);
	CHECK_EQ(reg_write(r.b, A, AI | OUT, 0x81), 0);
	CHECK_EQ(reg_write(r.b, A, AI | CFG, 0x7e), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	CHECK_EQ(pin_level(&c->pins, 7), PIN_1);
	ext(c, 1, 0);
	CHECK_EQ(bulk_read(AI | IN, v, 9), 0);
	CHECK_EQ(v[IN], 0xfd);
	CHECK_EQ(v[CFG], 0x7e);
	CHECK_EQ(v[OUT], 0x81);
	CHECK_EQ(v[8], v[0]);			/* rolled over to IN */
	CHECK_EQ(reg_read(r.b, A, 0x08), -1);
	rig_free(&r);
}

int main(void)
{
	RUN(pca9575_map_and_reset);
	RUN(pca9575_pointer_rolls_over_the_map);
	RUN(pca9575_pulls_follow_bken_and_pupd);
	RUN(pca9575_ports_both_ways);
	RUN(pca9575_interrupt);
	RUN(pca9574_map);
	return CHECK_DONE();
}
