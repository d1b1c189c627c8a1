/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vgpio_transport.h - a board's virtio-gpio controller (gpio_lines.h)
 * served as a vhost-user device (vdev.h): QEMU's
 * vhost-user-gpio-device, bound by Linux's gpio-virtio. Queue 0 is the
 * requestq, queue 1 the eventq; an eventq chain is held until the
 * protocol gives it back (an interrupt, or the line's interrupt turned
 * off), then completed on the spot, outside any kick.
 *
 * The transport owns the protocol's state (struct vgpio: directions,
 * interrupt types, held buffers, counts), as a virtio-i2c device owns
 * its own (struct vi2c); the lines only know levels and drive. It gives
 * the protocol the lines' levels, drives what the guest drives, writes
 * the G and E records of the log and completes event buffers itself.
 */
#ifndef EXPANDER_VGPIO_TRANSPORT_H
#define EXPANDER_VGPIO_TRANSPORT_H

#include "buses/gpio_lines.h"
#include "transport/vdev.h"
#include "transport/virtio_gpio.h"
#include "transport/virtqueue.h"

struct vgpio_transport {
	struct gpio_lines *gl;
	struct vgpio dev;	/* the guest's view of gl's lines */
	struct vq *rq, *eq;
	uint64_t nbadchains;
};

extern const struct vdev_type vgpio_transport_type;

/*
 * Serve the controller's lines on the backend's two rings, the
 * protocol at power-on. -1 if memory runs out.
 */
int vgpio_transport_init(struct vgpio_transport *t, struct gpio_lines *gl,
			 struct vq *rq, struct vq *eq);
/* Serve them no more; what init took is freed. */
void vgpio_transport_fini(struct vgpio_transport *t);

/* The transport serving gl, or NULL if none does. */
struct vgpio_transport *vgpio_transport_of(const struct gpio_lines *gl);

/*
 * One requestq message and one eventq buffer as the rings hand them to
 * the protocol (vgpio_request(), vgpio_event()), under the world lock.
 */
uint32_t vgpio_transport_request(struct vgpio_transport *t,
				 const uint8_t *req, size_t reqlen,
				 uint8_t *resp, size_t resplen,
				 const char **why);
const char *vgpio_transport_event(struct vgpio_transport *t,
				  const uint8_t *req, size_t reqlen,
				  size_t resplen, uint64_t token);

/*
 * An eventq chain is named to the protocol by a token: the guest
 * address of its status byte and its head, so that nothing needs to be
 * kept here to complete it, however the guest misuses the queue.
 */
#define VGPIO_TOKEN_GPA_BITS 48

#endif
