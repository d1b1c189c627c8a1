/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fake_guest.h - the driver side of a virtio-i2c queue, for host tests.
 *
 * Lays a split ring out in a buffer the test owns, the way Linux's
 * i2c-virtio would: requests of header, optional buffer and status, direct
 * or through an indirect table; and a fake bus that records what reaches
 * it. Everything is static: each test program includes it once.
 */
#ifndef EXPANDER_FAKE_GUEST_H
#define EXPANDER_FAKE_GUEST_H

#include <endian.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "transport/virtio_i2c.h"
#include "transport/virtqueue.h"

#define FG_GPA		0x40000000ULL	/* where RAM starts on ARM virt */
#define FG_UVA		0x7f0012340000ULL	/* QEMU's view of it */
#define FG_SIZE		0x40000
#define FG_DESC		0x0000
#define FG_AVAIL	0x1000
#define FG_USED		0x2000
#define FG_HEAP		0x4000

/* ---- fake bus ---- */

#define FAKE_MAX_CALLS 16

struct fake_bus {
	unsigned int ncalls;
	unsigned int nsegs[FAKE_MAX_CALLS];
	struct i2c_seg segs[FAKE_MAX_CALLS][VI2C_GROUP_MAX];
	uint8_t wdata[FAKE_MAX_CALLS][VI2C_GROUP_MAX][8];
	uint16_t ack_addr;	/* the one address that answers */
	uint64_t hold_ns;
};

/* Like bus_transfer(): a NACK fails that segment and all later ones. */
static inline int fake_xfer(void *ctx, struct i2c_seg *segs, unsigned int n,
		     struct bus_timing *t)
{
	struct fake_bus *fb = ctx;
	unsigned int i, k = fb->ncalls;
	bool failed = false;
	uint32_t j;

	for (i = 0; i < n; i++) {
		if (!failed && segs[i].addr != fb->ack_addr)
			failed = true;
		segs[i].status = failed ? -1 : 0;
		if (!failed && segs[i].read)
			for (j = 0; j < segs[i].len; j++)
				segs[i].buf[j] = 0xa0 + j;
		if (k < FAKE_MAX_CALLS) {
			fb->segs[k][i] = segs[i];
			if (!segs[i].read && segs[i].len)
				memcpy(fb->wdata[k][i], segs[i].buf,
				       segs[i].len < 8 ? segs[i].len : 8);
		}
	}
	if (k < FAKE_MAX_CALLS)
		fb->nsegs[k] = n;
	fb->ncalls++;
	if (t) {
		t->bus_ns = 100000;
		t->hold_ns = fb->hold_ns;
	}
	return failed ? -1 : 0;
}

/* ---- fake guest ---- */

struct fake_guest {
	uint8_t *mem;
	unsigned int num;
	uint16_t avail_idx;
	uint16_t next_desc;	/* descriptors are handed out in order */
	uint64_t heap;
	struct guestmem gm;
	struct vq vq;
	struct vi2c dev;
	struct fake_bus bus;
};

static inline void *fg_ptr(struct fake_guest *g, uint64_t gpa)
{
	return g->mem + (gpa - FG_GPA);
}

static inline uint64_t fg_alloc(struct fake_guest *g, uint32_t len)
{
	uint64_t gpa = FG_GPA + g->heap;

	g->heap += (len + 15) & ~15u;
	if (g->heap > FG_SIZE)
		abort();
	return gpa;
}

static inline void put16(uint8_t *p, uint16_t v)
{
	v = htole16(v);
	memcpy(p, &v, 2);
}

static inline uint16_t get16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return le16toh(v);
}

static inline uint32_t get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return le32toh(v);
}

static inline void fg_set_desc(uint8_t *table, unsigned int i,
			       uint64_t addr, uint32_t len, uint16_t flags,
			       uint16_t next)
{
	uint8_t *d = table + 16 * i;

	addr = htole64(addr);
	len = htole32(len);
	memcpy(d, &addr, 8);
	memcpy(d + 8, &len, 4);
	put16(d + 12, flags);
	put16(d + 14, next);
}

static inline void fg_desc(struct fake_guest *g, unsigned int i,
			   uint64_t addr, uint32_t len, uint16_t flags,
			   uint16_t next)
{
	fg_set_desc(g->mem + FG_DESC, i, addr, len, flags, next);
}

/* Make head the next avail entry and publish it. */
static inline void fg_publish(struct fake_guest *g, uint16_t head)
{
	put16(g->mem + FG_AVAIL + 4 + 2 * (g->avail_idx % g->num), head);
	g->avail_idx++;
	put16(g->mem + FG_AVAIL + 2, g->avail_idx);
}

static inline uint16_t fg_used_idx(struct fake_guest *g)
{
	return get16(g->mem + FG_USED + 2);
}

static inline uint32_t fg_used_id(struct fake_guest *g, unsigned int i)
{
	return get32(g->mem + FG_USED + 4 + 8 * (i % g->num));
}

static inline uint32_t fg_used_len(struct fake_guest *g, unsigned int i)
{
	return get32(g->mem + FG_USED + 8 + 8 * (i % g->num));
}

static inline uint16_t fg_avail_event(struct fake_guest *g)
{
	return get16(g->mem + FG_USED + 4 + 8 * g->num);
}

static inline void fg_set_used_event(struct fake_guest *g, uint16_t v)
{
	put16(g->mem + FG_AVAIL + 4 + 2 * g->num, v);
}

/* The three parts of one request, in guest memory. */
struct fg_req {
	uint64_t hdr, buf, status;
	uint32_t len;
};

static inline struct fg_req fg_make(struct fake_guest *g, uint16_t addr,
			     uint32_t flags, const uint8_t *data, uint32_t len)
{
	struct fg_req r;
	uint8_t *h;

	r.hdr = fg_alloc(g, 8);
	r.buf = len ? fg_alloc(g, len) : 0;
	r.status = fg_alloc(g, 1);
	r.len = len;
	h = fg_ptr(g, r.hdr);
	put16(h, addr << 1);
	put16(h + 2, 0);
	flags = htole32(flags);
	memcpy(h + 4, &flags, 4);
	if (len && data)
		memcpy(fg_ptr(g, r.buf), data, len);
	*(uint8_t *)fg_ptr(g, r.status) = 0xee;	/* "not written" */
	return r;
}

static inline uint8_t fg_status(struct fake_guest *g, const struct fg_req *r)
{
	return *(uint8_t *)fg_ptr(g, r->status);
}

/* Queue a request as a direct chain; returns its head. */
static inline uint16_t fg_queue(struct fake_guest *g, const struct fg_req *r,
			 bool read)
{
	uint16_t head = g->next_desc % g->num, i = head;
	uint16_t n = r->len ? 3 : 2;

	fg_desc(g, i, r->hdr, 8, VRING_DESC_F_NEXT, (i + 1) % g->num);
	i = (i + 1) % g->num;
	if (r->len) {
		fg_desc(g, i, r->buf, r->len,
			VRING_DESC_F_NEXT | (read ? VRING_DESC_F_WRITE : 0),
			(i + 1) % g->num);
		i = (i + 1) % g->num;
	}
	fg_desc(g, i, r->status, 1, VRING_DESC_F_WRITE, 0);
	g->next_desc += n;
	fg_publish(g, head);
	return head;
}

/* Queue a request through an indirect table; returns its head. */
static inline uint16_t fg_queue_indirect(struct fake_guest *g,
					 const struct fg_req *r, bool read)
{
	uint16_t head = g->next_desc % g->num;
	uint16_t n = r->len ? 3 : 2, i = 0;
	uint64_t table = fg_alloc(g, 16 * n);
	uint8_t *t = fg_ptr(g, table);

	fg_set_desc(t, i, r->hdr, 8, VRING_DESC_F_NEXT, i + 1);
	i++;
	if (r->len) {
		fg_set_desc(t, i, r->buf, r->len,
			    VRING_DESC_F_NEXT | (read ? VRING_DESC_F_WRITE : 0),
			    i + 1);
		i++;
	}
	fg_set_desc(t, i, r->status, 1, VRING_DESC_F_WRITE, 0);
	fg_desc(g, head, table, 16 * n, VRING_DESC_F_INDIRECT, 0);
	g->next_desc++;
	fg_publish(g, head);
	return head;
}

/* Only the driver side, over memory someone else maps (vhost-user tests). */
static inline void fg_init_layout(struct fake_guest *g, uint8_t *mem,
			   unsigned int num)
{
	memset(g, 0, sizeof(*g));
	g->mem = mem;
	g->num = num;
	g->heap = FG_HEAP;
	g->bus.ack_addr = 0x20;
}

static inline int fg_init(struct fake_guest *g, unsigned int num,
			  bool event_idx)
{
	uint8_t *mem = aligned_alloc(4096, FG_SIZE);

	if (!mem)
		return -1;
	memset(mem, 0, FG_SIZE);
	fg_init_layout(g, mem, num);
	guestmem_init(&g->gm);
	if (guestmem_add_host(&g->gm, FG_GPA, FG_SIZE, FG_UVA, g->mem) < 0)
		return -1;
	vq_init(&g->vq, "test", &g->gm);
	if (vq_set_num(&g->vq, num) < 0 ||
	    vq_set_addr(&g->vq, FG_UVA + FG_DESC, FG_UVA + FG_AVAIL,
			FG_UVA + FG_USED) < 0)
		return -1;
	g->vq.event_idx = event_idx;
	g->vq.indirect = true;
	vq_set_base(&g->vq, 0);
	vq_set_kick(&g->vq, -1);
	vi2c_init(&g->dev, &g->vq, fake_xfer, &g->bus);
	return 0;
}

static inline void fg_free(struct fake_guest *g)
{
	vq_reset(&g->vq);
	guestmem_clear(&g->gm);
	free(g->mem);
}

#endif
