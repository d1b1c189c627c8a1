/* SPDX-License-Identifier: GPL-2.0 */
/*
 * virtio_gpio.h - the virtio-gpio device (virtio device id 41) as a pure
 * protocol module: requestq messages in, responses out; eventq buffers
 * held per line until an interrupt of the armed type. It knows no
 * virtqueue and no pin: the transport (vgpio_transport.c) hands it
 * request bytes and opaque tokens for event buffers, gives it the
 * lines' levels and takes what the guest drives (its struct vgpio_ops).
 *
 * Wire format (little-endian), as Linux's gpio-virtio sends it:
 *   requestq: { le16 type, le16 gpio, le32 value } -> { u8 status, u8 value }
 *             GET_NAMES: -> { u8 status, names... } of 1 + gpio_names_size
 *   eventq:   { le16 gpio } -> { u8 status }  (VALID or INVALID)
 *   config:   { le16 ngpio, u8 pad[2], le32 gpio_names_size }
 *
 * Interrupt semantics (virtio spec, GPIO device, eventq): a line's
 * interrupt is enabled by IRQ_TYPE != NONE and unmasked while its eventq
 * buffer is held. Delivery returns the buffer VALID, which masks it
 * again. An edge of the armed kind while enabled but masked is latched
 * and delivered when the buffer comes back; a level is not latched, it
 * is looked at again when the buffer comes back. Disabling (IRQ_TYPE
 * NONE, or SET_DIRECTION NONE) drops the latch and returns a held
 * buffer INVALID.
 */
#ifndef EXPANDER_VIRTIO_GPIO_H
#define EXPANDER_VIRTIO_GPIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VIRTIO_ID_GPIO			41
#define VIRTIO_GPIO_F_IRQ		0

#define VIRTIO_GPIO_MSG_GET_NAMES	1
#define VIRTIO_GPIO_MSG_GET_DIRECTION	2
#define VIRTIO_GPIO_MSG_SET_DIRECTION	3
#define VIRTIO_GPIO_MSG_GET_VALUE	4
#define VIRTIO_GPIO_MSG_SET_VALUE	5
#define VIRTIO_GPIO_MSG_IRQ_TYPE	6

#define VIRTIO_GPIO_STATUS_OK		0
#define VIRTIO_GPIO_STATUS_ERR		1

#define VIRTIO_GPIO_DIRECTION_NONE	0
#define VIRTIO_GPIO_DIRECTION_OUT	1
#define VIRTIO_GPIO_DIRECTION_IN	2

#define VIRTIO_GPIO_IRQ_TYPE_NONE		0
#define VIRTIO_GPIO_IRQ_TYPE_EDGE_RISING	1
#define VIRTIO_GPIO_IRQ_TYPE_EDGE_FALLING	2
#define VIRTIO_GPIO_IRQ_TYPE_EDGE_BOTH		3
#define VIRTIO_GPIO_IRQ_TYPE_LEVEL_HIGH		4
#define VIRTIO_GPIO_IRQ_TYPE_LEVEL_LOW		8

#define VIRTIO_GPIO_IRQ_STATUS_INVALID	0
#define VIRTIO_GPIO_IRQ_STATUS_VALID	1

#define VGPIO_REQ_SIZE		8
#define VGPIO_RESP_SIZE		2
#define VGPIO_IRQ_REQ_SIZE	2
#define VGPIO_IRQ_RESP_SIZE	1
#define VGPIO_CONFIG_SIZE	8
/* Far above any board here; keeps names and per-line state bounded. */
#define VGPIO_MAX_LINES		256
#define VGPIO_NAME_MAX		32

/* Tokens name held eventq buffers for the transport; this one is none. */
#define VGPIO_NO_TOKEN		UINT64_MAX

struct vgpio_ops {
	/* The level the line's input buffer reads now: 0 or 1. */
	int (*level)(void *ctx, unsigned int line);
	/*
	 * The guest changed what it drives on the line: dir is a
	 * VIRTIO_GPIO_DIRECTION_*, value the output value (meaningful for
	 * OUT only). Called after every SET_DIRECTION or SET_VALUE that
	 * changes either.
	 */
	void (*drive)(void *ctx, unsigned int line, uint8_t dir, uint8_t value);
	/*
	 * Give back the eventq buffer named token with this status
	 * (VIRTIO_GPIO_IRQ_STATUS_*). The transport writes the status byte
	 * and returns the buffer to the used ring.
	 */
	void (*irq_done)(void *ctx, unsigned int line, uint64_t token,
			 uint8_t status);
	/* Optional, for the log: one per request / per eventq event. */
	void (*trace_req)(void *ctx, uint16_t type, uint16_t line,
			  uint32_t value, uint8_t status, uint8_t out);
	void (*trace_irq)(void *ctx, unsigned int line, const char *what);
};

struct vgpio_line {
	char name[VGPIO_NAME_MAX];
	uint8_t dir;		/* VIRTIO_GPIO_DIRECTION_* */
	uint8_t value;		/* output value set by the guest */
	uint8_t irq_type;	/* VIRTIO_GPIO_IRQ_TYPE_* */
	bool held;		/* an eventq buffer is held: unmasked */
	uint64_t token;
	bool latched;		/* an edge came while masked */
	int level;		/* last level seen, for edges */
	uint64_t delivered, latched_edges, lost_edges;
};

struct vgpio {
	unsigned int n;
	struct vgpio_line *lines;
	const struct vgpio_ops *ops;
	void *ctx;
	uint32_t names_size;	/* bytes of the GET_NAMES block */
	uint64_t nreqs, nbad, nevents, nbadevents;
};

/*
 * n lines named names[i] (NULL or "" for unnamed; longer names are
 * cut). Lines start as inputs, interrupt disabled. 0, or -1 if n is 0,
 * above VGPIO_MAX_LINES, or memory runs out.
 */
int vgpio_init(struct vgpio *g, unsigned int n, const char *const *names,
	       const struct vgpio_ops *ops, void *ctx);
void vgpio_free(struct vgpio *g);

/* The config space (VGPIO_CONFIG_SIZE bytes) into out. */
void vgpio_config(const struct vgpio *g, uint8_t out[VGPIO_CONFIG_SIZE]);

/*
 * Serve one requestq message: req/reqlen is what the guest wrote,
 * resp/resplen its writable buffer. Returns the bytes written into resp
 * (the used length). A malformed request (short, unknown type, unknown
 * line, wrong response size, forbidden state) gets status ERR when resp
 * has room for it, and *why says what was wrong (NULL when it was fine).
 */
uint32_t vgpio_request(struct vgpio *g, const uint8_t *req, size_t reqlen,
		       uint8_t *resp, size_t resplen, const char **why);

/*
 * An eventq buffer arrived: req/reqlen the guest's request, resplen the
 * size of its writable part. Either holds it (token is given back later
 * through ops->irq_done) or gives it back at once through irq_done.
 * Returns NULL, or why it was refused (short request, unknown line, a
 * second buffer for a line that holds one): then it was given back
 * INVALID through irq_done (whose line may then be >= n) if resplen
 * leaves room for the status, and not at all otherwise, so that the
 * transport returns it with length 0.
 */
const char *vgpio_event(struct vgpio *g, const uint8_t *req, size_t reqlen,
			size_t resplen, uint64_t token);

/*
 * The line's level may have changed (call it after every change of the
 * net the line is on; an unchanged level is ignored). Delivers or
 * latches an interrupt of the armed type.
 */
void vgpio_line_changed(struct vgpio *g, unsigned int line);

/* Forget held buffers without returning them (the rings are gone). */
void vgpio_forget(struct vgpio *g);

/* Return every held buffer INVALID (the ring is being stopped). */
void vgpio_flush(struct vgpio *g);

/* Back to power-on: forget, lines inputs, interrupts disabled. */
void vgpio_reset(struct vgpio *g);

const char *vgpio_type_name(uint16_t type);
const char *vgpio_irq_type_name(uint8_t type);

#endif
