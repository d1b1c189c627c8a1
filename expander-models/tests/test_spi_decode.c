// SPDX-License-Identifier: GPL-2.0
/*
 * test_spi_decode.c - pin edges to frames: every SPI mode, both bit
 * orders, several chip selects, daisy chains, framing, the S record and
 * the bus clock from the device's spi-max-frequency.
 */
#include "check.h"
#include "spi_rig.h"

/*
 * A probe target: records what it sampled, drives a fixed pattern out
 * MSB of out[0] first, like any part whose first bit is out at CS fall.
 */
struct probe {
	struct spi_target t;
	uint8_t out[8], in[8];
	unsigned int bit, selects, deselects, last_nbits;
};

static void p_select(struct spi_target *t)
{
	struct probe *p = t->priv;

	p->bit = 0;
	p->selects++;
	memset(p->in, 0, sizeof(p->in));
}

static int p_dout(const struct spi_target *t)
{
	const struct probe *p = t->priv;

	return p->bit < 64 ? (p->out[p->bit / 8] >> (7 - p->bit % 8)) & 1 : 1;
}

static void p_clock(struct spi_target *t, int din)
{
	struct probe *p = t->priv;

	if (p->bit < 64 && din)
		p->in[p->bit / 8] |= 0x80 >> (p->bit % 8);
	p->bit++;
}

static void p_deselect(struct spi_target *t, unsigned int nbits)
{
	struct probe *p = t->priv;

	p->deselects++;
	p->last_nbits = nbits;
}

static const struct spi_target_ops probe_ops = {
	.select = p_select, .dout = p_dout, .clock = p_clock,
	.deselect = p_deselect,
};

static void probe_init(struct probe *p, const uint8_t *out, unsigned int n)
{
	memset(p, 0, sizeof(*p));
	p->t.ops = &probe_ops;
	p->t.priv = p;
	memcpy(p->out, out, n);
}

static uint8_t rev8(uint8_t v)
{
	uint8_t r = 0;
	unsigned int i;

	for (i = 0; i < 8; i++)
		r |= ((v >> i) & 1) << (7 - i);
	return r;
}

/* Mode m, MSB first: both directions arrive bit-exact. */
static void one_mode(int mode, bool lsb)
{
	static const uint8_t pat[3] = { 0xa5, 0x3c, 0x01 };
	const uint8_t tx[3] = { 0x96, 0x0f, 0x80 };
	struct spi_rig r;
	struct probe p;
	struct bus_counters k;
	uint8_t rx[3];
	unsigned int i;

	spi_rig_init(&r);
	spi_rig_dev(&r, 0, mode, lsb, 1000000);
	probe_init(&p, pat, 3);
	spi_bus_attach(r.b, 0, &p.t);
	r.d = spi_decoder_new(r.b, 1);
	gpio_xfer(&r, 0, mode, lsb, tx, rx, 3);
	for (i = 0; i < 3; i++) {
		/* The probe sees wire order; LSB first reverses each byte. */
		CHECK_EQ(p.in[i], lsb ? rev8(tx[i]) : tx[i]);
		CHECK_EQ(rx[i], lsb ? rev8(pat[i]) : pat[i]);
	}
	CHECK_EQ(p.selects, 1);
	CHECK_EQ(p.deselects, 1);
	CHECK_EQ(p.last_nbits, 24);
	spi_bus_get_counters(r.b, &k);
	CHECK_EQ(k.transactions, 1);
	CHECK_EQ(k.bits, 24);
	CHECK_EQ(k.busy_ns, 24000);	/* 24 clocks at 1 MHz */
	/* The log shows bytes in the device's bit order: what was sent. */
	CHECK(strstr(spi_rig_log(&r), "bits=24 mosi=960f80 miso="));
	spi_rig_free(&r);
}

TEST(mode0_msb) { one_mode(0, false); }
TEST(mode1_msb) { one_mode(SPI_CPHA, false); }
TEST(mode2_msb) { one_mode(SPI_CPOL, false); }
TEST(mode3_msb) { one_mode(SPI_CPOL | SPI_CPHA, false); }
TEST(mode0_lsb) { one_mode(0, true); }
TEST(mode3_lsb) { one_mode(SPI_CPOL | SPI_CPHA, true); }

/*
 * The sampling edge is the mode's: MOSI high on every leading edge and
 * low on every trailing one reads 0xff with CPHA = 0 and 0x00 with
 * CPHA = 1 (CPOL = 1 swaps which SCK level is leading).
 */
static uint8_t raw_sample(int mode)
{
	static const uint8_t pat[1] = { 0 };
	int cpol = !!(mode & SPI_CPOL);
	struct spi_rig r;
	struct probe p;
	unsigned int i;
	uint8_t got;

	spi_rig_init(&r);
	spi_rig_dev(&r, 0, mode, false, 1000000);
	probe_init(&p, pat, 1);
	spi_bus_attach(r.b, 0, &p.t);
	r.d = spi_decoder_new(r.b, 1);
	gpio_cs(&r, 0, mode, true);
	for (i = 0; i < 8; i++) {
		spi_decoder_edge(r.d, SPI_LINE_MOSI, 1);
		spi_decoder_edge(r.d, SPI_LINE_SCK, !cpol);
		spi_decoder_edge(r.d, SPI_LINE_MOSI, 0);
		spi_decoder_edge(r.d, SPI_LINE_SCK, cpol);
	}
	gpio_cs(&r, 0, mode, false);
	got = p.in[0];
	spi_rig_free(&r);
	return got;
}

TEST(sampling_edge_per_mode)
{
	CHECK_EQ(raw_sample(0), 0xff);
	CHECK_EQ(raw_sample(SPI_CPHA), 0x00);
	CHECK_EQ(raw_sample(SPI_CPOL), 0xff);
	CHECK_EQ(raw_sample(SPI_CPOL | SPI_CPHA), 0x00);
}

/* Two chip selects: each frame goes to its own target only. */
TEST(chip_selects)
{
	static const uint8_t a[1] = { 0x11 }, b[1] = { 0x22 };
	const uint8_t tx[1] = { 0x5a };
	struct spi_rig r;
	struct probe p0, p1;
	uint8_t rx[1];

	spi_rig_init(&r);
	spi_rig_dev(&r, 0, 0, false, 1000000);
	spi_rig_dev(&r, 1, SPI_CPOL | SPI_CPHA, false, 500000);
	probe_init(&p0, a, 1);
	probe_init(&p1, b, 1);
	spi_bus_attach(r.b, 0, &p0.t);
	spi_bus_attach(r.b, 1, &p1.t);
	r.d = spi_decoder_new(r.b, 2);
	gpio_xfer(&r, 1, SPI_CPOL | SPI_CPHA, false, tx, rx, 1);
	CHECK_EQ(rx[0], 0x22);
	CHECK_EQ(p1.in[0], 0x5a);
	CHECK_EQ(p0.selects, 0);
	gpio_xfer(&r, 0, 0, false, tx, rx, 1);
	CHECK_EQ(rx[0], 0x11);
	CHECK_EQ(p0.selects, 1);
	CHECK_EQ(p1.selects, 1);
	/* 8 clocks at 500 kHz, then 8 at 1 MHz. */
	CHECK_EQ(spi_bus_now_ns(r.b), 16000 + 8000);
	CHECK(strstr(spi_rig_log(&r), "S bus=spi5 cs=1 seq=1 start_ns=0 "
		     "end_ns=16000 dur_ns=16000"));
	CHECK(strstr(spi_rig_log(&r), "cs=0 seq=2 start_ns=16000"));
	spi_rig_free(&r);
}

/* Clock edges with no chip select asserted reach nobody. */
TEST(no_select_no_frame)
{
	static const uint8_t a[1] = { 0xff };
	struct spi_rig r;
	struct probe p;
	struct bus_counters k;
	struct spi_decoder_counters dk;

	spi_rig_init(&r);
	spi_rig_dev(&r, 0, 0, false, 1000000);
	spi_rig_dev(&r, 1, 0, false, 1000000);
	probe_init(&p, a, 1);
	spi_bus_attach(r.b, 0, &p.t);
	r.d = spi_decoder_new(r.b, 2);
	gpio_word(&r, 0, false, 0xff, 8);
	spi_bus_get_counters(r.b, &k);
	CHECK_EQ(k.transactions, 0);
	CHECK_EQ(p.bit, 0);
	/* A second chip select while one is active is an error, not a frame. */
	gpio_cs(&r, 0, 0, true);
	spi_decoder_edge(r.d, SPI_LINE_CS0 + 1, 0);
	spi_decoder_get_counters(r.d, &dk);
	CHECK_EQ(dk.errors, 1);
	CHECK_EQ(spi_decoder_edge(r.d, SPI_LINE_CS0 + 2, 0), -1);
	gpio_cs(&r, 0, 0, false);
	spi_bus_get_counters(r.b, &k);
	CHECK_EQ(k.transactions, 1);
	CHECK_EQ(k.bits, 0);
	/* MISO floats back to the pull-up between frames. */
	CHECK_EQ(spi_decoder_miso(r.d), SPI_MISO_IDLE);
	spi_rig_free(&r);
}

/* spi-cs-high: the select is active high. */
TEST(cs_high)
{
	static const uint8_t a[1] = { 0x81 };
	struct spi_rig r;
	struct spi_dev_cfg cfg = { .cs_high = true, .max_hz = 1000000 };
	struct probe p;

	spi_rig_init(&r);
	spi_bus_add_dev(r.b, 0, &cfg);
	probe_init(&p, a, 1);
	spi_bus_attach(r.b, 0, &p.t);
	r.d = spi_decoder_new(r.b, 1);
	spi_decoder_edge(r.d, SPI_LINE_CS0, 1);
	CHECK_EQ(gpio_word(&r, 0, false, 0x42, 8), 0x81);
	spi_decoder_edge(r.d, SPI_LINE_CS0, 0);
	CHECK_EQ(p.in[0], 0x42);
	CHECK_EQ(p.deselects, 1);
	spi_rig_free(&r);
}

/*
 * A chain of three 8-bit shift registers: what goes in comes out 24
 * clocks later, and each stage holds the byte meant for it.
 */
TEST(daisy_chain_passes_bits)
{
	struct spi_rig r;
	struct spi_chip_cfg cfg = { .cs = 0, .chain = 3 };
	const uint8_t tx[6] = { 0x01, 0x02, 0x03, 0x00, 0x00, 0x00 };
	uint8_t rx[6];
	struct chip *c;

	spi_rig_init(&r);
	c = spi_rig_add(&r, "fairchild,74hc595", &cfg, 1000000);
	CHECK(c);
	r.d = spi_decoder_new(r.b, 1);
	gpio_xfer(&r, 0, 0, false, tx, rx, 3);
	/* Last byte in stays in register 0 (lines 0-7). */
	CHECK_EQ(pin_read_bits(&c->pins, 0, 24), 0x010203);
	gpio_xfer(&r, 0, 0, false, tx + 3, rx, 3);
	CHECK_EQ(rx[0], 0x01);	/* the chain shifts out the previous frame */
	CHECK_EQ(rx[1], 0x02);
	CHECK_EQ(rx[2], 0x03);
	spi_rig_free(&r);
}

/* spi_bus_frame (the bridge's path) and the decoder give the same log. */
TEST(frame_api_matches_pins)
{
	static const uint8_t pat[2] = { 0xde, 0xad };
	const uint8_t tx[2] = { 0x12, 0x34 };
	struct spi_rig r;
	struct probe p;
	uint8_t rx[2];

	spi_rig_init(&r);
	spi_rig_dev(&r, 0, 0, false, 2000000);
	probe_init(&p, pat, 2);
	spi_bus_attach(r.b, 0, &p.t);
	spi_bus_frame(r.b, 0, tx, rx, 2);
	CHECK_EQ(rx[0], 0xde);
	CHECK_EQ(rx[1], 0xad);
	CHECK(strstr(spi_rig_log(&r), " hz=2000000 bits=16 mosi=1234 "
		     "miso=dead\n"));
	/* The master's own clock caps the device's. */
	spi_bus_set_master_hz(r.b, 1000000);
	CHECK_EQ(spi_bus_frame_hz(r.b, 0), 1000000);
	spi_rig_free(&r);
}

int main(void)
{
	RUN(mode0_msb);
	RUN(mode1_msb);
	RUN(mode2_msb);
	RUN(mode3_msb);
	RUN(mode0_lsb);
	RUN(mode3_lsb);
	RUN(sampling_edge_per_mode);
	RUN(chip_selects);
	RUN(no_select_no_frame);
	RUN(cs_high);
	RUN(daisy_chain_passes_bits);
	RUN(frame_api_matches_pins);
	return CHECK_DONE();
}
