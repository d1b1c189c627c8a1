// SPDX-License-Identifier: GPL-2.0
/*
 * bus.c - one I2C bus: address decoding, the bus clock, counters, fault
 * injection and the transaction log record.
 */
#include <stdlib.h>
#include <string.h>

#include "buses/bus.h"
#include "buses/bus_hook.h"
#include "buses/i2c_target.h"
#include "buses/log.h"
#include "buses/world.h"

struct bus {
	char name[32];
	int slot;
	uint32_t hz;
	struct world *w;
	struct i2c_target *targets;
	uint64_t now_ns;	/* bus clock: sum of transaction times */
	uint64_t seq;		/* transactions ever, for the log */
	bool paced;
	struct bus_counters cnt;
	/* faults */
	uint16_t nack_addr;
	unsigned int nack_count;
	uint64_t delay_ns;
	uint64_t hold_until;	/* world_wall_ns() deadline, 0: none */
	bus_byte_fn hook;	/* before every byte (bus_hook.h) */
	void *hook_ctx;
};

uint64_t bus_i2c_ns(uint32_t hz, unsigned int starts, unsigned int bytes,
		    unsigned int stops)
{
	uint64_t clocks = (uint64_t)starts + 9ull * bytes + stops;

	return hz ? clocks * 1000000000ull / hz : 0;
}

struct bus *bus_new(struct world *w, const char *name, int slot,
		    uint32_t hz)
{
	struct bus *b = calloc(1, sizeof(*b));

	if (!b)
		return NULL;
	snprintf(b->name, sizeof(b->name), "%s", name);
	b->slot = slot;
	b->hz = hz ? hz : 100000;
	b->w = w;
	return b;
}

void bus_free(struct bus *b)
{
	free(b);
}

struct i2c_target *bus_target(struct bus *b, uint16_t addr)
{
	struct i2c_target *t;

	for (t = b->targets; t; t = t->next)
		if (t->addr == addr)
			return t;
	return NULL;
}

int bus_attach(struct bus *b, struct i2c_target *t)
{
	if (t->addr > 0x7f || bus_target(b, t->addr))
		return -1;
	t->next = b->targets;
	t->addressed = false;
	b->targets = t;
	return 0;
}

void bus_detach(struct bus *b, struct i2c_target *t)
{
	struct i2c_target **pp;

	for (pp = &b->targets; *pp; pp = &(*pp)->next) {
		if (*pp == t) {
			*pp = t->next;
			t->next = NULL;
			return;
		}
	}
}

void bus_set_paced(struct bus *b, bool paced)
{
	b->paced = paced;
}

void bus_set_byte_hook(struct bus *b, bus_byte_fn fn, void *ctx)
{
	b->hook = fn;
	b->hook_ctx = ctx;
}

/* The byte hook, before byte nbyte (0-based, address bytes counted). */
static void hook(struct bus *b, uint16_t addr, unsigned int nbyte)
{
	struct bus_byte bb = { b, b->seq + 1, addr, nbyte, b->w->ev.bus_ns };

	if (b->hook)
		b->hook(b->hook_ctx, &bb);
}

uint64_t bus_now_ns(const struct bus *b)
{
	return b->now_ns;
}

uint32_t bus_hz(const struct bus *b)
{
	return b->hz;
}

int bus_set_hz(struct bus *b, uint32_t hz)
{
	if (hz < BUS_HZ_MIN || hz > BUS_HZ_MAX)
		return -1;
	b->hz = hz;
	if (b->w->log)
		log_bus(b->w->log, b->name, b->slot, hz);
	return 0;
}

int bus_mmio_slot(const struct bus *b)
{
	return b->slot;
}

const char *bus_name(const struct bus *b)
{
	return b->name;
}

void bus_get_counters(const struct bus *b, struct bus_counters *c)
{
	*c = b->cnt;
}

void bus_reset_counters(struct bus *b)
{
	memset(&b->cnt, 0, sizeof(b->cnt));
}

uint64_t *bus_pin_counter(struct bus *b)
{
	return &b->cnt.pin_changes;
}

uint64_t *bus_irq_counter(struct bus *b)
{
	return &b->cnt.irq_changes;
}

void bus_fault_nack(struct bus *b, uint16_t addr, unsigned int count)
{
	b->nack_addr = addr;
	b->nack_count = count;
}

void bus_fault_delay(struct bus *b, uint64_t ns)
{
	b->delay_ns = ns;
}

void bus_fault_hold(struct bus *b, uint64_t ns)
{
	b->hold_until = ns ? world_wall_ns() + ns : 0;
}

void bus_fault_clear(struct bus *b)
{
	b->nack_count = 0;
	b->delay_ns = 0;
	b->hold_until = 0;
}

/* Address phase: which target ACKs, if any (NULL: NACK). */
static struct i2c_target *address(struct bus *b, const struct i2c_seg *s)
{
	struct i2c_target *t;

	if (s->addr > 0x7f)
		return NULL;	/* 10-bit addressing is not modelled */
	if (b->nack_count && s->addr == b->nack_addr) {
		b->nack_count--;
		return NULL;
	}
	t = bus_target(b, s->addr);
	if (!t || t->ops->start(t, s->read))
		return NULL;
	return t;
}

/*
 * Runs the segments; fills ls[] with what went on the wire. Returns the
 * number of segments that went out; *nack tells whether one ended it.
 */
static unsigned int run(struct bus *b, struct i2c_seg *segs,
			unsigned int nsegs, uint64_t wall, struct log_seg *ls,
			unsigned int *starts, unsigned int *bytes, bool *nack)
{
	struct world *w = b->w;
	uint64_t t0 = b->now_ns;
	unsigned int i, j;

	*nack = false;
	for (i = 0; i < nsegs; i++)
		segs[i].status = -1;
	for (i = 0; i < nsegs; i++) {
		struct i2c_seg *s = &segs[i];
		struct i2c_target *t;

		(*starts)++;
		(*bytes)++;
		ls[i] = (struct log_seg){ .addr = s->addr, .read = s->read,
					  .buf = s->buf, .ack = LOG_ACK };
		world_set_event(w, b->name,
				t0 + bus_i2c_ns(b->hz, *starts, *bytes, 0),
				wall);
		hook(b, segs[0].addr, *bytes - 1);
		t = address(b, s);
		if (!t) {
			ls[i].ack = LOG_NACK_ADDR;
			*nack = true;
			return i + 1;
		}
		t->addressed = true;
		for (j = 0; j < s->len; j++) {
			(*bytes)++;
			ls[i].len++;
			/* The byte's effects happen at its ACK clock. */
			world_set_event(w, b->name, t0 + bus_i2c_ns(b->hz,
					*starts, *bytes, 0), wall);
			hook(b, segs[0].addr, *bytes - 1);
			if (s->read) {
				s->buf[j] = t->ops->read(t);
			} else if (t->ops->write(t, s->buf[j])) {
				ls[i].ack = LOG_NACK_DATA;
				*nack = true;
				return i + 1;
			}
		}
		s->status = 0;
	}
	return nsegs;
}

int bus_transfer(struct bus *b, struct i2c_seg *segs, unsigned int nsegs,
		 struct bus_timing *tm)
{
	struct log_seg ls_small[16], *ls = ls_small;
	unsigned int starts = 0, bytes = 0, went;
	struct world *w = b->w;
	struct i2c_target *t;
	uint64_t wall, dur, hold;
	bool nack;

	if (tm)
		*tm = (struct bus_timing){ 0, 0 };
	if (!nsegs)
		return 0;
	if (nsegs > 16) {
		ls = calloc(nsegs, sizeof(*ls));
		if (!ls) {
			for (went = 0; went < nsegs; went++)
				segs[went].status = -1;
			return -1;
		}
	}

	pthread_mutex_lock(&w->lock);
	wall = world_wall_ns();
	world_set_event(w, b->name, b->now_ns, wall);
	went = run(b, segs, nsegs, wall, ls, &starts, &bytes, &nack);

	/* STOP: every target addressed since START sees it. */
	world_set_event(w, b->name,
			b->now_ns + bus_i2c_ns(b->hz, starts, bytes, 1), wall);
	for (t = b->targets; t; t = t->next) {
		if (!t->addressed)
			continue;
		t->addressed = false;
		if (t->ops->stop)
			t->ops->stop(t);
	}

	dur = bus_i2c_ns(b->hz, starts, bytes, 1);
	b->seq++;
	b->cnt.transactions++;
	b->cnt.bytes += bytes;
	b->cnt.segments += went;
	b->cnt.nacks += nack;
	b->cnt.busy_ns += dur;
	hold = (b->paced ? dur : 0) + b->delay_ns;
	if (b->hold_until > wall && b->hold_until - wall > hold)
		hold = b->hold_until - wall;
	/* What a fault adds to the wire time: a target stretching SCL. */
	if (w->log)
		log_transaction(w->log, b->name, b->seq, b->now_ns,
				b->now_ns + dur, wall, bytes, ls, went,
				hold - (b->paced ? dur : 0));
	b->now_ns += dur;
	pthread_mutex_unlock(&w->lock);

	if (ls != ls_small)
		free(ls);
	if (tm) {
		tm->bus_ns = dur;
		tm->hold_ns = hold;
	}
	return nack ? -1 : 0;
}
