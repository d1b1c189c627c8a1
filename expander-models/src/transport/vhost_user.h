/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vhost_user.h - the vhost-user protocol, backend side, for one virtio
 * device on one Unix socket. What the device is (its queues, features,
 * config space, what a request means) comes from its struct vdev_type
 * (vdev.h); everything here is the same for every kind of device.
 *
 * A message is a 12-byte header {u32 request, u32 flags, u32 size} and
 * size bytes of payload, all little-endian, with file descriptors passed
 * alongside as SCM_RIGHTS. vu_handle() is the whole protocol on a message
 * already read (so tests and the fuzzer drive it without a socket);
 * vu_service() adds the socket.
 */
#ifndef EXPANDER_VHOST_USER_H
#define EXPANDER_VHOST_USER_H

#include <stdbool.h>
#include <stdint.h>

#include "transport/guestmem.h"
#include "transport/vdev.h"
#include "transport/virtqueue.h"

enum vu_request {
	VHOST_USER_GET_FEATURES = 1,
	VHOST_USER_SET_FEATURES = 2,
	VHOST_USER_SET_OWNER = 3,
	VHOST_USER_RESET_OWNER = 4,
	VHOST_USER_SET_MEM_TABLE = 5,
	VHOST_USER_SET_LOG_BASE = 6,
	VHOST_USER_SET_LOG_FD = 7,
	VHOST_USER_SET_VRING_NUM = 8,
	VHOST_USER_SET_VRING_ADDR = 9,
	VHOST_USER_SET_VRING_BASE = 10,
	VHOST_USER_GET_VRING_BASE = 11,
	VHOST_USER_SET_VRING_KICK = 12,
	VHOST_USER_SET_VRING_CALL = 13,
	VHOST_USER_SET_VRING_ERR = 14,
	VHOST_USER_GET_PROTOCOL_FEATURES = 15,
	VHOST_USER_SET_PROTOCOL_FEATURES = 16,
	VHOST_USER_GET_QUEUE_NUM = 17,
	VHOST_USER_SET_VRING_ENABLE = 18,
	VHOST_USER_GET_CONFIG = 24,
	VHOST_USER_SET_CONFIG = 25,
	VHOST_USER_RESET_DEVICE = 34,
};

#define VHOST_USER_VERSION		0x1
#define VHOST_USER_VERSION_MASK		0x3
#define VHOST_USER_REPLY_MASK		0x4
#define VHOST_USER_NEED_REPLY_MASK	0x8

#define VHOST_USER_VRING_IDX_MASK	0xff
#define VHOST_USER_VRING_NOFD_MASK	0x100

#define VIRTIO_F_VERSION_1		32
#define VIRTIO_F_RING_PACKED		34
#define VHOST_F_LOG_ALL			26
#define VHOST_USER_F_PROTOCOL_FEATURES	30
#define VHOST_USER_PROTOCOL_F_REPLY_ACK	3
#define VHOST_USER_PROTOCOL_F_CONFIG	9

#define VU_HDR_SIZE	12
/*
 * Larger than anything QEMU sends (its biggest payload, a full memory
 * table or config space, is under 300 bytes); a peer that announces more
 * is not speaking this protocol and is disconnected.
 */
#define VU_MAX_PAYLOAD	4096
#define VU_MAX_FDS	GUESTMEM_MAX_REGIONS
#define VU_CONFIG_MAX	256

struct vu_msg {
	uint32_t request;
	uint32_t flags;
	uint32_t size;
	uint8_t payload[VU_MAX_PAYLOAD];
};

struct vu_dev {
	const char *name;
	int sock;		/* -1 when no QEMU is connected */
	struct guestmem mem;
	const struct vdev_type *type;
	void *dev;		/* the device, passed to type's handlers */
	struct vq vq[VDEV_MAX_QUEUES];	/* type->nqueues of them */
	uint64_t features;		/* from SET_FEATURES */
	uint64_t protocol_features;	/* from SET_PROTOCOL_FEATURES */
	bool owner;
	bool run;		/* a pass over the queues is due (see vu_run) */
	bool trace;		/* log every message */
	void (*wake)(void *ctx);	/* told of vu_wake() (vu_set_wake) */
	void *wake_ctx;
	uint64_t nmsgs, nbadmsgs;
};

/* The features we answer GET_FEATURES and GET_PROTOCOL_FEATURES with. */
uint64_t vu_device_features(const struct vu_dev *d);
uint64_t vu_protocol_features(const struct vu_dev *d);

const char *vu_request_name(uint32_t request);

/*
 * A backend for one device of kind type; dev is handed to its handlers.
 * The device binds to its rings afterwards, through vu_queue().
 */
void vu_init(struct vu_dev *d, const char *name,
	     const struct vdev_type *type, void *dev);

/* Queue q's ring (q < type->nqueues), for the device. */
struct vq *vu_queue(struct vu_dev *d, unsigned int q);

/*
 * Back to the state of a fresh connection: rings, fds and memory gone.
 * Used on disconnect, so that the next QEMU starts clean.
 */
void vu_reset(struct vu_dev *d);

/* Take a connected socket / close it and reset. */
void vu_attach(struct vu_dev *d, int sock);
void vu_detach(struct vu_dev *d);

/* The connected socket, or -1. */
int vu_sock(const struct vu_dev *d);

/* Log every message (--verbose). */
void vu_set_trace(struct vu_dev *d, bool on);

/*
 * Handle one message. m->size is the payload length (more than
 * VU_MAX_PAYLOAD is refused). Takes ownership of the nfds fds: keeps
 * those it uses, closes the rest. Returns 1 if *reply is to be sent, 0
 * if there is no reply, -1 if the connection must be dropped.
 */
int vu_handle(struct vu_dev *d, const struct vu_msg *m, int *fds,
	      unsigned int nfds, struct vu_msg *reply);

/*
 * Read one message from a socket with its fds. 0 on success, 1 if the
 * (non-blocking) socket had nothing after all, -1 on end of file, error,
 * an oversized or misversioned header, too many fds, or a peer that stops
 * in the middle of a message for more than timeout_ms. Unless it returns
 * 0, no fd is left open.
 */
int vu_recv(int sock, struct vu_msg *m, int *fds, unsigned int *nfds,
	    int timeout_ms);

/* Write a reply (header and m->size bytes). 0 or -1. */
int vu_send(int sock, const struct vu_msg *m, int timeout_ms);

/*
 * The socket is readable: read, handle and answer one message. -1 means
 * the peer is gone or misbehaved: call vu_detach().
 */
int vu_service(struct vu_dev *d);

/* Queues the device has (type->nqueues). */
unsigned int vu_nqueues(const struct vu_dev *d);

/* The queue's kick fd whatever the ring's state, or -1 if it has none. */
int vu_queue_kick_fd(const struct vu_dev *d, unsigned int q);

/*
 * The fd to poll for kicks of queue q now, or -1 (no ring, or the
 * device is busy and kicks wait).
 */
int vu_kick_fd(const struct vu_dev *d, unsigned int q);

/*
 * Is fd still queue q's kick fd? A message handled earlier in the same
 * round of poll() results may have replaced or closed it.
 */
bool vu_kick_fd_is(const struct vu_dev *d, unsigned int q, int fd);

/* Queue q's kick fd is readable: consume the kick and serve the queues. */
int vu_kick(struct vu_dev *d, unsigned int q, uint64_t now);

/*
 * The same without reading the kick fd: for a loop that watches it
 * edge-triggered, where each kick is an event whatever the count, so
 * the count need not be reset (a system call per kick saved).
 */
int vu_kicked(struct vu_dev *d, unsigned int q, uint64_t now);

/*
 * Serve every queue without a kick (after setup messages, on a
 * deadline, after vu_wake(), or after vu_kick()/vu_run() returned 1 to
 * yield). Returns 1 if it wants to be called again at once.
 */
int vu_run(struct vu_dev *d, uint64_t now);

/* fn(ctx) is called on every vu_wake(): the daemon's loop learns of it. */
void vu_set_wake(struct vu_dev *d, void (*fn)(void *ctx), void *ctx);

/*
 * The device has work outside a kick (a held chain to complete after a
 * pin change): the next pass of the loop calls vu_run().
 */
void vu_wake(struct vu_dev *d);

/* Is a pass due without a kick: vu_wake(), set-up, or the deadline? */
bool vu_pending(const struct vu_dev *d);
bool vu_due(const struct vu_dev *d, uint64_t now);

/* The device's deadline (vdev_type.deadline); UINT64_MAX if none. */
uint64_t vu_deadline(const struct vu_dev *d);

#endif
