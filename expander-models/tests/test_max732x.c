// SPDX-License-Identifier: GPL-2.0
/*
 * test_max732x.c - MAX7319..MAX7327 as gpio-max732x drives them: one
 * byte per group (i2c_smbus_*_byte), the group A word read in the IRQ
 * handler (port byte, then transition flags), two addresses on the
 * 16-port parts.
 */
#include "check.h"
#include "fixture.h"

static struct rig r;

static struct chip *one(const char *compat, uint16_t addr)
{
	return rig_one(&r, 100000, compat, addr);
}

/* DT reg 0x68: group A at 0x68, group B at 0x58, and the reverse. */
TEST(max7325_two_addresses)
{
	struct chip *c = one("maxim,max7325", 0x68);

	CHECK(c != NULL);
	if (!c)
		return;
	CHECK_EQ(c->ntargets, 2);
	CHECK_EQ(c->targets[0].addr, 0x68);
	CHECK_EQ(c->targets[1].addr, 0x58);
	CHECK_EQ(c->pins.n, 16);
	CHECK_EQ(byte_write(r.b, 0x58, 0x0f), 0);	/* group B: lines 8.. */
	CHECK_EQ(pin_read_bits(&c->pins, 8, 8), 0x0f);
	CHECK_EQ(pin_level(&c->pins, 15), PIN_0);
	CHECK_EQ(byte_read(r.b, 0x58), 0x0f);
	CHECK_EQ(byte_write(r.b, 0x68, 0xfe), 0);	/* P0 pulls low */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	CHECK_EQ(byte_read(r.b, 0x68), 0xfe);
	CHECK_EQ(byte_read(r.b, 0x50), -1);
	rig_free(&r);
	c = one("maxim,max7325", 0x5b);
	CHECK(c && c->targets[0].addr == 0x5b && c->targets[1].addr == 0x6b);
	rig_free(&r);
}

TEST(bad_group_address)
{
	CHECK(one("maxim,max7325", 0x20) == NULL);
	rig_free(&r);
	CHECK(one("maxim,max7320", 0x60) == NULL);	/* B-only part */
	rig_free(&r);
	CHECK(one("maxim,max7321", 0x50) == NULL);	/* A-only part */
	rig_free(&r);
	CHECK(one("maxim,max7320", 0x50) != NULL);
	rig_free(&r);
}

/* Open-drain P port: 1 releases (pull-up), outside can pull it low. */
TEST(max7321_open_drain_and_flags)
{
	struct chip *c = one("maxim,max7321", 0x60);
	uint8_t v[4];

	CHECK_EQ(byte_read(r.b, 0x60), 0xff);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(raw_read(r.b, 0x60, v, 4), 0);
	CHECK_EQ(v[0], 0xf7);
	CHECK_EQ(v[1], 0x08);		/* the flag, saved at the address ACK */
	CHECK_EQ(v[2], 0xf7);
	CHECK_EQ(v[3], 0x00);		/* nothing changed since */
	CHECK_EQ(c->irq, 0);
	/* the flag stays even if the input goes back */
	ext(c, 3, -1);
	ext(c, 3, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(byte_write(r.b, 0x60, 0xff), 0);	/* any access clears */
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* MAX7322 4I4O: the written byte's I bits are the interrupt mask. */
TEST(max7322_merged_mask)
{
	struct chip *c = one("maxim,max7322", 0x61);

	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);	/* O0 high */
	CHECK_EQ(byte_write(r.b, 0x61, 0xfe & ~0x3c), 0); /* mask all */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 2), PIN_1);	/* I2 unaffected */
	ext(c, 2, 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(word_read(r.b, 0x61) >> 8, 0x04);	/* flag still set */
	CHECK_EQ(byte_write(r.b, 0x61, 0xfe), 0);	/* unmask */
	ext(c, 2, 1);
	CHECK_EQ(c->irq, 1);
	rig_free(&r);
}

/* MAX7323: second byte of a write is the mask of the P ports. */
TEST(max7323_independent_mask)
{
	uint8_t w[] = { 0xff, 0x00 };
	struct chip *c = one("maxim,max7323", 0x62);

	CHECK_EQ(raw_write(r.b, 0x62, w, 2), 0);
	ext(c, 4, 0);
	CHECK_EQ(c->irq, 0);
	w[1] = 0x10;
	CHECK_EQ(raw_write(r.b, 0x62, w, 2), 0);
	ext(c, 4, 1);
	CHECK_EQ(c->irq, 1);
	rig_free(&r);
}

TEST(max7324_input_and_output_groups)
{
	struct chip *c = one("maxim,max7324", 0x60);

	ext(c, 0, 0);
	CHECK_EQ(byte_read(r.b, 0x60), 0xfe);
	CHECK_EQ(byte_write(r.b, 0x50, 0xaa), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 8, 8), 0xaa);
	CHECK(strstr(rig_log(&r), "P chip=max7324@60 bus=i2c31 pin=8 old=1 new=0"));
	rig_free(&r);
}

TEST(every_part_probes)
{
	static const struct { const char *compat; uint16_t reg; } parts[] = {
		{ "maxim,max7319", 0x60 }, { "maxim,max7320", 0x50 },
		{ "maxim,max7321", 0x60 }, { "maxim,max7322", 0x60 },
		{ "maxim,max7323", 0x60 }, { "maxim,max7324", 0x60 },
		{ "maxim,max7325", 0x60 }, { "maxim,max7326", 0x60 },
		{ "maxim,max7327", 0x50 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		struct chip *c = one(parts[i].compat, parts[i].reg);

		CHECK(c != NULL);
		/* the driver's probe: one byte read per group */
		CHECK(byte_read(r.b, parts[i].reg) >= 0);
		rig_free(&r);
	}
}

/*
 * Every part against gpio-max732x's port map: writing 0 pulls its O and
 * P ports low and leaves I ports on their pull-ups; an outside low on an
 * I or P port reads back in the port byte and sets its transition flag;
 * group B is eight outputs. in/out: lines that can be read / driven.
 */
TEST(every_part_port_kinds)
{
	static const struct {
		const char *compat;
		uint16_t a, b;		/* group addresses, 0: none */
		uint16_t in, out;
	} parts[] = {
		{ "maxim,max7319", 0x60, 0, 0x00ff, 0x0000 },
		{ "maxim,max7320", 0, 0x50, 0x0000, 0x00ff },
		{ "maxim,max7321", 0x60, 0, 0x00ff, 0x00ff },
		{ "maxim,max7322", 0x60, 0, 0x003c, 0x00c3 },
		{ "maxim,max7323", 0x60, 0, 0x003c, 0x00ff },
		{ "maxim,max7324", 0x60, 0x50, 0x00ff, 0xff00 },
		{ "maxim,max7325", 0x60, 0x50, 0x00ff, 0xffff },
		{ "maxim,max7326", 0x60, 0x50, 0x003c, 0xffc3 },
		{ "maxim,max7327", 0x60, 0x50, 0x003c, 0xffff },
	};
	unsigned int i, n;

	for (i = 0; i < sizeof(parts) / sizeof(*parts); i++) {
		uint16_t in = parts[i].in, out = parts[i].out;
		struct chip *c = one(parts[i].compat,
				     parts[i].a ? parts[i].a : parts[i].b);

		CHECK(c != NULL);
		if (!c)
			continue;
		n = c->pins.n;
		CHECK_EQ(pin_read_bits(&c->pins, 0, n), (1u << n) - 1);
		if (parts[i].a) {
			CHECK_EQ(byte_write(r.b, parts[i].a, 0x00), 0);
			CHECK_EQ(pin_read_bits(&c->pins, 0, 8),
				 (uint8_t)~out);
			CHECK_EQ(byte_write(r.b, parts[i].a, 0xff), 0);
			CHECK_EQ(byte_read(r.b, parts[i].a), 0xff);
			ext(c, 2, 0);	/* an I or P port on every group A */
			CHECK_EQ(word_read(r.b, parts[i].a), 0x04fb);
			CHECK_EQ(byte_read(r.b, parts[i].a), 0xfb);
			CHECK(in & 0x04);
		}
		if (parts[i].b) {
			CHECK_EQ(byte_write(r.b, parts[i].b, 0x5a), 0);
			CHECK_EQ(pin_read_bits(&c->pins, n - 8, 8), 0x5a);
			CHECK_EQ(byte_read(r.b, parts[i].b), 0x5a);
			CHECK_EQ(out >> (n - 8) & 0xff, 0xff);
		}
		rig_free(&r);
	}
}

int main(void)
{
	RUN(max7325_two_addresses);
	RUN(bad_group_address);
	RUN(max7321_open_drain_and_flags);
	RUN(max7322_merged_mask);
	RUN(max7323_independent_mask);
	RUN(max7324_input_and_output_groups);
	RUN(every_part_probes);
	RUN(every_part_port_kinds);
	return CHECK_DONE();
}
