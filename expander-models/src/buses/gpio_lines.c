// SPDX-License-Identifier: GPL-2.0
/*
 * gpio_lines.c - a virtio-gpio controller's lines on the pin layer (see
 * gpio_lines.h): levels, the guest's drive onto the nets and its
 * watchers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buses/gpio_lines.h"

uint64_t gpio_lines_now(const struct gpio_lines *gl)
{
	return world_wall_ns() - gl->start_wall;
}

void gpio_lines_outside_event(struct gpio_lines *gl)
{
	uint64_t wall = world_wall_ns();

	world_set_event(gl->w, gl->name, wall - gl->start_wall, wall);
}

void gpio_lines_drive(struct gpio_lines *gl, unsigned int line,
		      enum pin_drive d)
{
	int before = gpio_lines_level(gl, line), after;
	unsigned int i;

	gpio_lines_outside_event(gl);
	pin_set_drive(&gl->pins, line, d);
	after = gpio_lines_level(gl, line);
	if (after == before)
		return;
	for (i = 0; i < gl->nwatch; i++)
		if (gl->watch[i].line == line)
			gl->watch[i].fn(gl->watch[i].ctx, line, after);
}

void gpio_lines_serve(struct gpio_lines *gl,
		      void (*fn)(void *ctx, unsigned int line,
				 enum pin_level old, enum pin_level now),
		      void *ctx)
{
	gl->pins.notify = fn;
	gl->pins.ctx = ctx;
}

struct gpio_lines *gpio_lines_new(struct world *w, int slot, unsigned int n,
				  const char *const *names)
{
	struct gpio_lines *gl;
	unsigned int i;

	if (!n || n > GPIO_LINES_MAX)
		return NULL;
	gl = calloc(1, sizeof(*gl));
	if (!gl)
		return NULL;
	gl->names = calloc(n, sizeof(*gl->names));
	if (!gl->names) {
		free(gl);
		return NULL;
	}
	snprintf(gl->name, sizeof(gl->name), "gpio%d", slot);
	gl->slot = slot;
	gl->w = w;
	gl->n = n;
	for (i = 0; i < n; i++)
		if (names && names[i])
			snprintf(gl->names[i], sizeof(gl->names[i]), "%s",
				 names[i]);
	gl->start_wall = world_wall_ns();
	if (pinbank_init(&gl->pins, w, n)) {
		free(gl->names);
		free(gl);
		return NULL;
	}
	gl->pins.chip = gl->name;
	gl->pins.bus = gl->name;
	gl->pins.changes = &gl->pin_changes;
	return gl;
}

void gpio_lines_free(struct gpio_lines *gl)
{
	if (!gl)
		return;
	pinbank_free(&gl->pins);
	free(gl->names);
	free(gl);
}

int gpio_lines_find(const struct gpio_lines *gl, const char *name)
{
	unsigned int i;

	for (i = 0; i < gl->n; i++)
		if (gl->names[i][0] && !strcmp(gl->names[i], name))
			return i;
	return -1;
}

int gpio_lines_level(const struct gpio_lines *gl, unsigned int line)
{
	return pin_read_bit(&gl->pins, line);
}

int gpio_lines_watch(struct gpio_lines *gl, unsigned int line,
		     gpio_watch_fn fn, void *ctx)
{
	if (line >= gl->n || !fn || gl->nwatch == GPIO_LINES_MAX_WATCH)
		return -1;
	gl->watch[gl->nwatch].fn = fn;
	gl->watch[gl->nwatch].ctx = ctx;
	gl->watch[gl->nwatch++].line = line;
	return 0;
}
