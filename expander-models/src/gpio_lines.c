// SPDX-License-Identifier: GPL-2.0
/*
 * gpio_lines.c - a virtio-gpio controller's lines on the pin layer (see
 * gpio_lines.h): levels for the protocol, the guest's drive onto the
 * nets, interrupt events from net changes, the log's G and E records.
 */
#include <stdlib.h>
#include <string.h>

#include "gpio_lines.h"
#include "log.h"

uint64_t gpio_lines_now(const struct gpio_lines *gl)
{
	return world_wall_ns() - gl->start_wall;
}

void gpio_lines_outside_event(struct gpio_lines *gl)
{
	uint64_t wall = world_wall_ns();

	world_set_event(gl->w, gl->name, wall - gl->start_wall, wall);
}

static int op_level(void *ctx, unsigned int line)
{
	return gpio_lines_level(ctx, line);
}

static void op_drive(void *ctx, unsigned int line, uint8_t dir,
		     uint8_t value)
{
	struct gpio_lines *gl = ctx;
	int before = gpio_lines_level(gl, line), after;
	unsigned int i;

	gpio_lines_outside_event(gl);
	pin_set_drive(&gl->pins, line, dir != VIRTIO_GPIO_DIRECTION_OUT ?
		      DRV_HIZ : value ? DRV_HIGH : DRV_LOW);
	after = gpio_lines_level(gl, line);
	if (after == before)
		return;
	for (i = 0; i < gl->nwatch; i++)
		if (gl->watch[i].line == line)
			gl->watch[i].fn(gl->watch[i].ctx, line, after);
}

static void op_irq_done(void *ctx, unsigned int line, uint64_t token,
			uint8_t status)
{
	struct gpio_lines *gl = ctx;

	if (gl->irq_done)
		gl->irq_done(gl->tctx, line, token, status);
}

static void op_trace_req(void *ctx, uint16_t type, uint16_t line,
			 uint32_t value, uint8_t status, uint8_t out)
{
	struct gpio_lines *gl = ctx;

	if (gl->w->log)
		log_gpio_req(gl->w->log, gl->name, vgpio_type_name(type), line,
			     value, status == VIRTIO_GPIO_STATUS_OK, out,
			     world_wall_ns());
}

static void op_trace_irq(void *ctx, unsigned int line, const char *what)
{
	struct gpio_lines *gl = ctx;
	struct world *w = gl->w;

	if (w->log)
		log_gpio_irq(w->log, gl->name, line, what,
			     gpio_lines_level(gl, line), w->ev.bus_ns,
			     w->ev.clk, w->ev.wall_ns);
}

static const struct vgpio_ops lines_ops = {
	.level = op_level,
	.drive = op_drive,
	.irq_done = op_irq_done,
	.trace_req = op_trace_req,
	.trace_irq = op_trace_irq,
};

/* The pin layer: a line's net changed level. */
static void pin_notify(void *ctx, unsigned int pin, enum pin_level old,
		       enum pin_level now)
{
	struct gpio_lines *gl = ctx;

	vgpio_line_changed(&gl->dev, pin);
}

struct gpio_lines *gpio_lines_new(struct world *w, int slot, unsigned int n,
				  const char *const *names)
{
	struct gpio_lines *gl;

	if (!n || n > VGPIO_MAX_LINES)
		return NULL;
	gl = calloc(1, sizeof(*gl));
	if (!gl)
		return NULL;
	snprintf(gl->name, sizeof(gl->name), "gpio%d", slot);
	gl->slot = slot;
	gl->w = w;
	gl->start_wall = world_wall_ns();
	if (pinbank_init(&gl->pins, w, n)) {
		free(gl);
		return NULL;
	}
	gl->pins.chip = gl->name;
	gl->pins.bus = gl->name;
	gl->pins.changes = &gl->pin_changes;
	gl->pins.notify = pin_notify;
	gl->pins.ctx = gl;
	if (vgpio_init(&gl->dev, n, names, &lines_ops, gl)) {
		pinbank_free(&gl->pins);
		free(gl);
		return NULL;
	}
	return gl;
}

void gpio_lines_free(struct gpio_lines *gl)
{
	if (!gl)
		return;
	vgpio_free(&gl->dev);
	pinbank_free(&gl->pins);
	free(gl);
}

int gpio_lines_find(const struct gpio_lines *gl, const char *name)
{
	unsigned int i;

	for (i = 0; i < gl->dev.n; i++)
		if (gl->dev.lines[i].name[0] &&
		    !strcmp(gl->dev.lines[i].name, name))
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
	if (line >= gl->dev.n || !fn || gl->nwatch == GPIO_LINES_MAX_WATCH)
		return -1;
	gl->watch[gl->nwatch].fn = fn;
	gl->watch[gl->nwatch].ctx = ctx;
	gl->watch[gl->nwatch++].line = line;
	return 0;
}

void gpio_lines_set_transport(struct gpio_lines *gl,
			      void (*irq_done)(void *tctx, unsigned int line,
					       uint64_t token, uint8_t status),
			      void *tctx)
{
	gl->irq_done = irq_done;
	gl->tctx = tctx;
}

uint32_t gpio_lines_request(struct gpio_lines *gl, const uint8_t *req,
			    size_t reqlen, uint8_t *resp, size_t resplen,
			    const char **why)
{
	uint32_t r;

	pthread_mutex_lock(&gl->w->lock);
	gpio_lines_outside_event(gl);
	r = vgpio_request(&gl->dev, req, reqlen, resp, resplen, why);
	pthread_mutex_unlock(&gl->w->lock);
	return r;
}

const char *gpio_lines_event(struct gpio_lines *gl, const uint8_t *req,
			     size_t reqlen, size_t resplen, uint64_t token)
{
	const char *r;

	pthread_mutex_lock(&gl->w->lock);
	gpio_lines_outside_event(gl);
	r = vgpio_event(&gl->dev, req, reqlen, resplen, token);
	pthread_mutex_unlock(&gl->w->lock);
	return r;
}

void gpio_lines_forget(struct gpio_lines *gl)
{
	pthread_mutex_lock(&gl->w->lock);
	vgpio_forget(&gl->dev);
	pthread_mutex_unlock(&gl->w->lock);
}

void gpio_lines_flush(struct gpio_lines *gl)
{
	pthread_mutex_lock(&gl->w->lock);
	gpio_lines_outside_event(gl);
	vgpio_flush(&gl->dev);
	pthread_mutex_unlock(&gl->w->lock);
}

void gpio_lines_reset(struct gpio_lines *gl)
{
	pthread_mutex_lock(&gl->w->lock);
	gpio_lines_outside_event(gl);
	vgpio_reset(&gl->dev);
	pthread_mutex_unlock(&gl->w->lock);
}
