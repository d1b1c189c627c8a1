// SPDX-License-Identifier: GPL-2.0
/*
 * test_sc18is602.c - the I2C-to-SPI bridge from a DTB, driven with the
 * I2C transactions spi-sc18is602 issues: F0 configuration (smbus write
 * byte data), the ready poll (1-byte read), the transfer (function byte
 * + data), the read-back; and what each costs on both buses.
 */
#include "fixture.h"
#include "buses/spi_bus.h"

#define BR 0x28

static struct board *bd;
static struct bus *i2c;
static struct spi_bus *spi;

static int setup(void)
{
	char err[256] = "";

	bd = board_load(BOARD("spi-bridge"), err, sizeof(err));
	if (!bd) {
		fprintf(stderr, "  %s\n", err);
		return -1;
	}
	i2c = board_bus(bd, 0);
	spi = board_find_spi(bd, "spi7-28");
	return spi ? 0 : -1;
}

/* One spi_message as sc18is602_txrx() sends it: poll, send, [poll, recv]. */
static int bridge_msg(unsigned int cs, const uint8_t *tx, unsigned int n,
		      uint8_t *rx, unsigned int nrx)
{
	uint8_t buf[201], dummy;

	buf[0] = 1u << cs;
	memcpy(buf + 1, tx, n);
	memset(buf + 1 + n, 0, nrx);
	if (raw_read(i2c, BR, &dummy, 1))
		return -1;
	if (raw_write(i2c, BR, buf, 1 + n + nrx))
		return -1;
	if (!nrx)
		return 0;
	if (raw_read(i2c, BR, &dummy, 1))
		return -1;
	if (raw_read(i2c, BR, buf, n + nrx))
		return -1;
	memcpy(rx, buf + n, nrx);
	return 0;
}

TEST(board_puts_spi_parts_behind_the_bridge)
{
	struct chip *c;

	CHECK_EQ(setup(), 0);
	if (!bd)
		return;
	c = board_find_chip(bd, "gpio@0");
	CHECK(c && c->spi == spi && c->pins.n == 16);
	c = board_find_chip(bd, "spi7-28:1");
	CHECK(c && c->pins.n == 32);
	c = board_find_chip(bd, "gpio@2");
	CHECK(c && c->pins.n == 16);
	CHECK_EQ(spi_bus_frame_hz(spi, 1), 7372800 / 4);	/* bridge caps */
	CHECK_EQ(spi_bus_frame_hz(spi, 0), 1000000);
	board_free(bd);
}

TEST(write_through_bridge)
{
	uint8_t cfg[2] = { 0xf0, 0x01 }, tx[2] = { 0x12, 0x34 };
	struct bus_counters k;
	struct bus_counters s;
	struct chip *c;

	if (setup())
		return;
	c = board_find_chip(bd, "gpio@0");
	CHECK_EQ(raw_write(i2c, BR, cfg, 2), 0);	/* clock / 16 */
	CHECK_EQ(spi_bus_frame_hz(spi, 0), 460800);
	bus_reset_counters(i2c);
	CHECK_EQ(bridge_msg(0, tx, 2, NULL, 0), 0);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 16), 0x1234);
	bus_get_counters(i2c, &k);
	spi_bus_get_counters(spi, &s);
	CHECK_EQ(k.transactions, 2);	/* ready poll + transfer */
	CHECK_EQ(k.bytes, 2 + 4);
	CHECK_EQ(s.transactions, 1);
	CHECK_EQ(s.bits, 16);
	CHECK_EQ(s.busy_ns, 16ull * 1000000000 / 460800);
	board_free(bd);
}

TEST(read_through_bridge)
{
	uint8_t tx[2] = { 0x41, 0x00 }, rx[2];
	struct bus_counters k;
	struct chip *c;

	if (setup())
		return;
	c = board_find_chip(bd, "gpio@1");
	bus_reset_counters(i2c);
	/* MCP23S17 at address 1 answers as 0 until HAEN: IODIR of 0. */
	CHECK_EQ(bridge_msg(1, tx, 2, rx, 2), 0);
	CHECK_EQ(rx[0], 0xff);
	CHECK_EQ(rx[1], 0xff);
	bus_get_counters(i2c, &k);
	CHECK_EQ(k.transactions, 4);
	/* pisosr behind the bridge: a read-only message. */
	c = board_find_chip(bd, "gpio@2");
	pin_set_ext(&c->pins, 3, EXT_LOW);
	CHECK_EQ(bridge_msg(2, NULL, 0, rx, 2), 0);
	CHECK_EQ(rx[0], 0xf7);
	CHECK_EQ(rx[1], 0xff);
	board_free(bd);
}

TEST(bad_function_and_overflow)
{
	uint8_t buf[203];

	if (setup())
		return;
	buf[0] = 0x00;		/* no slave select: not a function */
	CHECK_EQ(raw_write(i2c, BR, buf, 2), -1);
	buf[0] = 0xf3;
	CHECK_EQ(raw_write(i2c, BR, buf, 2), -1);
	memset(buf, 0, sizeof(buf));
	buf[0] = 0x01;		/* 201 data bytes: the last is refused */
	CHECK_EQ(raw_write(i2c, BR, buf, 202), -1);
	buf[0] = 0x01;
	CHECK_EQ(raw_write(i2c, BR, buf, 201), 0);
	board_free(bd);
}

TEST(spi_part_needs_a_clock)
{
	char err[256] = "";
	struct board *b = board_load(BOARD("spi-bad"), err, sizeof(err));

	CHECK(!b);
	CHECK(strstr(err, "no spi-max-frequency"));
	board_free(b);
}

TEST(control_counts_spi)
{
	char out[1024];

	if (setup())
		return;
	control_exec(bd, "counters spi7-28", out, sizeof(out));
	CHECK(strstr(out, "spi7-28 transactions=0 bytes=0 segments=0 bits=0 "));
	control_exec(bd, "drive-bits spi7-28:2 0xff 0", out, sizeof(out));
	CHECK(!strncmp(out, "ok 0xff00", 9));
	control_exec(bd, "list", out, sizeof(out));
	CHECK(strstr(out, "chip gpio@1 bus=spi7-28 model=mcp23s17 "
		     "compatible=microchip,mcp23s17 lines=32 addr=cs1"));
	board_free(bd);
}

/* speed HZ SPIBUS: later frames at HZ, bus time only; 0 undoes it. */
TEST(control_sets_spi_clock)
{
	uint8_t tx[2] = { 0x12, 0x34 };
	char out[256];
	uint64_t t0;

	if (setup())
		return;
	control_exec(bd, "speed 1000000 spi7-28", out, sizeof(out));
	CHECK(!strcmp(out, "ok\n"));
	t0 = spi_bus_now_ns(spi);
	CHECK_EQ(bridge_msg(0, tx, 2, NULL, 0), 0);
	CHECK_EQ(spi_bus_now_ns(spi) - t0, 16000);	/* 16 bits at 1 MHz */
	control_exec(bd, "speed 2000000 spi7-28", out, sizeof(out));
	t0 = spi_bus_now_ns(spi);
	CHECK_EQ(bridge_msg(0, tx, 2, NULL, 0), 0);
	CHECK_EQ(spi_bus_now_ns(spi) - t0, 8000);
	control_exec(bd, "speed 999 spi7-28", out, sizeof(out));
	CHECK(!strncmp(out, "err speed 999 out of range", 26));
	CHECK_EQ(spi_bus_speed(spi), 2000000);
	control_exec(bd, "speed 0 spi7-28", out, sizeof(out));
	CHECK(!strcmp(out, "ok\n"));
	CHECK_EQ(spi_bus_speed(spi), 0);
	board_free(bd);
}

int main(void)
{
	RUN(board_puts_spi_parts_behind_the_bridge);
	RUN(write_through_bridge);
	RUN(read_through_bridge);
	RUN(control_sets_spi_clock);
	RUN(bad_function_and_overflow);
	RUN(spi_part_needs_a_clock);
	RUN(control_counts_spi);
	return CHECK_DONE();
}
