// SPDX-License-Identifier: GPL-2.0
/*
 * vhost_user.c - vhost-user backend protocol, for any struct vdev_type.
 *
 * Written against QEMU 7.2's front-end (hw/virtio/vhost-user.c) and the
 * protocol description in QEMU's docs/interop/vhost-user.rst. QEMU sends,
 * at connect: GET_FEATURES, GET_PROTOCOL_FEATURES, SET_PROTOCOL_FEATURES,
 * SET_OWNER; when the guest sets DRIVER_OK: SET_FEATURES, SET_MEM_TABLE,
 * then per ring SET_VRING_NUM, _BASE, _ADDR, _KICK, _CALL and
 * SET_VRING_ENABLE; when the guest resets: SET_VRING_ENABLE 0 and
 * GET_VRING_BASE. Everything else is answered so that QEMU never waits
 * for a reply that does not come, and never gets one it did not ask for.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "transport/transport_log.h"
#include "transport/vhost_user.h"

#define BIT(n) (1ULL << (n))

uint64_t vu_device_features(const struct vu_dev *d)
{
	/*
	 * QEMU offers INDIRECT_DESC and EVENT_IDX to the guest whatever we
	 * answer; the rings handle both, so we also say so.
	 */
	return BIT(VIRTIO_F_VERSION_1) | BIT(VHOST_USER_F_PROTOCOL_FEATURES) |
	       BIT(VIRTIO_RING_F_INDIRECT_DESC) | BIT(VIRTIO_RING_F_EVENT_IDX) |
	       d->type->features;
}

uint64_t vu_protocol_features(const struct vu_dev *d)
{
	return BIT(VHOST_USER_PROTOCOL_F_REPLY_ACK) |
	       d->type->protocol_features;
}

const char *vu_request_name(uint32_t request)
{
	static const char *const names[] = {
		[VHOST_USER_GET_FEATURES] = "GET_FEATURES",
		[VHOST_USER_SET_FEATURES] = "SET_FEATURES",
		[VHOST_USER_SET_OWNER] = "SET_OWNER",
		[VHOST_USER_RESET_OWNER] = "RESET_OWNER",
		[VHOST_USER_SET_MEM_TABLE] = "SET_MEM_TABLE",
		[VHOST_USER_SET_LOG_BASE] = "SET_LOG_BASE",
		[VHOST_USER_SET_LOG_FD] = "SET_LOG_FD",
		[VHOST_USER_SET_VRING_NUM] = "SET_VRING_NUM",
		[VHOST_USER_SET_VRING_ADDR] = "SET_VRING_ADDR",
		[VHOST_USER_SET_VRING_BASE] = "SET_VRING_BASE",
		[VHOST_USER_GET_VRING_BASE] = "GET_VRING_BASE",
		[VHOST_USER_SET_VRING_KICK] = "SET_VRING_KICK",
		[VHOST_USER_SET_VRING_CALL] = "SET_VRING_CALL",
		[VHOST_USER_SET_VRING_ERR] = "SET_VRING_ERR",
		[VHOST_USER_GET_PROTOCOL_FEATURES] = "GET_PROTOCOL_FEATURES",
		[VHOST_USER_SET_PROTOCOL_FEATURES] = "SET_PROTOCOL_FEATURES",
		[VHOST_USER_GET_QUEUE_NUM] = "GET_QUEUE_NUM",
		[VHOST_USER_SET_VRING_ENABLE] = "SET_VRING_ENABLE",
		[VHOST_USER_GET_CONFIG] = "GET_CONFIG",
		[VHOST_USER_SET_CONFIG] = "SET_CONFIG",
		[VHOST_USER_RESET_DEVICE] = "RESET_DEVICE",
	};

	if (request < sizeof(names) / sizeof(names[0]) && names[request])
		return names[request];
	return "unknown request";
}

void vu_init(struct vu_dev *d, const char *name,
	     const struct vdev_type *type, void *dev)
{
	unsigned int q;

	memset(d, 0, sizeof(*d));
	d->name = name;
	d->sock = -1;
	d->type = type;
	d->dev = dev;
	guestmem_init(&d->mem);
	for (q = 0; q < type->nqueues; q++)
		vq_init(&d->vq[q], name, &d->mem);
}

struct vq *vu_queue(struct vu_dev *d, unsigned int q)
{
	return q < d->type->nqueues ? &d->vq[q] : NULL;
}

unsigned int vu_nqueues(const struct vu_dev *d)
{
	return d->type->nqueues;
}

static void reset_rings(struct vu_dev *d)
{
	unsigned int q;

	d->type->reset(d->dev);
	for (q = 0; q < d->type->nqueues; q++)
		vq_reset(&d->vq[q]);
	d->run = false;
}

void vu_reset(struct vu_dev *d)
{
	reset_rings(d);
	guestmem_clear(&d->mem);
	d->features = 0;
	d->protocol_features = 0;
	d->owner = false;
}

void vu_attach(struct vu_dev *d, int sock)
{
	vu_detach(d);
	d->sock = sock;
}

void vu_detach(struct vu_dev *d)
{
	if (d->sock >= 0)
		close(d->sock);
	d->sock = -1;
	vu_reset(d);
}

int vu_sock(const struct vu_dev *d)
{
	return d->sock;
}

void vu_set_trace(struct vu_dev *d, bool on)
{
	d->trace = on;
}

static void close_fds(int *fds, unsigned int nfds)
{
	unsigned int i;

	for (i = 0; i < nfds; i++)
		if (fds[i] >= 0)
			close(fds[i]);
}

static void bad(struct vu_dev *d, const struct vu_msg *m, const char *why)
{
	d->nbadmsgs++;
	transport_log(d->name, "%s rejected: %s", vu_request_name(m->request),
		      why);
}

static uint32_t get32(const struct vu_msg *m, unsigned int off)
{
	uint32_t v;

	memcpy(&v, m->payload + off, 4);
	return le32toh(v);
}

static uint64_t get64(const struct vu_msg *m, unsigned int off)
{
	uint64_t v;

	memcpy(&v, m->payload + off, 8);
	return le64toh(v);
}

static void put32(struct vu_msg *m, unsigned int off, uint32_t v)
{
	v = htole32(v);
	memcpy(m->payload + off, &v, 4);
}

static void put64(struct vu_msg *m, unsigned int off, uint64_t v)
{
	v = htole64(v);
	memcpy(m->payload + off, &v, 8);
}

static void reply_hdr(const struct vu_msg *m, struct vu_msg *r, uint32_t size)
{
	r->request = m->request;
	r->flags = VHOST_USER_VERSION | VHOST_USER_REPLY_MASK;
	r->size = size;
	memset(r->payload, 0, size);
}

static int reply_u64(const struct vu_msg *m, struct vu_msg *r, uint64_t v)
{
	reply_hdr(m, r, 8);
	put64(r, 0, v);
	return 1;
}

/* The {index, num} of a vring state message, or NULL if short or not ours. */
static struct vq *state_msg(struct vu_dev *d, const struct vu_msg *m,
			    uint32_t *num)
{
	if (m->size < 8) {
		bad(d, m, "payload shorter than a vring state");
		return NULL;
	}
	if (get32(m, 0) >= d->type->nqueues) {
		bad(d, m, "no such queue");
		return NULL;
	}
	*num = get32(m, 4);
	return &d->vq[get32(m, 0)];
}

/* SET_VRING_NUM, SET_VRING_BASE, SET_VRING_ENABLE: {index, num}. */
static int set_vring_state(struct vu_dev *d, const struct vu_msg *m)
{
	uint32_t num;
	struct vq *vq = state_msg(d, m, &num);

	if (!vq)
		return -1;
	switch (m->request) {
	case VHOST_USER_SET_VRING_NUM:
		if (vq_set_num(vq, num) < 0) {
			bad(d, m, "ring size not a power of two in 1..32768");
			return -1;
		}
		break;
	case VHOST_USER_SET_VRING_BASE:
		if (num > 0xffff) {
			bad(d, m, "split ring index above 65535");
			return -1;
		}
		vq_set_base(vq, num);
		break;
	default:
		vq->enabled = num != 0;
		d->run = true;
		break;
	}
	return 0;
}

static int set_features(struct vu_dev *d, const struct vu_msg *m)
{
	unsigned int q;
	uint64_t f;

	if (m->size < 8) {
		bad(d, m, "payload shorter than 8 bytes");
		return -1;
	}
	f = get64(m, 0);
	if (f & BIT(VIRTIO_F_RING_PACKED)) {
		bad(d, m, "packed rings are not supported");
		return -1;
	}
	if (f & BIT(VHOST_F_LOG_ALL)) {
		bad(d, m, "dirty logging is not supported");
		return -1;
	}
	/*
	 * QEMU 7.2 passes the guest's features through, not just the ones
	 * we offered: take EVENT_IDX from here, since it changes when we
	 * must signal.
	 */
	d->features = f;
	for (q = 0; q < d->type->nqueues; q++) {
		d->vq[q].event_idx = f & BIT(VIRTIO_RING_F_EVENT_IDX);
		d->vq[q].indirect = f & BIT(VIRTIO_RING_F_INDIRECT_DESC);
	}
	return 0;
}

static int set_mem_table(struct vu_dev *d, const struct vu_msg *m,
			 const int *fds, unsigned int nfds)
{
	struct guestmem_desc desc[GUESTMEM_MAX_REGIONS];
	char err[128];
	uint32_t n, i;
	unsigned int q;

	if (m->size < 8) {
		bad(d, m, "payload shorter than its header");
		return -1;
	}
	n = get32(m, 0);
	if (n == 0 || n > GUESTMEM_MAX_REGIONS) {
		bad(d, m, "region count out of range");
		return -1;
	}
	if (m->size < 8 + 32 * n) {
		bad(d, m, "payload shorter than its regions");
		return -1;
	}
	if (nfds != n) {
		bad(d, m, "one fd per region expected");
		return -1;
	}
	for (i = 0; i < n; i++) {
		desc[i].gpa = get64(m, 8 + 32 * i);
		desc[i].size = get64(m, 16 + 32 * i);
		desc[i].uva = get64(m, 24 + 32 * i);
		desc[i].offset = get64(m, 32 + 32 * i);
	}
	if (guestmem_map_fds(&d->mem, desc, fds, n, err, sizeof(err)) < 0) {
		bad(d, m, err);
		return -1;
	}
	for (q = 0; q < d->type->nqueues; q++)
		if (d->vq[q].addr_set && vq_remap(&d->vq[q]) < 0)
			transport_log(d->name, "ring outside the new memory "
				      "table");
	d->run = true;
	return 0;
}

static int set_vring_addr(struct vu_dev *d, const struct vu_msg *m)
{
	uint64_t desc, used, avail;

	if (m->size < 40) {
		bad(d, m, "payload shorter than a vring address");
		return -1;
	}
	if (get32(m, 0) >= d->type->nqueues) {
		bad(d, m, "no such queue");
		return -1;
	}
	/* struct vhost_vring_addr: index, flags, desc, used, avail, log. */
	desc = get64(m, 8);
	used = get64(m, 16);
	avail = get64(m, 24);
	if (vq_set_addr(&d->vq[get32(m, 0)], desc, avail, used) < 0) {
		bad(d, m, "ring addresses misaligned or not in guest memory");
		return -1;
	}
	return 0;
}

/* SET_VRING_KICK, _CALL, _ERR: u64 {index:8, nofd:1}, fd alongside. */
static int set_vring_fd(struct vu_dev *d, const struct vu_msg *m, int *fds,
			unsigned int nfds)
{
	struct vq *vq;
	uint64_t v;
	int fd = -1;

	if (m->size < 8) {
		bad(d, m, "payload shorter than 8 bytes");
		return -1;
	}
	v = get64(m, 0);
	if ((v & VHOST_USER_VRING_IDX_MASK) >= d->type->nqueues) {
		bad(d, m, "no such queue");
		return -1;
	}
	vq = &d->vq[v & VHOST_USER_VRING_IDX_MASK];
	if (!(v & VHOST_USER_VRING_NOFD_MASK)) {
		if (nfds != 1) {
			bad(d, m, "one fd expected");
			return -1;
		}
		fd = fds[0];
		fds[0] = -1;	/* ours now */
		/* A spurious wakeup must not block the whole daemon. */
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	}
	switch (m->request) {
	case VHOST_USER_SET_VRING_KICK:
		vq_set_kick(vq, fd);
		d->run = true;	/* the ring may hold requests already */
		break;
	case VHOST_USER_SET_VRING_CALL:
		vq_set_call(vq, fd);
		break;
	default:
		vq_set_err(vq, fd);
		break;
	}
	return 0;
}

/*
 * GET_CONFIG {u32 offset, u32 size, u32 flags, size bytes}: the device's
 * config space, or zeros as asked for a device without one.
 */
static int get_config(struct vu_dev *d, const struct vu_msg *m,
		      struct vu_msg *r)
{
	uint32_t size;

	if (m->size < 12 || (size = get32(m, 4)) > VU_CONFIG_MAX ||
	    m->size < 12 + size) {
		bad(d, m, "malformed config request");
		/* A reply QEMU rejects, rather than none it waits for. */
		reply_hdr(m, r, 0);
		return 1;
	}
	reply_hdr(m, r, 12 + size);
	memcpy(r->payload, m->payload, 12);
	if (d->type->get_config &&
	    d->type->get_config(d->dev, get32(m, 0), r->payload + 12,
				size) < 0) {
		bad(d, m, "config space read out of range");
		reply_hdr(m, r, 0);
	}
	return 1;
}

/* Requests whose answer is a reply of their own, never a REPLY_ACK. */
static bool has_reply(uint32_t request)
{
	switch (request) {
	case VHOST_USER_GET_FEATURES:
	case VHOST_USER_GET_PROTOCOL_FEATURES:
	case VHOST_USER_GET_VRING_BASE:
	case VHOST_USER_GET_QUEUE_NUM:
	case VHOST_USER_GET_CONFIG:
		return true;
	}
	return false;
}

int vu_handle(struct vu_dev *d, const struct vu_msg *m, int *fds,
	      unsigned int nfds, struct vu_msg *reply)
{
	uint32_t num = 0;
	struct vq *vq;
	int ret = 0;

	d->nmsgs++;
	if (d->trace)
		transport_log(d->name, "%s flags %#x size %u fds %u",
			      vu_request_name(m->request), m->flags, m->size,
			      nfds);
	if (m->size > VU_MAX_PAYLOAD || nfds > VU_MAX_FDS ||
	    (m->flags & VHOST_USER_VERSION_MASK) != VHOST_USER_VERSION) {
		bad(d, m, "bad header");
		close_fds(fds, nfds);
		return -1;
	}

	switch (m->request) {
	case VHOST_USER_GET_FEATURES:
		reply_u64(m, reply, vu_device_features(d));
		break;
	case VHOST_USER_SET_FEATURES:
		ret = set_features(d, m);
		break;
	case VHOST_USER_GET_PROTOCOL_FEATURES:
		reply_u64(m, reply, vu_protocol_features(d));
		break;
	case VHOST_USER_SET_PROTOCOL_FEATURES:
		if (m->size < 8) {
			bad(d, m, "payload shorter than 8 bytes");
			ret = -1;
			break;
		}
		d->protocol_features = get64(m, 0) & vu_protocol_features(d);
		break;
	case VHOST_USER_SET_OWNER:
		d->owner = true;
		break;
	case VHOST_USER_RESET_OWNER:
	case VHOST_USER_RESET_DEVICE:
		/* Protocol features stay: QEMU negotiates them only once. */
		reset_rings(d);
		d->features = 0;
		break;
	case VHOST_USER_GET_QUEUE_NUM:
		reply_u64(m, reply, d->type->nqueues);
		break;
	case VHOST_USER_SET_MEM_TABLE:
		ret = set_mem_table(d, m, fds, nfds);
		break;
	case VHOST_USER_SET_VRING_NUM:
	case VHOST_USER_SET_VRING_BASE:
	case VHOST_USER_SET_VRING_ENABLE:
		ret = set_vring_state(d, m);
		break;
	case VHOST_USER_SET_VRING_ADDR:
		ret = set_vring_addr(d, m);
		break;
	case VHOST_USER_GET_VRING_BASE:
		/* Always answered: QEMU waits for it. */
		reply_hdr(m, reply, 8);
		put32(reply, 0, m->size >= 4 ? get32(m, 0) : 0);
		vq = state_msg(d, m, &num);
		if (!vq)
			break;
		d->type->stop(d->dev, vq - d->vq);
		vq_stop(vq);
		put32(reply, 4, vq->last_avail_idx);
		break;
	case VHOST_USER_SET_VRING_KICK:
	case VHOST_USER_SET_VRING_CALL:
	case VHOST_USER_SET_VRING_ERR:
		ret = set_vring_fd(d, m, fds, nfds);
		break;
	case VHOST_USER_GET_CONFIG:
		get_config(d, m, reply);
		break;
	case VHOST_USER_SET_LOG_BASE:
	case VHOST_USER_SET_LOG_FD:
		bad(d, m, "dirty logging is not supported");
		ret = -1;
		break;
	default:
		/* The payload is read already: skipping it keeps us in step. */
		bad(d, m, "not supported");
		ret = -1;
		break;
	}
	close_fds(fds, nfds);

	if (has_reply(m->request))
		return 1;
	if (m->flags & VHOST_USER_NEED_REPLY_MASK)
		return reply_u64(m, reply, ret ? 1 : 0);
	return 0;
}

/* Wait until fd is ready for events, at most timeout_ms. */
static int wait_fd(int fd, short events, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = events };
	int r;

	do
		r = poll(&p, 1, timeout_ms);
	while (r < 0 && errno == EINTR);
	return r > 0 ? 0 : -1;
}

static int read_full(int sock, void *buf, size_t len, int timeout_ms)
{
	uint8_t *p = buf;
	ssize_t r;

	while (len) {
		r = recv(sock, p, len, 0);
		if (r > 0) {
			p += r;
			len -= r;
		} else if (r == 0) {
			return -1;
		} else if (errno == EAGAIN || errno == EWOULDBLOCK) {
			if (wait_fd(sock, POLLIN, timeout_ms) < 0)
				return -1;
		} else if (errno != EINTR) {
			return -1;
		}
	}
	return 0;
}

/* Collect SCM_RIGHTS fds; -1 if there were more than we can take. */
static int take_fds(struct msghdr *mh, int *fds, unsigned int *nfds)
{
	struct cmsghdr *c;
	unsigned int i, k;
	int fd, over = 0;

	for (c = CMSG_FIRSTHDR(mh); c; c = CMSG_NXTHDR(mh, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < k; i++) {
			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(fd));
			if (*nfds < VU_MAX_FDS) {
				fds[(*nfds)++] = fd;
			} else {
				close(fd);
				over = 1;
			}
		}
	}
	return (over || (mh->msg_flags & MSG_CTRUNC)) ? -1 : 0;
}

int vu_recv(int sock, struct vu_msg *m, int *fds, unsigned int *nfds,
	    int timeout_ms)
{
	union {
		char buf[CMSG_SPACE(sizeof(int) * VU_MAX_FDS)];
		struct cmsghdr align;
	} ctl;
	uint8_t hdr[VU_HDR_SIZE];
	struct iovec iov = { .iov_base = hdr, .iov_len = sizeof(hdr) };
	struct msghdr mh = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = ctl.buf,
		.msg_controllen = sizeof(ctl.buf),
	};
	ssize_t r;

	*nfds = 0;
	do
		r = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
	while (r < 0 && errno == EINTR);
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return 1;	/* a wakeup without data: not an error */
	if (r <= 0)
		return -1;
	if (take_fds(&mh, fds, nfds) < 0)
		goto fail;
	/* QEMU sends a message in one go; a short header is finished here. */
	if ((size_t)r < sizeof(hdr) &&
	    read_full(sock, hdr + r, sizeof(hdr) - r, timeout_ms) < 0)
		goto fail;
	memcpy(&m->request, hdr, 4);
	memcpy(&m->flags, hdr + 4, 4);
	memcpy(&m->size, hdr + 8, 4);
	m->request = le32toh(m->request);
	m->flags = le32toh(m->flags);
	m->size = le32toh(m->size);
	if (m->size > VU_MAX_PAYLOAD ||
	    (m->flags & VHOST_USER_VERSION_MASK) != VHOST_USER_VERSION)
		goto fail;
	if (read_full(sock, m->payload, m->size, timeout_ms) < 0)
		goto fail;
	return 0;
fail:
	close_fds(fds, *nfds);
	*nfds = 0;
	return -1;
}

int vu_send(int sock, const struct vu_msg *m, int timeout_ms)
{
	uint8_t buf[VU_HDR_SIZE + VU_MAX_PAYLOAD];
	uint32_t v;
	size_t len = VU_HDR_SIZE + m->size, off = 0;
	ssize_t r;

	if (m->size > VU_MAX_PAYLOAD)
		return -1;
	v = htole32(m->request);
	memcpy(buf, &v, 4);
	v = htole32(m->flags);
	memcpy(buf + 4, &v, 4);
	v = htole32(m->size);
	memcpy(buf + 8, &v, 4);
	memcpy(buf + VU_HDR_SIZE, m->payload, m->size);
	while (off < len) {
		r = send(sock, buf + off, len - off, MSG_NOSIGNAL);
		if (r > 0) {
			off += r;
		} else if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (wait_fd(sock, POLLOUT, timeout_ms) < 0)
				return -1;
		} else if (r < 0 && errno == EINTR) {
			continue;
		} else {
			return -1;
		}
	}
	return 0;
}

/* A peer that stalls mid-message for this long is dropped. */
#define VU_IO_TIMEOUT_MS 2000

int vu_service(struct vu_dev *d)
{
	struct vu_msg m, reply;
	int fds[VU_MAX_FDS];
	unsigned int nfds;
	int r;

	if (d->sock < 0)
		return -1;
	r = vu_recv(d->sock, &m, fds, &nfds, VU_IO_TIMEOUT_MS);
	if (r)
		return r < 0 ? -1 : 0;
	r = vu_handle(d, &m, fds, nfds, &reply);
	if (r < 0)
		return -1;
	if (r > 0 && vu_send(d->sock, &reply, VU_IO_TIMEOUT_MS) < 0)
		return -1;
	return 0;
}

int vu_kick_fd(const struct vu_dev *d, unsigned int q)
{
	if (q >= d->type->nqueues || !vq_runnable(&d->vq[q]) ||
	    (d->type->busy && d->type->busy(d->dev, q)))
		return -1;
	return d->vq[q].kick_fd;
}

int vu_queue_kick_fd(const struct vu_dev *d, unsigned int q)
{
	return q < d->type->nqueues ? d->vq[q].kick_fd : -1;
}

bool vu_kick_fd_is(const struct vu_dev *d, unsigned int q, int fd)
{
	return q < d->type->nqueues && fd >= 0 && d->vq[q].kick_fd == fd;
}

int vu_kick(struct vu_dev *d, unsigned int q, uint64_t now)
{
	uint64_t n;
	ssize_t r;

	if (q >= d->type->nqueues)
		return 0;
	if (d->vq[q].kick_fd >= 0) {
		do
			r = read(d->vq[q].kick_fd, &n, sizeof(n));
		while (r < 0 && errno == EINTR);
	}
	return vu_kicked(d, q, now);
}

int vu_kicked(struct vu_dev *d, unsigned int q, uint64_t now)
{
	if (q >= d->type->nqueues)
		return 0;
	/* A pass that is due anyway serves this queue too. */
	if (d->run)
		return vu_run(d, now);
	return d->type->process(d->dev, q, now);
}

int vu_run(struct vu_dev *d, uint64_t now)
{
	unsigned int q;
	int again = 0;

	d->run = false;
	for (q = 0; q < d->type->nqueues; q++)
		if (d->type->process(d->dev, q, now) > 0)
			again = 1;
	return again;
}

void vu_wake(struct vu_dev *d)
{
	d->run = true;
	if (d->wake)
		d->wake(d->wake_ctx);
}

void vu_set_wake(struct vu_dev *d, void (*fn)(void *ctx), void *ctx)
{
	d->wake = fn;
	d->wake_ctx = ctx;
}

bool vu_pending(const struct vu_dev *d)
{
	return d->run;
}

bool vu_due(const struct vu_dev *d, uint64_t now)
{
	return d->run || vu_deadline(d) <= now;
}

uint64_t vu_deadline(const struct vu_dev *d)
{
	return d->type->deadline(d->dev);
}
