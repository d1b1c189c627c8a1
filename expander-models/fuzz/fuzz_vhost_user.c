// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_vhost_user.c - libFuzzer target: a front-end that sends anything,
 * with a guest behind it that writes anything into shared memory.
 *
 * Input: a sequence of operations, each starting with one byte op:
 *   op % 4 == 0  a message: 12 header bytes {request, flags, size} and
 *                up to size payload bytes (what the input still has);
 *                (op >> 2) % 10 fds come with it: eventfds for the
 *                SET_VRING_{KICK,CALL,ERR} requests, otherwise
 *                duplicates of the guest memory fd
 *   op % 4 == 1  the guest writes: le16 offset, u8 length, bytes
 *   op % 4 == 2  a kick
 *   op % 4 == 3  u8 ms pass, then the ring runs if anything is due
 * Guest memory is a 64 KiB memfd; the messages have to describe it.
 *
 * Checked besides memory safety: replies are well-formed, and once the
 * connection is reset no fd the backend was given is left open.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>

#include "layout.h"
#include "transport/transport_log.h"
#include "transport/vhost_user.h"
#include "transport/virtio_i2c.h"

static int mem_fd = -1;
static uint8_t *mem;

static int xfer(void *ctx, struct i2c_seg *segs, unsigned int n,
		struct bus_timing *t)
{
	unsigned int i;
	uint32_t j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < segs[i].len; j++)
			if (segs[i].read)
				segs[i].buf[j] = (uint8_t)j;
		segs[i].status = segs[i].addr == 0x20 ? 0 : -1;
	}
	t->bus_ns = 1000;
	t->hold_ns = segs[0].addr & 1 ? 2000000 : 0;
	return 0;
}

/*
 * Every fd handed to the backend during one input; after the reset each
 * must be closed again. (A number can be handed out twice once the
 * backend closed it: still closed at the end is what counts.)
 */
#define MAX_GIVEN 4096
static int given[MAX_GIVEN];
static unsigned int ngiven;

static void give(int fd)
{
	if (fd < 0)
		abort();
	if (ngiven < MAX_GIVEN)
		given[ngiven++] = fd;
}

static void check_fds_closed(void)
{
	unsigned int i;

	for (i = 0; i < ngiven; i++) {
		if (fcntl(given[i], F_GETFD) >= 0) {
			fprintf(stderr, "fd %d leaked\n", given[i]);
			abort();
		}
	}
	ngiven = 0;
}

static void setup(void)
{
	mem_fd = memfd_create("fuzz-guest", MFD_CLOEXEC);
	if (mem_fd < 0 || ftruncate(mem_fd, MEMSZ) < 0)
		abort();
	mem = mmap(NULL, MEMSZ, PROT_READ | PROT_WRITE, MAP_SHARED,
		   mem_fd, 0);
	if (mem == MAP_FAILED)
		abort();
	transport_log_to(NULL);
}

static uint32_t le32_at(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

static size_t message(struct vu_dev *d, uint8_t op, const uint8_t *p,
		      size_t left)
{
	static struct vu_msg m, reply;
	int fds[16];
	unsigned int nfds = (op >> 2) % 10, i;
	size_t take;
	int r;

	if (left < VU_HDR_SIZE)
		return left;
	memset(&m, 0, sizeof(m));
	m.request = le32_at(p);
	m.flags = le32_at(p + 4);
	m.size = le32_at(p + 8);
	p += VU_HDR_SIZE;
	left -= VU_HDR_SIZE;
	take = m.size < left ? m.size : left;
	if (take > VU_MAX_PAYLOAD)
		take = VU_MAX_PAYLOAD;
	memcpy(m.payload, p, take);
	for (i = 0; i < nfds; i++) {
		if (m.request >= VHOST_USER_SET_VRING_KICK &&
		    m.request <= VHOST_USER_SET_VRING_ERR)
			fds[i] = eventfd(0, EFD_CLOEXEC);
		else
			fds[i] = dup(mem_fd);
		give(fds[i]);
	}
	r = vu_handle(d, &m, fds, nfds, &reply);
	if (r > 0 && (reply.size > VU_MAX_PAYLOAD ||
		      reply.request != m.request ||
		      !(reply.flags & VHOST_USER_REPLY_MASK)))
		abort();
	if (r < 0)
		vu_reset(d);	/* what the daemon does on a disconnect */
	return VU_HDR_SIZE + take;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct vu_dev d;
	static struct vi2c i2c;
	const uint8_t *p = data, *end = data + size;
	uint64_t now = 1000000;
	uint64_t ev = 1;
	unsigned int off, len;
	uint8_t op;

	if (mem_fd < 0)
		setup();
	memset(mem, 0, MEMSZ);
	vu_init(&d, "fuzz", &virtio_i2c_type, &i2c);
	vi2c_init(&i2c, vu_queue(&d, 0), xfer, NULL);

	while (p < end) {
		op = *p++;
		switch (op % 4) {
		case 0:
			p += message(&d, op, p, end - p);
			break;
		case 1:
			if (end - p < 3)
				p = end;
			else {
				off = p[0] | p[1] << 8;
				len = p[2];
				p += 3;
				if (len > (size_t)(end - p))
					len = end - p;
				if (off + len > MEMSZ)
					len = MEMSZ - off;
				memcpy(mem + off, p, len);
				p += len;
			}
			break;
		case 2:
			if (d.vq[0].kick_fd >= 0 &&
			    write(d.vq[0].kick_fd, &ev, sizeof(ev)) < 0)
				abort();
			while (vu_kick(&d, 0, now) > 0)
				;
			break;
		case 3:
			if (p < end)
				now += (uint64_t)*p++ * 1000000;
			if (vu_due(&d, now))
				while (vu_run(&d, now) > 0)
					;
			break;
		}
	}
	if (getenv("FUZZ_VERBOSE"))
		fprintf(stderr, "messages %llu rejected %llu popped %llu "
			"pushed %llu transactions %llu%s\n",
			(unsigned long long)d.nmsgs,
			(unsigned long long)d.nbadmsgs,
			(unsigned long long)d.vq[0].npopped,
			(unsigned long long)d.vq[0].npushed,
			(unsigned long long)i2c.ntransactions,
			d.vq[0].broken ? " broken" : "");
	vu_reset(&d);
	check_fds_closed();
	return 0;
}
