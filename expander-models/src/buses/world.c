// SPDX-License-Identifier: GPL-2.0
/* world.c - the board-wide lock, clocks and watchers (see world.h). */
#include <string.h>
#include <time.h>

#include "buses/world.h"

uint64_t world_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

void world_init(struct world *w)
{
	pthread_mutexattr_t a;

	memset(w, 0, sizeof(*w));
	/*
	 * Recursive: a control command runs under the lock and may call a
	 * board function that takes it too (pace -> board_set_paced).
	 */
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&w->lock, &a);
	pthread_mutexattr_destroy(&a);
}

void world_set_event(struct world *w, const char *clk, uint64_t bus_ns,
		     uint64_t wall_ns)
{
	w->ev.bus_ns = bus_ns;
	w->ev.clk = clk;
	w->ev.wall_ns = wall_ns;
}

int world_watch(struct world *w, world_watch_fn fn, void *ctx)
{
	if (w->nwatch == WORLD_MAX_WATCHERS)
		return -1;
	w->watch[w->nwatch].fn = fn;
	w->watch[w->nwatch].ctx = ctx;
	w->nwatch++;
	return 0;
}

void world_changed(struct world *w, const struct world_change *ch)
{
	unsigned int i;

	for (i = 0; i < w->nwatch; i++)
		w->watch[i].fn(w->watch[i].ctx, ch);
}

void world_destroy(struct world *w)
{
	pthread_mutex_destroy(&w->lock);
}
