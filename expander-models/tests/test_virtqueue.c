// SPDX-License-Identifier: GPL-2.0
/*
 * test_virtqueue.c - guest memory, the split ring and virtio-i2c requests,
 * against a fake guest and a fake bus.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "check.h"
#include "fake_guest.h"
#include "transport/guestmem.h"
#include "transport/transport_log.h"
#include "transport/virtio_i2c.h"
#include "transport/virtqueue.h"

/* Transport diagnostics land here, so tests can check what was said. */
static char *logbuf;
static size_t loglen;
static FILE *logf_;

static void log_capture(void)
{
	if (logf_)
		fclose(logf_);
	free(logbuf);
	logbuf = NULL;
	loglen = 0;
	logf_ = open_memstream(&logbuf, &loglen);
	transport_log_to(logf_);
}

static bool logged(const char *needle)
{
	fflush(logf_);
	return logbuf && strstr(logbuf, needle);
}

static const uint8_t wr[] = { 0x02, 0xaa };

TEST(guestmem_translation)
{
	static uint8_t a[4096], b[4096];
	struct guestmem m;

	guestmem_init(&m);
	CHECK_EQ(guestmem_add_host(&m, 0x1000, 4096, 0x10000, a), 0);
	CHECK_EQ(guestmem_add_host(&m, 0x8000, 4096, 0x20000, b), 0);
	CHECK(guestmem_gpa(&m, 0x1000, 4096) == a);
	CHECK(guestmem_gpa(&m, 0x1ff0, 16) == a + 0xff0);
	CHECK(guestmem_gpa(&m, 0x1ff0, 17) == NULL);	/* runs off the end */
	CHECK(guestmem_gpa(&m, 0x2000, 1) == NULL);
	CHECK(guestmem_gpa(&m, 0xfff, 2) == NULL);
	CHECK(guestmem_gpa(&m, 0x8000, 0) == b);
	CHECK(guestmem_gpa(&m, 0x1000, UINT64_MAX) == NULL);
	CHECK(guestmem_gpa(&m, UINT64_MAX, 2) == NULL);	/* wraps */
	CHECK(guestmem_uva(&m, 0x20010, 8) == b + 0x10);
	CHECK(guestmem_uva(&m, 0x1000, 8) == NULL);
	/* Overlaps, wrap-around and emptiness are refused. */
	CHECK_EQ(guestmem_add_host(&m, 0x1800, 4096, 0x90000, a), -1);
	CHECK_EQ(guestmem_add_host(&m, 0x40000, 4096, 0x10800, a), -1);
	CHECK_EQ(guestmem_add_host(&m, UINT64_MAX - 10, 4096, 0x90000, a), -1);
	CHECK_EQ(guestmem_add_host(&m, 0x40000, 0, 0x90000, a), -1);
	CHECK_EQ(m.n, 2);
	guestmem_clear(&m);
	CHECK(guestmem_gpa(&m, 0x1000, 1) == NULL);
}

TEST(guestmem_too_many_regions)
{
	static uint8_t a[GUESTMEM_MAX_REGIONS + 1][64];
	struct guestmem m;
	int i, ok = 0;

	guestmem_init(&m);
	for (i = 0; i <= GUESTMEM_MAX_REGIONS; i++)
		ok += guestmem_add_host(&m, 0x1000 * (i + 1), 64,
					0x100000 + 0x1000 * i, a[i]) == 0;
	CHECK_EQ(ok, GUESTMEM_MAX_REGIONS);
	guestmem_clear(&m);
}

TEST(ring_size_checks)
{
	struct guestmem m;
	struct vq vq;

	guestmem_init(&m);
	vq_init(&vq, "t", &m);
	CHECK_EQ(vq_set_num(&vq, 0), -1);
	CHECK_EQ(vq_set_num(&vq, 3), -1);
	CHECK_EQ(vq_set_num(&vq, 65536), -1);
	CHECK_EQ(vq_set_num(&vq, 32768), 0);
	CHECK_EQ(vq_set_num(&vq, 1), 0);
	CHECK_EQ(vq_set_addr(&vq, 0x1008, 0x2000, 0x3000), -1);	/* desc%16 */
	CHECK_EQ(vq_set_addr(&vq, 0x1000, 0x2001, 0x3000), -1);
	CHECK_EQ(vq_set_addr(&vq, 0x1000, 0x2000, 0x3002), -1);
}

/* The device writes only the used ring; over the driver's areas: refused. */
TEST(used_ring_overlapping_the_driver_areas)
{
	struct fake_guest g;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	CHECK_EQ(vq_set_addr(&g.vq, FG_UVA + FG_DESC, FG_UVA + FG_AVAIL,
			     FG_UVA + FG_AVAIL), -1);
	CHECK_EQ(vq_set_addr(&g.vq, FG_UVA + FG_DESC, FG_UVA + FG_AVAIL,
			     FG_UVA + FG_DESC + 16), -1);
	/* used ring (38 bytes for 4 entries) ends before the avail ring */
	CHECK_EQ(vq_set_addr(&g.vq, FG_UVA + FG_DESC, FG_UVA + FG_AVAIL,
			     FG_UVA + FG_AVAIL - 40), 0);
	CHECK_EQ(vq_set_addr(&g.vq, FG_UVA + FG_DESC, FG_UVA + FG_AVAIL,
			     FG_UVA + FG_USED), 0);
	fg_free(&g);
}

TEST(write_request)
{
	struct fake_guest g;
	struct fg_req r;
	uint16_t head;
	uint64_t n = 0;
	int call;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	call = eventfd(0, EFD_NONBLOCK);
	vq_set_call(&g.vq, call);
	r = fg_make(&g, 0x20, 0, wr, 2);
	head = fg_queue(&g, &r, false);
	CHECK_EQ(vi2c_process(&g.dev, 0), 0);
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK_EQ(g.bus.nsegs[0], 1);
	CHECK_EQ(g.bus.segs[0][0].addr, 0x20);
	CHECK(!g.bus.segs[0][0].read);
	CHECK_EQ(g.bus.segs[0][0].len, 2);
	CHECK_EQ(g.bus.wdata[0][0][0], 0x02);
	CHECK_EQ(g.bus.wdata[0][0][1], 0xaa);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_OK);
	CHECK_EQ(fg_used_idx(&g), 1);
	CHECK_EQ(fg_used_id(&g, 0), head);
	CHECK_EQ(fg_used_len(&g, 0), 1);
	CHECK_EQ(read(call, &n, 8), 8);
	CHECK_EQ(n, 1);
	fg_free(&g);
}

/*
 * A read request of len bytes at addr, alone on a fresh ring of 4,
 * processed: one bus call.
 */
static struct fg_req read_one(struct fake_guest *g, uint16_t addr,
			      uint32_t len)
{
	struct fg_req r;

	CHECK_EQ(fg_init(g, 4, true), 0);
	r = fg_make(g, addr, VIRTIO_I2C_FLAGS_M_RD, NULL, len);
	fg_queue(g, &r, true);
	vi2c_process(&g->dev, 0);
	CHECK_EQ(g->bus.ncalls, 1);
	return r;
}

TEST(read_request)
{
	struct fake_guest g;
	struct fg_req r;
	uint8_t *buf;

	r = read_one(&g, 0x20, 3);
	CHECK(g.bus.segs[0][0].read);
	CHECK_EQ(g.bus.segs[0][0].len, 3);
	buf = fg_ptr(&g, r.buf);
	CHECK_EQ(buf[0], 0xa0);
	CHECK_EQ(buf[2], 0xa2);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_OK);
	CHECK_EQ(fg_used_len(&g, 0), 4);	/* data and status */
	fg_free(&g);
}

TEST(nack_is_err)
{
	struct fake_guest g;
	struct fg_req r;

	r = read_one(&g, 0x21, 1);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_ERR);
	CHECK_EQ(fg_used_len(&g, 0), 1);
	fg_free(&g);
}

TEST(fail_next_group_is_one_transaction)
{
	struct fake_guest g;
	struct fg_req a, b;
	uint8_t reg = 0x02;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	a = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_FAIL_NEXT, &reg, 1);
	b = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_M_RD, NULL, 2);
	fg_queue_indirect(&g, &a, false);
	fg_queue_indirect(&g, &b, true);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK_EQ(g.bus.nsegs[0], 2);
	CHECK(!g.bus.segs[0][0].read);
	CHECK(g.bus.segs[0][1].read);
	CHECK_EQ(fg_status(&g, &a), VIRTIO_I2C_MSG_OK);
	CHECK_EQ(fg_status(&g, &b), VIRTIO_I2C_MSG_OK);
	CHECK_EQ(fg_used_idx(&g), 2);
	CHECK_EQ(fg_used_len(&g, 1), 3);
	fg_free(&g);
}

/*
 * Queue the n requests of r, each through an indirect table and all
 * device-readable, and process them: status of each as want says
 * ('o' OK, 'e' ERR), all n used.
 */
static void group(struct fake_guest *g, struct fg_req *r, unsigned int n,
		  const char *want)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		fg_queue_indirect(g, &r[i], false);
	vi2c_process(&g->dev, 0);
	for (i = 0; i < n; i++)
		CHECK_EQ(fg_status(g, &r[i]), want[i] == 'o' ?
			 VIRTIO_I2C_MSG_OK : VIRTIO_I2C_MSG_ERR);
	CHECK_EQ(fg_used_idx(g), n);
}

TEST(nack_fails_rest_of_group)
{
	struct fake_guest g;
	struct fg_req r[3];

	CHECK_EQ(fg_init(&g, 8, true), 0);
	r[0] = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_FAIL_NEXT, wr, 1);
	r[1] = fg_make(&g, 0x30, VIRTIO_I2C_FLAGS_FAIL_NEXT, wr, 1);
	r[2] = fg_make(&g, 0x20, 0, wr, 1);
	group(&g, r, 3, "oee");
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK_EQ(g.bus.nsegs[0], 3);
	fg_free(&g);
}

TEST(zero_length_request)
{
	struct fake_guest g;
	struct fg_req r;

	r = read_one(&g, 0x20, 0);
	CHECK_EQ(g.bus.segs[0][0].len, 0);
	CHECK(g.bus.segs[0][0].buf == NULL);
	CHECK(g.bus.segs[0][0].read);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_OK);
	CHECK_EQ(fg_used_len(&g, 0), 1);
	fg_free(&g);
}

TEST(indirect_request)
{
	struct fake_guest g;
	struct fg_req r;
	uint16_t head;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	r = fg_make(&g, 0x20, 0, wr, 2);
	head = fg_queue_indirect(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK_EQ(g.bus.wdata[0][0][1], 0xaa);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_OK);
	CHECK_EQ(fg_used_id(&g, 0), head);
	fg_free(&g);
}

TEST(event_idx)
{
	struct fake_guest g;
	struct fg_req r;
	uint64_t n;
	int call, i;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	call = eventfd(0, EFD_NONBLOCK);
	vq_set_call(&g.vq, call);
	for (i = 0; i < 3; i++) {
		r = fg_make(&g, 0x20, 0, wr, 1);
		fg_queue_indirect(&g, &r, false);
	}
	vi2c_process(&g.dev, 0);
	/* Drained: the guest is asked to kick for the next entry. */
	CHECK_EQ(fg_avail_event(&g), 3);
	CHECK_EQ(fg_used_idx(&g), 3);
	CHECK_EQ(read(call, &n, 8), 8);

	/* used_event far ahead: the guest does not want an interrupt. */
	fg_set_used_event(&g, 10);
	r = fg_make(&g, 0x20, 0, wr, 1);
	fg_queue_indirect(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(fg_used_idx(&g), 4);
	CHECK_EQ(read(call, &n, 8), -1);
	CHECK_EQ(fg_avail_event(&g), 4);

	/* used_event 4: crossing it (4 -> 5) signals. */
	fg_set_used_event(&g, 4);
	r = fg_make(&g, 0x20, 0, wr, 1);
	fg_queue_indirect(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(read(call, &n, 8), 8);
	fg_free(&g);
}

TEST(no_interrupt_flag_without_event_idx)
{
	struct fake_guest g;
	struct fg_req r;
	uint64_t n;
	int call;

	CHECK_EQ(fg_init(&g, 4, false), 0);
	call = eventfd(0, EFD_NONBLOCK);
	vq_set_call(&g.vq, call);
	put16(g.mem + FG_AVAIL, VRING_AVAIL_F_NO_INTERRUPT);
	r = fg_make(&g, 0x20, 0, wr, 1);
	fg_queue(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(fg_used_idx(&g), 1);
	CHECK_EQ(read(call, &n, 8), -1);
	fg_free(&g);
}

TEST(descriptor_outside_memory)
{
	struct fake_guest g;
	struct fg_req r;

	log_capture();
	CHECK_EQ(fg_init(&g, 4, true), 0);
	/* Data buffer past the end of RAM: ERR in the status byte. */
	r = fg_make(&g, 0x20, 0, wr, 2);
	r.buf = FG_GPA + FG_SIZE - 1;
	fg_queue(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_ERR);
	CHECK_EQ(fg_used_len(&g, 0), 1);
	CHECK(logged("outside guest memory"));

	/* Header far away. */
	r = fg_make(&g, 0x20, 0, wr, 2);
	r.hdr = 0xdead0000000ULL;
	fg_queue(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_ERR);

	/* Status unreachable too: consumed, returned with len 0. */
	r = fg_make(&g, 0x20, 0, wr, 2);
	r.status = UINT64_MAX;
	fg_queue(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_used_idx(&g), 3);
	CHECK_EQ(fg_used_len(&g, 2), 0);

	/* The ring still works. */
	r = fg_make(&g, 0x20, 0, wr, 2);
	fg_queue(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_OK);
	fg_free(&g);
}

/*
 * A ring of n, the log captured, and the buffers of a 2-byte write
 * request (not queued): what the malformed-chain tests build on.
 */
static struct fg_req chain_setup(struct fake_guest *g, unsigned int n)
{
	log_capture();
	CHECK_EQ(fg_init(g, n, true), 0);
	return fg_make(g, 0x20, 0, wr, 2);
}

/*
 * Publish head and process: nothing may reach the bus, and the n chains
 * published come back used, the last with length 0.
 */
static void refused(struct fake_guest *g, uint16_t head, unsigned int n)
{
	uint16_t used = fg_used_idx(g);

	fg_publish(g, head);
	vi2c_process(&g->dev, 0);
	CHECK_EQ(g->bus.ncalls, 0);
	CHECK_EQ(fg_used_idx(g), (uint16_t)(used + n));
	CHECK_EQ(fg_used_len(g, used + n - 1), 0);
}

TEST(chain_longer_than_ring)
{
	struct fake_guest g;
	struct fg_req r;
	unsigned int i;

	r = chain_setup(&g, 4);
	/* Every descriptor chains to the next, the last back to 0. */
	for (i = 0; i < 4; i++)
		fg_desc(&g, i, r.hdr, 8, VRING_DESC_F_NEXT, (i + 1) % 4);
	refused(&g, 0, 1);
	CHECK(logged("loop"));
	CHECK(!g.vq.broken);

	/* The same in an indirect table of 3 whose last entry goes on. */
	{
		uint64_t t = fg_alloc(&g, 48);
		uint8_t *tp = fg_ptr(&g, t);

		fg_set_desc(tp, 0, r.hdr, 8, VRING_DESC_F_NEXT, 1);
		fg_set_desc(tp, 1, r.buf, 2, VRING_DESC_F_NEXT, 2);
		fg_set_desc(tp, 2, r.status, 1,
			    VRING_DESC_F_NEXT | VRING_DESC_F_WRITE, 1);
		fg_desc(&g, 1, t, 48, VRING_DESC_F_INDIRECT, 0);
	}
	refused(&g, 1, 1);
	fg_free(&g);
}

/* On a ring of n: descriptor head, a header going on to next, refused. */
static void bad_next(struct fake_guest *g, unsigned int n, uint16_t head,
		     uint16_t next)
{
	struct fg_req r = chain_setup(g, n);

	fg_desc(g, head, r.hdr, 8, VRING_DESC_F_NEXT, next);
	refused(g, head, 1);
}

TEST(self_loop)
{
	struct fake_guest g;

	bad_next(&g, 8, 5, 5);
	CHECK_EQ(fg_used_id(&g, 0), 5);
	fg_free(&g);
}

TEST(bad_next_index)
{
	struct fake_guest g;

	bad_next(&g, 4, 0, 4);
	CHECK(logged("next index outside"));
	fg_free(&g);
}

TEST(nested_indirect)
{
	struct fake_guest g;
	struct fg_req r;
	uint64_t outer, inner;

	r = chain_setup(&g, 4);
	inner = fg_alloc(&g, 48);
	fg_set_desc(fg_ptr(&g, inner), 0, r.hdr, 8, 0, 0);
	outer = fg_alloc(&g, 16);
	fg_set_desc(fg_ptr(&g, outer), 0, inner, 48, VRING_DESC_F_INDIRECT, 0);
	fg_desc(&g, 0, outer, 16, VRING_DESC_F_INDIRECT, 0);
	refused(&g, 0, 1);
	CHECK(logged("inside an indirect table"));
	fg_free(&g);
}

TEST(bad_indirect_tables)
{
	struct fake_guest g;
	struct fg_req r;
	uint64_t t;

	r = chain_setup(&g, 4);
	t = fg_alloc(&g, 48);
	/* Ragged length, NEXT beside INDIRECT, unmapped, empty. */
	fg_desc(&g, 0, t, 40, VRING_DESC_F_INDIRECT, 0);
	fg_desc(&g, 1, t, 48, VRING_DESC_F_INDIRECT | VRING_DESC_F_NEXT, 2);
	fg_desc(&g, 2, 0x10, 48, VRING_DESC_F_INDIRECT, 0);
	fg_desc(&g, 3, t, 0, VRING_DESC_F_INDIRECT, 0);
	fg_publish(&g, 0);
	fg_publish(&g, 1);
	fg_publish(&g, 2);
	refused(&g, 3, 4);
	CHECK(!g.vq.broken);
	/* INDIRECT in the middle of a direct chain. */
	fg_desc(&g, 0, r.hdr, 8, VRING_DESC_F_NEXT, 1);
	fg_desc(&g, 1, t, 48, VRING_DESC_F_INDIRECT, 0);
	fg_publish(&g, 0);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(fg_used_idx(&g), 5);
	CHECK(logged("not at the head"));
	fg_free(&g);
}

TEST(avail_jump_breaks_ring)
{
	struct fake_guest g;
	struct fg_req r;
	uint64_t n;
	int err;

	log_capture();
	CHECK_EQ(fg_init(&g, 4, true), 0);
	err = eventfd(0, EFD_NONBLOCK);
	vq_set_err(&g.vq, err);
	r = fg_make(&g, 0x20, 0, wr, 2);
	fg_queue(&g, &r, false);
	put16(g.mem + FG_AVAIL + 2, 5);		/* 5 new in a ring of 4 */
	CHECK_EQ(vi2c_process(&g.dev, 0), 0);
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_used_idx(&g), 0);
	CHECK(g.vq.broken);
	CHECK(!vq_runnable(&g.vq));
	CHECK(logged("ahead"));
	CHECK(logged("ring stopped"));
	CHECK_EQ(read(err, &n, 8), 8);
	/* Stays stopped, even if the index looks sane again. */
	put16(g.mem + FG_AVAIL + 2, 1);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 0);
	/* SET_VRING_BASE (a restarted ring) clears it. */
	vq_set_base(&g.vq, 0);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 1);
	fg_free(&g);
}

TEST(head_out_of_range_breaks_ring)
{
	struct fake_guest g;

	log_capture();
	CHECK_EQ(fg_init(&g, 4, true), 0);
	fg_publish(&g, 7);
	vi2c_process(&g.dev, 0);
	CHECK(g.vq.broken);
	CHECK(logged("names descriptor 7"));
	fg_free(&g);
}

TEST(malformed_requests)
{
	struct fake_guest g;
	struct fg_req r[5];
	unsigned int i;

	log_capture();
	CHECK_EQ(fg_init(&g, 16, true), 0);
	/* Read into a device-readable buffer. */
	r[0] = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_M_RD, NULL, 2);
	fg_queue(&g, &r[0], false);
	/* Write from a device-writable buffer. */
	r[1] = fg_make(&g, 0x20, 0, wr, 2);
	fg_queue(&g, &r[1], true);
	/* Header of 4 bytes. */
	r[2] = fg_make(&g, 0x20, 0, wr, 2);
	fg_desc(&g, 6, r[2].hdr, 4, VRING_DESC_F_NEXT, 7);
	fg_desc(&g, 7, r[2].status, 1, VRING_DESC_F_WRITE, 0);
	fg_publish(&g, 6);
	/* Four descriptors. */
	r[3] = fg_make(&g, 0x20, 0, wr, 2);
	fg_desc(&g, 8, r[3].hdr, 8, VRING_DESC_F_NEXT, 9);
	fg_desc(&g, 9, r[3].buf, 1, VRING_DESC_F_NEXT, 10);
	fg_desc(&g, 10, r[3].buf + 1, 1, VRING_DESC_F_NEXT, 11);
	fg_desc(&g, 11, r[3].status, 1, VRING_DESC_F_WRITE, 0);
	fg_publish(&g, 8);
	/* Status missing: the chain ends in the data buffer. */
	r[4] = fg_make(&g, 0x20, 0, wr, 2);
	fg_desc(&g, 12, r[4].hdr, 8, VRING_DESC_F_NEXT, 13);
	fg_desc(&g, 13, r[4].buf, 2, 0, 0);
	fg_publish(&g, 12);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_used_idx(&g), 5);
	for (i = 0; i < 4; i++) {
		CHECK_EQ(fg_status(&g, &r[i]), VIRTIO_I2C_MSG_ERR);
		CHECK_EQ(fg_used_len(&g, i), 1);
	}
	CHECK_EQ(fg_used_len(&g, 4), 0);
	CHECK(logged("device-readable buffer"));
	CHECK(logged("2 or 3 descriptors"));
	fg_free(&g);
}

TEST(malformed_member_fails_group)
{
	struct fake_guest g;
	struct fg_req r[2];

	log_capture();
	CHECK_EQ(fg_init(&g, 4, true), 0);
	r[0] = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_FAIL_NEXT, wr, 1);
	/* the second one reads into a device-readable buffer */
	r[1] = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_M_RD, NULL, 1);
	group(&g, r, 2, "ee");
	CHECK_EQ(g.bus.ncalls, 0);
	fg_free(&g);
}

TEST(group_fills_ring)
{
	struct fake_guest g;
	struct fg_req r[4];
	unsigned int i;

	log_capture();
	/* QEMU's ring of 4: Linux queues 4 of a longer transfer, waits. */
	CHECK_EQ(fg_init(&g, 4, true), 0);
	for (i = 0; i < 4; i++) {
		r[i] = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_FAIL_NEXT, wr, 1);
		fg_queue_indirect(&g, &r[i], false);
	}
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_used_idx(&g), 4);
	for (i = 0; i < 4; i++)
		CHECK_EQ(fg_status(&g, &r[i]), VIRTIO_I2C_MSG_ERR);
	CHECK(logged("fills the ring"));
	fg_free(&g);
}

TEST(group_waits_for_rest)
{
	struct fake_guest g;
	struct fg_req a, b;

	log_capture();
	CHECK_EQ(fg_init(&g, 8, true), 0);
	a = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_FAIL_NEXT, wr, 1);
	fg_queue_indirect(&g, &a, false);
	vi2c_process(&g.dev, 1000);
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_used_idx(&g), 0);
	CHECK_EQ(vi2c_deadline(&g.dev), 1000 + VI2C_GROUP_WAIT_NS);
	/* The rest comes: one transaction of two. */
	b = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_M_RD, NULL, 1);
	fg_queue_indirect(&g, &b, true);
	vi2c_process(&g.dev, 2000);
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK_EQ(g.bus.nsegs[0], 2);
	CHECK_EQ(fg_used_idx(&g), 2);
	CHECK_EQ(vi2c_deadline(&g.dev), UINT64_MAX);

	/* The rest never comes: failed after the wait. */
	a = fg_make(&g, 0x20, VIRTIO_I2C_FLAGS_FAIL_NEXT, wr, 1);
	fg_queue_indirect(&g, &a, false);
	vi2c_process(&g.dev, 5000);
	vi2c_process(&g.dev, 5000 + VI2C_GROUP_WAIT_NS - 1);
	CHECK_EQ(fg_used_idx(&g), 2);
	vi2c_process(&g.dev, 5000 + VI2C_GROUP_WAIT_NS);
	CHECK_EQ(fg_used_idx(&g), 3);
	CHECK_EQ(fg_status(&g, &a), VIRTIO_I2C_MSG_ERR);
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK(logged("never ended"));
	fg_free(&g);
}

TEST(group_too_long)
{
	struct fake_guest g;
	struct fg_req r;
	unsigned int i;

	log_capture();
	CHECK_EQ(fg_init(&g, 128, true), 0);
	for (i = 0; i < VI2C_GROUP_MAX + 2; i++) {
		r = fg_make(&g, 0x20, i == VI2C_GROUP_MAX + 1 ? 0 :
			    VIRTIO_I2C_FLAGS_FAIL_NEXT, wr, 1);
		fg_queue_indirect(&g, &r, false);
	}
	vi2c_process(&g.dev, 0);
	/* All of it fails; the tail is not run as a transaction of its own. */
	CHECK_EQ(g.bus.ncalls, 0);
	CHECK_EQ(fg_used_idx(&g), VI2C_GROUP_MAX + 2);
	CHECK_EQ(fg_status(&g, &r), VIRTIO_I2C_MSG_ERR);
	CHECK(logged("longer than"));
	/* The next transaction is served. */
	r = fg_make(&g, 0x20, 0, wr, 1);
	fg_queue_indirect(&g, &r, false);
	vi2c_process(&g.dev, 0);
	CHECK_EQ(g.bus.ncalls, 1);
	fg_free(&g);
}

TEST(hold_defers_completion_in_order)
{
	struct fake_guest g;
	struct fg_req a, b;
	uint64_t n;
	int call;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	call = eventfd(0, EFD_NONBLOCK);
	vq_set_call(&g.vq, call);
	g.bus.hold_ns = 1000;
	a = fg_make(&g, 0x20, 0, wr, 1);
	b = fg_make(&g, 0x20, 0, wr, 1);
	fg_queue_indirect(&g, &a, false);
	fg_queue_indirect(&g, &b, false);
	vi2c_process(&g.dev, 10000);
	/* First transaction ran, completes at 11000; the second waits. */
	CHECK_EQ(g.bus.ncalls, 1);
	CHECK_EQ(fg_used_idx(&g), 0);
	CHECK_EQ(fg_status(&g, &a), 0xee);
	CHECK(vi2c_busy(&g.dev));
	CHECK_EQ(vi2c_deadline(&g.dev), 11000);
	CHECK_EQ(read(call, &n, 8), -1);
	vi2c_process(&g.dev, 10999);
	CHECK_EQ(fg_used_idx(&g), 0);
	vi2c_process(&g.dev, 11000);
	CHECK_EQ(fg_used_idx(&g), 1);
	CHECK_EQ(fg_status(&g, &a), VIRTIO_I2C_MSG_OK);
	CHECK_EQ(g.bus.ncalls, 2);
	CHECK_EQ(read(call, &n, 8), 8);
	CHECK_EQ(vi2c_deadline(&g.dev), 12000);
	/* Stopping the ring (GET_VRING_BASE) writes back what is held. */
	vi2c_flush(&g.dev);
	CHECK_EQ(fg_used_idx(&g), 2);
	CHECK_EQ(fg_status(&g, &b), VIRTIO_I2C_MSG_OK);
	CHECK(!vi2c_busy(&g.dev));
	fg_free(&g);
}

TEST(wraparound_of_indices)
{
	struct fake_guest g;
	struct fg_req r;
	unsigned int i;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	/* Start just below the 16-bit wrap, as after a long uptime. */
	vq_set_base(&g.vq, 65534);
	g.vq.used_idx = 65534;
	g.avail_idx = 65534;
	for (i = 0; i < 4; i++) {
		r = fg_make(&g, 0x20, 0, wr, 1);
		fg_queue_indirect(&g, &r, false);
		vi2c_process(&g.dev, 0);
	}
	CHECK_EQ(g.bus.ncalls, 4);
	CHECK_EQ(fg_used_idx(&g), 2);
	CHECK(!g.vq.broken);
	fg_free(&g);
}

/*
 * The completion both devices use: the status byte, then the length;
 * a status byte outside guest memory returns the chain unused.
 */
TEST(push_status)
{
	struct fake_guest g;
	uint64_t st;
	uint8_t *p;

	CHECK_EQ(fg_init(&g, 4, true), 0);
	st = fg_alloc(&g, 1);
	p = fg_ptr(&g, st);
	*p = 0xee;
	vq_push_status(&g.vq, 2, st, 0x5a, 7);
	CHECK_EQ(*p, 0x5a);
	CHECK_EQ(fg_used_idx(&g), 1);
	CHECK_EQ(fg_used_id(&g, 0), 2);
	CHECK_EQ(fg_used_len(&g, 0), 7);
	vq_push_status(&g.vq, 3, FG_GPA + FG_SIZE, 0x5a, 7);
	CHECK_EQ(fg_used_idx(&g), 2);
	CHECK_EQ(fg_used_id(&g, 1), 3);
	CHECK_EQ(fg_used_len(&g, 1), 0);
	fg_free(&g);
}

int main(void)
{
	RUN(guestmem_translation);
	RUN(guestmem_too_many_regions);
	RUN(ring_size_checks);
	RUN(used_ring_overlapping_the_driver_areas);
	RUN(write_request);
	RUN(read_request);
	RUN(nack_is_err);
	RUN(fail_next_group_is_one_transaction);
	RUN(nack_fails_rest_of_group);
	RUN(zero_length_request);
	RUN(indirect_request);
	RUN(event_idx);
	RUN(no_interrupt_flag_without_event_idx);
	RUN(descriptor_outside_memory);
	RUN(chain_longer_than_ring);
	RUN(self_loop);
	RUN(bad_next_index);
	RUN(nested_indirect);
	RUN(bad_indirect_tables);
	RUN(avail_jump_breaks_ring);
	RUN(head_out_of_range_breaks_ring);
	RUN(malformed_requests);
	RUN(malformed_member_fails_group);
	RUN(group_fills_ring);
	RUN(group_waits_for_rest);
	RUN(group_too_long);
	RUN(hold_defers_completion_in_order);
	RUN(wraparound_of_indices);
	RUN(push_status);
	transport_log_to(NULL);
	return CHECK_DONE();
}
