// SPDX-License-Identifier: GPL-2.0
/* stim.c - storms and armed pin changes (stim.h). */
#include <pthread.h>
#include <stdlib.h>

#include "board/stim.h"
#include "buses/bus.h"
#include "buses/spi_bus.h"
#include "buses/world.h"
#include "models/chip.h"

struct storm {
	struct chip *c;
	unsigned int pin;
	uint32_t hz;
	uint64_t edges, made;
	bool running;
	uint64_t clock_ns;	/* the storm clock */
	uint64_t bus_ns;	/* of which bus time */
	uint64_t bus_last;	/* the chip's bus clock when last counted */
	uint64_t wall_last;	/* the wall clock when last counted */
};

struct arm {
	struct chip *c;
	unsigned int pin;
	enum pin_ext e;
	uint32_t tx, nbyte;
	bool armed, fired, missed;
	uint64_t seen;
	uint64_t seq;		/* the transaction it fires in, once reached */
	const void *bus;
	uint64_t at_ns;
};

struct stim {
	struct world *w;
	struct storm st;
	struct arm arm;
};

struct stim *stim_new(struct world *w)
{
	struct stim *s = calloc(1, sizeof(*s));

	if (s)
		s->w = w;
	return s;
}

void stim_free(struct stim *s)
{
	free(s);
}

/* The bus (struct bus or struct spi_bus) the chip's transactions use. */
static const void *chip_bus(const struct chip *c)
{
	return c->bus ? (const void *)c->bus : (const void *)c->spi;
}

/* Edge k of the storm falls due at k half periods of its clock. */
static uint64_t due_ns(const struct storm *st, uint64_t k)
{
	return k * 1000000000ull / (2ull * st->hz);
}

static void toggle(struct chip *c, unsigned int pin)
{
	pin_set_ext(&c->pins, pin,
		    pin_read_bit(&c->pins, pin) ? EXT_LOW : EXT_HIGH);
}

/* Make every edge due by the storm clock. */
static void storm_run(struct storm *st)
{
	while (st->running && due_ns(st, st->made) <= st->clock_ns) {
		toggle(st->c, st->pin);
		if (++st->made == st->edges)
			st->running = false;
	}
}

/* The storm clock gains the bus time the chip's bus made since. */
static void storm_bus(struct storm *st, uint64_t bus_now)
{
	if (bus_now > st->bus_last) {
		st->clock_ns += bus_now - st->bus_last;
		st->bus_ns += bus_now - st->bus_last;
	}
	st->bus_last = bus_now;
}

int stim_storm(struct stim *s, struct chip *c, unsigned int pin,
	       uint32_t hz, uint32_t periods, uint64_t wall_now)
{
	struct storm *st = &s->st;

	if (st->running || hz < STIM_HZ_MIN || hz > STIM_HZ_MAX ||
	    !periods || periods > STIM_PERIODS_MAX || pin >= c->pins.n)
		return -1;
	*st = (struct storm){
		.c = c, .pin = pin, .hz = hz, .edges = 2ull * periods,
		.running = true, .bus_last = chip_bus_now_ns(c),
		.wall_last = wall_now,
	};
	world_set_event(s->w, c->pins.bus, st->bus_last, wall_now);
	storm_run(st);		/* edge 0 is due at once */
	return 0;
}

void stim_storm_stop(struct stim *s)
{
	s->st.running = false;
}

void stim_storm_state(const struct stim *s, struct stim_storm_state *out)
{
	const struct storm *st = &s->st;

	*out = (struct stim_storm_state){
		.c = st->c, .pin = st->pin, .hz = st->hz, .edges = st->edges,
		.made = st->made, .running = st->running,
		.clock_ns = st->clock_ns, .bus_ns = st->bus_ns,
	};
}

uint64_t stim_deadline(const struct stim *s)
{
	const struct storm *st = &s->st;
	uint64_t due;

	if (!st->running)
		return UINT64_MAX;
	due = due_ns(st, st->made);
	return st->wall_last + (due > st->clock_ns ? due - st->clock_ns : 0);
}

void stim_tick(struct stim *s, uint64_t wall_now)
{
	struct storm *st = &s->st;

	pthread_mutex_lock(&s->w->lock);
	if (st->running) {
		if (wall_now > st->wall_last)
			st->clock_ns += wall_now - st->wall_last;
		st->wall_last = wall_now;
		storm_bus(st, chip_bus_now_ns(st->c));
		world_set_event(s->w, st->c->pins.bus, st->bus_last,
				wall_now);
		storm_run(st);
	}
	pthread_mutex_unlock(&s->w->lock);
}

int stim_arm(struct stim *s, struct chip *c, unsigned int pin,
	     enum pin_ext e, uint32_t tx, uint32_t nbyte)
{
	if (!tx || pin >= c->pins.n)
		return -1;
	s->arm = (struct arm){ .c = c, .pin = pin, .e = e, .tx = tx,
			       .nbyte = nbyte, .armed = true };
	return 0;
}

void stim_disarm(struct stim *s)
{
	s->arm.armed = false;
}

void stim_arm_state(const struct stim *s, struct stim_arm_state *out)
{
	const struct arm *a = &s->arm;

	*out = (struct stim_arm_state){
		.c = a->c, .armed = a->armed, .fired = a->fired,
		.missed = a->missed, .seen = a->seen, .at_ns = a->at_ns,
	};
}

/* Does transaction bb (its first byte) go to c? */
static bool addressed(const struct chip *c, const struct bus_byte *bb)
{
	unsigned int i;

	if (c->spi)
		return bb->addr == c->cs;
	for (i = 0; i < c->ntargets; i++)
		if (c->targets[i].addr == bb->addr)
			return true;
	return false;
}

static void arm_byte(struct arm *a, const struct bus_byte *bb)
{
	if (!a->armed || bb->bus != chip_bus(a->c))
		return;
	if (bb->nbyte == 0) {
		if (a->seen == a->tx) {
			/* Its transaction ended before the byte. */
			a->armed = false;
			a->missed = true;
			return;
		}
		if (!addressed(a->c, bb))
			return;
		if (++a->seen == a->tx)
			a->seq = bb->seq;
	}
	if (a->seen == a->tx && bb->seq == a->seq && bb->nbyte == a->nbyte) {
		pin_set_ext(&a->c->pins, a->pin, a->e);
		a->armed = false;
		a->fired = true;
		a->at_ns = bb->at_ns;
	}
}

void stim_on_byte(void *ctx, const struct bus_byte *bb)
{
	struct stim *s = ctx;
	struct storm *st = &s->st;

	arm_byte(&s->arm, bb);
	if (st->running && bb->bus == chip_bus(st->c)) {
		storm_bus(st, bb->at_ns);
		storm_run(st);
	}
}
