/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpio_lines.h - a virtio-gpio controller on the board: the guest's GPIO
 * lines as pins of the pin layer, each on its own net, named from the DT
 * (a "virtio,device29" node, BOARD-DT.md). Expander INT outputs (open
 * drain, active low) join these nets as the DT's interrupt-parent /
 * interrupts say, so several chips may share one INT net with its
 * pull-up; the virtio-gpio protocol (virtio_gpio.c) sees the resolved
 * level and raises the guest's interrupts from it.
 *
 * Guest-driven changes: a line the guest drives (SET_DIRECTION OUT,
 * SET_VALUE) changes its net. Anything on the board that must follow the
 * guest's lines -- an SPI edge decoder on SCK/MOSI/CS lines -- subscribes
 * with gpio_lines_watch() and is called, under the world lock, whenever
 * the resolved level of a watched line changes because the guest drove
 * it, with the level after the change. It may read other lines
 * (gpio_lines_level()) and drive pins of its own chips wired to other
 * lines (a MISO line) from inside the callback; the guest's next
 * GET_VALUE sees the result.
 *
 * Every entry point that the transport calls takes the world lock.
 */
#ifndef EXPANDER_GPIO_LINES_H
#define EXPANDER_GPIO_LINES_H

#include <stdint.h>

#include "pins.h"
#include "virtio_gpio.h"
#include "world.h"

#define GPIO_LINES_MAX_WATCH 16

typedef void (*gpio_watch_fn)(void *ctx, unsigned int line, int level);

struct gpio_lines {
	char name[16];		/* "gpio<slot>": log, control, clock name */
	int slot;		/* virtio-mmio slot */
	struct world *w;
	struct pinbank pins;	/* line i is pin i */
	struct vgpio dev;
	uint64_t start_wall;	/* the controller's clock starts here */
	/* The transport gives held eventq buffers back through this. */
	void (*irq_done)(void *tctx, unsigned int line, uint64_t token,
			 uint8_t status);
	void *tctx;
	struct {
		gpio_watch_fn fn;
		void *ctx;
		unsigned int line;
	} watch[GPIO_LINES_MAX_WATCH];
	unsigned int nwatch;
	uint64_t pin_changes;
};

/*
 * n lines (1..VGPIO_MAX_LINES) named names[i] (may be NULL), served on
 * virtio-mmio slot. NULL if n is out of range or memory runs out.
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

/* The transport's completion of held eventq buffers (NULL: none). */
void gpio_lines_set_transport(struct gpio_lines *gl,
			      void (*irq_done)(void *tctx, unsigned int line,
					       uint64_t token, uint8_t status),
			      void *tctx);

/* Locked wrappers of vgpio_request() / vgpio_event() for the transport. */
uint32_t gpio_lines_request(struct gpio_lines *gl, const uint8_t *req,
			    size_t reqlen, uint8_t *resp, size_t resplen,
			    const char **why);
const char *gpio_lines_event(struct gpio_lines *gl, const uint8_t *req,
			     size_t reqlen, size_t resplen, uint64_t token);
/* vgpio_forget / vgpio_flush / vgpio_reset, locked. */
void gpio_lines_forget(struct gpio_lines *gl);
void gpio_lines_flush(struct gpio_lines *gl);
void gpio_lines_reset(struct gpio_lines *gl);

/* The controller's own clock: host ns since it was created. */
uint64_t gpio_lines_now(const struct gpio_lines *gl);

/*
 * A change the controller causes (a guest request) or a bench signal on
 * one of its lines (control drive) happens now on the controller's own
 * clock: the records it causes carry that. The caller holds the lock.
 */
void gpio_lines_outside_event(struct gpio_lines *gl);

#endif
