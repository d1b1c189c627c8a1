// SPDX-License-Identifier: GPL-2.0
/*
 * test_pca9570.c - PCA9570/PCA9571 output ports: power-on high, a
 * written byte reaches the pins, reads are the pins (P7..P4 read 1 on the
 * PCA9570), and gpio-pca9570's sequences: i2c_smbus_read_byte at probe,
 * i2c_smbus_write_byte per set; the SLG7XL45106's register 0xDB.
 */
#include "check.h"
#include "fixture.h"

#define A 0x24

static struct rig r;

TEST(pca9570_four_outputs)
{
	struct chip *c;

	c = rig_one(&r, 400000, "nxp,pca9570", A);
	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 4);
	CHECK_EQ(c->has_irq, 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0xf);
	CHECK_EQ(byte_read(r.b, A), 0xff);
	CHECK_EQ(byte_write(r.b, A, 0xa5), 0);	/* P7..P4 ignored */
	CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0x5);
	CHECK_EQ(byte_read(r.b, A), 0xf5);
	/* the pins, not a register: an outside low on a high output */
	ext(c, 0, 0);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_X);
	ext(c, 0, -1);
	/* several bytes in one write: the last one stays */
	CHECK_EQ(word_write(r.b, A, 0x0306), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0x3);
	CHECK_EQ(word_read(r.b, A), 0xf3f3);
	rig_free(&r);
}

TEST(pca9571_eight_outputs)
{
	struct chip *c;

	c = rig_one(&r, 400000, "nxp,pca9571", A);
	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 8);
	CHECK_EQ(byte_read(r.b, A), 0xff);
	CHECK_EQ(byte_write(r.b, A, 0x5a), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x5a);
	CHECK_EQ(byte_read(r.b, A), 0x5a);
	CHECK_EQ(count_lines(rig_log(&r), "P "), 4);	/* 0xff ^ 0x5a */
	rig_free(&r);
}

/*
 * SLG7XL45106: gpio-pca9570's SMBus byte-data sequences on register 0xDB
 * (read at probe and per get, write per set); power-on 0x00 and a read
 * returning the latch are assumptions (expander-models/README.md).
 */
TEST(slg7xl45106_register_0xdb)
{
	struct chip *c;

	c = rig_one(&r, 400000, "dlg,slg7xl45106", 0x11);
	CHECK(c != NULL);
	CHECK_EQ(c->pins.n, 8);
	CHECK_EQ(c->has_irq, 0);
	CHECK_EQ(reg_read(r.b, 0x11, 0xdb), 0x00);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x00);
	CHECK_EQ(reg_write(r.b, 0x11, 0xdb, 0x96), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x96);
	CHECK_EQ(reg_read(r.b, 0x11, 0xdb), 0x96);
	/* the latch, not the pins: an outside low on a high output */
	ext(c, 1, 0);
	CHECK_EQ(reg_read(r.b, 0x11, 0xdb), 0x96);
	ext(c, 1, -1);
	/* any other command byte is not acknowledged, changes nothing */
	CHECK_EQ(reg_write(r.b, 0x11, 0xda, 0x00), -1);
	CHECK_EQ(reg_read(r.b, 0x11, 0x00), -1);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x96);
	/* a byte with no command first is one (and not 0xDB): NACK */
	CHECK_EQ(byte_write(r.b, 0x11, 0x00), -1);
	rig_free(&r);
}

int main(void)
{
	RUN(pca9570_four_outputs);
	RUN(pca9571_eight_outputs);
	RUN(slg7xl45106_register_0xdb);
	return CHECK_DONE();
}
