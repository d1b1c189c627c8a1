// SPDX-License-Identifier: GPL-2.0
/*
 * test_spi_gpio.c - an spi-gpio bus on virtio-gpio lines, from a DTB
 * (tests/boards/spi-gpio.dts), driven by the requests Linux's
 * gpio-virtio sends for spi-gpio's bit-banging: SET_VALUE / GET_VALUE
 * per line, one round trip each, MISO read back from the model.
 */
#include <stdlib.h>

#include "board/board.h"
#include "board/board_dt.h"
#include "control/control.h"
#include "check.h"
#include "buses/spi_bus.h"
#include "vgpio_req.h"

#define BOARD(name) BOARDS_DIR "/" name ".dtb"

enum { SCK, MOSI, MISO, CS0, CS1 };

static struct board *bd;
static struct vgpio_rig rig;
static unsigned int requests;

static int request(uint16_t type, uint16_t line, uint32_t value)
{
	requests++;
	return vgpio_req(&rig, type, line, value);
}

static void set(unsigned int line, int v)
{
	request(VIRTIO_GPIO_MSG_SET_VALUE, line, v);
}

/* spi-gpio's probe: outputs at their idle levels, MISO an input. */
static int setup(void)
{
	char err[256] = "";
	unsigned int l;

	bd = board_load(BOARD("spi-gpio"), err, sizeof(err));
	if (!bd) {
		fprintf(stderr, "  %s\n", err);
		return -1;
	}
	if (vgpio_rig_init(&rig, board_find_gpio(bd, "gpio5"))) {
		fprintf(stderr, "  cannot serve gpio5\n");
		board_free(bd);
		return -1;
	}
	for (l = SCK; l <= CS1; l++) {
		if (l == MISO) {
			request(VIRTIO_GPIO_MSG_SET_DIRECTION, l,
				VIRTIO_GPIO_DIRECTION_IN);
			continue;
		}
		set(l, l >= CS0);
		request(VIRTIO_GPIO_MSG_SET_DIRECTION, l,
			VIRTIO_GPIO_DIRECTION_OUT);
	}
	requests = 0;
	return 0;
}

/* bitbang_txrx_be_cpha0/1 of drivers/spi/spi-bitbang-txrx.h. */
static uint32_t word(int mode, uint32_t w, unsigned int bits)
{
	int cpol = mode >> 1 & 1, cpha = mode & 1, old = -1;
	uint32_t in = 0;
	unsigned int i;

	for (i = 0; i < bits; i++) {
		int b = (w >> (bits - 1 - i)) & 1;

		if (!cpha) {
			if (b != old)
				set(MOSI, b);
			old = b;
			set(SCK, !cpol);
			in = in << 1 | request(VIRTIO_GPIO_MSG_GET_VALUE,
					       MISO, 0);
			set(SCK, cpol);
		} else {
			set(SCK, !cpol);
			if (b != old)
				set(MOSI, b);
			old = b;
			set(SCK, cpol);
			in = in << 1 | request(VIRTIO_GPIO_MSG_GET_VALUE,
					       MISO, 0);
		}
	}
	return in;
}

/* spi_gpio_chipselect() around one message of one word. */
static uint32_t message(unsigned int cs, int mode, uint32_t w,
			unsigned int bits)
{
	uint32_t in;

	set(SCK, mode >> 1 & 1);
	set(CS0 + cs, 0);
	in = word(mode, w, bits);
	set(CS0 + cs, 1);
	return in;
}

TEST(max7301_over_gpio_lines)
{
	struct spi_bus *sb;
	struct bus_counters k;
	struct chip *c;

	if (setup())
		return;
	sb = board_find_spi(bd, "spi5-gpio");
	c = board_find_chip(bd, "max7301@0");
	CHECK(sb && c);
	if (!sb || !c)
		goto out;
	message(0, 0, 0x0401, 16);	/* normal operation */
	message(0, 0, 0x0955, 16);	/* P4-P7 outputs */
	message(0, 0, 0x2401, 16);	/* P4 = 1 */
	CHECK_EQ(pin_level(&c->pins, 0), PIN_1);
	message(0, 0, 0x8900, 16);	/* read port configuration P4-P7 */
	CHECK_EQ(message(0, 0, 0x0000, 16), 0x8955);
	spi_bus_get_counters(sb, &k);
	CHECK_EQ(k.transactions, 5);
	CHECK_EQ(k.bits, 80);
	CHECK_EQ(k.busy_ns, 80000);	/* at spi-max-frequency, 1 MHz */
	/*
	 * One frame of 16 bits costs the guest 2 SCK writes and one MISO
	 * read per bit, a MOSI write for the first bit and where a bit
	 * changes, 2 CS writes and one SCK write: one round trip each.
	 */
	requests = 0;
	message(0, 0, 0x0000, 16);
	CHECK_EQ(requests, 16 * 3 + 1 + 3);
out:
	vgpio_rig_free(&rig);
	board_free(bd);
}

TEST(mode3_part_on_the_second_select)
{
	struct spi_bus *sb;
	struct chip *c;

	if (setup())
		return;
	sb = board_find_spi(bd, "spi5-gpio");
	c = board_find_chip(bd, "hc595@1");
	CHECK(sb && c);
	if (!sb || !c)
		goto out;
	message(1, 3, 0xa5, 8);
	CHECK_EQ(pin_read_bits(&c->pins, 0, 8), 0xa5);
	/* The chain shifts the previous byte out on MISO. */
	CHECK_EQ(message(1, 3, 0x00, 8), 0xa5);
	CHECK_EQ(spi_bus_now_ns(sb), 2 * 16000);	/* 8 bits at 500 kHz */
out:
	vgpio_rig_free(&rig);
	board_free(bd);
}

int main(void)
{
	RUN(max7301_over_gpio_lines);
	RUN(mode3_part_on_the_second_select);
	return CHECK_DONE();
}
