// SPDX-License-Identifier: GPL-2.0
/*
 * sc18is602.c - SC18IS602/602B/603, an I2C target that is an SPI master
 * (spi-sc18is602), with the SPI bus behind it (c->spi_master) on which
 * the board puts the SPI parts of its DT node's children.
 *
 * I2C write: a function byte, then data.
 *   0x01-0x0F  SPI transfer: bit n asserts SSn (the lowest set bit
 *              selects; the driver sets one), then up to 200 bytes.
 *              At STOP the bridge clocks them out full duplex and
 *              keeps the bytes read from MISO in its buffer.
 *   0xF0       configure SPI: bit 5 ORDER (1 = LSB first), bit 3 CPOL,
 *              bit 2 CPHA, bits 1:0 clock = crystal / 4, 16, 64, 128.
 *   0xF1 clear interrupt, 0xF2 idle, 0xF4-0xF7 SS pins as GPIO
 *              (stored; 0xF5 puts the GPIO state in the buffer).
 *   anything else: the function byte is not acknowledged.
 * I2C read: the buffer from its first byte (0xFF past what was filled).
 *
 * The SPI transfer takes its own time on the SPI bus's clock at the
 * configured SCLK (capped by the device's spi-max-frequency); the I2C
 * side never waits for it, so the driver's ready poll (a 1-byte read
 * before every write and read) is answered at once. Bit order and mode
 * on the wire follow the device's DT node, which is what the driver
 * configures from. Not modelled: the INT output, the 603's external
 * clock input (clock-frequency), the GPIO pins as pins.
 */

#include "buses/spi_bus.h"
#include "models/chip.h"

#define BUFSZ 200
#define XTAL 7372800u

struct sc18is602 {
	struct chip c;
	unsigned int nss;	/* slave selects: 4, or 2 on the 603 */
	uint8_t func;
	unsigned int idx;	/* data bytes of this transaction */
	uint8_t tx[BUFSZ];
	unsigned int txlen;
	uint8_t buf[BUFSZ];
	unsigned int buflen;
	uint8_t config;
	uint8_t gpio[4];	/* F4 write, F6 enable, F7 config, - */
	bool writing;
};

static const unsigned int divs[4] = { 4, 16, 64, 128 };

static int br_start(struct i2c_target *t, bool read)
{
	struct sc18is602 *m = t->priv;

	m->idx = 0;
	m->writing = !read;
	m->txlen = 0;
	return 0;
}

static bool func_ok(uint8_t f)
{
	return (f >= 0x01 && f <= 0x0f) || f == 0xf0 || f == 0xf1 ||
	       f == 0xf2 || (f >= 0xf4 && f <= 0xf7);
}

static int br_write(struct i2c_target *t, uint8_t byte)
{
	struct sc18is602 *m = t->priv;
	unsigned int i = m->idx++;

	if (i == 0) {
		if (!func_ok(byte))
			return -1;
		m->func = byte;
		return 0;
	}
	if (m->func <= 0x0f) {
		if (m->txlen == BUFSZ)
			return -1;
		m->tx[m->txlen++] = byte;
		return 0;
	}
	if (i > 1)
		return -1;	/* the other functions take one byte */
	switch (m->func) {
	case 0xf0:
		m->config = byte;
		spi_bus_set_master_hz(m->c.spi_master,
				      XTAL / divs[byte & 3]);
		break;
	case 0xf4:
		m->gpio[0] = byte;
		break;
	case 0xf6:
		m->gpio[1] = byte;
		break;
	case 0xf7:
		m->gpio[2] = byte;
		break;
	}
	return 0;
}

static uint8_t br_read(struct i2c_target *t)
{
	struct sc18is602 *m = t->priv;
	unsigned int i = m->idx++;

	return i < m->buflen ? m->buf[i] : 0xff;
}

static void br_stop(struct i2c_target *t)
{
	struct sc18is602 *m = t->priv;
	unsigned int cs;

	if (!m->writing || !m->idx)
		return;
	if (m->func == 0xf5) {
		m->buf[0] = m->gpio[0];
		m->buflen = 1;
		return;
	}
	if (m->func > 0x0f || !m->txlen)
		return;
	cs = __builtin_ctz(m->func);
	if (cs >= m->nss)
		return;
	spi_bus_frame(m->c.spi_master, cs, m->tx, m->buf, m->txlen);
	m->buflen = m->txlen;
}

static const struct i2c_target_ops br_ops = {
	.start = br_start,
	.write = br_write,
	.read = br_read,
	.stop = br_stop,
};

static int br_init(struct chip *c, char *err, size_t errlen)
{
	struct sc18is602 *m = CHIP_MODEL(c, struct sc18is602);

	if (c->reg < 0x28 || c->reg > 0x2f) {
		snprintf(err, errlen, "reg 0x%02x: the part answers at "
			 "0x28-0x2f", c->reg);
		return -1;
	}
	m->nss = c->v->data ? 2 : 4;
	c->spi_master = spi_bus_new(c->w, "spi", XTAL / 4);
	if (!c->spi_master) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	chip_add_target(c, c->reg, &br_ops, m);
	return 0;
}

static void br_fini(struct chip *c)
{
	spi_bus_free(c->spi_master);
}

static const struct chip_family sc18is602_family = {
	.size = sizeof(struct sc18is602),
	.init = br_init,
	.fini = br_fini,
};

static const int is603 = 1;

const struct chip_variant sc18is602_variants[] = {
	{ "nxp,sc18is602", "sc18is602", &sc18is602_family, 0, NULL },
	{ "nxp,sc18is602b", "sc18is602b", &sc18is602_family, 0, NULL },
	{ "nxp,sc18is603", "sc18is603", &sc18is602_family, 0, &is603 },
	{ NULL },
};
