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
};

/* Host time for the log: CLOCK_MONOTONIC in ns. */
uint64_t world_wall_ns(void);

void world_init(struct world *w);
void world_destroy(struct world *w);

#endif
