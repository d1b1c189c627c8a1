/* SPDX-License-Identifier: GPL-2.0 */
/*
 * virtqueue.h - the device side of one split virtqueue in guest memory.
 *
 * The guest owns the descriptor table and the avail ring and may change
 * them at any time, also while we read them: every index and every
 * descriptor is read once into a local copy and checked there. A ring
 * that makes no sense (avail index more than the ring size ahead, a head
 * outside the table) is a broken ring: we stop it and say so, rather than
 * guess. A chain that makes no sense (a loop, an indirect table inside an
 * indirect table, a next index outside the table) is consumed and handed
 * to the device marked bad, so that it can be completed and the guest
 * does not wait for it forever.
 */
#ifndef EXPANDER_VIRTQUEUE_H
#define EXPANDER_VIRTQUEUE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "transport/guestmem.h"

#define VQ_MAX_SIZE		32768	/* the split ring's limit */

#define VRING_DESC_F_NEXT	1
#define VRING_DESC_F_WRITE	2
#define VRING_DESC_F_INDIRECT	4
#define VRING_AVAIL_F_NO_INTERRUPT 1

/* Feature bits the ring code cares about. */
#define VIRTIO_RING_F_INDIRECT_DESC	28
#define VIRTIO_RING_F_EVENT_IDX		29

/* One buffer of a chain, as the guest described it. */
struct vq_buf {
	uint64_t gpa;
	uint32_t len;
	bool write;		/* device-writable */
	bool mapped;		/* [gpa, gpa + len) lies in guest memory */
};

enum vq_chain_err {
	VQ_CHAIN_OK = 0,
	VQ_CHAIN_BAD_NEXT,	/* next index outside the table */
	VQ_CHAIN_LOOP,		/* more descriptors than the table holds */
	VQ_CHAIN_NESTED,	/* INDIRECT inside an indirect table */
	VQ_CHAIN_BAD_INDIRECT,	/* table unmapped, empty, ragged, or NEXT */
	VQ_CHAIN_MISPLACED,	/* INDIRECT other than at the head */
};

/* Buffers kept per chain; longer chains keep the first few and the last. */
#define VQ_CHAIN_KEEP 4

struct vq_chain {
	uint16_t head;		/* what goes back in the used ring */
	uint16_t ring_descs;	/* ring descriptors the chain occupies */
	bool indirect;
	enum vq_chain_err err;
	unsigned int n;		/* buffers in the chain */
	struct vq_buf buf[VQ_CHAIN_KEEP];
	struct vq_buf last;	/* valid when n > 0 */
};

struct vq {
	const char *name;	/* for diagnostics */
	struct guestmem *mem;

	unsigned int num;	/* ring size, 0 until SET_VRING_NUM */
	bool addr_set;
	uint64_t desc_uva, avail_uva, used_uva;
	/* Host addresses, NULL while the rings are not mapped. */
	uint8_t *desc, *avail, *used;

	uint16_t last_avail_idx;	/* next avail entry we consume */
	uint16_t shadow_avail_idx;	/* avail->idx as last read */
	uint16_t used_idx;		/* next used entry we write */
	uint16_t signalled_used;
	bool signalled_used_valid;
	bool pushed;			/* used entries since last notify */

	bool event_idx;		/* VIRTIO_RING_F_EVENT_IDX negotiated */
	bool indirect;		/* VIRTIO_RING_F_INDIRECT_DESC negotiated */
	bool enabled;
	bool started;		/* kick fd given, not stopped since */
	bool broken;

	int kick_fd, call_fd, err_fd;

	unsigned int nlogged;	/* rate limit for per-request complaints */
	uint64_t npopped, npushed, nnotified, nbadchains;
};

void vq_init(struct vq *vq, const char *name, struct guestmem *mem);

/* Close the fds and forget the ring; name and mem stay. */
void vq_reset(struct vq *vq);

/* 0, or -1 if num is 0, not a power of two or above VQ_MAX_SIZE. */
int vq_set_num(struct vq *vq, unsigned int num);

/*
 * Ring addresses in QEMU's address space. -1 if they are misaligned or,
 * once both the size and the memory table are known, not mapped.
 */
int vq_set_addr(struct vq *vq, uint64_t desc, uint64_t avail, uint64_t used);

/*
 * Recompute the host addresses after the memory table or the size
 * changed. -1 (and the ring unmapped) if they no longer translate.
 */
int vq_remap(struct vq *vq);

void vq_set_base(struct vq *vq, uint16_t idx);

/* Takes the fd (-1: none); the old one is closed. */
void vq_set_kick(struct vq *vq, int fd);
void vq_set_call(struct vq *vq, int fd);
void vq_set_err(struct vq *vq, int fd);

/* GET_VRING_BASE: close the kick fd, stop until the next one. */
void vq_stop(struct vq *vq);

/* Can requests be taken from the ring now? */
bool vq_runnable(const struct vq *vq);

/*
 * Take the next chain. 1: *c holds it (check c->err); 0: the ring is
 * empty; -1: the ring is broken (and now stopped).
 */
int vq_pop(struct vq *vq, struct vq_chain *c);

/* Return a chain to the guest with len bytes written into it. */
void vq_push(struct vq *vq, uint16_t head, uint32_t len);

/*
 * Return a chain whose answer ends in a status byte at status_gpa: the
 * byte is written, then the chain goes back with len bytes. Where that
 * byte is not in guest memory (any more: the table may have changed
 * since the chain was taken), the chain goes back unused (length 0).
 */
void vq_push_status(struct vq *vq, uint16_t head, uint64_t status_gpa,
		    uint8_t status, uint32_t len);

/*
 * After pushes: signal the call fd if the guest asked for it
 * (used_event with EVENT_IDX, else the NO_INTERRUPT flag). Returns
 * whether it signalled.
 */
bool vq_notify(struct vq *vq);

/*
 * The ring looks empty: tell the guest the index we want a kick for
 * (avail_event) and look again, since it may have added entries in the
 * meantime without kicking. Returns true if there is more to pop.
 */
bool vq_rearm(struct vq *vq);

/* Stop the ring for good (until reset), tell QEMU via the err fd. */
void vq_mark_broken(struct vq *vq, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A per-request complaint, rate-limited per ring. */
void vq_complain(struct vq *vq, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

const char *vq_chain_strerror(enum vq_chain_err e);

#endif
