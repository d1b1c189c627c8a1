// SPDX-License-Identifier: GPL-2.0
/*
 * test_vhost_user.c - the vhost-user protocol: the message sequence QEMU
 * 7.2 sends, replies, fds, and everything a broken peer might send.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"
#include "fake_guest.h"
#include "transport/transport_log.h"
#include "transport/vhost_user.h"
#include "transport/virtio_i2c.h"
#include "vu_front.h"

static struct vu_msg msg, reply;
static struct fake_bus bus;
static struct vi2c i2c;

/* A backend with a virtio-i2c device on the fake bus behind it. */
static void dev_init(struct vu_dev *d)
{
	vu_init(d, "t", &virtio_i2c_type, &i2c);
	vi2c_init(&i2c, vu_queue(d, 0), fake_xfer, &bus);
}

static unsigned int open_fds(void)
{
	unsigned int n = 0;
	struct dirent *e;
	DIR *d = opendir("/proc/self/fd");

	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static bool fd_open(int fd)
{
	return fcntl(fd, F_GETFD) >= 0;
}

static void start(uint32_t request, uint32_t flags, uint32_t size)
{
	memset(&msg, 0, sizeof(msg));
	msg.request = request;
	msg.flags = VHOST_USER_VERSION | flags;
	msg.size = size;
}

static void set32(unsigned int off, uint32_t v)
{
	v = htole32(v);
	memcpy(msg.payload + off, &v, 4);
}

static void set64(unsigned int off, uint64_t v)
{
	v = htole64(v);
	memcpy(msg.payload + off, &v, 8);
}

static uint64_t reply64(void)
{
	uint64_t v;

	memcpy(&v, reply.payload, 8);
	return le64toh(v);
}

static int send_u64(struct vu_dev *d, uint32_t req, uint32_t flags,
		    uint64_t v, int *fds, unsigned int nfds)
{
	start(req, flags, 8);
	set64(0, v);
	return vu_handle(d, &msg, fds, nfds, &reply);
}

static int send_state(struct vu_dev *d, uint32_t req, uint32_t index,
		      uint32_t num)
{
	start(req, VHOST_USER_NEED_REPLY_MASK, 8);
	set32(0, index);
	set32(4, num);
	return vu_handle(d, &msg, NULL, 0, &reply);
}

/* An ack was asked for: did it say success? */
static bool acked_ok(int r)
{
	return r == 1 && reply.size == 8 && reply64() == 0 &&
	       (reply.flags & VHOST_USER_REPLY_MASK);
}

static bool acked_err(int r)
{
	return r == 1 && reply.size == 8 && reply64() != 0;
}

static int mem_table(struct vu_dev *d, unsigned int n, int fd,
		     uint64_t size, uint64_t offset)
{
	int fds[GUESTMEM_MAX_REGIONS];
	unsigned int i, nfds = 0;

	start(VHOST_USER_SET_MEM_TABLE, VHOST_USER_NEED_REPLY_MASK,
	      8 + 32 * n);
	set32(0, n);
	for (i = 0; i < n; i++) {
		set64(8 + 32 * i, FG_GPA + i * size);
		set64(16 + 32 * i, size);
		set64(24 + 32 * i, FG_UVA + i * size);
		set64(32 + 32 * i, offset);
		/* A socket carries at most VU_MAX_FDS. */
		if (nfds < GUESTMEM_MAX_REGIONS)
			fds[nfds++] = dup(fd);
	}
	return vu_handle(d, &msg, fds, nfds, &reply);
}

static int ring_addr(struct vu_dev *d, uint64_t desc, uint64_t used,
		     uint64_t avail)
{
	start(VHOST_USER_SET_VRING_ADDR, VHOST_USER_NEED_REPLY_MASK, 40);
	set32(0, 0);
	set64(8, desc);
	set64(16, used);
	set64(24, avail);
	return vu_handle(d, &msg, NULL, 0, &reply);
}

static int guest_fd(void)
{
	int fd = memfd_create("guest", MFD_CLOEXEC);

	if (fd >= 0 && ftruncate(fd, FG_SIZE) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

TEST(features)
{
	struct vu_dev d;
	int r;

	dev_init(&d);
	start(VHOST_USER_GET_FEATURES, 0, 0);
	r = vu_handle(&d, &msg, NULL, 0, &reply);
	CHECK_EQ(r, 1);
	CHECK_EQ(reply.request, VHOST_USER_GET_FEATURES);
	CHECK_EQ(reply.flags, VHOST_USER_VERSION | VHOST_USER_REPLY_MASK);
	CHECK_EQ(reply.size, 8);
	CHECK(reply64() & (1ULL << VIRTIO_F_VERSION_1));
	CHECK(reply64() & (1ULL << VHOST_USER_F_PROTOCOL_FEATURES));
	CHECK(reply64() & (1ULL << VIRTIO_I2C_F_ZERO_LENGTH_REQUEST));
	CHECK(reply64() & (1ULL << VIRTIO_RING_F_INDIRECT_DESC));
	CHECK(reply64() & (1ULL << VIRTIO_RING_F_EVENT_IDX));

	start(VHOST_USER_GET_PROTOCOL_FEATURES, 0, 0);
	CHECK_EQ(vu_handle(&d, &msg, NULL, 0, &reply), 1);
	CHECK(reply64() & (1ULL << VHOST_USER_PROTOCOL_F_REPLY_ACK));
	/* Bits we did not offer are not taken. */
	CHECK_EQ(send_u64(&d, VHOST_USER_SET_PROTOCOL_FEATURES, 0, ~0ULL,
			  NULL, 0), 0);
	CHECK_EQ(d.protocol_features, vu_protocol_features(&d));

	/* SET_FEATURES without NEED_REPLY: no reply at all. */
	CHECK_EQ(send_u64(&d, VHOST_USER_SET_FEATURES, 0,
			  (1ULL << VIRTIO_RING_F_EVENT_IDX) |
			  (1ULL << VIRTIO_RING_F_INDIRECT_DESC), NULL, 0), 0);
	CHECK(d.vq[0].event_idx);
	CHECK(d.vq[0].indirect);
	CHECK(acked_err(send_u64(&d, VHOST_USER_SET_FEATURES,
				 VHOST_USER_NEED_REPLY_MASK,
				 1ULL << VIRTIO_F_RING_PACKED, NULL, 0)));

	start(VHOST_USER_GET_QUEUE_NUM, 0, 0);
	CHECK_EQ(vu_handle(&d, &msg, NULL, 0, &reply), 1);
	CHECK_EQ(reply64(), 1);
	vu_reset(&d);
}

TEST(need_reply_and_unknown)
{
	struct vu_dev d;

	dev_init(&d);
	start(VHOST_USER_SET_OWNER, VHOST_USER_NEED_REPLY_MASK, 0);
	CHECK(acked_ok(vu_handle(&d, &msg, NULL, 0, &reply)));
	CHECK_EQ(reply.request, VHOST_USER_SET_OWNER);
	CHECK(d.owner);
	/* Unknown: an error ack if one is wanted, silence otherwise. */
	start(99, VHOST_USER_NEED_REPLY_MASK, 16);
	CHECK(acked_err(vu_handle(&d, &msg, NULL, 0, &reply)));
	CHECK_EQ(reply.request, 99);
	start(99, 0, 16);
	CHECK_EQ(vu_handle(&d, &msg, NULL, 0, &reply), 0);
	/* GET_CONFIG: zeros of the size asked. */
	start(VHOST_USER_GET_CONFIG, 0, 12 + 8);
	set32(4, 8);
	CHECK_EQ(vu_handle(&d, &msg, NULL, 0, &reply), 1);
	CHECK_EQ(reply.size, 20);
	start(VHOST_USER_GET_CONFIG, 0, 12);
	set32(4, 4096);
	CHECK_EQ(vu_handle(&d, &msg, NULL, 0, &reply), 1);
	CHECK_EQ(reply.size, 0);
	vu_reset(&d);
}

TEST(bad_headers_disconnect)
{
	struct vu_dev d;
	int fd = eventfd(0, 0);

	dev_init(&d);
	start(VHOST_USER_SET_OWNER, 0, VU_MAX_PAYLOAD + 1);
	CHECK_EQ(vu_handle(&d, &msg, &fd, 1, &reply), -1);
	CHECK(!fd_open(fd));	/* and the fd is not leaked */
	start(VHOST_USER_SET_OWNER, 0, 0);
	msg.flags = 2;		/* version 2 */
	CHECK_EQ(vu_handle(&d, &msg, NULL, 0, &reply), -1);
	vu_reset(&d);
}

TEST(vring_num_checks)
{
	struct vu_dev d;

	dev_init(&d);
	CHECK(acked_err(send_state(&d, VHOST_USER_SET_VRING_NUM, 0, 0)));
	CHECK(acked_err(send_state(&d, VHOST_USER_SET_VRING_NUM, 0, 6)));
	CHECK(acked_err(send_state(&d, VHOST_USER_SET_VRING_NUM, 0, 65536)));
	CHECK(acked_err(send_state(&d, VHOST_USER_SET_VRING_NUM, 1, 4)));
	CHECK(acked_ok(send_state(&d, VHOST_USER_SET_VRING_NUM, 0, 4)));
	CHECK_EQ(d.vq[0].num, 4);
	CHECK(acked_err(send_state(&d, VHOST_USER_SET_VRING_BASE, 0,
				   0x10000)));
	start(VHOST_USER_SET_VRING_NUM, VHOST_USER_NEED_REPLY_MASK, 4);
	CHECK(acked_err(vu_handle(&d, &msg, NULL, 0, &reply)));
	vu_reset(&d);
}

TEST(mem_table_checks)
{
	struct vu_dev d;
	int fd = guest_fd(), fds[2];
	unsigned int before = open_fds();

	CHECK(fd >= 0);
	dev_init(&d);
	/* Too many regions: refused, every fd closed. */
	CHECK(acked_err(mem_table(&d, GUESTMEM_MAX_REGIONS + 1, fd, 4096, 0)));
	CHECK(acked_err(mem_table(&d, 0, fd, 4096, 0)));
	/* Past the end of the file: would SIGBUS on first touch. */
	CHECK(acked_err(mem_table(&d, 1, fd, FG_SIZE, 4096)));
	CHECK(acked_err(mem_table(&d, 1, fd, FG_SIZE * 2, 0)));
	/* Offset + size wraps. */
	CHECK(acked_err(mem_table(&d, 1, fd, 4096, UINT64_MAX - 100)));
	CHECK_EQ(open_fds(), before);
	CHECK_EQ(d.mem.n, 0);
	/* Fewer fds than regions. */
	start(VHOST_USER_SET_MEM_TABLE, VHOST_USER_NEED_REPLY_MASK, 8 + 64);
	set32(0, 2);
	set64(16, 4096);
	set64(48, 4096);
	set64(40, 8192);
	fds[0] = dup(fd);
	CHECK(acked_err(vu_handle(&d, &msg, fds, 1, &reply)));
	/* Payload shorter than its regions. */
	start(VHOST_USER_SET_MEM_TABLE, VHOST_USER_NEED_REPLY_MASK, 8 + 16);
	set32(0, 1);
	fds[0] = dup(fd);
	CHECK(acked_err(vu_handle(&d, &msg, fds, 1, &reply)));
	CHECK_EQ(open_fds(), before);
	/* Overlapping regions: two regions at the same gpa. */
	start(VHOST_USER_SET_MEM_TABLE, VHOST_USER_NEED_REPLY_MASK, 8 + 64);
	set32(0, 2);
	set64(16, 4096);
	set64(24, 0x10000);
	set64(48, 4096);
	set64(56, 0x20000);
	fds[0] = dup(fd);
	fds[1] = dup(fd);
	CHECK(acked_err(vu_handle(&d, &msg, fds, 2, &reply)));
	/* A good one, then a bad one: the good one stays. */
	CHECK(acked_ok(mem_table(&d, 1, fd, FG_SIZE, 0)));
	CHECK_EQ(d.mem.n, 1);
	CHECK(acked_err(mem_table(&d, 1, fd, FG_SIZE * 4, 0)));
	CHECK_EQ(d.mem.n, 1);
	CHECK(guestmem_uva(&d.mem, FG_UVA, FG_SIZE) != NULL);
	vu_reset(&d);
	CHECK_EQ(open_fds(), before);
	close(fd);
}

TEST(vring_addr_checks)
{
	struct vu_dev d;
	int fd = guest_fd();

	dev_init(&d);
	CHECK(acked_ok(mem_table(&d, 1, fd, FG_SIZE, 0)));
	CHECK(acked_ok(send_state(&d, VHOST_USER_SET_VRING_NUM, 0, 4)));
	/* Not in guest memory (a guest-physical address is not QEMU's). */
	CHECK(acked_err(ring_addr(&d, FG_GPA, FG_GPA + FG_USED,
				  FG_GPA + FG_AVAIL)));
	/* Used ring running off the end of the region. */
	CHECK(acked_err(ring_addr(&d, FG_UVA, FG_UVA + FG_SIZE - 8,
				  FG_UVA + FG_AVAIL)));
	/* Misaligned. */
	CHECK(acked_err(ring_addr(&d, FG_UVA + 8, FG_UVA + FG_USED,
				  FG_UVA + FG_AVAIL)));
	CHECK(!d.vq[0].desc);
	CHECK(acked_ok(ring_addr(&d, FG_UVA, FG_UVA + FG_USED,
				 FG_UVA + FG_AVAIL)));
	CHECK(d.vq[0].desc != NULL);
	/* A bigger ring no longer fits: unmapped, not served. */
	CHECK(acked_ok(send_state(&d, VHOST_USER_SET_VRING_NUM, 0, 32768)));
	CHECK(!d.vq[0].desc);
	CHECK(acked_ok(send_state(&d, VHOST_USER_SET_VRING_NUM, 0, 4)));
	CHECK(d.vq[0].desc != NULL);
	start(VHOST_USER_SET_VRING_ADDR, VHOST_USER_NEED_REPLY_MASK, 24);
	CHECK(acked_err(vu_handle(&d, &msg, NULL, 0, &reply)));
	vu_reset(&d);
	close(fd);
}

TEST(vring_fd_checks)
{
	struct vu_dev d;
	int e = eventfd(0, 0), f = eventfd(0, 0);
	int fds[2] = { e, f };

	dev_init(&d);
	/* Queue 1 does not exist: the fd is closed. */
	CHECK(acked_err(send_u64(&d, VHOST_USER_SET_VRING_CALL,
				 VHOST_USER_NEED_REPLY_MASK, 1, fds, 1)));
	CHECK(!fd_open(e));
	/* Two fds where one is expected. */
	e = eventfd(0, 0);
	fds[0] = e;
	CHECK(acked_err(send_u64(&d, VHOST_USER_SET_VRING_KICK,
				 VHOST_USER_NEED_REPLY_MASK, 0, fds, 2)));
	CHECK(!fd_open(e));
	CHECK(!fd_open(f));
	/* No fd although one is announced. */
	CHECK(acked_err(send_u64(&d, VHOST_USER_SET_VRING_CALL,
				 VHOST_USER_NEED_REPLY_MASK, 0, NULL, 0)));
	/* NOFD flag with no fd is fine. */
	CHECK(acked_ok(send_u64(&d, VHOST_USER_SET_VRING_CALL,
				VHOST_USER_NEED_REPLY_MASK,
				VHOST_USER_VRING_NOFD_MASK, NULL, 0)));
	/* Logging is refused and its fd closed. */
	e = eventfd(0, 0);
	CHECK(acked_err(send_u64(&d, VHOST_USER_SET_LOG_FD,
				 VHOST_USER_NEED_REPLY_MASK, 0, &e, 1)));
	CHECK(!fd_open(e));
	e = eventfd(0, 0);
	fds[0] = e;
	CHECK(acked_ok(send_u64(&d, VHOST_USER_SET_VRING_KICK,
				VHOST_USER_NEED_REPLY_MASK, 0, fds, 1)));
	CHECK(fd_open(e));
	CHECK_EQ(d.vq[0].kick_fd, e);
	vu_reset(&d);
	CHECK(!fd_open(e));
}

/*
 * QEMU 7.2's start sequence over a socketpair (tests/vu_front.h), one
 * request served via the kick fd, the stop sequence, a disconnect and a
 * second connection.
 */
static int serve_one(void *ctx)
{
	return vu_service(ctx);
}

static int roundtrip(struct vuf_peer *p, uint32_t req, const void *payload,
		     uint32_t size, bool want_reply)
{
	int r = vuf_roundtrip(p, req, 0, payload, size, -1, want_reply);

	reply = p->reply;
	return r;
}

TEST(qemu_session)
{
	struct fake_guest g;
	struct vu_dev d;
	struct vuf_peer p;
	struct fg_req r;
	uint32_t state[2] = { 0, 0 };
	uint64_t one = 1, n;
	int sv[2], round;
	unsigned int before = open_fds();

	dev_init(&d);
	memset(&bus, 0, sizeof(bus));
	bus.ack_addr = 0x20;
	CHECK_EQ(vuf_peer_init(&p), 0);
	p.serve = serve_one;
	p.ctx = &d;

	/* Twice: the second is QEMU reconnecting after a restart. */
	for (round = 0; round < 2; round++) {
		memset(p.mem, 0, FG_SIZE);
		CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
		fcntl(sv[1], F_SETFL, O_NONBLOCK);
		p.sock = sv[0];
		vu_attach(&d, sv[1]);
		CHECK_EQ(vuf_start(&p, 4), 0);
		CHECK(vq_runnable(&d.vq[0]));
		CHECK(d.vq[0].event_idx);

		fg_init_layout(&g, p.mem, 4);
		r = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_M_RD, NULL, 2);
		fg_queue_indirect(&g, &r, true);
		CHECK_EQ(write(p.kick, &one, 8), 8);
		CHECK_EQ(vu_kick_fd(&d, 0), d.vq[0].kick_fd);
		CHECK_EQ(vu_kick(&d, 0, 0), 0);
		CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_OK);
		CHECK_EQ(fg_used_idx(&g), 1);
		CHECK_EQ(fg_avail_event(&g), 1);
		CHECK_EQ(read(p.call, &n, 8), 8);

		/* Stop: disable, then GET_VRING_BASE answers 1. */
		CHECK_EQ(roundtrip(&p, VHOST_USER_SET_VRING_ENABLE, state, 8,
				   false), 0);
		CHECK_EQ(roundtrip(&p, VHOST_USER_GET_VRING_BASE, state, 8,
				   true), 0);
		CHECK_EQ(reply.size, 8);
		CHECK_EQ(le32toh(*(uint32_t *)(reply.payload + 4)), 1);
		CHECK(!vq_runnable(&d.vq[0]));
		CHECK_EQ(vu_kick_fd(&d, 0), -1);

		/* QEMU goes away. */
		close(p.sock);
		CHECK_EQ(vu_service(&d), -1);
		vu_detach(&d);
		CHECK_EQ(d.mem.n, 0);
		CHECK_EQ(d.sock, -1);
	}
	CHECK_EQ(bus.ncalls, 2);
	p.sock = -1;
	vuf_peer_free(&p);
	CHECK_EQ(open_fds(), before);
}

TEST(socket_rejects_oversized_message)
{
	struct vu_dev d;
	uint32_t h[3] = { VHOST_USER_SET_OWNER, VHOST_USER_VERSION,
			  VU_MAX_PAYLOAD + 1 };
	int sv[2];

	dev_init(&d);
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	vu_attach(&d, sv[1]);
	CHECK_EQ(write(sv[0], h, sizeof(h)), (ssize_t)sizeof(h));
	CHECK_EQ(vu_service(&d), -1);
	vu_detach(&d);
	close(sv[0]);

	/* A peer that stops in the middle of a message is dropped. */
	CHECK_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	fcntl(sv[1], F_SETFL, O_NONBLOCK);
	vu_attach(&d, sv[1]);
	/* ... but a wakeup with nothing to read is no reason to drop it. */
	CHECK_EQ(vu_service(&d), 0);
	h[2] = 8;
	CHECK_EQ(write(sv[0], h, sizeof(h)), (ssize_t)sizeof(h));
	CHECK_EQ(vu_service(&d), -1);
	vu_detach(&d);
	close(sv[0]);
}

int main(void)
{
	transport_log_to(NULL);
	RUN(features);
	RUN(need_reply_and_unknown);
	RUN(bad_headers_disconnect);
	RUN(vring_num_checks);
	RUN(mem_table_checks);
	RUN(vring_addr_checks);
	RUN(vring_fd_checks);
	RUN(qemu_session);
	RUN(socket_rejects_oversized_message);
	return CHECK_DONE();
}
