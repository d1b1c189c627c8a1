/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vgpio_transport.h - a board's virtio-gpio controller (gpio_lines.h)
 * served as a vhost-user device (vdev.h): QEMU's
 * vhost-user-gpio-device, bound by Linux's gpio-virtio. Queue 0 is the
 * requestq, queue 1 the eventq; an eventq chain is held until the
 * protocol gives it back (an interrupt, or the line's interrupt turned
 * off), then completed on the spot, outside any kick.
 */
#ifndef EXPANDER_VGPIO_TRANSPORT_H
#define EXPANDER_VGPIO_TRANSPORT_H

#include "gpio_lines.h"
#include "vdev.h"
#include "virtqueue.h"

struct vgpio_transport {
	struct gpio_lines *gl;
	struct vq *rq, *eq;
	uint64_t nbadchains;
};

extern const struct vdev_type vgpio_transport_type;

/* Bind the device to the controller and the backend's two rings. */
void vgpio_transport_init(struct vgpio_transport *t, struct gpio_lines *gl,
			  struct vq *rq, struct vq *eq);

/*
 * An eventq chain is named to the protocol by a token: the guest
 * address of its status byte and its head, so that nothing needs to be
 * kept here to complete it, however the guest misuses the queue.
 */
#define VGPIO_TOKEN_GPA_BITS 48

#endif
