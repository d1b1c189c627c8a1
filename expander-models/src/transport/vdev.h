/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vdev.h - what a kind of virtio device gives the vhost-user backend
 * (vhost_user.c) so that the daemon can serve it. virtio-i2c
 * (virtio_i2c.c) is one; a second kind implements this and nothing in
 * the bus, the models or the control server changes.
 *
 * The backend owns the protocol, guest memory and the rings: one
 * struct vq per queue, set up by QEMU's messages. The device owns what
 * its requests mean. It reaches its rings through vu_queue() and
 * completes a chain with vq_push() and vq_notify() whenever it likes:
 * in its process() handler, or later, for a chain it holds back (an
 * event buffer completed on a pin change). The device keeps any chain
 * it holds until stop() or reset() is called for its queue, and never
 * touches a ring after that: stop() must hand every held chain back,
 * reset() must forget them (guest memory is gone). A held chain keeps
 * guest-physical addresses, translated again (guestmem_gpa) when it is
 * completed: the memory table may have changed meanwhile.
 *
 * Every handler runs in the daemon's one thread, the poll loop: no
 * handler races another, nor a bus transaction, nor a control command.
 */
#ifndef EXPANDER_VDEV_H
#define EXPANDER_VDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most queues a device kind may have. */
#define VDEV_MAX_QUEUES 8

struct vdev_type {
	/*
	 * Names: diagnostics and sockets are "<prefix>-<slot>"
	 * (i2c-31.sock), QEMU's chardev "<prefix><slot>"; qemu_device is
	 * the -device QEMU runs for it; ready_word starts its line in the
	 * daemon's ready file.
	 */
	const char *prefix;
	const char *qemu_device;
	const char *ready_word;
	uint32_t virtio_id;	/* VIRTIO_ID_*, as in the DT "virtio,deviceNN" */
	/*
	 * Device feature bits offered in GET_FEATURES, on top of the ones
	 * the backend always offers (VERSION_1, PROTOCOL_FEATURES,
	 * INDIRECT_DESC, EVENT_IDX); protocol features on top of
	 * REPLY_ACK (e.g. VHOST_USER_PROTOCOL_F_CONFIG with get_config).
	 */
	uint64_t features;
	uint64_t protocol_features;
	unsigned int nqueues;	/* 1..VDEV_MAX_QUEUES */

	/*
	 * Config space for GET_CONFIG: len bytes from offset into buf,
	 * 0 or -1 if out of range. NULL: no config space, zeros are
	 * answered (what QEMU's vhost-user-i2c-device expects).
	 */
	int (*get_config)(void *dev, uint32_t offset, uint8_t *buf,
			  uint32_t len);
	/*
	 * Serve queue q at time now (ns, CLOCK_MONOTONIC): on its kick,
	 * after set-up messages, on a deadline, after vu_wake(), or
	 * because it asked. Called for every queue on a pass that is not
	 * a kick: a handler with nothing to do returns at once. Return 1
	 * to be called again at once (it yielded), 0 otherwise.
	 */
	int (*process)(void *dev, unsigned int q, uint64_t now);
	/* When process() wants to run without a kick; UINT64_MAX: never. */
	uint64_t (*deadline)(const void *dev);
	/* Must kicks of queue q wait (the device holds the bus)? May be NULL. */
	bool (*busy)(const void *dev, unsigned int q);
	/*
	 * Queue q stops (GET_VRING_BASE, the guest resets the device): hand
	 * back every chain taken from it and signal, now.
	 */
	void (*stop)(void *dev, unsigned int q);
	/* The connection is reset: forget everything in flight, no writes. */
	void (*reset)(void *dev);
	/*
	 * The daemon is done with the device (after the last reset): free
	 * what its init took. May be NULL.
	 */
	void (*fini)(void *dev);
};

#endif
