/* SPDX-License-Identifier: GPL-2.0 */
/*
 * world.h - state shared by every bus and chip of one board: the lock
 * that serialises them, the log, and the clock of the event in progress.
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
	/*
	 * The event being processed: its time on the clock of bus clk
	 * (the ACK of the byte that causes it) and on the host clock.
	 */
	uint64_t now_ns;
	const char *clk;
	uint64_t wall_ns;
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
 * Call fn on every change from now on, after the chips have seen it and
 * with the lock held (so fn must not take it). -1 if there are too many.
 */
int world_watch(struct world *w, world_watch_fn fn, void *ctx);
/* Tell the watchers (pins.c, chip.c). */
void world_changed(struct world *w, const struct world_change *ch);
void world_destroy(struct world *w);

#endif
