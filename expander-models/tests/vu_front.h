/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vu_front.h - QEMU's side of a vhost-user-i2c connection, for host tests
 * and the load driver (load/loadgen.c): messages with an fd alongside,
 * and the start sequence QEMU sends when the guest sets DRIVER_OK, over
 * guest memory in a memfd laid out as tests/fake_guest.h lays it out.
 *
 * The backend may run in this process (test_vhost_user.c: a serve
 * callback handles each message as it is sent) or be the daemon at the
 * other end of the socket (serve is NULL: replies are simply awaited).
 */
#ifndef EXPANDER_VU_FRONT_H
#define EXPANDER_VU_FRONT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fake_guest.h"
#include "transport/vhost_user.h"

struct vuf_peer {
	int sock;		/* QEMU's end */
	int mem_fd;		/* guest memory: FG_SIZE bytes at FG_GPA */
	uint8_t *mem;
	int kick, call;
	/* Called after each message is sent; NULL: a daemon serves it. */
	int (*serve)(void *ctx);
	void *ctx;
	struct vu_msg reply;	/* the last reply read */
};

/* Guest memory and the two eventfds; 0 or -1. */
static inline int vuf_peer_init(struct vuf_peer *p)
{
	memset(p, 0, sizeof(*p));
	p->sock = -1;
	p->mem_fd = memfd_create("guest", MFD_CLOEXEC);
	if (p->mem_fd < 0 || ftruncate(p->mem_fd, FG_SIZE) < 0)
		return -1;
	p->mem = mmap(NULL, FG_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		      p->mem_fd, 0);
	if (p->mem == MAP_FAILED)
		return -1;
	p->kick = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	p->call = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	return p->kick < 0 || p->call < 0 ? -1 : 0;
}

static inline void vuf_peer_free(struct vuf_peer *p)
{
	if (p->sock >= 0)
		close(p->sock);
	munmap(p->mem, FG_SIZE);
	close(p->mem_fd);
	close(p->kick);
	close(p->call);
	p->sock = -1;
}

static inline int vuf_send(struct vuf_peer *p, uint32_t req, uint32_t flags,
			   const void *payload, uint32_t size, int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} ctl;
	uint8_t buf[VU_HDR_SIZE + 64];
	struct iovec iov = { buf, VU_HDR_SIZE + size };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	struct cmsghdr *c;
	uint32_t h[3] = { htole32(req), htole32(VHOST_USER_VERSION | flags),
			  htole32(size) };

	if (size > 64)
		return -1;
	memcpy(buf, h, sizeof(h));
	if (size)
		memcpy(buf + VU_HDR_SIZE, payload, size);
	if (fd >= 0) {
		mh.msg_control = ctl.buf;
		mh.msg_controllen = sizeof(ctl.buf);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(int));
	}
	return sendmsg(p->sock, &mh, MSG_NOSIGNAL) == (ssize_t)iov.iov_len ?
	       0 : -1;
}

/* Send, let the backend serve it, read the reply if one is expected. */
static inline int vuf_roundtrip(struct vuf_peer *p, uint32_t req,
				uint32_t flags, const void *payload,
				uint32_t size, int fd, bool want_reply)
{
	int fds[VU_MAX_FDS];
	unsigned int nfds;

	if (vuf_send(p, req, flags, payload, size, fd) < 0)
		return -1;
	if (p->serve && p->serve(p->ctx) < 0)
		return -1;
	if (!want_reply)
		return 0;
	if (vu_recv(p->sock, &p->reply, fds, &nfds, 1000) != 0)
		return -1;
	while (nfds)
		close(fds[--nfds]);
	return p->reply.request == req ? 0 : -1;
}

static inline uint64_t vuf_reply64(const struct vuf_peer *p)
{
	uint64_t v;

	memcpy(&v, p->reply.payload, 8);
	return le64toh(v);
}

/*
 * QEMU 7.2's messages from connect to a running ring of num entries, with
 * EVENT_IDX and INDIRECT_DESC negotiated as QEMU negotiates them. 0 or -1.
 */
static inline int vuf_start(struct vuf_peer *p, unsigned int num)
{
	uint64_t u64, mem[5] = { htole64(1), htole64(FG_GPA),
				 htole64(FG_SIZE), htole64(FG_UVA), 0 };
	uint32_t state[2] = { 0, htole32(num) };
	uint64_t addr[5] = { 0, htole64(FG_UVA + FG_DESC),
			     htole64(FG_UVA + FG_USED),
			     htole64(FG_UVA + FG_AVAIL), 0 };
	int bad = 0;

	bad |= vuf_roundtrip(p, VHOST_USER_GET_FEATURES, 0, NULL, 0, -1,
			     true);
	bad |= vuf_roundtrip(p, VHOST_USER_GET_PROTOCOL_FEATURES, 0, NULL, 0,
			     -1, true);
	u64 = htole64(1ULL << VHOST_USER_PROTOCOL_F_REPLY_ACK);
	bad |= vuf_roundtrip(p, VHOST_USER_SET_PROTOCOL_FEATURES, 0, &u64, 8,
			     -1, false);
	bad |= vuf_roundtrip(p, VHOST_USER_SET_OWNER, 0, NULL, 0, -1, false);
	u64 = htole64((1ULL << VIRTIO_RING_F_EVENT_IDX) |
		      (1ULL << VIRTIO_RING_F_INDIRECT_DESC) |
		      (1ULL << VHOST_USER_F_PROTOCOL_FEATURES) |
		      (1ULL << VIRTIO_F_VERSION_1) | 1);
	bad |= vuf_roundtrip(p, VHOST_USER_SET_FEATURES, 0, &u64, 8, -1,
			     false);
	bad |= vuf_roundtrip(p, VHOST_USER_SET_MEM_TABLE,
			     VHOST_USER_NEED_REPLY_MASK, mem, 40, p->mem_fd,
			     true);
	bad |= bad ? 0 : vuf_reply64(p) != 0;
	bad |= vuf_roundtrip(p, VHOST_USER_SET_VRING_NUM, 0, state, 8, -1,
			     false);
	state[1] = 0;
	bad |= vuf_roundtrip(p, VHOST_USER_SET_VRING_BASE, 0, state, 8, -1,
			     false);
	bad |= vuf_roundtrip(p, VHOST_USER_SET_VRING_ADDR, 0, addr, 40, -1,
			     false);
	u64 = 0;
	bad |= vuf_roundtrip(p, VHOST_USER_SET_VRING_KICK, 0, &u64, 8,
			     p->kick, false);
	bad |= vuf_roundtrip(p, VHOST_USER_SET_VRING_CALL, 0, &u64, 8,
			     p->call, false);
	state[1] = htole32(1);
	/* Asked to answer: once it has, the ring is running. */
	bad |= vuf_roundtrip(p, VHOST_USER_SET_VRING_ENABLE,
			     p->serve ? 0 : VHOST_USER_NEED_REPLY_MASK, state,
			     8, -1, !p->serve);
	return bad ? -1 : 0;
}

#endif
