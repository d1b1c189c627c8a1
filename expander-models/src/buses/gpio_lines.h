/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpio_lines.h - a virtio-gpio controller's lines on the board: the
 * guest's GPIO lines as pins of the pin layer, each on its own net,
 * named from the DT (a "virtio,device29" node, BOARD-DT.md). Expander
 * INT outputs (open drain, active low) join these nets as the DT's
 * interrupt-parent / interrupts say, so several chips may share one INT
 * net with its pull-up.
 *
 * This is the line model only. What the guest sees of the lines -- the
 * virtio-gpio protocol, directions, interrupts, held event buffers --
 * is its transport's (vgpio_transport.h), as a virtio-i2c device's is
 * its own: the transport follows every change of a line's resolved
 * level (gpio_lines_serve()) and drives the lines the guest drives
 * (gpio_lines_drive()).
 *
 * Guest-driven changes: anything on the board that must follow the
 * guest's lines -- an SPI edge decoder on SCK/MOSI/CS lines --
 * subscribes with gpio_lines_watch() and is called, under the world
 * lock, whenever the resolved level of a watched line changes because
 * the guest drove it, with the level after the change. It may read
 * other lines (gpio_lines_level()) and drive pins of its own chips
 * wired to other lines (a MISO line) from inside the callback; the
 * guest's next GET_VALUE sees the result.
 *
 * Callers hold the world lock.
 */
#ifndef EXPANDER_GPIO_LINES_H
#define EXPANDER_GPIO_LINES_H

#include <stdint.h>

#include "buses/pins.h"
#include "buses/world.h"

#define GPIO_LINES_MAX_WATCH 16
/* Far above any board here; keeps names and per-line state bounded. */
#define GPIO_LINES_MAX 256
/* A line's name, its NUL included; longer DT names are cut. */
#define GPIO_LINES_NAME_MAX 32

typedef void (*gpio_watch_fn)(void *ctx, unsigned int line, int level);

struct gpio_lines {
	char name[16];		/* "gpio<slot>": log, control, clock name */
	int slot;		/* virtio-mmio slot */
	struct world *w;
	struct pinbank pins;	/* line i is pin i */
	unsigned int n;
	char (*names)[GPIO_LINES_NAME_MAX];	/* per line, "" if unnamed */
	uint64_t start_wall;	/* the controller's clock starts here */
	struct {
		gpio_watch_fn fn;
		void *ctx;
		unsigned int line;
	} watch[GPIO_LINES_MAX_WATCH];
	unsigned int nwatch;
	uint64_t pin_changes;
};

/*
 * n lines (1..GPIO_LINES_MAX) named names[i] (names or names[i] may be
 * NULL), served on virtio-mmio slot. NULL if n is out of range or
 * memory runs out.
 */
struct gpio_lines *gpio_lines_new(struct world *w, int slot, unsigned int n,
				  const char *const *names);
void gpio_lines_free(struct gpio_lines *gl);

/* The line called name, or -1. */
int gpio_lines_find(const struct gpio_lines *gl, const char *name);

/* The level the controller's input reads on line i (0/1). */
int gpio_lines_level(const struct gpio_lines *gl, unsigned int line);

/* Subscribe to guest-driven changes of line (see above). 0 or -1. */
int gpio_lines_watch(struct gpio_lines *gl, unsigned int line,
		     gpio_watch_fn fn, void *ctx);

/*
 * The guest drives line with d (DRV_HIZ: not at all), now on the
 * controller's clock; its watchers hear of a change of its level.
 */
void gpio_lines_drive(struct gpio_lines *gl, unsigned int line,
		      enum pin_drive d);

/*
 * The lines' one server (the transport): fn runs after every change of
 * a line's resolved level, whatever caused it, straight from the pin
 * layer (struct pinbank's notify).
 */
void gpio_lines_serve(struct gpio_lines *gl,
		      void (*fn)(void *ctx, unsigned int line,
				 enum pin_level old, enum pin_level now),
		      void *ctx);

/* The controller's own clock: host ns since it was created. */
uint64_t gpio_lines_now(const struct gpio_lines *gl);

/*
 * A change the controller causes (a guest request) or a bench signal on
 * one of its lines (control drive) happens now on the controller's own
 * clock: the records it causes carry that.
 */
void gpio_lines_outside_event(struct gpio_lines *gl);

#endif
