// SPDX-License-Identifier: GPL-2.0
/*
 * test_mcp23xxx_irq.c - MCP23008/MCP23017 (I2C) and MCP23S08/MCP23S17
 * (SPI) interrupts against the datasheet (DS20001952C, 3.5.3-3.5.9 the
 * registers, 3.6.4 "Interrupt operation", 3.6.5 "Interrupt conditions",
 * Figures 3-8 and 3-9): what sets INTF and INTCAP, which read clears
 * them and when, what INT does after every access; INT's driver as
 * IOCON.ODR and INTPOL say (3.5.6); the MCP23018/MCP23S18's open-drain
 * outputs and IOCON.INTCC (mcp23xxx.h says what is assumed).
 */
#include "check.h"
#include "spi_rig.h"

#define A 0x20

/* MCP23017 registers, IOCON.BANK = 0 */
#define GPINTENA	0x04
#define GPINTENB	0x05
#define DEFVALA		0x06
#define INTCONA		0x08
#define IOCON		0x0a
#define GPPUA		0x0c
#define GPPUB		0x0d
#define INTFA		0x0e
#define INTFB		0x0f
#define INTCAPA		0x10
#define INTCAPB		0x11
#define GPIOA		0x12
#define GPIOB		0x13
#define OLATA		0x14
#define IODIRA		0x00
#define MIRROR		0x40
#define ODR		0x04
#define INTPOL		0x02
#define INTCC		0x01

static struct rig r;

static struct chip *mcp23017(void)
{
	return rig_one(&r, 400000, "microchip,mcp23017", A);
}

static int rd(uint8_t reg)
{
	return reg_read(r.b, A, reg);
}

static int wr(uint8_t reg, uint8_t v)
{
	return reg_write(r.b, A, reg, v);
}

static unsigned int irq_records(void)
{
	return count_lines(rig_log(&r), "I chip=");
}

/*
 * Interrupt-on-pin-change (INTCON = 0), Figure 3-8: the first change
 * sets INTF and captures the port; INTF and INTCAP hold through later
 * changes until GPIO or INTCAP of that port is read; then the level of
 * that moment is the new reference.
 */
TEST(change_mode_latches_until_intcap_or_gpio_read)
{
	struct chip *c = mcp23017();

	CHECK_EQ(wr(GPPUA, 0x03), 0);
	CHECK_EQ(wr(GPINTENA, 0x03), 0);
	CHECK_EQ(c->irq, 0);
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTFA), 0x01);
	CHECK_EQ(rd(INTCAPA), 0xfe);
	/* the pin stays low: the reference is low now, no new interrupt */
	CHECK_EQ(c->irq, 0);
	ext(c, 0, -1);			/* back high: a change */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTCAPA), 0xff);
	/* a change, then the pin back before the read: INT holds */
	ext(c, 1, 0);
	ext(c, 1, -1);
	CHECK_EQ(c->irq, 1);
	/* a second pin while pending: INTF keeps the first, INTCAP too */
	ext(c, 0, 0);
	CHECK_EQ(rd(INTFA), 0x02);
	CHECK_EQ(rd(INTCAPA), 0xfd);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(INTFA), 0x00);
	rig_free(&r);
}

/* 3.6.4: only a read of GPIO or INTCAP of the port clears; writes don't. */
TEST(what_clears_and_what_does_not)
{
	struct chip *c = mcp23017();

	CHECK_EQ(wr(IOCON, MIRROR), 0);
	CHECK_EQ(wr(GPPUA, 0x01), 0);
	CHECK_EQ(wr(GPINTENA, 0x01), 0);
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTFA), 0x01);		/* INTF: no effect */
	CHECK_EQ(wr(INTFA, 0x00), 0);		/* read only */
	CHECK_EQ(wr(INTCAPA, 0x00), 0);		/* read only */
	CHECK_EQ(wr(GPIOA, 0x00), 0);		/* goes to OLAT */
	CHECK_EQ(rd(GPIOB), 0xff);		/* the other port */
	CHECK_EQ(rd(INTCAPB), 0x00);
	CHECK_EQ(rd(OLATA), 0x00);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTFA), 0x01);
	CHECK_EQ(rd(INTCAPA), 0xfe);
	CHECK_EQ(rd(GPIOA), 0xfe);		/* clears */
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(INTFA), 0x00);
	CHECK_EQ(rd(INTCAPA), 0xfe);		/* holds the last capture */
	rig_free(&r);
}

/*
 * Interrupt-on-change from register default (INTCON = 1), Figure 3-9:
 * "The interrupt condition will remain as long as the condition exists,
 * regardless if the INTCAP or GPIO is read"; INT clears on a read only
 * once the pin matches DEFVAL again. INT does not drop in between.
 */
TEST(defval_mode_stands_while_the_pin_differs)
{
	struct chip *c = mcp23017();
	unsigned int n;

	CHECK_EQ(wr(GPPUA, 0x01), 0);
	CHECK_EQ(wr(DEFVALA, 0x01), 0);
	CHECK_EQ(wr(INTCONA, 0x01), 0);
	CHECK_EQ(wr(GPINTENA, 0x01), 0);
	CHECK_EQ(c->irq, 0);			/* pulled up: equal */
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	n = irq_records();
	CHECK_EQ(rd(GPIOA), 0xfe);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTCAPA), 0xfe);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTFA), 0x01);
	CHECK_EQ(irq_records(), n);		/* no pulse on the reads */
	ext(c, 0, -1);				/* equal again */
	CHECK_EQ(c->irq, 1);			/* held until a read */
	CHECK_EQ(rd(INTFA), 0x01);
	CHECK_EQ(rd(INTCAPA), 0xfe);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(INTFA), 0x00);
	/* enabling a pin that differs already: an interrupt at once */
	CHECK_EQ(wr(DEFVALA, 0x00), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTCAPA), 0xff);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(wr(GPINTENA, 0x00), 0);
	CHECK_EQ(rd(GPIOA), 0xff);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* 3.6.4: "Pins defined as an output have no effect on the interrupt". */
TEST(outputs_do_not_interrupt)
{
	struct chip *c = mcp23017();

	CHECK_EQ(wr(GPINTENA, 0xff), 0);
	CHECK_EQ(wr(DEFVALA, 0xff), 0);
	CHECK_EQ(wr(OLATA, 0x00), 0);
	CHECK_EQ(wr(IODIRA, 0x00), 0);		/* all outputs, low */
	CHECK_EQ(wr(OLATA, 0xff), 0);
	CHECK_EQ(wr(INTCONA, 0xff), 0);
	CHECK_EQ(wr(OLATA, 0x00), 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(INTFA), 0x00);
	rig_free(&r);
}

/*
 * INTA is port A's; IOCON.MIRROR ORs port B onto it (register 3-6,
 * IOCON bit 6). INTF and INTCAP of port B work either way.
 */
TEST(port_b_reaches_inta_only_through_mirror)
{
	struct chip *c = mcp23017();

	CHECK_EQ(wr(GPPUB, 0x01), 0);
	CHECK_EQ(wr(GPINTENB, 0x01), 0);
	ext(c, 8, 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(INTFB), 0x01);
	CHECK_EQ(wr(IOCON, MIRROR), 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(wr(IOCON, 0x00), 0);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(wr(IOCON, MIRROR), 0);
	CHECK_EQ(rd(GPIOA), 0xff);		/* port A: B stays */
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTCAPB), 0xfe);
	CHECK_EQ(c->irq, 0);
	CHECK_EQ(rd(INTFB), 0x00);
	rig_free(&r);
}

/* The 8-line part: one port, one INT, the same rules (DS21919). */
TEST(mcp23008_defval_and_change)
{
	struct chip *c;

	c = rig_one(&r, 400000, "microchip,mcp23008", A);
	CHECK_EQ(wr(0x06, 0x80), 0);		/* GPPU */
	CHECK_EQ(wr(0x03, 0x80), 0);		/* DEFVAL */
	CHECK_EQ(wr(0x04, 0x80), 0);		/* INTCON */
	CHECK_EQ(wr(0x02, 0x81), 0);		/* GPINTEN: 7 DEFVAL, 0 change */
	CHECK_EQ(c->irq, 0);
	ext(c, 7, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(0x07), 0x80);		/* INTF */
	CHECK_EQ(rd(0x09) & 0x80, 0);		/* GPIO */
	CHECK_EQ(c->irq, 1);			/* stands */
	ext(c, 7, -1);
	CHECK_EQ(rd(0x08) & 0x80, 0);		/* INTCAP of the re-capture */
	CHECK_EQ(c->irq, 0);
	ext(c, 0, 1);				/* floating 1 -> driven 1: none */
	CHECK_EQ(c->irq, 0);
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(0x07), 0x01);
	CHECK_EQ(rd(0x08), 0xfe);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/*
 * IOCON (3.5.6): ODR = 0, an active driver, INTPOL its polarity (power-on
 * 0: active low, driven high while idle); ODR = 1 open drain, active
 * low, whatever INTPOL says.
 */
TEST(int_driver_follows_odr_and_intpol)
{
	struct chip *c = mcp23017();

	CHECK_EQ(c->intpin.pins[0].drive, DRV_HIGH);	/* idle, push-pull */
	CHECK_EQ(wr(GPPUA, 0x01), 0);
	CHECK_EQ(wr(GPINTENA, 0x01), 0);
	ext(c, 0, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(c->intpin.pins[0].drive, DRV_LOW);
	CHECK_EQ(wr(IOCON, INTPOL), 0);			/* active high */
	CHECK_EQ(c->intpin.pins[0].drive, DRV_HIGH);
	CHECK_EQ(rd(GPIOA) & 1, 0);			/* clears */
	CHECK_EQ(c->intpin.pins[0].drive, DRV_LOW);
	CHECK_EQ(wr(IOCON, ODR | INTPOL), 0);		/* open drain */
	CHECK_EQ(c->intpin.pins[0].drive, DRV_HIZ);
	ext(c, 0, -1);
	CHECK_EQ(c->intpin.pins[0].drive, DRV_LOW);
	CHECK_EQ(rd(INTCAPA), 0xff);
	CHECK_EQ(c->intpin.pins[0].drive, DRV_HIZ);
	rig_free(&r);
}

/*
 * MCP23018: outputs open drain (a 1 releases the pin: it reads its
 * pull-up, or floats), IOCON without HAEN, INTCC picking the read that
 * clears: 1 INTCAP, 0 GPIO.
 */
TEST(mcp23018_open_drain_and_intcc)
{
	struct chip *c = rig_one(&r, 400000, "microchip,mcp23018", A);

	CHECK(c != NULL);
	CHECK_EQ(wr(IOCON, 0x7f), 0);		/* BANK kept 0 */
	CHECK_EQ(rd(IOCON), 0x67);		/* no HAEN, bits 4-3 absent */
	CHECK_EQ(wr(IOCON, 0x00), 0);
	CHECK_EQ(wr(OLATA, 0x05), 0);
	CHECK_EQ(wr(IODIRA, 0xf0), 0);
	CHECK_EQ(wr(GPPUA, 0x01), 0);		/* pin 0 pulled up, 2 not */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	CHECK_EQ(pin_level(&c->pins, 1), PIN_0);
	CHECK_EQ(pin_level(&c->pins, 2), PIN_Z);
	CHECK_EQ(c->pins.pins[0].drive, DRV_HIZ);
	ext(c, 0, 0);				/* a 1 released: held low */
	CHECK_EQ(rd(GPIOA) & 1, 0);
	ext(c, 0, -1);
	/* INTCC = 0: GPIO clears, INTCAP does not */
	CHECK_EQ(wr(GPPUA + 1, 0x01), 0);	/* GPPUB */
	CHECK_EQ(wr(GPINTENB, 0x01), 0);
	CHECK_EQ(wr(IOCON, MIRROR), 0);
	ext(c, 8, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTCAPB), 0xfe);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(GPIOB) & 1, 0);
	CHECK_EQ(c->irq, 0);
	/* INTCC = 1 (what pinctrl-mcp23s08 sets): INTCAP clears, GPIO not */
	CHECK_EQ(wr(IOCON, MIRROR | INTCC), 0);
	ext(c, 8, -1);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(GPIOB) & 1, 1);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(rd(INTCAPB), 0xff);
	CHECK_EQ(c->irq, 0);
	rig_free(&r);
}

/* ---- SPI: the read happens when its byte went out, not before ---- */

static struct spi_rig s;

static struct chip *spi_part(const char *compat, uint32_t present)
{
	struct spi_chip_cfg cfg = { .cs = 0, .present_mask = present };

	spi_rig_init(&s);
	return spi_rig_add(&s, compat, &cfg, 1000000);
}

static void sframe(const uint8_t *tx, uint8_t *rx, unsigned int n)
{
	spi_bus_frame(s.b, 0, tx, rx, n);
}

static void swr(uint8_t reg, uint8_t v)
{
	uint8_t tx[3] = { 0x40, reg, v };

	sframe(tx, NULL, 3);
}

/* A frame of nbits clocks: opcode, register, then whatever follows. */
static void spartial(uint8_t op, uint8_t reg, unsigned int nbits)
{
	uint8_t tx[2] = { op, reg };
	unsigned int i;

	spi_bus_select(s.b, 0);
	for (i = 0; i < nbits; i++)
		spi_bus_clock(s.b, i < 16 ? (tx[i / 8] >> (7 - i % 8)) & 1 : 0);
	spi_bus_deselect(s.b);
}

/*
 * regmap reads INTF as a 16-bit pair ([0x41, 0x0e, x, x]): SO must
 * carry the byte after INTFB ready, but INTCAPA is not read, so port
 * A's interrupt stays. Nor does a frame that stops in the data byte of
 * INTCAPA, or right after the address, clear it: only the last bit out.
 */
TEST(mcp23s17_no_effect_of_bytes_not_clocked_out)
{
	struct chip *c = spi_part("microchip,mcp23s17", 0x01);
	uint8_t tx[4] = { 0x41, INTFA, 0, 0 }, rx[4];

	swr(GPPUA, 0x01);
	swr(GPINTENA, 0x01);
	pin_set_ext(&c->pins, 0, EXT_LOW);
	CHECK_EQ(c->irq, 1);
	sframe(tx, rx, 4);
	CHECK_EQ(rx[2], 0x01);			/* INTFA */
	CHECK_EQ(rx[3], 0x00);			/* INTFB */
	CHECK_EQ(c->irq, 1);
	spartial(0x41, INTCAPA, 16);		/* address, no data */
	CHECK_EQ(c->irq, 1);
	spartial(0x41, INTCAPA, 23);		/* data byte but its LSb */
	CHECK_EQ(c->irq, 1);
	spartial(0x41, GPIOA, 20);
	CHECK_EQ(c->irq, 1);
	spartial(0x41, INTCAPA, 24);		/* the whole byte */
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&s);
}

/*
 * A frame reading INTCAPB alone clears port B only: with SEQOP = 0 the
 * byte loaded after it is GPIOA's, which the controller does not clock
 * out. A frame reading INTCAPA and INTCAPB clears both.
 */
TEST(mcp23s17_each_byte_read_clears_its_port)
{
	struct chip *c = spi_part("microchip,mcp23s17", 0x01);
	uint8_t tx[5] = { 0x41, INTCAPA, 0, 0, 0 }, rx[5];

	swr(IOCON, MIRROR);
	swr(GPPUA, 0x01);
	swr(GPPUB, 0x01);
	swr(GPINTENA, 0x01);
	swr(GPINTENB, 0x01);
	pin_set_ext(&c->pins, 0, EXT_LOW);
	pin_set_ext(&c->pins, 8, EXT_LOW);
	tx[1] = INTCAPB;
	sframe(tx, rx, 3);			/* INTCAPB only */
	CHECK_EQ(rx[2], 0xfe);
	CHECK_EQ(c->irq, 1);			/* port A still */
	pin_set_ext(&c->pins, 8, EXT_NONE);	/* B interrupts again */
	tx[1] = INTCAPA;
	sframe(tx, rx, 4);			/* INTCAPA, INTCAPB */
	CHECK_EQ(rx[2], 0xfe);
	CHECK_EQ(rx[3], 0xff);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&s);
}

/* MCP23S08: the INTF read's prefetch of INTCAP (0x08) clears nothing. */
TEST(mcp23s08_intf_read_leaves_the_interrupt)
{
	struct chip *c = spi_part("microchip,mcp23s08", 0x01);
	uint8_t tx[3] = { 0x41, 0x07, 0 }, rx[3];

	swr(0x06, 0x01);			/* GPPU */
	swr(0x02, 0x01);			/* GPINTEN */
	pin_set_ext(&c->pins, 0, EXT_LOW);
	CHECK_EQ(c->irq, 1);
	sframe(tx, rx, 3);
	CHECK_EQ(rx[2], 0x01);
	CHECK_EQ(c->irq, 1);
	tx[1] = 0x08;
	sframe(tx, rx, 3);
	CHECK_EQ(rx[2], 0xfe);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&s);
}

/*
 * Before IOCON.HAEN every part on the chip select answers address 0:
 * a read of GPIO is a read in each of them, and clears each one's
 * interrupt.
 */
TEST(mcp23s17_read_clears_every_answering_part)
{
	struct chip *c = spi_part("microchip,mcp23s17", 0x03);
	uint8_t tx[3] = { 0x41, GPIOA, 0 }, rx[3];

	swr(GPPUA, 0x01);			/* both parts */
	swr(GPINTENA, 0x01);
	pin_set_ext(&c->pins, 0, EXT_LOW);	/* part 0, A0 */
	pin_set_ext(&c->pins, 16, EXT_LOW);	/* part 1, A0 */
	CHECK_EQ(c->irq, 1);
	sframe(tx, rx, 3);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&s);
}

/*
 * MCP23S18: no address pins and no HAEN: it answers opcode address 0
 * alone, even after a write of HAEN; a present mask other than 0x1 is
 * refused. Outputs open drain, as the MCP23018's.
 */
TEST(mcp23s18_one_part_at_address_0)
{
	struct spi_chip_cfg cfg = { .cs = 0, .present_mask = 0x02 };
	struct chip *c;
	uint8_t tx[4] = { 0x41, IOCON, 0, 0 }, rx[4];

	spi_rig_init(&s);
	CHECK(spi_rig_add(&s, "microchip,mcp23s18", &cfg, 1000000) == NULL);
	spi_rig_free(&s);
	c = spi_part("microchip,mcp23s18", 0x01);
	CHECK(c != NULL);
	swr(IOCON, 0x08 | INTCC);		/* HAEN: not there */
	sframe(tx, rx, 4);
	CHECK_EQ(rx[2], INTCC);
	CHECK_EQ(rx[3], INTCC);
	tx[0] = 0x43;				/* address 1: nobody */
	sframe(tx, rx, 4);
	CHECK_EQ(rx[2], 0xff);
	swr(OLATA, 0x01);
	swr(IODIRA, 0x00);
	CHECK_EQ(c->pins.pins[0].drive, DRV_HIZ);
	CHECK_EQ(c->pins.pins[1].drive, DRV_LOW);
	spi_rig_free(&s);
}

int main(void)
{
	RUN(change_mode_latches_until_intcap_or_gpio_read);
	RUN(what_clears_and_what_does_not);
	RUN(defval_mode_stands_while_the_pin_differs);
	RUN(outputs_do_not_interrupt);
	RUN(port_b_reaches_inta_only_through_mirror);
	RUN(mcp23008_defval_and_change);
	RUN(int_driver_follows_odr_and_intpol);
	RUN(mcp23018_open_drain_and_intcc);
	RUN(mcp23s18_one_part_at_address_0);
	RUN(mcp23s17_no_effect_of_bytes_not_clocked_out);
	RUN(mcp23s17_each_byte_read_clears_its_port);
	RUN(mcp23s08_intf_read_leaves_the_interrupt);
	RUN(mcp23s17_read_clears_every_answering_part);
	return CHECK_DONE();
}
