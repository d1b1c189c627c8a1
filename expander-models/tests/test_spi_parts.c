// SPDX-License-Identifier: GPL-2.0
/*
 * test_spi_parts.c - every SPI model as its Linux driver drives it,
 * frame for frame: gpio-74x164, gpio-pisosr, gpio-max7301,
 * gpio-mc33880, pinctrl-mcp23s08 (SPI), gpio-xra1403, gpio-max3191x.
 */
#include "check.h"
#include "models/max3191x.h"
#include "spi_rig.h"

static struct spi_rig r;

static struct chip *part_cfg(const char *compat,
			     const struct spi_chip_cfg *cfg)
{
	spi_rig_init(&r);
	return spi_rig_add(&r, compat, cfg, 1000000);
}

static struct chip *part(const char *compat, unsigned int chain,
			 uint32_t present)
{
	struct spi_chip_cfg cfg = { .cs = 0, .chain = chain,
				    .present_mask = present };
	struct chip *c = part_cfg(compat, &cfg);

	CHECK(c != NULL);
	return c;
}

static void frame(const uint8_t *tx, uint8_t *rx, unsigned int n)
{
	spi_bus_frame(r.b, 0, tx, rx, n);
}

static uint64_t frames(void)
{
	struct bus_counters k;

	spi_bus_get_counters(r.b, &k);
	return k.transactions;
}

static void drive(struct chip *c, unsigned int pin, int v)
{
	pin_set_ext(&c->pins, pin, v < 0 ? EXT_NONE : v ? EXT_HIGH : EXT_LOW);
}

/* 74x164: one write of registers-number bytes, last byte = lines 0-7. */
static void hc595_chain(unsigned int n)
{
	struct chip *c = part("fairchild,74hc595", n, 0);
	uint8_t buf[4] = { 0 };
	unsigned int i;
	uint32_t want = 0;

	CHECK_EQ(c->pins.n, 8 * n);
	for (i = 0; i < n; i++) {
		buf[i] = 0x11 * (i + 1);
		want = want << 8 | buf[i];
	}
	frame(buf, NULL, n);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8 * n), want);
	CHECK(pin_level(&c->pins, 0) != PIN_Z);	/* push-pull */
	CHECK_EQ(frames(), 1);
	spi_rig_free(&r);
}

TEST(hc595_chains_1_to_4)
{
	hc595_chain(1);
	hc595_chain(2);
	hc595_chain(3);
	hc595_chain(4);
}

/* Outputs change only when CS rises (RCLK), all together. */
TEST(hc595_latches_at_cs_release)
{
	struct chip *c = part("nxp,74lvc594", 1, 0);
	unsigned int i;

	spi_bus_select(r.b, 0);
	for (i = 0; i < 8; i++)
		spi_bus_clock(r.b, 1);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x00);
	spi_bus_deselect(r.b);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xff);
	/* 8 pin changes, all at the end of the frame's 8th clock. */
	CHECK_EQ(count_lines(spi_rig_log(&r), "P chip=74lvc594@0 "), 8);
	CHECK(strstr(spi_rig_log(&r), "pin=7 old=0 new=1 bus_ns=8000 "
		     "clk=spi5"));
	spi_rig_free(&r);
}

/* pisosr: spi_read of ngpios/8 bytes, register on MISO first. */
TEST(hc165_chain_reads_inputs)
{
	struct chip *c = part("pisosr-gpio", 2, 0);
	uint8_t rx[2];

	frame(NULL, rx, 2);
	CHECK_EQ(rx[0], 0xff);		/* floating inputs read 1 */
	drive(c, 0, 0);
	drive(c, 7, 0);
	drive(c, 9, 0);
	frame(NULL, rx, 2);
	CHECK_EQ(rx[0], 0x7e);
	CHECK_EQ(rx[1], 0xfd);
	/* Inputs are loaded at CS fall: a change mid-frame is not seen. */
	spi_bus_select(r.b, 0);
	drive(c, 0, 1);
	CHECK_EQ(spi_bus_clock(r.b, 0), 0);	/* H = line 7, low */
	spi_bus_deselect(r.b);
	CHECK_EQ(frames(), 3);
	spi_rig_free(&r);
}

/* MAX7301 16-bit words: [D15 R/W | reg, data]. */
static void mx_write(uint8_t reg, uint8_t val)
{
	uint8_t tx[2] = { reg, val };

	frame(tx, NULL, 2);
}

/* The datasheet's read: command frame, then any frame clocks it out. */
static int mx_read(uint8_t reg)
{
	uint8_t tx[2] = { 0x80 | reg, 0 }, rx[2];

	frame(tx, NULL, 2);
	tx[0] = 0;
	frame(tx, rx, 2);
	return rx[1];
}

TEST(max7301_probe_and_ports)
{
	struct chip *c = part("maxim,max7301", 0, 0);
	unsigned int i;

	CHECK_EQ(c->pins.n, 28);
	/* Shutdown at power-on: even an output stays high impedance. */
	mx_write(0x09, 0x55);		/* P4-P7 outputs */
	mx_write(0x24, 0x01);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	/* gpio-max730x probe: normal operation, then every port input. */
	mx_write(0x04, 0x01);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	for (i = 0x09; i <= 0x0f; i++)
		mx_write(i, 0xaa);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	CHECK_EQ(mx_read(0x09), 0xaa);
	/* 00 is reserved: that port keeps its configuration. */
	mx_write(0x09, 0xa8);
	CHECK_EQ(mx_read(0x09), 0xaa);
	/* Input with pull-up (11) reads 1, driven low 0. */
	mx_write(0x0a, 0xff);		/* P8-P11 pulled up */
	CHECK_EQ(pin_level(&c->pins, 4), PIN_1);
	drive(c, 5, 0);
	CHECK_EQ(mx_read(0x29), 0);
	CHECK_EQ(mx_read(0x28), 1);
	CHECK_EQ(mx_read(0x48), 0xfd);	/* P8-P15: P9 low, P12-15 float */
	/* Output: per port register, and 8 ports in one write. */
	mx_write(0x0b, 0x55);		/* P12-P15 outputs */
	mx_write(0x4c, 0x05);		/* P12 = 1, P13 = 0, P14 = 1, P15 = 0 */
	CHECK_EQ(pin_read_bits(&c->pins, 8, 4), 0x5);
	mx_write(0x2d, 0x01);
	CHECK_EQ(pin_level(&c->pins, 9), PIN_1);
	spi_rig_free(&r);
}

/*
 * gpio-max7301 reads with spi_write_then_read(): one message, CS held
 * for 32 clocks. DOUT then shows the command echoed 16 clocks later,
 * never the register, which the part only loads when CS rises.
 */
TEST(max7301_read_without_cs_release_echoes)
{
	struct chip *c = part("maxim,max7301", 0, 0);
	uint8_t tx[4] = { 0xa9, 0, 0, 0 }, rx[4];

	mx_write(0x04, 0x01);
	mx_write(0x0a, 0xff);
	drive(c, 5, 1);
	frame(tx, rx, 4);
	CHECK_EQ(rx[2], 0xa9);
	CHECK_EQ(rx[3], 0x00);
	CHECK_EQ(mx_read(0x29), 1);	/* with CS released: the pin */
	spi_rig_free(&r);
}

/* MC33880: 8-bit command, bit n = output n on (low); faults out. */
TEST(mc33880_outputs_and_faults)
{
	struct chip *c = part("fsl,mc33880", 0, 0);
	uint8_t tx[1] = { 0x00 }, rx[1];

	frame(tx, rx, 1);		/* probe writes 0x00 twice */
	frame(tx, rx, 1);
	CHECK_EQ(rx[0], 0x00);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xff);	/* loads pull up */
	tx[0] = 0x81;
	frame(tx, rx, 1);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x7e);
	/* Short to supply on output 0 (on), short to ground on 3 (off). */
	drive(c, 0, 1);
	drive(c, 3, 0);
	frame(tx, rx, 1);
	CHECK_EQ(rx[0], 0x09);
	drive(c, 0, -1);
	drive(c, 3, -1);
	frame(tx, rx, 1);
	CHECK_EQ(rx[0], 0x00);
	/* A frame that is not whole bytes is ignored. */
	spi_bus_select(r.b, 0);
	spi_bus_clock(r.b, 0);
	spi_bus_deselect(r.b);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x7e);
	spi_rig_free(&r);
}

/* Two MC33880 in a chain: the far one's byte goes first. */
TEST(mc33880_daisy_chain)
{
	struct spi_chip_cfg cfg = { .cs = 0 };
	struct chip *a, *b;
	uint8_t tx[2] = { 0x0f, 0xf0 }, rx[2];

	spi_rig_init(&r);
	spi_rig_dev(&r, 0, 0, false, 1000000);
	{
		const struct chip_variant *v =
			chip_variant_find("fsl,mc33880");
		char err[64];

		a = chip_create_spi(v, &cfg, &r.w, err, sizeof(err));
		b = chip_create_spi(v, &cfg, &r.w, err, sizeof(err));
		r.c[r.n++] = a;
		r.c[r.n++] = b;
		spi_bus_attach(r.b, 0, a->spi_targets[0]);
		spi_bus_attach(r.b, 0, b->spi_targets[0]);
	}
	frame(tx, rx, 2);
	CHECK_EQ(pin_read_bits(&a->pins, 0, 8), 0x0f);	/* on MOSI */
	CHECK_EQ(pin_read_bits(&b->pins, 0, 8), 0xf0);
	spi_rig_free(&r);
}

/* MCP23S17 as regmap drives it: [0x40 | A << 1 | R, reg, lo, hi]. */
static void mcp_write16(unsigned int a, uint8_t reg, uint16_t v)
{
	uint8_t tx[4] = { 0x40 | a << 1, reg, v & 0xff, v >> 8 };

	frame(tx, NULL, 4);
}

static int mcp_read16(unsigned int a, uint8_t reg)
{
	uint8_t tx[4] = { 0x41 | a << 1, reg, 0, 0 }, rx[4];

	frame(tx, rx, 4);
	return rx[2] | rx[3] << 8;
}

TEST(mcp23s17_hardware_addresses)
{
	struct chip *c = part("microchip,mcp23s17", 0, 0x06);

	CHECK_EQ(c->pins.n, 32);
	/* HAEN = 0: both parts answer to address 0, not to 1 or 2. */
	CHECK_EQ(mcp_read16(1, 0x00), 0xffff);	/* MISO floats: 1s */
	mcp_write16(1, 0x14, 0x0000);
	CHECK_EQ(mcp_read16(0, 0x00), 0xffff);	/* IODIR power-on */
	/* IOCON.HAEN (both IOCON addresses) through address 0: both. */
	mcp_write16(0, 0x0a, 0x0808);
	CHECK_EQ(mcp_read16(1, 0x0a), 0x0808);
	CHECK_EQ(mcp_read16(2, 0x0a), 0x0808);
	CHECK_EQ(mcp_read16(0, 0x0a), 0xffff);	/* nobody at 0 now */
	/* Outputs of part 2 only: lines 16-31. */
	mcp_write16(2, 0x14, 0xa55a);	/* OLAT */
	mcp_write16(2, 0x00, 0x0000);	/* IODIR: outputs */
	CHECK_EQ(pin_read_bits(&c->pins, 16, 16), 0xa55a);
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	/* Inputs of part 1 with pull-ups and polarity. */
	mcp_write16(1, 0x0c, 0x00ff);
	drive(c, 1, 0);
	drive(c, 8, 1);
	CHECK_EQ(mcp_read16(1, 0x12), 0xfffd);	/* B floats: 1 */
	mcp_write16(1, 0x02, 0x0001);	/* IPOL A0 */
	CHECK_EQ(mcp_read16(1, 0x12), 0xfffc);
	spi_rig_free(&r);
}

TEST(mcp23s17_sequential_and_interrupt)
{
	struct chip *c = part("microchip,mcp23s17", 0, 0x01);
	uint8_t tx[6] = { 0x41, 0x12, 0, 0, 0, 0 }, rx[6];

	/* SEQOP = 0: GPIOA, GPIOB, OLATA, OLATB in one frame. */
	mcp_write16(0, 0x14, 0x1234);
	frame(tx, rx, 6);
	CHECK_EQ(rx[4], 0x34);
	CHECK_EQ(rx[5], 0x12);
	/* SEQOP = 1: the pointer toggles within the pair. */
	mcp_write16(0, 0x0a, 0x2020);
	tx[1] = 0x14;
	frame(tx, rx, 6);
	CHECK_EQ(rx[2], 0x34);
	CHECK_EQ(rx[3], 0x12);
	CHECK_EQ(rx[4], 0x34);
	/*
	 * Interrupt on change of input B0 (on INTA through IOCON.MIRROR,
	 * SEQOP kept): INT until GPIOB is read.
	 */
	mcp_write16(0, 0x0a, 0x6060);
	mcp_write16(0, 0x04, 0x0100);	/* GPINTENB bit 0 */
	CHECK_EQ(c->irq, 0);
	drive(c, 8, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(mcp_read16(0, 0x0e) >> 8, 0x01);	/* INTFB */
	tx[0] = 0x41;
	tx[1] = 0x13;
	frame(tx, rx, 3);		/* read GPIOB */
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

TEST(mcp23s08_eight_lines)
{
	struct chip *c = part("microchip,mcp23s08", 0, 0x01);
	uint8_t tx[3] = { 0x40, 0x0a, 0x3c }, rx[3];

	CHECK_EQ(c->pins.n, 8);
	frame(tx, NULL, 3);		/* OLAT */
	tx[1] = 0x00;
	tx[2] = 0x00;
	frame(tx, NULL, 3);		/* IODIR: outputs */
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0x3c);
	tx[0] = 0x41;
	tx[1] = 0x09;
	frame(tx, rx, 3);
	CHECK_EQ(rx[2], 0x3c);
	CHECK_EQ(rx[0], 0xff);		/* SO undriven during the command */
	spi_rig_free(&r);
}

/* XRA1403 through regmap: [R << 7 | reg << 1, data]. */
static void xra_write(uint8_t reg, uint8_t v)
{
	uint8_t tx[2] = { reg << 1, v };

	frame(tx, NULL, 2);
}

static int xra_read(uint8_t reg)
{
	uint8_t tx[2] = { 0x80 | reg << 1, 0 }, rx[2];

	frame(tx, rx, 2);
	return rx[1];
}

TEST(xra1403_registers)
{
	struct chip *c = part("exar,xra1403", 0, 0);

	CHECK_EQ(xra_read(0x02), 0xff);	/* OCR1 */
	CHECK_EQ(xra_read(0x07), 0xff);	/* GCR2 */
	CHECK_EQ(xra_read(0x14), 0xff);	/* IFR1 */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	xra_write(0x02, 0xa5);
	xra_write(0x06, 0x00);		/* P0-P7 outputs */
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xa5);
	CHECK_EQ(xra_read(0x00), 0xa5);
	xra_write(0x0c, 0x01);		/* P0 three-state */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_Z);
	xra_write(0x09, 0x80);		/* PUR2 P15 */
	CHECK_EQ(pin_level(&c->pins, 15), PIN_1);
	drive(c, 8, 0);
	CHECK_EQ(xra_read(0x01), 0xfe);
	xra_write(0x05, 0x01);		/* PIR2 P8 */
	CHECK_EQ(xra_read(0x01), 0xff);
	xra_write(0x00, 0x00);		/* GSR is read only */
	CHECK_EQ(xra_read(0x00), 0xa5);	/* P0 three-stated: floats, reads 1 */
	spi_rig_free(&r);
}

TEST(xra1403_interrupt)
{
	struct chip *c = part("exar,xra1403", 0, 0);

	xra_write(0x0b, 0x02);		/* IER2: P9 */
	drive(c, 9, 0);
	CHECK_EQ(c->irq, 1);
	CHECK_EQ(xra_read(0x0f), 0x02);	/* ISR2 */
	CHECK_EQ(xra_read(0x01) & 0x02, 0);	/* GSR2 clears it */
	CHECK_EQ(c->irq, 0);
	xra_write(0x11, 0x02);		/* rising edges only */
	drive(c, 9, -1);		/* floats: reads 1, a rising edge */
	CHECK_EQ(c->irq, 1);
	xra_read(0x01);
	drive(c, 9, 0);
	CHECK_EQ(c->irq, 0);
	spi_rig_free(&r);
}

/* MAX3191x: one frame of 2 bytes per part, part on MISO first. */
TEST(max3191x_chain_and_status)
{
	struct chip *c = part("maxim,max31913", 2, 0);
	uint8_t rx[4];

	frame(NULL, rx, 4);
	CHECK_EQ(rx[0], 0x00);		/* open inputs read 0 */
	CHECK_EQ(rx[1], max3191x_crc(0) | 0x05);
	drive(c, 0, 1);
	drive(c, 15, 1);
	frame(NULL, rx, 4);
	CHECK_EQ(rx[0], 0x01);
	CHECK_EQ(rx[2], 0x80);
	CHECK_EQ(rx[3] & 0xf8, max3191x_crc(0x80));
	CHECK_EQ(max3191x_set_alarms(c, 1, true, false, true), 0);
	frame(NULL, rx, 4);
	CHECK_EQ(rx[3] & 7, 0x03);	/* UV1 low, OT high, UV2 high */
	spi_rig_free(&r);
}

/* The CRC is the one gpio-max3191x checks: crc8 table, poly 0xa8. */
TEST(max3191x_crc_matches_driver)
{
	uint8_t table[256], t = 0x80;
	unsigned int i, j;

	table[0] = 0;
	for (i = 1; i < 256; i *= 2) {
		t = (uint8_t)(t << 1) ^ (t & 0x80 ? 0xa8 : 0);
		for (j = 0; j < i; j++)
			table[i + j] = table[j] ^ t;
	}
	for (i = 0; i < 256; i++)
		CHECK_EQ(max3191x_crc(i), table[i]);
}

TEST(max3191x_8bit_mode)
{
	struct spi_chip_cfg cfg = { .cs = 0, .chain = 1,
				    .modesel_8bit = true };
	struct chip *c = part_cfg("maxim,max31910", &cfg);
	uint8_t rx[1];

	drive(c, 3, 1);
	frame(NULL, rx, 1);
	CHECK_EQ(rx[0], 0x08);
	spi_rig_free(&r);
}

int main(void)
{
	RUN(hc595_chains_1_to_4);
	RUN(hc595_latches_at_cs_release);
	RUN(hc165_chain_reads_inputs);
	RUN(max7301_probe_and_ports);
	RUN(max7301_read_without_cs_release_echoes);
	RUN(mc33880_outputs_and_faults);
	RUN(mc33880_daisy_chain);
	RUN(mcp23s17_hardware_addresses);
	RUN(mcp23s17_sequential_and_interrupt);
	RUN(mcp23s08_eight_lines);
	RUN(xra1403_registers);
	RUN(xra1403_interrupt);
	RUN(max3191x_chain_and_status);
	RUN(max3191x_crc_matches_driver);
	RUN(max3191x_8bit_mode);
	return CHECK_DONE();
}
