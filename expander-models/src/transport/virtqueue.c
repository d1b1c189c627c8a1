// SPDX-License-Identifier: GPL-2.0
/*
 * virtqueue.c - split virtqueue, device side.
 *
 * Layout (virtio 1.x, 2.7): the descriptor table holds num 16-byte
 * entries {le64 addr, le32 len, le16 flags, le16 next}; the avail ring is
 * {le16 flags, le16 idx, le16 ring[num], le16 used_event}; the used ring
 * is {le16 flags, le16 idx, {le32 id, le32 len} ring[num],
 * le16 avail_event}. The event fields are always mapped: legacy drivers
 * always allocate them, and writing avail_event whatever was negotiated
 * is what keeps a guest that uses EVENT_IDX kicking.
 */
#include <endian.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "transport/transport_log.h"
#include "transport/virtqueue.h"

#define DESC_SIZE 16
#define VQ_LOG_LIMIT 20

const char *vq_chain_strerror(enum vq_chain_err e)
{
	switch (e) {
	case VQ_CHAIN_OK:
		return "ok";
	case VQ_CHAIN_BAD_NEXT:
		return "next index outside the descriptor table";
	case VQ_CHAIN_LOOP:
		return "chain longer than its table (a loop)";
	case VQ_CHAIN_NESTED:
		return "indirect descriptor inside an indirect table";
	case VQ_CHAIN_BAD_INDIRECT:
		return "bad indirect table";
	case VQ_CHAIN_MISPLACED:
		return "indirect descriptor not at the head of the chain";
	}
	return "?";
}

/*
 * Guest memory is shared with a running guest: 16-bit indices are read
 * and written with single atomic accesses (the ring fields are aligned,
 * vq_remap checks it) so that neither side sees a torn value.
 */
static uint16_t load16(const uint8_t *p)
{
	return le16toh(__atomic_load_n((const uint16_t *)p, __ATOMIC_ACQUIRE));
}

static void store16(uint8_t *p, uint16_t v)
{
	__atomic_store_n((uint16_t *)p, htole16(v), __ATOMIC_RELEASE);
}

static void fence(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void unmap(struct vq *vq)
{
	vq->desc = vq->avail = vq->used = NULL;
}

void vq_init(struct vq *vq, const char *name, struct guestmem *mem)
{
	memset(vq, 0, sizeof(*vq));
	vq->name = name;
	vq->mem = mem;
	vq->kick_fd = vq->call_fd = vq->err_fd = -1;
	/*
	 * Enabled unless QEMU says otherwise: some QEMU 7.2 builds never
	 * send SET_VRING_ENABLE for vhost-user-i2c, and a ring that only
	 * runs once QEMU gave us its kick fd is harmless to serve early.
	 */
	vq->enabled = true;
}

void vq_reset(struct vq *vq)
{
	close_fd(&vq->kick_fd);
	close_fd(&vq->call_fd);
	close_fd(&vq->err_fd);
	vq_init(vq, vq->name, vq->mem);
}

int vq_set_num(struct vq *vq, unsigned int num)
{
	if (num == 0 || num > VQ_MAX_SIZE || (num & (num - 1)))
		return -1;
	vq->num = num;
	if (vq->addr_set)
		vq_remap(vq);
	return 0;
}

static uint64_t desc_bytes(unsigned int num)
{
	return (uint64_t)DESC_SIZE * num;
}

static uint64_t avail_bytes(unsigned int num)
{
	return 6 + 2 * (uint64_t)num;	/* flags, idx, ring, used_event */
}

static uint64_t used_bytes(unsigned int num)
{
	return 6 + 8 * (uint64_t)num;	/* flags, idx, ring, avail_event */
}

static bool overlap(const uint8_t *a, uint64_t alen, const uint8_t *b,
		    uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

int vq_remap(struct vq *vq)
{
	bool was_mapped = vq->desc != NULL;
	uint8_t *d, *a, *u;

	unmap(vq);
	if (!vq->addr_set || !vq->num)
		return 0;
	d = guestmem_uva(vq->mem, vq->desc_uva, desc_bytes(vq->num));
	a = guestmem_uva(vq->mem, vq->avail_uva, avail_bytes(vq->num));
	u = guestmem_uva(vq->mem, vq->used_uva, used_bytes(vq->num));
	if (!d || !a || !u)
		return -1;
	/* Atomic 16-bit accesses need the alignment the spec demands. */
	if (((uintptr_t)d & 15) || ((uintptr_t)a & 1) || ((uintptr_t)u & 3))
		return -1;
	/*
	 * The used ring is the only area the device writes. Laid over the
	 * descriptors or the avail ring, every completion would rewrite
	 * what the driver offers (the fuzzer found an avail index that
	 * never runs dry this way): refuse such a ring.
	 */
	if (overlap(u, used_bytes(vq->num), d, desc_bytes(vq->num)) ||
	    overlap(u, used_bytes(vq->num), a, avail_bytes(vq->num)))
		return -1;
	vq->desc = d;
	vq->avail = a;
	vq->used = u;
	if (!was_mapped) {
		/* The used ring is ours: continue from where it stands. */
		vq->used_idx = load16(vq->used + 2);
		vq->signalled_used_valid = false;
	}
	return 0;
}

int vq_set_addr(struct vq *vq, uint64_t desc, uint64_t avail, uint64_t used)
{
	if ((desc & 15) || (avail & 1) || (used & 3))
		return -1;
	vq->desc_uva = desc;
	vq->avail_uva = avail;
	vq->used_uva = used;
	vq->addr_set = true;
	unmap(vq);
	/* Without a size or a memory table yet, vq_remap() comes later. */
	if (vq->num && vq->mem->n && vq_remap(vq) < 0) {
		vq->addr_set = false;
		return -1;
	}
	return 0;
}

void vq_set_base(struct vq *vq, uint16_t idx)
{
	vq->last_avail_idx = idx;
	vq->shadow_avail_idx = idx;
	vq->broken = false;
}

void vq_set_kick(struct vq *vq, int fd)
{
	close_fd(&vq->kick_fd);
	vq->kick_fd = fd;
	vq->started = true;
}

void vq_set_call(struct vq *vq, int fd)
{
	close_fd(&vq->call_fd);
	vq->call_fd = fd;
}

void vq_set_err(struct vq *vq, int fd)
{
	close_fd(&vq->err_fd);
	vq->err_fd = fd;
}

void vq_stop(struct vq *vq)
{
	/* QEMU hands over a new kick fd when it starts the ring again. */
	close_fd(&vq->kick_fd);
	vq->started = false;
}

bool vq_runnable(const struct vq *vq)
{
	return vq->desc && vq->enabled && vq->started && !vq->broken;
}

static void signal_fd(int fd)
{
	uint64_t one = 1;
	ssize_t r;

	if (fd < 0)
		return;
	do
		r = write(fd, &one, sizeof(one));
	while (r < 0 && errno == EINTR);
	/* EAGAIN: the counter is saturated, the peer is signalled anyway. */
}

void vq_mark_broken(struct vq *vq, const char *fmt, ...)
{
	va_list ap;

	if (vq->broken)
		return;
	vq->broken = true;
	va_start(ap, fmt);
	transport_log_va(vq->name, fmt, ap);
	va_end(ap);
	transport_log(vq->name, "ring stopped until the device is reset");
	signal_fd(vq->err_fd);
}

void vq_complain(struct vq *vq, const char *fmt, ...)
{
	va_list ap;

	if (vq->nlogged > VQ_LOG_LIMIT)
		return;
	if (vq->nlogged++ == VQ_LOG_LIMIT) {
		transport_log(vq->name, "further bad requests not logged");
		return;
	}
	va_start(ap, fmt);
	transport_log_va(vq->name, fmt, ap);
	va_end(ap);
}

struct desc {
	uint64_t addr;
	uint32_t len;
	uint16_t flags, next;
};

/* Copy entry i of a table out of guest memory, once. */
static void read_desc(const uint8_t *table, unsigned int i, struct desc *d)
{
	uint8_t raw[DESC_SIZE];

	memcpy(raw, table + (size_t)i * DESC_SIZE, DESC_SIZE);
	memcpy(&d->addr, raw, 8);
	memcpy(&d->len, raw + 8, 4);
	memcpy(&d->flags, raw + 12, 2);
	memcpy(&d->next, raw + 14, 2);
	d->addr = le64toh(d->addr);
	d->len = le32toh(d->len);
	d->flags = le16toh(d->flags);
	d->next = le16toh(d->next);
}

static void add_buf(struct vq *vq, struct vq_chain *c, const struct desc *d)
{
	struct vq_buf b = {
		.gpa = d->addr,
		.len = d->len,
		.write = d->flags & VRING_DESC_F_WRITE,
		.mapped = guestmem_gpa(vq->mem, d->addr, d->len) != NULL,
	};

	if (c->n < VQ_CHAIN_KEEP)
		c->buf[c->n] = b;
	c->last = b;
	c->n++;
}

/*
 * Follow the chain that starts at ring descriptor head. Each table (the
 * ring's or an indirect one) is walked at most its own size in steps:
 * a chain with more descriptors than its table must revisit one.
 */
static enum vq_chain_err walk_chain(struct vq *vq, uint16_t head,
				    struct vq_chain *c)
{
	const uint8_t *table = vq->desc;
	unsigned int tsize = vq->num;
	struct desc d;

	read_desc(table, head, &d);
	if (d.flags & VRING_DESC_F_INDIRECT) {
		c->indirect = true;
		c->ring_descs = 1;
		if ((d.flags & VRING_DESC_F_NEXT) || d.len == 0 ||
		    d.len % DESC_SIZE || d.len / DESC_SIZE > VQ_MAX_SIZE)
			return VQ_CHAIN_BAD_INDIRECT;
		table = guestmem_gpa(vq->mem, d.addr, d.len);
		if (!table)
			return VQ_CHAIN_BAD_INDIRECT;
		tsize = d.len / DESC_SIZE;
		read_desc(table, 0, &d);
	}
	for (;;) {
		if (d.flags & VRING_DESC_F_INDIRECT)
			return c->indirect ? VQ_CHAIN_NESTED
					   : VQ_CHAIN_MISPLACED;
		if (c->n >= tsize)
			return VQ_CHAIN_LOOP;
		add_buf(vq, c, &d);
		if (!c->indirect)
			c->ring_descs++;
		if (!(d.flags & VRING_DESC_F_NEXT))
			return VQ_CHAIN_OK;
		if (d.next >= tsize)
			return VQ_CHAIN_BAD_NEXT;
		read_desc(table, d.next, &d);
	}
}

int vq_pop(struct vq *vq, struct vq_chain *c)
{
	uint16_t head, pending;

	if (!vq_runnable(vq))
		return vq->broken ? -1 : 0;
	if (vq->last_avail_idx == vq->shadow_avail_idx) {
		vq->shadow_avail_idx = load16(vq->avail + 2);
		pending = vq->shadow_avail_idx - vq->last_avail_idx;
		if (pending > vq->num) {
			vq_mark_broken(vq, "avail index %u is %u entries ahead "
				       "of %u in a ring of %u",
				       vq->shadow_avail_idx, pending,
				       vq->last_avail_idx, vq->num);
			return -1;
		}
		if (!pending)
			return 0;
	}
	head = load16(vq->avail + 4 + 2 * (vq->last_avail_idx % vq->num));
	if (head >= vq->num) {
		vq_mark_broken(vq, "avail entry %u names descriptor %u of %u",
			       vq->last_avail_idx, head, vq->num);
		return -1;
	}
	vq->last_avail_idx++;
	vq->npopped++;

	memset(c, 0, sizeof(*c));
	c->head = head;
	c->err = walk_chain(vq, head, c);
	if (c->err) {
		vq->nbadchains++;
		vq_complain(vq, "chain at descriptor %u: %s", head,
			    vq_chain_strerror(c->err));
	}
	return 1;
}

void vq_push(struct vq *vq, uint16_t head, uint32_t len)
{
	uint8_t *elem;
	uint32_t v;

	if (!vq->used)
		return;
	elem = vq->used + 4 + 8 * (size_t)(vq->used_idx % vq->num);
	v = htole32(head);
	memcpy(elem, &v, 4);
	v = htole32(len);
	memcpy(elem + 4, &v, 4);
	vq->used_idx++;
	/* Release: the element is visible before the index that covers it. */
	store16(vq->used + 2, vq->used_idx);
	vq->pushed = true;
	vq->npushed++;
}

void vq_push_status(struct vq *vq, uint16_t head, uint64_t status_gpa,
		    uint8_t status, uint32_t len)
{
	volatile uint8_t *p = guestmem_gpa(vq->mem, status_gpa, 1);

	if (p)
		*p = status;
	vq_push(vq, head, p ? len : 0);
}

/* virtio's vring_need_event(): did new_idx just pass event? */
static bool need_event(uint16_t event, uint16_t new_idx, uint16_t old)
{
	return (uint16_t)(new_idx - event - 1) < (uint16_t)(new_idx - old);
}

bool vq_notify(struct vq *vq)
{
	uint16_t old, event;
	bool valid;

	if (!vq->pushed || !vq->used)
		return false;
	vq->pushed = false;
	/* Our used->idx store must be ordered before reading the guest's. */
	fence();
	if (vq->event_idx) {
		old = vq->signalled_used;
		valid = vq->signalled_used_valid;
		vq->signalled_used = vq->used_idx;
		vq->signalled_used_valid = true;
		event = load16(vq->avail + 4 + 2 * (size_t)vq->num);
		if (valid && !need_event(event, vq->used_idx, old))
			return false;
	} else if (load16(vq->avail) & VRING_AVAIL_F_NO_INTERRUPT) {
		return false;
	}
	signal_fd(vq->call_fd);
	vq->nnotified++;
	return true;
}

bool vq_rearm(struct vq *vq)
{
	uint16_t idx;

	if (!vq_runnable(vq))
		return false;
	store16(vq->used + 4 + 8 * (size_t)vq->num, vq->last_avail_idx);
	/*
	 * The guest adds entries, then reads avail_event to decide whether
	 * to kick: our write must be visible before we look at avail->idx
	 * again, or an entry added in between goes unnoticed by both.
	 */
	fence();
	idx = load16(vq->avail + 2);
	return idx != vq->last_avail_idx;
}
