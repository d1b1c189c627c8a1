/* SPDX-License-Identifier: GPL-2.0 */
/*
 * world.h - state shared by every bus and chip of one board: the lock
 * that serialises them, the log, the clock of the event in progress, and
 * who watches the board's changes.
 *
 * Wires join pins of chips on different buses, so a transaction on one
 * bus can change pins (and interrupts) of a chip on another: one lock for
 * the whole board keeps that consistent at no measurable cost (the
 * models do nanoseconds of work per byte).
 */
#ifndef EXPANDER_WORLD_H
#define EXPANDER_WORLD_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

struct pinbank;

/*
 * When the event in progress happens: on the clock of bus clk (the ACK
 * of the byte that causes it) and on the host clock. Every pin and INT
 * record the event causes carries it.
 */
struct world_event {
	uint64_t bus_ns;
	const char *clk;
	uint64_t wall_ns;
};

/*
 * Something changed on the board: a pin's resolved level (bank, pin,
 * level: an enum pin_level) or a chip's INT output (bank NULL, pin -1,
 * level 1 while asserted). For whoever must follow the board from
 * outside the chips, e.g. a virtio device that turns changes into
 * guest interrupts.
 */
struct world_change {
	const char *chip;
	const struct pinbank *bank;
	int pin;
	int level;
};

typedef void (*world_watch_fn)(void *ctx, const struct world_change *ch);

#define WORLD_MAX_WATCHERS 8

struct world {
	pthread_mutex_t lock;
	FILE *log;		/* NULL: no log */
	/* The event being processed; set by world_set_event() only. */
	struct world_event ev;
	struct {
		world_watch_fn fn;
		void *ctx;
	} watch[WORLD_MAX_WATCHERS];
	unsigned int nwatch;
};

/* Host time for the log: CLOCK_MONOTONIC in ns. */
uint64_t world_wall_ns(void);

void world_init(struct world *w);

/*
 * The one place the event clock is set: by a bus for each byte of a
 * transaction, by the board for a change from outside
 * (board_outside_event).
 */
void world_set_event(struct world *w, const char *clk, uint64_t bus_ns,
		     uint64_t wall_ns);

/*
 * Call fn on every change from now on, after the chips have seen it and
 * with the lock held (so fn must not take it). -1 if there are too many.
 */
int world_watch(struct world *w, world_watch_fn fn, void *ctx);
/* Tell the watchers (pins.c, chip.c). */
void world_changed(struct world *w, const struct world_change *ch);
void world_destroy(struct world *w);

#endif
