/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vgpio_req.h - a board's virtio-gpio controller served as the daemon
 * serves it (vgpio_transport.h), without QEMU. Requests go to the
 * transport as its requestq hands them over, as Linux's gpio-virtio
 * sends them: the status and value bytes back as one number (the
 * value, or -1 for an error status). Event buffers go through a real
 * eventq ring in the rig's own memory: the buffer for line l has head
 * l and its status byte at VR_STATUS + l, and the used ring says which
 * came back, in order.
 */
#ifndef EXPANDER_VGPIO_REQ_H
#define EXPANDER_VGPIO_REQ_H

#include <endian.h>
#include <stdint.h>
#include <string.h>

#include "transport/vgpio_transport.h"

#define VR_UVA		0x7f0000000000ULL	/* QEMU's view of the memory */
#define VR_SIZE		0x2000
#define VR_DESC		0x0000
#define VR_AVAIL	0x0400
#define VR_USED		0x0800
#define VR_STATUS	0x1000
#define VR_NUM		64

struct vgpio_rig {
	struct vgpio_transport t;
	struct guestmem gm;
	struct vq rq, eq;
	uint8_t mem[VR_SIZE];
};

/* r serves gl; -1 if it cannot. */
static inline int vgpio_rig_init(struct vgpio_rig *r, struct gpio_lines *gl)
{
	memset(r->mem, 0, sizeof(r->mem));
	guestmem_init(&r->gm);
	if (guestmem_add_host(&r->gm, 0, VR_SIZE, VR_UVA, r->mem) < 0)
		return -1;
	vq_init(&r->rq, "rq", &r->gm);
	vq_init(&r->eq, "eq", &r->gm);
	if (vq_set_num(&r->eq, VR_NUM) < 0 ||
	    vq_set_addr(&r->eq, VR_UVA + VR_DESC, VR_UVA + VR_AVAIL,
			VR_UVA + VR_USED) < 0)
		return -1;
	return vgpio_transport_init(&r->t, gl, &r->rq, &r->eq);
}

static inline void vgpio_rig_free(struct vgpio_rig *r)
{
	vgpio_transport_fini(&r->t);
	vq_reset(&r->rq);
	vq_reset(&r->eq);
	guestmem_clear(&r->gm);
}

static inline int vgpio_req(struct vgpio_rig *r, uint16_t type,
			    uint16_t line, uint32_t value)
{
	uint8_t q[8], resp[2];
	uint16_t t = htole16(type), l = htole16(line);
	uint32_t v = htole32(value);
	const char *why;

	memcpy(q, &t, 2);
	memcpy(q + 2, &l, 2);
	memcpy(q + 4, &v, 4);
	vgpio_transport_request(&r->t, q, 8, resp, 2, &why);
	return resp[0] == VIRTIO_GPIO_STATUS_OK ? resp[1] : -1;
}

/* Line's eventq buffer; NULL, or why the protocol refused it. */
static inline const char *vgpio_unmask(struct vgpio_rig *r, uint16_t line)
{
	uint16_t l = htole16(line);

	return vgpio_transport_event(&r->t, (const uint8_t *)&l, 2, 1,
				     (uint64_t)(VR_STATUS + line) << 16 | line);
}

/* Event buffers given back so far. */
static inline unsigned int vgpio_ndone(const struct vgpio_rig *r)
{
	return r->eq.npushed;
}

/* The line of the k-th buffer given back. */
static inline unsigned int vgpio_done_line(const struct vgpio_rig *r,
					   unsigned int k)
{
	uint32_t id;

	memcpy(&id, r->mem + VR_USED + 4 + 8 * (k % VR_NUM), 4);
	return le32toh(id);
}

/* The status line's last buffer was given back with. */
static inline uint8_t vgpio_done_status(const struct vgpio_rig *r,
					uint16_t line)
{
	return r->mem[VR_STATUS + line];
}

#endif
