// SPDX-License-Identifier: GPL-2.0
/*
 * test_mcp230xx.c - MCP23008/MCP23017 on I2C: reset values, sequential
 * and byte mode, the BANK = 0 and BANK = 1 maps, GPIO/OLAT/IODIR/GPPU/IPOL
 * on the pins, interrupt-on-change, and pinctrl-mcp23s08's probe and
 * 16-bit regmap accesses ([reg, lo, hi]; [reg], Sr, read 2).
 */
#include "check.h"
#include "fixture.h"

#define A 0x20

static struct rig r;

static struct chip *one(const char *compat)
{
	return rig_one(&r, 400000, compat, A);
}

static int read2(uint8_t reg)
{
	uint8_t v[2];
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &reg, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 2 },
	};

	return bus_transfer(r.b, s, 2, NULL) ? -1 : v[0] | v[1] << 8;
}

static int write2(uint8_t reg, uint16_t val)
{
	uint8_t b[3] = { reg, val & 0xff, val >> 8 };

	return raw_write(r.b, A, b, 3);
}

TEST(mcp23008_registers_and_pins)
{
	struct chip *c = one("microchip,mcp23008");

	CHECK(c != NULL);
	CHECK_EQ(reg_read(r.b, A, 0x00), 0xff);		/* IODIR */
	CHECK_EQ(reg_read(r.b, A, 0x05), 0x00);		/* IOCON */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	/* the driver's probe: IODIR all inputs, IOCON.HAEN */
	CHECK_EQ(reg_write(r.b, A, 0x00, 0xff), 0);
	CHECK_EQ(reg_write(r.b, A, 0x05, 0x08), 0);
	CHECK_EQ(reg_read(r.b, A, 0x05), 0x08);
	CHECK_EQ(reg_write(r.b, A, 0x05, 0xc9), 0);	/* 7, 6, 0 absent */
	CHECK_EQ(reg_read(r.b, A, 0x05), 0x08);
	/* outputs: OLAT then IODIR, as direction_output does */
	CHECK_EQ(reg_write(r.b, A, 0x0a, 0xa5), 0);
	CHECK_EQ(reg_write(r.b, A, 0x00, 0xf0), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0x5);
	CHECK_EQ(reg_write(r.b, A, 0x09, 0x0a), 0);	/* GPIO -> OLAT */
	CHECK_EQ(reg_read(r.b, A, 0x0a), 0x0a);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 4), 0xa);
	/* inputs: pull-ups, outside drive, polarity */
	CHECK_EQ(reg_write(r.b, A, 0x06, 0x30), 0);
	CHECK_EQ(pin_level(&c->pins, 4), PIN_1);
	CHECK_EQ(pin_level(&c->pins, 6), PIN_Z);
	ext(c, 6, 0);
	ext(c, 7, 0);
	CHECK_EQ(reg_read(r.b, A, 0x09), 0x3a);
	CHECK_EQ(reg_write(r.b, A, 0x01, 0xff), 0);	/* IPOL */
	CHECK_EQ(reg_read(r.b, A, 0x09), 0xca);	/* outputs not inverted */
	CHECK_EQ(reg_read(r.b, A, 0x0b), -1);
	rig_free(&r);
}

TEST(mcp23008_sequential_and_byte_mode)
{
	uint8_t w[] = { 0x0a, 0x11, 0x00 }, v[3], cmd = 0x09;
	struct i2c_seg s[2] = {
		{ .addr = A, .buf = &cmd, .len = 1 },
		{ .addr = A, .read = true, .buf = v, .len = 3 },
	};

	CHECK(one("microchip,mcp23008") != NULL);
	/* SEQOP = 0: OLAT, then rolls over to IODIR */
	CHECK_EQ(raw_write(r.b, A, w, 3), 0);
	CHECK_EQ(reg_read(r.b, A, 0x0a), 0x11);
	CHECK_EQ(reg_read(r.b, A, 0x00), 0x00);
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[1], 0x11);			/* GPIO, OLAT, IODIR */
	CHECK_EQ(v[2], 0x00);
	/* SEQOP = 1: the pointer stays */
	CHECK_EQ(reg_write(r.b, A, 0x05, 0x20), 0);
	cmd = 0x0a;
	CHECK_EQ(bus_transfer(r.b, s, 2, NULL), 0);
	CHECK_EQ(v[2], 0x11);
	rig_free(&r);
}

TEST(mcp23017_bank0_pairs)
{
	struct chip *c = one("microchip,mcp23017");

	CHECK(c != NULL);
	CHECK_EQ(read2(0x00), 0xffff);			/* IODIRA, IODIRB */
	/* probe: write IODIR 0xffff, read IOCON pair, write 0x0808 */
	CHECK_EQ(write2(0x00, 0xffff), 0);
	CHECK_EQ(read2(0x0a), 0x0000);
	CHECK_EQ(write2(0x0a, 0x0808), 0);
	CHECK_EQ(read2(0x0a), 0x0808);
	/* 16-bit OLAT and IODIR: both ports in one transaction */
	CHECK_EQ(write2(0x14, 0xa55a), 0);
	CHECK_EQ(write2(0x00, 0x0000), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0xa55a);
	CHECK_EQ(read2(0x12), 0xa55a);			/* GPIOA, GPIOB */
	/* byte mode (SEQOP = 1) with BANK = 0 toggles A/B */
	CHECK_EQ(write2(0x0a, 0x2020), 0);
	CHECK_EQ(read2(0x14), 0xa55a);
	CHECK_EQ(reg_read(r.b, A, 0x16), -1);
	rig_free(&r);
}

TEST(mcp23017_bank1_map)
{
	CHECK(one("microchip,mcp23017") != NULL);
	CHECK_EQ(reg_write(r.b, A, 0x0a, 0x80), 0);	/* BANK = 1 */
	CHECK_EQ(reg_read(r.b, A, 0x05), 0x80);		/* IOCON, A side */
	CHECK_EQ(reg_read(r.b, A, 0x15), 0x80);		/* and B side */
	CHECK_EQ(reg_read(r.b, A, 0x10), 0xff);		/* IODIRB */
	CHECK_EQ(reg_write(r.b, A, 0x1a, 0x3c), 0);	/* OLATB */
	CHECK_EQ(reg_read(r.b, A, 0x1a), 0x3c);
	CHECK_EQ(reg_read(r.b, A, 0x0a), 0x00);		/* OLATA */
	/* sequential from OLATA goes on to IODIRB */
	CHECK_EQ(read2(0x0a), 0xff00);
	CHECK_EQ(reg_read(r.b, A, 0x0b), -1);
	rig_free(&r);
}

/*
 * Port B through INTA, as pinctrl-mcp23s08 sets it up for one INT line
 * (microchip,irq-mirror: IOCON.MIRROR). DS20001952C 3.6.4/3.6.5.
 */
TEST(mcp23017_interrupt_on_change)
{
	struct chip *c = one("microchip,mcp23017");

	CHECK_EQ(reg_write(r.b, A, 0x0a, 0x40), 0);	/* IOCON.MIRROR */
	CHECK_EQ(reg_write(r.b, A, 0x0d, 0x01), 0);	/* GPPUB bit 0 */
	CHECK_EQ(reg_write(r.b, A, 0x05, 0x01), 0);	/* GPINTENB */
	CHECK_EQ(c->irq, 0);
	ext(c, 8, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x0f), 0x01);		/* INTFB */
	CHECK_EQ(reg_read(r.b, A, 0x11), 0xfe);		/* INTCAPB */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(reg_read(r.b, A, 0x0f), 0x00);
	/* against DEFVAL: the condition stands while the pin differs */
	CHECK_EQ(reg_write(r.b, A, 0x07, 0x01), 0);	/* DEFVALB */
	CHECK_EQ(reg_write(r.b, A, 0x09, 0x01), 0);	/* INTCONB */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(reg_read(r.b, A, 0x13), 0xfe);		/* GPIOB */
	CHECK_EQ(c->irq, 1);				/* still differs */
	ext(c, 8, -1);
	CHECK_EQ(c->irq, 1);				/* held until read */
	CHECK_EQ(reg_read(r.b, A, 0x13), 0xff);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

int main(void)
{
	RUN(mcp23008_registers_and_pins);
	RUN(mcp23008_sequential_and_byte_mode);
	RUN(mcp23017_bank0_pairs);
	RUN(mcp23017_bank1_map);
	RUN(mcp23017_interrupt_on_change);
	return CHECK_DONE();
}
