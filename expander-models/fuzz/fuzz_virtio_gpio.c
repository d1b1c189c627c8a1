// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_virtio_gpio.c - libFuzzer target: a guest that writes anything
 * at all into the two rings of a virtio-gpio device (requestq, eventq)
 * and their buffers, while the board moves the lines under it.
 *
 * Input: 4 header bytes, then guest memory.
 *   [0]    ring sizes: requestq 1 << ((b & 7) % 5), eventq 1 << ((b >> 3) % 5)
 *   [1]    bit 0 EVENT_IDX, bit 1 INDIRECT_DESC negotiated
 *   [2..3] a script of line changes between passes: each 2-bit pair
 *          says which of lines 0..3 the board toggles next
 *   [4..]  guest memory (layout.h): requestq descriptors at G_RQ,
 *          eventq's at G_EQ, each with its avail and used ring after;
 *          buffers from G_HEAP.
 * One allocation, so AddressSanitizer sees any access past what the
 * translation allowed.
 *
 * Checked besides memory safety: every chain taken from a ring that is
 * not broken is returned once the rings are stopped (held event buffers
 * included), and never more often than taken.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buses/gpio_lines.h"
#include "layout.h"
#include "transport/vgpio_transport.h"
#include "transport/virtqueue.h"

#define NLINES		4

static int verbose = -1;

static void ring(struct vq *vq, const char *name, struct guestmem *gm,
		 unsigned int size, uint64_t base, const uint8_t *hdr)
{
	vq_init(vq, name, gm);
	if (vq_set_num(vq, size) < 0 ||
	    vq_set_addr(vq, G_UVA + base, G_UVA + base + G_AVAIL,
			G_UVA + base + G_USED) < 0)
		abort();
	vq->event_idx = hdr[1] & 1;
	vq->indirect = hdr[1] & 2;
	vq_set_kick(vq, -1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[NLINES] = { "a", "", "sck", "int" };
	const struct vdev_type *type = &vgpio_transport_type;
	struct vgpio_transport t;
	struct gpio_lines *gl;
	struct guestmem gm;
	struct world w;
	struct vq rq, eq;
	unsigned int round, script;
	uint8_t *mem;
	size_t n;

	if (verbose < 0)
		verbose = getenv("FUZZ_VERBOSE") != NULL;
	if (size < 4)
		return 0;
	mem = calloc(1, G_SIZE);
	if (!mem)
		abort();
	n = size - 4 < G_SIZE ? size - 4 : G_SIZE;
	memcpy(mem, data + 4, n);
	guestmem_init(&gm);
	if (guestmem_add_host(&gm, 0, G_SIZE, G_UVA, mem) < 0)
		abort();
	ring(&rq, "rq", &gm, 1u << ((data[0] & 7) % 5), G_RQ, data);
	ring(&eq, "eq", &gm, 1u << ((data[0] >> 3) % 5), G_EQ, data);
	world_init(&w);
	gl = gpio_lines_new(&w, 14, NLINES, names);
	if (!gl)
		abort();
	/* Line 3 is an INT net: pulled up, as on the board. */
	pin_set_board_pullup(&gl->pins, 3, true);
	if (vgpio_transport_init(&t, gl, &rq, &eq))
		abort();

	script = data[2] | data[3] << 8;
	for (round = 0; round < 8; round++) {
		unsigned int line = (script >> (2 * round)) & 3;

		while (type->process(&t, 0, 1000) > 0)
			;
		while (type->process(&t, 1, 1000) > 0)
			;
		/* The board toggles a line: interrupts, latches. */
		pthread_mutex_lock(&w.lock);
		pin_set_ext(&gl->pins, line,
			    pin_read_bit(&gl->pins, line) ? EXT_LOW : EXT_HIGH);
		pthread_mutex_unlock(&w.lock);
	}
	type->stop(&t, 1);
	type->stop(&t, 0);
	if (verbose)
		fprintf(stderr, "rq popped %llu pushed %llu, eq popped %llu "
			"pushed %llu, requests %llu bad %llu, events %llu "
			"bad %llu%s%s\n",
			(unsigned long long)rq.npopped,
			(unsigned long long)rq.npushed,
			(unsigned long long)eq.npopped,
			(unsigned long long)eq.npushed,
			(unsigned long long)t.dev.nreqs,
			(unsigned long long)t.dev.nbad,
			(unsigned long long)t.dev.nevents,
			(unsigned long long)t.dev.nbadevents,
			rq.broken ? " rq broken" : "",
			eq.broken ? " eq broken" : "");
	if ((!rq.broken && rq.npushed != rq.npopped) ||
	    (!eq.broken && eq.npushed != eq.npopped))
		abort();
	if (rq.npushed > rq.npopped || eq.npushed > eq.npopped)
		abort();
	type->reset(&t);
	type->fini(&t);
	gpio_lines_free(gl);
	world_destroy(&w);
	vq_reset(&rq);
	vq_reset(&eq);
	guestmem_clear(&gm);
	free(mem);
	return 0;
}
