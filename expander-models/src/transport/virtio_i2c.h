/* SPDX-License-Identifier: GPL-2.0 */
/*
 * virtio_i2c.h - the virtio-i2c device on top of one virtqueue.
 *
 * A request is a chain of two or three buffers: an 8-byte device-readable
 * header {le16 addr (7-bit address << 1), le16 padding, le32 flags}, an
 * optional data buffer (device-writable for a read, readable for a write)
 * and a one-byte device-writable status. Requests whose header carries
 * FAIL_NEXT belong with the next one: the run up to the first request
 * without it is one bus transaction (START, repeated STARTs, STOP), and
 * goes to the bus in one call.
 *
 * The bus is reached through a function pointer, so that tests and fuzz
 * targets can put a fake behind it; the daemon passes a wrapper around
 * bus_transfer().
 */
#ifndef EXPANDER_VIRTIO_I2C_H
#define EXPANDER_VIRTIO_I2C_H

#include <stdbool.h>
#include <stdint.h>

#include "buses/bus.h"
#include "transport/vdev.h"
#include "transport/virtqueue.h"

#define VIRTIO_ID_I2C_ADAPTER		34
#define VIRTIO_I2C_F_ZERO_LENGTH_REQUEST 0

#define VIRTIO_I2C_FLAGS_FAIL_NEXT	1
#define VIRTIO_I2C_FLAGS_M_RD		2

#define VIRTIO_I2C_MSG_OK	0
#define VIRTIO_I2C_MSG_ERR	1

#define VI2C_HDR_SIZE		8
/* Longest transaction we collect; a longer one fails as a whole. */
#define VI2C_GROUP_MAX		64
/* Linux's struct i2c_msg has a 16-bit length. */
#define VI2C_MAX_LEN		65535
/*
 * How long a transaction whose last request still says FAIL_NEXT may wait
 * for the rest with the ring empty. A driver queues a whole transaction
 * before it kicks, so the rest is normally there at once: this only ends
 * the wait when it never comes.
 */
#define VI2C_GROUP_WAIT_NS	(100ULL * 1000 * 1000)

typedef int (*vi2c_xfer_fn)(void *ctx, struct i2c_seg *segs,
			    unsigned int nsegs, struct bus_timing *t);

/* One request, decoded and checked. */
struct vi2c_req {
	uint16_t head;
	uint16_t ring_descs;
	bool header_ok;		/* the header was readable: flags are known */
	bool valid;		/* well-formed throughout */
	bool has_status;	/* a status byte can be written */
	bool read, fail_next;
	uint16_t addr;		/* 7-bit address (header addr >> 1) */
	uint64_t buf_gpa;
	uint32_t buf_len;	/* 0: zero-length request */
	uint64_t status_gpa;
};

/* A completion not yet written back. */
struct vi2c_done {
	uint16_t head;
	bool has_status;
	uint8_t status;
	uint32_t len;		/* used length */
	uint64_t status_gpa;
};

struct vi2c {
	struct vq *vq;
	vi2c_xfer_fn xfer;
	void *ctx;

	/* The transaction being collected. */
	struct vi2c_req group[VI2C_GROUP_MAX];
	unsigned int ngroup;
	unsigned int group_descs;	/* ring descriptors it occupies */
	bool group_bad;			/* a member is malformed */
	bool waiting;			/* ring empty, rest not yet there */
	uint64_t wait_since;
	bool discard;			/* failing the tail of a too-long one */

	/* The last transaction's completions, held back for hold_ns. */
	struct vi2c_done held[VI2C_GROUP_MAX];
	unsigned int nheld;
	uint64_t held_until;

	uint64_t nreqs, nbad, ntransactions, nfailed;
};

/*
 * The device kind for the vhost-user backend: one request queue, no
 * config space; its handlers are the vi2c_* functions below, with dev a
 * struct vi2c.
 */
extern const struct vdev_type virtio_i2c_type;

void vi2c_init(struct vi2c *d, struct vq *vq, vi2c_xfer_fn xfer, void *ctx);

/* Forget everything in flight without touching guest memory (it is gone). */
void vi2c_reset(struct vi2c *d);

/*
 * Decode one chain. Fills *r in any case (r->valid says whether it is
 * well-formed, r->header_ok and r->has_status what can still be used)
 * and returns NULL or the reason it is not well-formed.
 */
const char *vi2c_decode(const struct vq_chain *c, const struct guestmem *mem,
			struct vi2c_req *r);

/*
 * Serve the ring at time now (ns, any monotonic clock): pop requests, run
 * each complete transaction, write back what is due, signal the guest.
 * Stops early while a transaction's hold_ns runs (see vi2c_deadline).
 * Returns 1 if it stopped to let others run and wants to be called again
 * at once, 0 otherwise.
 */
int vi2c_process(struct vi2c *d, uint64_t now);

/* When vi2c_process() wants to run next, UINT64_MAX if only on a kick. */
uint64_t vi2c_deadline(const struct vi2c *d);

/* Is a transaction's hold running (then kicks wait for it)? */
bool vi2c_busy(const struct vi2c *d);

/*
 * The ring is being stopped: write back held completions now, fail a
 * transaction still collecting, and signal. After this every request
 * taken from the ring has been returned.
 */
void vi2c_flush(struct vi2c *d);

#endif
