// SPDX-License-Identifier: GPL-2.0
/*
 * virtio_gpio.c - virtio-gpio requests and interrupt buffers (see
 * virtio_gpio.h for the wire format and the eventq rules).
 */
#include <endian.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transport/virtio_gpio.h"

int vgpio_init(struct vgpio *g, unsigned int n, const char *const *names,
	       const struct vgpio_ops *ops, void *ctx)
{
	unsigned int i;
	bool named = false;

	memset(g, 0, sizeof(*g));
	if (!n || n > VGPIO_MAX_LINES)
		return -1;
	g->lines = calloc(n, sizeof(*g->lines));
	if (!g->lines)
		return -1;
	g->n = n;
	g->ops = ops;
	g->ctx = ctx;
	for (i = 0; i < n; i++) {
		if (names && names[i] && names[i][0]) {
			snprintf(g->lines[i].name, VGPIO_NAME_MAX, "%s",
				 names[i]);
			named = true;
		}
		g->names_size += strlen(g->lines[i].name) + 1;
	}
	/* No name at all: say so (gpio_names_size 0), the spec's way. */
	if (!named)
		g->names_size = 0;
	vgpio_reset(g);
	return 0;
}

void vgpio_free(struct vgpio *g)
{
	free(g->lines);
	g->lines = NULL;
	g->n = 0;
}

void vgpio_config(const struct vgpio *g, uint8_t out[VGPIO_CONFIG_SIZE])
{
	uint16_t n = htole16(g->n);
	uint32_t sz = htole32(g->names_size);

	memset(out, 0, VGPIO_CONFIG_SIZE);
	memcpy(out, &n, 2);
	memcpy(out + 4, &sz, 4);
}

const char *vgpio_type_name(uint16_t type)
{
	static const char *const names[] = {
		NULL, "get-names", "get-direction", "set-direction",
		"get-value", "set-value", "irq-type",
	};

	return type < sizeof(names) / sizeof(*names) && names[type] ?
	       names[type] : "unknown";
}

const char *vgpio_irq_type_name(uint8_t type)
{
	switch (type) {
	case VIRTIO_GPIO_IRQ_TYPE_NONE:
		return "none";
	case VIRTIO_GPIO_IRQ_TYPE_EDGE_RISING:
		return "rising";
	case VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING:
		return "falling";
	case VIRTIO_GPIO_IRQ_TYPE_EDGE_BOTH:
		return "both";
	case VIRTIO_GPIO_IRQ_TYPE_LEVEL_HIGH:
		return "high";
	case VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW:
		return "low";
	}
	return "bad";
}

static int line_level(const struct vgpio *g, unsigned int i)
{
	return g->ops && g->ops->level ? !!g->ops->level(g->ctx, i) : 1;
}

static void trace_irq(struct vgpio *g, unsigned int i, const char *what)
{
	if (g->ops && g->ops->trace_irq)
		g->ops->trace_irq(g->ctx, i, what);
}

static void give_back(struct vgpio *g, unsigned int i, uint8_t status)
{
	struct vgpio_line *l = &g->lines[i];
	uint64_t token = l->token;

	l->held = false;
	l->token = VGPIO_NO_TOKEN;
	if (status == VIRTIO_GPIO_IRQ_STATUS_VALID)
		l->delivered++;
	trace_irq(g, i, status == VIRTIO_GPIO_IRQ_STATUS_VALID ? "deliver"
							       : "return");
	if (g->ops && g->ops->irq_done)
		g->ops->irq_done(g->ctx, i, token, status);
}

static bool level_active(const struct vgpio_line *l)
{
	return (l->irq_type == VIRTIO_GPIO_IRQ_TYPE_LEVEL_HIGH && l->level) ||
	       (l->irq_type == VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW && !l->level);
}

/* An unmasked line whose condition holds now gets its interrupt. */
static void check_now(struct vgpio *g, unsigned int i)
{
	struct vgpio_line *l = &g->lines[i];

	if (!l->held)
		return;
	if (l->latched || level_active(l)) {
		l->latched = false;
		give_back(g, i, VIRTIO_GPIO_IRQ_STATUS_VALID);
	}
}

static void disable_irq(struct vgpio *g, unsigned int i)
{
	struct vgpio_line *l = &g->lines[i];

	l->irq_type = VIRTIO_GPIO_IRQ_TYPE_NONE;
	l->latched = false;
	if (l->held)
		give_back(g, i, VIRTIO_GPIO_IRQ_STATUS_INVALID);
}

void vgpio_line_changed(struct vgpio *g, unsigned int i)
{
	struct vgpio_line *l;
	int now;
	uint8_t edge;

	if (i >= g->n)
		return;
	l = &g->lines[i];
	now = line_level(g, i);
	if (now == l->level)
		return;
	l->level = now;
	edge = now ? VIRTIO_GPIO_IRQ_TYPE_EDGE_RISING
		   : VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING;
	if (l->irq_type & VIRTIO_GPIO_IRQ_TYPE_EDGE_BOTH & edge) {
		if (l->latched) {
			/* One latch per line: this edge is merged into it. */
			l->lost_edges++;
			trace_irq(g, i, "merged");
			return;
		}
		l->latched = true;
		if (!l->held) {
			l->latched_edges++;
			trace_irq(g, i, "latched");
			return;
		}
	}
	check_now(g, i);
}

static void drive(struct vgpio *g, unsigned int i)
{
	if (g->ops && g->ops->drive)
		g->ops->drive(g->ctx, i, g->lines[i].dir, g->lines[i].value);
}

/* One request of a known type on a known line; NULL or why not. */
static const char *serve(struct vgpio *g, uint16_t type, unsigned int i,
			 uint32_t value, uint8_t *out)
{
	struct vgpio_line *l = &g->lines[i];
	uint8_t old_dir = l->dir, old_value = l->value;

	*out = 0;
	switch (type) {
	case VIRTIO_GPIO_MSG_GET_DIRECTION:
		*out = l->dir;
		return NULL;
	case VIRTIO_GPIO_MSG_GET_VALUE:
		*out = line_level(g, i);
		return NULL;
	case VIRTIO_GPIO_MSG_SET_VALUE:
		if (value > 1)
			return "value is neither 0 nor 1";
		l->value = value;
		if (l->dir == VIRTIO_GPIO_DIRECTION_OUT && old_value != value)
			drive(g, i);
		return NULL;
	case VIRTIO_GPIO_MSG_SET_DIRECTION:
		if (value > VIRTIO_GPIO_DIRECTION_IN)
			return "unknown direction";
		if (value == VIRTIO_GPIO_DIRECTION_OUT &&
		    l->irq_type != VIRTIO_GPIO_IRQ_TYPE_NONE)
			return "output while its interrupt is enabled";
		if (value == VIRTIO_GPIO_DIRECTION_NONE) {
			/* The spec: all state of the line is discarded. */
			disable_irq(g, i);
			l->value = 0;
		}
		l->dir = value;
		if (l->dir != old_dir || l->value != old_value)
			drive(g, i);
		return NULL;
	case VIRTIO_GPIO_MSG_IRQ_TYPE:
		switch (value) {
		case VIRTIO_GPIO_IRQ_TYPE_NONE:
			disable_irq(g, i);
			return NULL;
		case VIRTIO_GPIO_IRQ_TYPE_EDGE_RISING:
		case VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING:
		case VIRTIO_GPIO_IRQ_TYPE_EDGE_BOTH:
		case VIRTIO_GPIO_IRQ_TYPE_LEVEL_HIGH:
		case VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW:
			break;
		default:
			return "unknown interrupt type";
		}
		if (l->dir == VIRTIO_GPIO_DIRECTION_OUT)
			return "interrupt on an output";
		if (l->irq_type != value) {
			/* Edges count from now; a change starts afresh. */
			l->irq_type = value;
			l->latched = false;
			l->level = line_level(g, i);
		}
		check_now(g, i);
		return NULL;
	}
	return "unknown request type";
}

uint32_t vgpio_request(struct vgpio *g, const uint8_t *req, size_t reqlen,
		       uint8_t *resp, size_t resplen, const char **why)
{
	uint16_t type = 0, gpio = 0;
	uint32_t value = 0, used;
	uint8_t status = VIRTIO_GPIO_STATUS_ERR, out = 0;
	const char *bad = NULL;

	g->nreqs++;
	if (reqlen < VGPIO_REQ_SIZE) {
		bad = "request shorter than 8 bytes";
	} else {
		memcpy(&type, req, 2);
		memcpy(&gpio, req + 2, 2);
		memcpy(&value, req + 4, 4);
		type = le16toh(type);
		gpio = le16toh(gpio);
		value = le32toh(value);
	}
	if (!bad && type == VIRTIO_GPIO_MSG_GET_NAMES) {
		if (!g->names_size)
			bad = "no line names to get";
		else if (resplen != 1 + (size_t)g->names_size)
			bad = "response is not 1 + gpio_names_size bytes";
		if (!bad) {
			unsigned int i;
			size_t off = 1;

			for (i = 0; i < g->n; i++) {
				size_t k = strlen(g->lines[i].name) + 1;

				memcpy(resp + off, g->lines[i].name, k);
				off += k;
			}
			resp[0] = VIRTIO_GPIO_STATUS_OK;
			if (g->ops && g->ops->trace_req)
				g->ops->trace_req(g->ctx, type, gpio, value,
						  VIRTIO_GPIO_STATUS_OK, 0);
			*why = NULL;
			return off;
		}
	} else if (!bad) {
		if (resplen != VGPIO_RESP_SIZE)
			bad = "response is not 2 bytes";
		else if (type < VIRTIO_GPIO_MSG_GET_DIRECTION ||
			 type > VIRTIO_GPIO_MSG_IRQ_TYPE)
			bad = "unknown request type";
		else if (gpio >= g->n)
			bad = "no such line";
		else
			bad = serve(g, type, gpio, value, &out);
		if (!bad)
			status = VIRTIO_GPIO_STATUS_OK;
	}
	if (bad)
		g->nbad++;
	used = resplen < VGPIO_RESP_SIZE ? resplen : VGPIO_RESP_SIZE;
	if (used >= 1)
		resp[0] = status;
	if (used >= 2)
		resp[1] = out;
	if (g->ops && g->ops->trace_req)
		g->ops->trace_req(g->ctx, type, gpio, value, status, out);
	*why = bad;
	return used;
}

const char *vgpio_event(struct vgpio *g, const uint8_t *req, size_t reqlen,
			size_t resplen, uint64_t token)
{
	const char *bad = NULL;
	uint16_t gpio = 0;
	struct vgpio_line *l;

	g->nevents++;
	if (reqlen != VGPIO_IRQ_REQ_SIZE) {
		bad = "interrupt request is not 2 bytes";
	} else {
		memcpy(&gpio, req, 2);
		gpio = le16toh(gpio);
		if (gpio >= g->n)
			bad = "interrupt buffer for no such line";
		else if (g->lines[gpio].held)
			bad = "second interrupt buffer for one line";
	}
	if (!bad && resplen != VGPIO_IRQ_RESP_SIZE)
		bad = "interrupt response is not 1 byte";
	if (bad) {
		g->nbadevents++;
		if (resplen >= VGPIO_IRQ_RESP_SIZE && g->ops &&
		    g->ops->irq_done)
			g->ops->irq_done(g->ctx, gpio, token,
					 VIRTIO_GPIO_IRQ_STATUS_INVALID);
		return bad;
	}
	l = &g->lines[gpio];
	l->held = true;
	l->token = token;
	trace_irq(g, gpio, "unmask");
	check_now(g, gpio);
	return NULL;
}

void vgpio_forget(struct vgpio *g)
{
	unsigned int i;

	for (i = 0; i < g->n; i++) {
		g->lines[i].held = false;
		g->lines[i].token = VGPIO_NO_TOKEN;
	}
}

void vgpio_flush(struct vgpio *g)
{
	unsigned int i;

	for (i = 0; i < g->n; i++)
		if (g->lines[i].held)
			give_back(g, i, VIRTIO_GPIO_IRQ_STATUS_INVALID);
}

void vgpio_reset(struct vgpio *g)
{
	unsigned int i;

	vgpio_forget(g);
	for (i = 0; i < g->n; i++) {
		struct vgpio_line *l = &g->lines[i];
		bool was_out = l->dir == VIRTIO_GPIO_DIRECTION_OUT;

		/* Power-on: an input, like a SoC pad out of reset. */
		l->dir = VIRTIO_GPIO_DIRECTION_IN;
		l->value = 0;
		l->irq_type = VIRTIO_GPIO_IRQ_TYPE_NONE;
		l->latched = false;
		l->level = line_level(g, i);
		if (was_out)
			drive(g, i);
	}
}
