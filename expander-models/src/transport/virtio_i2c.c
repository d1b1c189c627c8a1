// SPDX-License-Identifier: GPL-2.0
/*
 * virtio_i2c.c - virtio-i2c requests to bus transactions and back.
 */
#include <endian.h>
#include <stdint.h>
#include <string.h>

#include "transport/virtio_i2c.h"

/* Requests served per vi2c_process() call before others get a turn. */
#define VI2C_BUDGET 256

void vi2c_init(struct vi2c *d, struct vq *vq, vi2c_xfer_fn xfer, void *ctx)
{
	memset(d, 0, sizeof(*d));
	d->vq = vq;
	d->xfer = xfer;
	d->ctx = ctx;
}

void vi2c_reset(struct vi2c *d)
{
	vi2c_init(d, d->vq, d->xfer, d->ctx);
}

const char *vi2c_decode(const struct vq_chain *c, const struct guestmem *mem,
			struct vi2c_req *r)
{
	const struct vq_buf *hdr = &c->buf[0], *st = &c->last, *b;
	uint8_t raw[VI2C_HDR_SIZE];
	uint16_t addr;
	uint32_t flags;
	void *p;

	memset(r, 0, sizeof(*r));
	r->head = c->head;
	r->ring_descs = c->ring_descs;
	if (c->err || c->n == 0)
		return vq_chain_strerror(c->err);

	/*
	 * Whatever else is wrong, find out what can still be used: the
	 * status byte to answer ERR in, the flags to know whether the
	 * transaction goes on.
	 */
	if (c->n >= 2 && st->write && st->len >= 1 && st->mapped) {
		r->has_status = true;
		r->status_gpa = st->gpa;
	}
	p = NULL;
	if (!hdr->write && hdr->len >= VI2C_HDR_SIZE)
		p = guestmem_gpa(mem, hdr->gpa, VI2C_HDR_SIZE);
	if (p) {
		/* One copy: the guest may rewrite the header meanwhile. */
		memcpy(raw, p, sizeof(raw));
		memcpy(&addr, raw, 2);
		memcpy(&flags, raw + 4, 4);
		flags = le32toh(flags);
		r->addr = le16toh(addr) >> 1;
		r->read = flags & VIRTIO_I2C_FLAGS_M_RD;
		r->fail_next = flags & VIRTIO_I2C_FLAGS_FAIL_NEXT;
		r->header_ok = true;
	}

	if (c->n < 2 || c->n > 3)
		return "wants 2 or 3 descriptors";
	if (!r->header_ok || hdr->len != VI2C_HDR_SIZE)
		return "header is not one readable 8-byte buffer";
	if (!st->write || st->len != 1 || !st->mapped)
		return "status is not one writable byte";
	if (c->n == 3) {
		b = &c->buf[1];
		if (b->write != r->read)
			return r->read ? "read into a device-readable buffer"
				       : "write from a device-writable buffer";
		if (b->len > VI2C_MAX_LEN)
			return "buffer longer than 65535 bytes";
		if (!b->mapped)
			return "buffer outside guest memory";
		r->buf_gpa = b->gpa;
		r->buf_len = b->len;
	}
	r->valid = true;
	return NULL;
}

static void write_back(struct vi2c *d, const struct vi2c_done *c)
{
	if (c->has_status)
		vq_push_status(d->vq, c->head, c->status_gpa, c->status,
			       c->len);
	else
		vq_push(d->vq, c->head, 0);
}

static void done_from_req(struct vi2c_done *c, const struct vi2c_req *r,
			  bool ok)
{
	c->head = r->head;
	c->has_status = r->has_status;
	c->status_gpa = r->status_gpa;
	c->status = ok ? VIRTIO_I2C_MSG_OK : VIRTIO_I2C_MSG_ERR;
	c->len = 0;
	if (r->has_status)
		c->len = 1 + (ok && r->read ? r->buf_len : 0);
}

static void fail_now(struct vi2c *d, const struct vi2c_req *r)
{
	struct vi2c_done c;

	done_from_req(&c, r, false);
	write_back(d, &c);
}

static void clear_group(struct vi2c *d)
{
	d->ngroup = 0;
	d->group_descs = 0;
	d->group_bad = false;
	d->waiting = false;
}

/* Answer every request of the transaction with ERR, none reaches the bus. */
static void fail_group(struct vi2c *d)
{
	unsigned int i;

	for (i = 0; i < d->ngroup; i++)
		fail_now(d, &d->group[i]);
	if (d->ngroup)
		d->nfailed++;
	clear_group(d);
}

static void complete_held(struct vi2c *d)
{
	unsigned int i;

	for (i = 0; i < d->nheld; i++)
		write_back(d, &d->held[i]);
	d->nheld = 0;
}

static void run_group(struct vi2c *d, uint64_t now)
{
	struct i2c_seg segs[VI2C_GROUP_MAX];
	struct vi2c_done done[VI2C_GROUP_MAX];
	struct bus_timing t = { 0, 0 };
	const struct vi2c_req *r;
	unsigned int i, n = d->ngroup;
	bool ok = !d->group_bad;

	for (i = 0; i < n; i++) {
		r = &d->group[i];
		segs[i].addr = r->addr;
		segs[i].read = r->read;
		segs[i].len = r->buf_len;
		segs[i].status = -1;
		segs[i].buf = NULL;
		/* Translated again: the memory table may have changed. */
		if (r->buf_len) {
			segs[i].buf = guestmem_gpa(d->vq->mem, r->buf_gpa,
						   r->buf_len);
			if (!segs[i].buf)
				ok = false;
		}
	}
	if (ok) {
		d->xfer(d->ctx, segs, n, &t);
		d->ntransactions++;
	} else {
		d->nfailed++;
	}
	for (i = 0; i < n; i++)
		done_from_req(&done[i], &d->group[i],
			      ok && segs[i].status == 0);
	clear_group(d);

	if (t.hold_ns) {
		memcpy(d->held, done, n * sizeof(done[0]));
		d->nheld = n;
		d->held_until = now + t.hold_ns < now ? UINT64_MAX
						      : now + t.hold_ns;
		return;
	}
	for (i = 0; i < n; i++)
		write_back(d, &done[i]);
}

/*
 * Would the guest be unable to queue another request while we hold the
 * transaction so far? Then the rest can never come: QEMU gives this
 * device a 4-entry ring, and Linux queues what fits of a longer transfer
 * and waits for it.
 */
static bool group_fills_ring(const struct vi2c *d)
{
	unsigned int need = d->vq->indirect ? 1 : 2;

	return d->group_descs + need > d->vq->num;
}

static void take(struct vi2c *d, const struct vq_chain *c, uint64_t now)
{
	struct vi2c_req r;
	const char *why;

	why = vi2c_decode(c, d->vq->mem, &r);
	d->nreqs++;
	if (why) {
		d->nbad++;
		vq_complain(d->vq, "request at descriptor %u: %s", c->head,
			    why);
	}
	if (d->discard) {
		fail_now(d, &r);
		if (!r.header_ok || !r.fail_next)
			d->discard = false;
		return;
	}
	d->group[d->ngroup++] = r;
	d->group_descs += r.ring_descs;
	d->waiting = false;
	if (!r.valid)
		d->group_bad = true;

	if (!r.header_ok || !r.fail_next) {
		run_group(d, now);
	} else if (d->ngroup == VI2C_GROUP_MAX) {
		vq_complain(d->vq, "transaction longer than %d messages",
			    VI2C_GROUP_MAX);
		fail_group(d);
		d->discard = true;
	} else if (group_fills_ring(d)) {
		vq_complain(d->vq, "transaction of %u+ messages fills the ring",
			    d->ngroup);
		fail_group(d);
	}
}

/* The ring is empty: decide about a transaction still collecting. */
static void ring_empty(struct vi2c *d, uint64_t now)
{
	/* A driver queues a transaction at once: the tail is not coming. */
	d->discard = false;
	if (!d->ngroup)
		return;
	if (!d->waiting) {
		d->waiting = true;
		d->wait_since = now;
	} else if (now - d->wait_since >= VI2C_GROUP_WAIT_NS) {
		vq_complain(d->vq, "transaction of %u messages never ended",
			    d->ngroup);
		fail_group(d);
	}
}

int vi2c_process(struct vi2c *d, uint64_t now)
{
	struct vq_chain c;
	unsigned int budget = VI2C_BUDGET;
	int r;

	if (d->nheld) {
		if (now < d->held_until)
			return 0;
		complete_held(d);
	}
	while (vq_runnable(d->vq)) {
		r = vq_pop(d->vq, &c);
		if (r < 0) {
			/* Broken ring: nothing can be returned any more. */
			clear_group(d);
			break;
		}
		if (r == 0) {
			if (vq_rearm(d->vq))
				continue;
			ring_empty(d, now);
			break;
		}
		take(d, &c, now);
		if (d->nheld)
			break;		/* the bus is busy for hold_ns */
		if (--budget == 0) {
			vq_notify(d->vq);
			return 1;
		}
	}
	vq_notify(d->vq);
	return 0;
}

uint64_t vi2c_deadline(const struct vi2c *d)
{
	if (d->nheld)
		return d->held_until;
	/* A stopped or disabled ring keeps its group until it runs again. */
	if (d->ngroup && d->waiting && vq_runnable(d->vq))
		return d->wait_since + VI2C_GROUP_WAIT_NS;
	return UINT64_MAX;
}

bool vi2c_busy(const struct vi2c *d)
{
	return d->nheld != 0;
}

void vi2c_flush(struct vi2c *d)
{
	complete_held(d);
	fail_group(d);
	d->discard = false;
	vq_notify(d->vq);
}

static int type_process(void *dev, unsigned int q, uint64_t now)
{
	return vi2c_process(dev, now);
}

static uint64_t type_deadline(const void *dev)
{
	return vi2c_deadline(dev);
}

static bool type_busy(const void *dev, unsigned int q)
{
	return vi2c_busy(dev);
}

static void type_stop(void *dev, unsigned int q)
{
	vi2c_flush(dev);
}

static void type_reset(void *dev)
{
	vi2c_reset(dev);
}

const struct vdev_type virtio_i2c_type = {
	.prefix = "i2c",
	.qemu_device = "vhost-user-i2c-device",
	.ready_word = "bus",
	.virtio_id = VIRTIO_ID_I2C_ADAPTER,
	.features = 1ULL << VIRTIO_I2C_F_ZERO_LENGTH_REQUEST,
	.nqueues = 1,
	.process = type_process,
	.deadline = type_deadline,
	.busy = type_busy,
	.stop = type_stop,
	.reset = type_reset,
};
