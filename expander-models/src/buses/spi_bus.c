// SPDX-License-Identifier: GPL-2.0
/*
 * spi_bus.c - one SPI bus: chip selects, daisy chains, the bus clock,
 * counters and the S record. Callers hold the world lock (the decoder's
 * entry point takes it; the SC18IS602 model runs inside an I2C
 * transaction, which already holds it).
 */
#include <stdlib.h>
#include <string.h>

#include "buses/log.h"
#include "buses/spi_bus.h"
#include "buses/world.h"

struct spi_bus {
	char name[32];
	struct world *w;
	uint32_t master_hz;
	uint32_t speed_hz;	/* the bench's override, 0: none */
	struct spi_dev_cfg dev[SPI_MAX_CS];
	struct spi_target *chain[SPI_MAX_CS];
	uint64_t now_ns;
	uint64_t seq;
	struct bus_counters cnt;
	/* the frame in progress */
	int cs;
	uint32_t hz;
	uint64_t wall_ns;
	unsigned int nbits;
	uint8_t mosi[SPI_FRAME_MAX], miso[SPI_FRAME_MAX];
	bus_byte_fn hook;	/* before every byte (bus_hook.h) */
	void *hook_ctx;
};

void spi_bus_set_byte_hook(struct spi_bus *b, bus_byte_fn fn, void *ctx)
{
	b->hook = fn;
	b->hook_ctx = ctx;
}

uint64_t spi_bus_ns(uint32_t hz, unsigned int nbits)
{
	return hz ? (uint64_t)nbits * 1000000000ull / hz : 0;
}

struct spi_bus *spi_bus_new(struct world *w, const char *name,
			    uint32_t master_hz)
{
	struct spi_bus *b = calloc(1, sizeof(*b));

	if (!b)
		return NULL;
	snprintf(b->name, sizeof(b->name), "%s", name);
	b->w = w;
	b->master_hz = master_hz;
	b->cs = -1;
	return b;
}

void spi_bus_free(struct spi_bus *b)
{
	free(b);
}

const char *spi_bus_name(const struct spi_bus *b)
{
	return b->name;
}

void spi_bus_set_name(struct spi_bus *b, const char *name)
{
	snprintf(b->name, sizeof(b->name), "%s", name);
}

int spi_bus_add_dev(struct spi_bus *b, unsigned int cs,
		    const struct spi_dev_cfg *cfg)
{
	if (cs >= SPI_MAX_CS || b->dev[cs].present)
		return -1;
	b->dev[cs] = *cfg;
	b->dev[cs].present = true;
	return 0;
}

const struct spi_dev_cfg *spi_bus_dev(const struct spi_bus *b,
				      unsigned int cs)
{
	return cs < SPI_MAX_CS && b->dev[cs].present ? &b->dev[cs] : NULL;
}

int spi_bus_attach(struct spi_bus *b, unsigned int cs, struct spi_target *t)
{
	struct spi_target **pp;

	if (cs >= SPI_MAX_CS)
		return -1;
	for (pp = &b->chain[cs]; *pp; pp = &(*pp)->next)
		;
	t->next = NULL;
	*pp = t;
	return 0;
}

void spi_bus_set_master_hz(struct spi_bus *b, uint32_t hz)
{
	b->master_hz = hz;
}

void spi_bus_set_speed(struct spi_bus *b, uint32_t hz)
{
	b->speed_hz = hz;
}

uint32_t spi_bus_speed(const struct spi_bus *b)
{
	return b->speed_hz;
}

uint32_t spi_bus_frame_hz(const struct spi_bus *b, unsigned int cs)
{
	uint32_t dev = cs < SPI_MAX_CS ? b->dev[cs].max_hz : 0;

	if (b->speed_hz)
		return b->speed_hz;

	if (!b->master_hz)
		return dev;
	return dev && dev < b->master_hz ? dev : b->master_hz;
}

int spi_bus_active(const struct spi_bus *b)
{
	return b->cs;
}

static void set_now(struct spi_bus *b, unsigned int nbits)
{
	world_set_event(b->w, b->name, b->now_ns + spi_bus_ns(b->hz, nbits),
			b->wall_ns);
}

void spi_bus_select(struct spi_bus *b, unsigned int cs)
{
	struct spi_target *t;

	if (b->cs >= 0)
		spi_bus_deselect(b);
	if (cs >= SPI_MAX_CS)
		return;
	b->cs = cs;
	b->hz = spi_bus_frame_hz(b, cs);
	b->nbits = 0;
	b->wall_ns = world_wall_ns();
	memset(b->mosi, 0, sizeof(b->mosi));
	memset(b->miso, 0, sizeof(b->miso));
	set_now(b, 0);
	for (t = b->chain[cs]; t; t = t->next)
		if (t->ops->select)
			t->ops->select(t);
}

int spi_bus_miso(const struct spi_bus *b)
{
	struct spi_target *t;

	if (b->cs < 0 || !b->chain[b->cs])
		return SPI_HIZ;
	for (t = b->chain[b->cs]; t->next; t = t->next)
		;
	return t->ops->dout(t);
}

/* Bit n of the frame into buf, in the device's bit order per byte. */
static void put_bit(uint8_t *buf, unsigned int n, bool lsb, int v)
{
	unsigned int i = n / 8, s = lsb ? n % 8 : 7 - n % 8;

	if (i < SPI_FRAME_MAX && v)
		buf[i] |= 1u << s;
}

int spi_bus_clock(struct spi_bus *b, int mosi)
{
	int outs[32], miso, din, i, n = 0;
	struct spi_target *t;

	if (b->cs < 0)
		return SPI_MISO_IDLE;
	miso = spi_bus_miso(b);
	if (miso == SPI_HIZ)
		miso = SPI_MISO_IDLE;
	/* Every target samples what its upstream showed before the edge. */
	for (t = b->chain[b->cs]; t && n < 32; t = t->next)
		outs[n++] = t->ops->dout(t);
	set_now(b, b->nbits + 1);
	if (b->hook && b->nbits % 8 == 0) {
		struct bus_byte bb = { b, b->seq + 1, (uint16_t)b->cs,
				       b->nbits / 8, b->w->ev.bus_ns };

		b->hook(b->hook_ctx, &bb);
	}
	din = !!mosi;
	i = 0;
	for (t = b->chain[b->cs]; t && i < 32; t = t->next, i++) {
		t->ops->clock(t, din);
		din = outs[i] == SPI_HIZ ? SPI_MISO_IDLE : outs[i];
	}
	put_bit(b->mosi, b->nbits, b->dev[b->cs].lsb_first, mosi);
	put_bit(b->miso, b->nbits, b->dev[b->cs].lsb_first, miso);
	b->nbits++;
	return miso;
}

void spi_bus_deselect(struct spi_bus *b)
{
	struct world *w = b->w;
	struct spi_target *t;
	uint64_t dur;
	unsigned int n;

	if (b->cs < 0)
		return;
	set_now(b, b->nbits);
	for (t = b->chain[b->cs]; t; t = t->next)
		if (t->ops->deselect)
			t->ops->deselect(t, b->nbits);
	dur = spi_bus_ns(b->hz, b->nbits);
	b->seq++;
	b->cnt.transactions++;
	b->cnt.segments++;
	b->cnt.bits += b->nbits;
	b->cnt.bytes += (b->nbits + 7) / 8;
	b->cnt.busy_ns += dur;
	n = (b->nbits + 7) / 8;
	if (w->log)
		log_spi_frame(w->log, b->name, b->cs, b->seq, b->now_ns,
			      b->now_ns + dur, b->wall_ns, b->hz, b->nbits,
			      b->mosi, b->miso,
			      n < SPI_FRAME_MAX ? n : SPI_FRAME_MAX);
	b->now_ns += dur;
	b->cs = -1;
}

void spi_bus_frame(struct spi_bus *b, unsigned int cs, const uint8_t *tx,
		   uint8_t *rx, unsigned int len)
{
	bool lsb = cs < SPI_MAX_CS && b->dev[cs].lsb_first;
	unsigned int i, j;

	spi_bus_select(b, cs);
	for (i = 0; i < len; i++) {
		uint8_t in = 0;

		for (j = 0; j < 8; j++) {
			unsigned int s = lsb ? j : 7 - j;
			int bit = spi_bus_clock(b, tx ? (tx[i] >> s) & 1 : 0);

			in |= bit << s;
		}
		if (rx)
			rx[i] = in;
	}
	spi_bus_deselect(b);
}

uint64_t spi_bus_now_ns(const struct spi_bus *b)
{
	return b->now_ns;
}

void spi_bus_get_counters(const struct spi_bus *b, struct bus_counters *c)
{
	*c = b->cnt;
}

void spi_bus_reset_counters(struct spi_bus *b)
{
	memset(&b->cnt, 0, sizeof(b->cnt));
}

uint64_t *spi_bus_pin_counter(struct spi_bus *b)
{
	return &b->cnt.pin_changes;
}

uint64_t *spi_bus_irq_counter(struct spi_bus *b)
{
	return &b->cnt.irq_changes;
}
