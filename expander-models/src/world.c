// SPDX-License-Identifier: GPL-2.0
/* world.c - the board-wide lock and clocks (see world.h). */
#include <string.h>
#include <time.h>

#include "world.h"

uint64_t world_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

void world_init(struct world *w)
{
	memset(w, 0, sizeof(*w));
	pthread_mutex_init(&w->lock, NULL);
}

void world_destroy(struct world *w)
{
	pthread_mutex_destroy(&w->lock);
}
