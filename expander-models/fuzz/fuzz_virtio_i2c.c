// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_virtio_i2c.c - libFuzzer target: a guest that writes anything at
 * all into its rings and buffers.
 *
 * Input: 4 header bytes, then guest memory.
 *   [0]    ring size: 1 << (b % 5), so 1..16
 *   [1]    bit 0 EVENT_IDX, bit 1 INDIRECT_DESC negotiated, bit 2 the bus
 *          holds each transaction, bit 3 every address ACKs
 *   [2..3] the ring's starting index (SET_VRING_BASE), little-endian
 *   [4..]  region A, guest-physical 0x000-0x7ff: descriptor table at
 *          DESC, avail ring at AVAIL, used ring at USED, buffers after
 *          (layout.h); then region B, 0x800-0x8ff, adjacent in
 *          guest-physical space but not in ours: a buffer across the
 *          boundary must be refused.
 * Each region is its own allocation, so AddressSanitizer sees any access
 * past what the translation allowed.
 *
 * Checked besides memory safety: every request taken from a ring that is
 * not broken is returned, at the latest when the ring is stopped.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "transport/virtio_i2c.h"
#include "transport/virtqueue.h"

/* Where QEMU would have the regions: far apart. */
#define A_UVA	0x7f0000000000ULL
#define B_UVA	0x7f0000100000ULL

/* FUZZ_VERBOSE=1 in the environment: one line per input (seed checks). */
static int verbose = -1;

struct fuzz_bus {
	bool ack_all;
	bool hold;
	unsigned int sum;
};

static int xfer(void *ctx, struct i2c_seg *segs, unsigned int n,
		struct bus_timing *t)
{
	struct fuzz_bus *fb = ctx;
	unsigned int i;
	uint32_t j;

	if (n == 0 || n > VI2C_GROUP_MAX)
		abort();
	for (i = 0; i < n; i++) {
		if (segs[i].len > VI2C_MAX_LEN || (segs[i].len && !segs[i].buf))
			abort();
		/* Touch every byte: ASan checks the translation. */
		for (j = 0; j < segs[i].len; j++) {
			if (segs[i].read)
				segs[i].buf[j] = (uint8_t)(j ^ segs[i].addr);
			else
				fb->sum += segs[i].buf[j];
		}
		segs[i].status = (fb->ack_all || segs[i].addr == 0x20) ? 0 : -1;
	}
	t->bus_ns = 1000;
	t->hold_ns = fb->hold ? 5000 : 0;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_bus fb = { 0 };
	struct guestmem gm;
	struct vq vq;
	struct vi2c dev;
	const uint8_t *mem;
	uint8_t *a, *b;
	uint64_t now = 1000;
	size_t n, len;
	int round;

	if (verbose < 0)
		verbose = getenv("FUZZ_VERBOSE") != NULL;
	if (size < RING_HDR_SIZE)
		return 0;
	a = calloc(1, A_SIZE);
	b = calloc(1, B_SIZE);
	if (!a || !b)
		abort();
	mem = data + RING_HDR_SIZE;
	len = size - RING_HDR_SIZE;
	n = len < A_SIZE ? len : A_SIZE;
	memcpy(a, mem, n);
	if (len > A_SIZE) {
		n = len - A_SIZE < B_SIZE ? len - A_SIZE : B_SIZE;
		memcpy(b, mem + A_SIZE, n);
	}
	fb.hold = data[1] & 4;
	fb.ack_all = data[1] & 8;

	guestmem_init(&gm);
	if (guestmem_add_host(&gm, 0, A_SIZE, A_UVA, a) < 0 ||
	    guestmem_add_host(&gm, B_GPA, B_SIZE, B_UVA, b) < 0)
		abort();
	vq_init(&vq, "fuzz", &gm);
	if (vq_set_num(&vq, 1u << (data[0] % 5)) < 0 ||
	    vq_set_addr(&vq, A_UVA + DESC, A_UVA + AVAIL, A_UVA + USED) < 0)
		abort();
	vq.event_idx = data[1] & 1;
	vq.indirect = data[1] & 2;
	vq_set_base(&vq, data[2] | data[3] << 8);
	vq_set_kick(&vq, -1);
	vi2c_init(&dev, &vq, xfer, &fb);

	/* A few passes, each at the next deadline: holds, group waits. */
	for (round = 0; round < 6; round++) {
		while (vi2c_process(&dev, now) > 0)
			;
		if (vi2c_deadline(&dev) == UINT64_MAX)
			break;
		now = vi2c_deadline(&dev);
	}
	vi2c_flush(&dev);
	if (verbose)
		fprintf(stderr, "popped %llu pushed %llu bad chains %llu "
			"bad requests %llu transactions %llu failed %llu%s\n",
			(unsigned long long)vq.npopped,
			(unsigned long long)vq.npushed,
			(unsigned long long)vq.nbadchains,
			(unsigned long long)dev.nbad,
			(unsigned long long)dev.ntransactions,
			(unsigned long long)dev.nfailed,
			vq.broken ? " broken" : "");
	if (!vq.broken && vq.npushed != vq.npopped)
		abort();
	if (vq.npushed > vq.npopped)
		abort();

	vq_reset(&vq);
	guestmem_clear(&gm);
	free(a);
	free(b);
	return 0;
}
