// SPDX-License-Identifier: GPL-2.0
/*
 * test_stim.c - storms and armed pin changes (src/board/stim.h, control
 * storm, storm-state, storm-stop, arm, arm-state): a square wave on the
 * storm clock (wall time plus the chip's bus time, byte by byte), its
 * bounds, and a pin change at an exact byte of a chip's transaction.
 * A PCA9555 at 0x20 on a 100 kHz bus: a regmap read of the input port
 * (S 20 W 00 Sr 20 R [xx] P) is 2 STARTs, 4 bytes, 1 STOP = 39 clocks =
 * 390 us; its bytes are ACKed at 100, 190, 290 and 380 us.
 */
#include "board/stim.h"
#include "check.h"
#include "spi_rig.h"

static struct rig r;
static struct chip *c;

static struct stim *st(void)
{
	return board_stim(r.bd);
}

static void fresh(void)
{
	if (r.bd)
		rig_free(&r);
	c = rig_one(&r, 100000, "nxp,pca9555", 0x20);
}

static struct stim_storm_state state(void)
{
	struct stim_storm_state s;

	stim_storm_state(st(), &s);
	return s;
}

TEST(storm_bounds_and_errors)
{
	fresh();
	CHECK(!strcmp(ctl_on(r.bd, "storm-state"), "ok none"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 0 0 1"),
		      "err 0: HZ is 1..1000000"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 0 1000001 1"),
		      "err 1000001: HZ is 1..1000000"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 0 1000 0"),
		      "err 0: PERIODS is 1..100000"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 0 1000 100001"),
		      "err 100001: PERIODS is 1..100000"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 16 1000 1"),
		      "err pca9555@20: no pin 16"));
	CHECK(!strcmp(ctl_on(r.bd, "storm nosuch 0 1000 1"),
		      "err no chip nosuch"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 0 1000"),
		      "err usage: storm CHIP N HZ PERIODS"));
	/* The first edge at once: pin 0 (pulled up) goes low. */
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 0 1 3"), "ok edges=6"));
	CHECK(!strcmp(ctl_on(r.bd, "pin pca9555@20 0"), "ok 0"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 1 1000 1"),
		      "err a storm is running (storm-stop)"));
	CHECK(!strncmp(ctl_on(r.bd, "storm-state"),
		       "ok chip=pca9555@20 pin=0 hz=1 edges=6 made=1 running=1 ",
		       55));
	CHECK(!strncmp(ctl_on(r.bd, "storm-stop"),
		       "ok chip=pca9555@20 pin=0 hz=1 edges=6 made=1 running=0 ",
		       55));
	CHECK_EQ(stim_deadline(st()), UINT64_MAX);
	/* Stopped, the pin stays where it was; a new storm may start. */
	CHECK(!strcmp(ctl_on(r.bd, "pin pca9555@20 0"), "ok 0"));
	CHECK(!strcmp(ctl_on(r.bd, "storm pca9555@20 1 1000 1"),
		      "ok edges=2"));
}

/* On wall time alone: an edge every half period, then it ends. */
TEST(storm_on_wall_time)
{
	fresh();
	CHECK_EQ(stim_storm(st(), c, 3, 1000, 5, 1000000), 0);
	CHECK_EQ(state().made, 1);
	CHECK_EQ(pin_read_bit(&c->pins, 3), 0);
	CHECK_EQ(c->irq, 1);		/* an input change: INT */
	CHECK_EQ(stim_deadline(st()), 1000000 + 500000);
	stim_tick(st(), 1000000 + 499999);
	CHECK_EQ(state().made, 1);
	stim_tick(st(), 1000000 + 500000);
	CHECK_EQ(state().made, 2);
	CHECK_EQ(pin_read_bit(&c->pins, 3), 1);
	/* Back where it was, unread: a PCA9555's INT goes again. */
	CHECK_EQ(c->irq, 0);
	/* A late loop makes every edge due at once, and no more. */
	stim_tick(st(), 1000000 + 60000000);
	CHECK_EQ(state().made, 10);
	CHECK_EQ(state().running, 0);
	CHECK_EQ(state().clock_ns, 60000000);
	CHECK_EQ(state().bus_ns, 0);
	CHECK_EQ(pin_read_bit(&c->pins, 3), 1);
	CHECK_EQ(stim_deadline(st()), UINT64_MAX);
	/* 10 pin records, and the chip's INT each time. */
	CHECK_EQ(*bus_pin_counter(r.b) >= 10, 1);
}

/*
 * On bus time alone (the wall clock stands still): at 1 kHz, edge 1 is
 * due at 500 us, which the second read of the input port passes at its
 * command byte (ACK at 390 + 190 = 580 us): that read sees the pin high
 * again, the first saw it low. Edge 2 (1000 us) falls in the third read
 * before its data byte (ACK at 780 + 380 = 1160 us, the byte before it
 * at 1070 us): that read sees low.
 */
TEST(storm_on_bus_time_interleaves)
{
	fresh();
	CHECK_EQ(stim_storm(st(), c, 0, 1000, 2, 5000), 0);
	CHECK_EQ(reg_read(r.b, 0x20, 0x00) & 1, 0);
	CHECK_EQ(state().made, 1);
	CHECK_EQ(reg_read(r.b, 0x20, 0x00) & 1, 1);
	CHECK_EQ(state().made, 2);
	CHECK_EQ(reg_read(r.b, 0x20, 0x00) & 1, 0);
	CHECK_EQ(state().made, 3);
	CHECK_EQ(state().bus_ns, 3 * 390000 - 10000);
	/* The rest on the loop's tick: wall time counts from the start. */
	stim_tick(st(), 5000 + 1);
	CHECK_EQ(state().made, 3);
	stim_tick(st(), 5000 + 1500000);
	CHECK_EQ(state().made, 4);
	CHECK_EQ(state().running, 0);
	CHECK_EQ(pin_read_bit(&c->pins, 0), 1);
}

/*
 * arm: pin 0 falls before the data byte (byte 3) of the chip's second
 * transaction: the first read sees it high, the second low, and that
 * read clears the INT the change raised (PCA9555: reading the port
 * that changed resets INT).
 */
TEST(arm_at_a_byte)
{
	struct stim_arm_state a;

	fresh();
	CHECK(rig_add(&r, "nxp,pca9555", 0x21) != NULL);
	CHECK(!strcmp(ctl_on(r.bd, "arm-state"), "ok none"));
	CHECK(!strcmp(ctl_on(r.bd, "arm pca9555@20 0 0 2 3"), "ok"));
	CHECK_EQ(reg_read(r.b, 0x21, 0x00), 0xff);	/* not the chip's */
	CHECK_EQ(reg_read(r.b, 0x20, 0x00), 0xff);
	CHECK_EQ(pin_read_bit(&c->pins, 0), 1);
	CHECK(!strcmp(ctl_on(r.bd, "arm-state"),
		      "ok chip=pca9555@20 armed=1 fired=0 missed=0 seen=1 at_ns=0"));
	CHECK_EQ(reg_read(r.b, 0x20, 0x00), 0xfe);
	CHECK_EQ(c->irq, 0);
	stim_arm_state(st(), &a);
	CHECK_EQ(a.fired, 1);
	CHECK_EQ(a.armed, 0);
	CHECK_EQ(a.seen, 2);
	/* After 2 transactions of 390 us, at the data byte's ACK: 380 us. */
	CHECK_EQ(a.at_ns, 2 * 390000 + 380000);
	/* Bad arguments. */
	CHECK(!strcmp(ctl_on(r.bd, "arm pca9555@20 0 2 1 0"),
		      "err usage: arm CHIP N 0|1|z TX BYTE"));
	CHECK(!strcmp(ctl_on(r.bd, "arm pca9555@20 0 1 0 0"),
		      "err 0: TX is 1..1000000"));
	CHECK(!strcmp(ctl_on(r.bd, "arm pca9555@20 0 1 1"),
		      "err usage: arm CHIP N 0|1|z TX BYTE"));
}

/* A byte the transaction never reaches: missed, the pin untouched. */
TEST(arm_missed)
{
	struct stim_arm_state a;

	fresh();
	CHECK(!strcmp(ctl_on(r.bd, "arm pca9555@20 4 0 1 9"), "ok"));
	CHECK_EQ(reg_read(r.b, 0x20, 0x00), 0xff);
	stim_arm_state(st(), &a);
	CHECK_EQ(a.armed, 1);		/* it cannot know yet */
	CHECK_EQ(reg_read(r.b, 0x20, 0x00), 0xff);
	stim_arm_state(st(), &a);
	CHECK_EQ(a.armed, 0);
	CHECK_EQ(a.missed, 1);
	CHECK_EQ(a.fired, 0);
	CHECK_EQ(pin_read_bit(&c->pins, 4), 1);
	/* Byte 0: before the address byte of the next transaction. */
	CHECK(!strcmp(ctl_on(r.bd, "arm pca9555@20 4 0 1 0"), "ok"));
	CHECK_EQ(reg_read(r.b, 0x20, 0x00), 0xef);
	CHECK(!strcmp(ctl_on(r.bd, "arm pca9555@20 4 z 1 0"), "ok"));
	CHECK_EQ(reg_read(r.b, 0x20, 0x00), 0xff);
}

/*
 * On SPI: frames count per chip select, bytes are 8 bits. An MCP23S17
 * at 1 MHz; a GPIOA read is opcode 0x41, register 0x12, data: 24 bits,
 * 24 us. The change armed at byte 0 of the second frame lands between
 * the frames: the first read sees the pin high, the second low. A
 * storm at 10 kHz (edges 50 us apart) on bus time alone: the third
 * frame (48-72 us) passes edge 1 at its bit 3 (51 us).
 */
static struct spi_rig sr;

static unsigned int gpioa(void)
{
	uint8_t tx[3] = { 0x41, 0x12, 0 }, rx[3];

	spi_bus_frame(sr.b, 0, tx, rx, 3);
	return rx[2];
}

TEST(arm_and_storm_on_spi)
{
	struct spi_chip_cfg cfg = { .cs = 0, .present_mask = 0x01 };
	struct stim_storm_state st;
	struct stim_arm_state a;
	struct stim *s;
	struct chip *m;

	spi_rig_init(&sr);
	m = spi_rig_add(&sr, "microchip,mcp23s17", &cfg, 1000000);
	s = stim_new(&sr.w);
	spi_bus_set_byte_hook(sr.b, stim_on_byte, s);
	ext(m, 3, 1);
	CHECK_EQ(stim_arm(s, m, 3, EXT_LOW, 2, 0), 0);
	CHECK_EQ(gpioa() & 0x08, 0x08);
	CHECK_EQ(gpioa() & 0x08, 0);
	stim_arm_state(s, &a);
	CHECK_EQ(a.fired, 1);
	CHECK_EQ(a.at_ns, 24000 + 1000);	/* its first bit's clock */
	ext(m, 3, 1);
	CHECK_EQ(stim_storm(s, m, 3, 10000, 1, 0), 0);
	CHECK_EQ(pin_read_bit(&m->pins, 3), 0);
	CHECK_EQ(gpioa() & 0x08, 0);
	CHECK_EQ(gpioa() & 0x08, 0);
	CHECK_EQ(gpioa() & 0x08, 0x08);
	stim_storm_state(s, &st);
	CHECK_EQ(st.made, 2);
	CHECK_EQ(st.running, 0);
	CHECK_EQ(st.bus_ns, 57000);
	stim_free(s);
	spi_rig_free(&sr);
}

int main(void)
{
	RUN(storm_bounds_and_errors);
	RUN(storm_on_wall_time);
	RUN(storm_on_bus_time_interleaves);
	RUN(arm_at_a_byte);
	RUN(arm_missed);
	RUN(arm_and_storm_on_spi);
	rig_free(&r);
	return CHECK_DONE();
}
