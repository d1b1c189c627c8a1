// SPDX-License-Identifier: GPL-2.0
/*
 * vgpio_transport.c - virtio-gpio chains to protocol calls and back (see
 * vgpio_transport.h). A chain is two buffers, the request (device-
 * readable) and the response (device-writable); anything else is
 * returned unused (length 0) with a complaint, and the guest's driver
 * sees a failed request rather than a hang.
 */
#include <string.h>

#include "vgpio_transport.h"
#include "vhost_user.h"
#include "virtio_gpio.h"

/* Requests served per pass before other devices get a turn. */
#define VGPIO_BUDGET 256

/* The protocol gives an event buffer back: complete it now. */
static void irq_done(void *tctx, unsigned int line, uint64_t token,
		     uint8_t status)
{
	struct vgpio_transport *t = tctx;

	vq_push_status(t->eq, token & 0xffff, token >> 16, status,
		       VGPIO_IRQ_RESP_SIZE);
	vq_notify(t->eq);
}

void vgpio_transport_init(struct vgpio_transport *t, struct gpio_lines *gl,
			  struct vq *rq, struct vq *eq)
{
	memset(t, 0, sizeof(*t));
	t->gl = gl;
	t->rq = rq;
	t->eq = eq;
	gpio_lines_set_transport(gl, irq_done, t);
}

/*
 * The two buffers of a well-formed chain. Anything else is returned
 * unused (length 0), with a complaint naming what (request, event
 * buffer): false then.
 */
static bool two_buffers(struct vgpio_transport *t, struct vq *vq,
			const struct vq_chain *c, const char *what,
			size_t reqmax, const void **req, uint8_t **resp)
{
	const char *why = NULL;

	if (c->err)
		why = vq_chain_strerror(c->err);
	else if (c->n != 2)
		why = "wants 2 descriptors";
	else if (c->buf[0].write || !c->buf[0].mapped)
		why = "request is not a readable buffer in guest memory";
	else if (!c->last.write || !c->last.mapped)
		why = "response is not a writable buffer in guest memory";
	else if (c->buf[0].len > reqmax)
		why = "request too long";
	else if (c->last.gpa >> VGPIO_TOKEN_GPA_BITS)
		why = "response above the guest addresses we track";
	if (!why) {
		*req = guestmem_gpa(vq->mem, c->buf[0].gpa, c->buf[0].len);
		*resp = guestmem_gpa(vq->mem, c->last.gpa, c->last.len);
		if (!*req || !*resp)
			why = "buffer outside guest memory";
	}
	if (!why)
		return true;
	t->nbadchains++;
	vq_complain(vq, "%s at descriptor %u: %s", what, c->head, why);
	vq_push(vq, c->head, 0);
	return false;
}

static void serve_request(struct vgpio_transport *t,
			  const struct vq_chain *c)
{
	static uint8_t out[1 + VGPIO_MAX_LINES * VGPIO_NAME_MAX];
	uint8_t req[VGPIO_REQ_SIZE + 8];
	const void *rp;
	uint8_t *resp;
	const char *why;
	uint32_t used;

	if (!two_buffers(t, t->rq, c, "request", sizeof(req), &rp, &resp))
		return;
	/*
	 * One copy of the request: the guest may rewrite it meanwhile. A
	 * response buffer longer than any answer is one of the wrong size
	 * anyway; the protocol sees the first bytes and says so.
	 */
	memcpy(req, rp, c->buf[0].len);
	used = gpio_lines_request(t->gl, req, c->buf[0].len, out,
				  c->last.len > sizeof(out) ? sizeof(out)
							    : c->last.len,
				  &why);
	if (why)
		vq_complain(t->rq, "%s", why);
	memcpy(resp, out, used);
	vq_push(t->rq, c->head, used);
}

static void serve_event(struct vgpio_transport *t, const struct vq_chain *c)
{
	uint8_t req[VGPIO_IRQ_REQ_SIZE + 8];
	const void *rp;
	uint8_t *resp;
	const char *why;
	uint64_t token;

	if (!two_buffers(t, t->eq, c, "event buffer", sizeof(req), &rp,
			 &resp))
		return;
	memcpy(req, rp, c->buf[0].len);
	token = c->last.gpa << 16 | c->head;
	why = gpio_lines_event(t->gl, req, c->buf[0].len, c->last.len, token);
	if (why) {
		vq_complain(t->eq, "event buffer at descriptor %u: %s",
			    c->head, why);
		/* Answered INVALID already when it had room for a status. */
		if (c->last.len < VGPIO_IRQ_RESP_SIZE)
			vq_push(t->eq, c->head, 0);
	}
}

static int type_process(void *dev, unsigned int q, uint64_t now)
{
	struct vgpio_transport *t = dev;
	struct vq *vq = q ? t->eq : t->rq;
	unsigned int budget = VGPIO_BUDGET;
	struct vq_chain c;
	int r;

	while (vq_runnable(vq)) {
		r = vq_pop(vq, &c);
		if (r < 0)
			break;
		if (r == 0) {
			if (vq_rearm(vq))
				continue;
			break;
		}
		if (q)
			serve_event(t, &c);
		else
			serve_request(t, &c);
		if (--budget == 0) {
			vq_notify(vq);
			return 1;
		}
	}
	vq_notify(vq);
	return 0;
}

static uint64_t type_deadline(const void *dev)
{
	return UINT64_MAX;
}

/*
 * A queue stops when the guest resets the device (or QEMU goes): every
 * held event buffer goes back INVALID, and the lines return to their
 * power-on state, as a reset device's would.
 */
static void type_stop(void *dev, unsigned int q)
{
	struct vgpio_transport *t = dev;

	gpio_lines_flush(t->gl);
	gpio_lines_reset(t->gl);
}

/* The connection is gone: its memory too, so no write at all. */
static void type_reset(void *dev)
{
	struct vgpio_transport *t = dev;

	gpio_lines_reset(t->gl);
}

static int type_get_config(void *dev, uint32_t offset, uint8_t *buf,
			   uint32_t len)
{
	struct vgpio_transport *t = dev;
	uint8_t cfg[VGPIO_CONFIG_SIZE];

	if (offset > sizeof(cfg) || len > sizeof(cfg) - offset)
		return -1;
	vgpio_config(&t->gl->dev, cfg);
	memcpy(buf, cfg + offset, len);
	return 0;
}

const struct vdev_type vgpio_transport_type = {
	.prefix = "gpio",
	.qemu_device = "vhost-user-gpio-device",
	.ready_word = "gpio",
	.virtio_id = VIRTIO_ID_GPIO,
	.features = 1ULL << VIRTIO_GPIO_F_IRQ,
	.protocol_features = 1ULL << VHOST_USER_PROTOCOL_F_CONFIG,
	.nqueues = 2,
	.get_config = type_get_config,
	.process = type_process,
	.deadline = type_deadline,
	.stop = type_stop,
	.reset = type_reset,
};
