// SPDX-License-Identifier: GPL-2.0
/*
 * test_pca953x_wide.c - the 24- to 40-line parts of the pca953x family
 * (TCA6424A, PCAL6524, PCA9505/6, PCA9698): registers spaced 4 or 8
 * apart, or packed (PCAL6534), the AI bit, and the transactions
 * gpio-pca953x makes with its
 * AI regmap (command | 0x80, then every port in one transfer).
 */
#include "check.h"
#include "fixture.h"

#define A 0x22
#define AI 0x80

static struct rig r;

static struct chip *one(const char *compat)
{
	return rig_one(&r, 400000, compat, A);
}

/* write [cmd], Sr, read n: regmap_bulk_read() with the AI flag. */
static int bulk_read(uint8_t cmd, uint8_t *v, uint32_t n)
{
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = n },
	};

	return bus_transfer(r.b, s, 2, NULL);
}

static int bulk_write(uint8_t cmd, const uint8_t *v, uint32_t n)
{
	uint8_t buf[16];

	buf[0] = cmd;
	memcpy(buf + 1, v, n);
	return raw_write(r.b, A, buf, n + 1);
}

static const struct {
	const char *compat;
	unsigned int lines, stride;
	uint8_t out_reset;
	bool pull_ups;
} wide[] = {
	{ "ti,tca6424", 24, 4, 0xff, false },
	{ "nxp,pcal6524", 24, 4, 0xff, false },
	{ "nxp,pca9505", 40, 8, 0x00, true },
	{ "nxp,pca9506", 40, 8, 0x00, false },
	{ "nxp,pca9698", 40, 8, 0x00, false },
};

/*
 * Every part: reset values where the driver's bank_shift puts them, one
 * AI write of every output port and of every direction port reaches the
 * pins, one AI read returns every input port, polarity inverts.
 */
TEST(every_wide_part_one_transaction_per_kind)
{
	static const uint8_t pat[5] = { 0x5a, 0xc3, 0x96, 0x0f, 0xe1 };
	unsigned int i, p;

	for (i = 0; i < sizeof(wide) / sizeof(*wide); i++) {
		unsigned int nb = wide[i].lines / 8, st = wide[i].stride;
		uint8_t v[8], zero[5] = { 0 }, ff[5];
		uint64_t want = 0;
		struct chip *c = one(wide[i].compat);

		memset(ff, 0xff, sizeof(ff));
		CHECK(c != NULL);
		if (!c)
			continue;
		CHECK_EQ(c->pins.n, wide[i].lines);
		CHECK_EQ(pin_level(&c->pins, 0), wide[i].pull_ups ? PIN_1 : PIN_Z);
		CHECK_EQ(bulk_read(AI | st, v, nb), 0);
		for (p = 0; p < nb; p++)
			CHECK_EQ(v[p], wide[i].out_reset);
		CHECK_EQ(bulk_read(AI | 3 * st, v, nb), 0);
		for (p = 0; p < nb; p++)
			CHECK_EQ(v[p], 0xff);
		/* outputs: one write of the output ports, one of config */
		CHECK_EQ(bulk_write(AI | st, pat, nb), 0);
		CHECK_EQ(bulk_write(AI | 3 * st, zero, nb), 0);
		for (p = 0; p < nb; p++)
			want |= (uint64_t)pat[p] << (8 * p);
		CHECK_EQ(pin_read_bits(&c->pins, 0, c->pins.n), want);
		/* inputs: all ports back in one read, then inverted */
		CHECK_EQ(bulk_write(AI | 3 * st, ff, nb), 0);
		for (p = 0; p < c->pins.n; p++)
			ext(c, p, (want >> p) & 1);
		CHECK_EQ(bulk_read(AI, v, nb), 0);
		for (p = 0; p < nb; p++)
			CHECK_EQ(v[p], pat[p]);
		CHECK_EQ(bulk_write(AI | 2 * st, ff, nb), 0);
		CHECK_EQ(bulk_read(AI, v, nb), 0);
		for (p = 0; p < nb; p++)
			CHECK_EQ(v[p], (uint8_t)~pat[p]);
		/* the holes between kinds are not registers */
		CHECK_EQ(reg_read(r.b, A, nb), -1);
		CHECK_EQ(reg_read(r.b, A, AI | (st + nb)), -1);
		rig_free(&r);
	}
}

/* AI rolls over to the first port of the kind; without AI it stays. */
TEST(tca6424_ai_rolls_over_within_kind)
{
	uint8_t w[] = { 0x86, 0x11, 0x22, 0x33, 0x44 }, v[4];

	CHECK(one("ti,tca6424") != NULL);
	/* from output port 2: 2, 0, 1, then 2 again */
	CHECK_EQ(raw_write(r.b, A, w, 5), 0);
	CHECK_EQ(reg_read(r.b, A, 4), 0x22);
	CHECK_EQ(reg_read(r.b, A, 5), 0x33);
	CHECK_EQ(reg_read(r.b, A, 6), 0x44);
	CHECK_EQ(bulk_read(AI | 5, v, 4), 0);
	CHECK_EQ(v[0], 0x33);
	CHECK_EQ(v[1], 0x44);
	CHECK_EQ(v[2], 0x22);
	CHECK_EQ(v[3], 0x33);
	CHECK_EQ(bulk_read(5, v, 3), 0);	/* AI clear: port 1 each time */
	CHECK_EQ(v[0], 0x33);
	CHECK_EQ(v[2], 0x33);
	CHECK_EQ(reg_read(r.b, A, 3), -1);	/* reserved */
	CHECK_EQ(reg_read(r.b, A, 0x40), -1);	/* no PCAL registers */
	rig_free(&r);
}

/* A part without AI NACKs a command byte with bit 7 set. */
TEST(pca9555_has_no_ai_bit)
{
	CHECK(one("nxp,pca9555") != NULL);
	CHECK_EQ(reg_read(r.b, A, AI | 2), -1);
	rig_free(&r);
}

/*
 * PCAL6524 agile registers at gpio-pca953x's recalc_addr places for
 * 24 lines: strength 0x40-0x45, latch 0x48, pull enable 0x4c, pull
 * select 0x50, mask 0x54, status 0x58, output config 0x5c.
 */
TEST(pcal6524_agile_registers)
{
	struct chip *c = one("nxp,pcal6524");
	uint8_t v[6], en[3] = { 0x01, 0x00, 0x80 }, sel[3] = { 0, 0, 0 };

	CHECK_EQ(bulk_read(AI | 0x40, v, 6), 0);
	CHECK_EQ(v[0], 0xff);
	CHECK_EQ(v[5], 0xff);
	CHECK_EQ(bulk_read(AI | 0x54, v, 3), 0);
	CHECK_EQ(v[0], 0xff);
	CHECK_EQ(v[2], 0xff);
	CHECK_EQ(reg_read(r.b, A, AI | 0x5c), 0x00);
	/* pull-downs on lines 0 and 23 through one write each */
	CHECK_EQ(bulk_write(AI | 0x50, sel, 3), 0);
	CHECK_EQ(bulk_write(AI | 0x4c, en, 3), 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 23), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 1), PIN_Z);
	/* unmask line 9: a change raises INT and shows in status 0x59 */
	CHECK_EQ(reg_write(r.b, A, AI | 0x55, 0xfd), 0);
	CHECK_EQ(c->irq, 0);
	ext(c, 9, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, AI | 0x59), 0x02);
	CHECK_EQ(reg_read(r.b, A, AI | 0x01), 0xfd);
	CHECK_EQ(c->irq, 0);
	/* output port config: port-wide open drain, bit per port */
	CHECK_EQ(reg_write(r.b, A, AI | 0x5c, 0x01), 0);
	CHECK_EQ(bulk_write(AI | 0x0c, sel, 2), 0);
	CHECK_EQ(pin_level(&c->pins, 3), PIN_Z);	/* 1 = released */
	CHECK_EQ(pin_level(&c->pins, 8), PIN_1);
	CHECK_EQ(reg_read(r.b, A, AI | 0x5d), -1);
	rig_free(&r);
}

/* PCA9505/6/9698 mask registers at 0x20: reset masked, INT follows. */
TEST(pca9506_mask_registers)
{
	struct chip *c = one("nxp,pca9506");

	CHECK_EQ(reg_read(r.b, A, AI | 0x24), 0xff);
	ext(c, 33, 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_write(r.b, A, AI | 0x24, 0xfd), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x04), 0xfd);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x25), -1);
	CHECK_EQ(reg_read(r.b, A, 0x28), -1);	/* only the PCA9698 */
	rig_free(&r);
}

TEST(pca9698_extra_registers)
{
	CHECK(one("nxp,pca9698") != NULL);
	CHECK_EQ(reg_write(r.b, A, 0x2a, 0x02), 0);
	CHECK_EQ(reg_read(r.b, A, 0x2a), 0x02);
	CHECK_EQ(reg_read(r.b, A, 0x2b), -1);
	rig_free(&r);
}

/*
 * PCAL6534: the packed map (kinds five ports apart, agile registers from
 * 0x30, as gpio-pca953x's pcal6534_recalc_addr() computes), 34 lines
 * (port 4: two), the PCAL interrupt mask and status at 0x49 and 0x4e.
 */
TEST(pcal6534_packed_map)
{
	static const uint8_t pat[5] = { 0x5a, 0xc3, 0x96, 0x0f, 0x02 };
	static const uint8_t zero[5] = { 0 };
	uint8_t v[5];
	unsigned int p;
	struct chip *c = one("nxp,pcal6534");

	CHECK(c != NULL);
	if (!c)
		return;
	CHECK_EQ(c->pins.n, 34);
	CHECK_EQ(bulk_read(AI | 0x05, v, 5), 0);	/* output ports */
	for (p = 0; p < 5; p++)
		CHECK_EQ(v[p], 0xff);
	CHECK_EQ(bulk_write(AI | 0x05, pat, 5), 0);
	CHECK_EQ(bulk_write(AI | 0x0f, zero, 5), 0);	/* all outputs */
	CHECK_EQ(pin_read_bits(&c->pins, 0, 34), 0x020f96c35aull);
	CHECK_EQ(bulk_read(AI | 0x00, v, 5), 0);	/* input ports */
	for (p = 0; p < 4; p++)
		CHECK_EQ(v[p], pat[p]);
	CHECK_EQ(v[4], 0xfe);		/* bits 7:2 absent: read 1 */
	CHECK_EQ(bulk_read(AI | 0x0f, v, 5), 0);
	CHECK_EQ(v[4], 0xfc);		/* config: absent bits stay 1 */
	/* agile registers: latch 0x3a, pull 0x3f/0x44, mask 0x49 */
	CHECK_EQ(reg_read(r.b, A, AI | 0x3a), 0x00);
	CHECK_EQ(reg_read(r.b, A, AI | 0x44), 0xff);
	CHECK_EQ(reg_read(r.b, A, AI | 0x49), 0xff);
	CHECK_EQ(reg_read(r.b, A, AI | 0x38), 0xff);	/* strength 4A */
	CHECK_EQ(reg_read(r.b, A, AI | 0x53), 0x00);	/* output config */
	CHECK_EQ(reg_read(r.b, A, 0x14), -1);		/* reserved */
	CHECK_EQ(reg_read(r.b, A, 0x39), -1);
	CHECK_EQ(reg_read(r.b, A, 0x54), -1);		/* edge: not modelled */
	/* an input of port 4 (line 33), unmasked: INT, status, read */
	CHECK_EQ(bulk_write(AI | 0x0f, (const uint8_t[]){ 0, 0, 0, 0, 0xff },
			    5), 0);
	ext(c, 33, 0);
	CHECK_EQ(c->irq, 0);				/* masked */
	CHECK_EQ(reg_write(r.b, A, AI | 0x4d, 0xfd), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, AI | 0x52), 0x02);	/* status port 4 */
	CHECK_EQ(reg_read(r.b, A, AI | 0x04), 0xfd);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

int main(void)
{
	RUN(every_wide_part_one_transaction_per_kind);
	RUN(tca6424_ai_rolls_over_within_kind);
	RUN(pca9555_has_no_ai_bit);
	RUN(pcal6524_agile_registers);
	RUN(pca9506_mask_registers);
	RUN(pca9698_extra_registers);
	RUN(pcal6534_packed_map);
	return CHECK_DONE();
}
