// SPDX-License-Identifier: GPL-2.0
/*
 * vgpio_transport.c - virtio-gpio chains to protocol calls and back (see
 * vgpio_transport.h). A chain is two buffers, the request (device-
 * readable) and the response (device-writable); anything else is
 * returned unused (length 0) with a complaint, and the guest's driver
 * sees a failed request rather than a hang.
 */
#include <string.h>

#include "buses/log.h"
#include "transport/vgpio_transport.h"
#include "transport/vhost_user.h"

/* Requests served per pass before other devices get a turn. */
#define VGPIO_BUDGET 256

_Static_assert(GPIO_LINES_MAX <= VGPIO_MAX_LINES &&
	       GPIO_LINES_NAME_MAX <= VGPIO_NAME_MAX,
	       "the protocol holds every line and its whole name");

static void lock(struct vgpio_transport *t)
{
	pthread_mutex_lock(&t->gl->w->lock);
}

static void unlock(struct vgpio_transport *t)
{
	pthread_mutex_unlock(&t->gl->w->lock);
}

/* fn on the protocol, as a change the controller causes now. */
static void locked(struct vgpio_transport *t, void (*fn)(struct vgpio *g))
{
	lock(t);
	gpio_lines_outside_event(t->gl);
	fn(&t->dev);
	unlock(t);
}

/* ---- the protocol's side: struct vgpio_ops ---- */

static int op_level(void *ctx, unsigned int line)
{
	struct vgpio_transport *t = ctx;

	return gpio_lines_level(t->gl, line);
}

static void op_drive(void *ctx, unsigned int line, uint8_t dir,
		     uint8_t value)
{
	struct vgpio_transport *t = ctx;

	gpio_lines_drive(t->gl, line, dir != VIRTIO_GPIO_DIRECTION_OUT ?
			 DRV_HIZ : value ? DRV_HIGH : DRV_LOW);
}

/* The protocol gives an event buffer back: complete it now. */
static void op_irq_done(void *ctx, unsigned int line, uint64_t token,
			uint8_t status)
{
	struct vgpio_transport *t = ctx;

	vq_push_status(t->eq, token & 0xffff, token >> 16, status,
		       VGPIO_IRQ_RESP_SIZE);
	vq_notify(t->eq);
}

static void op_trace_req(void *ctx, uint16_t type, uint16_t line,
			 uint32_t value, uint8_t status, uint8_t out)
{
	struct vgpio_transport *t = ctx;
	struct gpio_lines *gl = t->gl;

	if (gl->w->log)
		log_gpio_req(gl->w->log, gl->name, vgpio_type_name(type), line,
			     value, status == VIRTIO_GPIO_STATUS_OK, out,
			     world_wall_ns());
}

static void op_trace_irq(void *ctx, unsigned int line, const char *what)
{
	struct vgpio_transport *t = ctx;
	struct gpio_lines *gl = t->gl;
	struct world *w = gl->w;

	if (w->log)
		log_gpio_irq(w->log, gl->name, line, what,
			     gpio_lines_level(gl, line), w->ev.bus_ns,
			     w->ev.clk, w->ev.wall_ns);
}

static const struct vgpio_ops lines_ops = {
	.level = op_level,
	.drive = op_drive,
	.irq_done = op_irq_done,
	.trace_req = op_trace_req,
	.trace_irq = op_trace_irq,
};

/* The pin layer: a line's net changed level. */
static void line_changed(void *ctx, unsigned int line, enum pin_level old,
			 enum pin_level now)
{
	struct vgpio_transport *t = ctx;

	vgpio_line_changed(&t->dev, line);
}

int vgpio_transport_init(struct vgpio_transport *t, struct gpio_lines *gl,
			 struct vq *rq, struct vq *eq)
{
	const char *names[GPIO_LINES_MAX];
	unsigned int i;

	memset(t, 0, sizeof(*t));
	t->gl = gl;
	t->rq = rq;
	t->eq = eq;
	for (i = 0; i < gl->n; i++)
		names[i] = gl->names[i];
	if (vgpio_init(&t->dev, gl->n, names, &lines_ops, t))
		return -1;
	gpio_lines_serve(gl, line_changed, t);
	return 0;
}

void vgpio_transport_fini(struct vgpio_transport *t)
{
	gpio_lines_serve(t->gl, NULL, NULL);
	vgpio_free(&t->dev);
}

struct vgpio_transport *vgpio_transport_of(const struct gpio_lines *gl)
{
	return gl->pins.notify == line_changed ? gl->pins.ctx : NULL;
}

uint32_t vgpio_transport_request(struct vgpio_transport *t,
				 const uint8_t *req, size_t reqlen,
				 uint8_t *resp, size_t resplen,
				 const char **why)
{
	uint32_t r;

	lock(t);
	gpio_lines_outside_event(t->gl);
	r = vgpio_request(&t->dev, req, reqlen, resp, resplen, why);
	unlock(t);
	return r;
}

const char *vgpio_transport_event(struct vgpio_transport *t,
				  const uint8_t *req, size_t reqlen,
				  size_t resplen, uint64_t token)
{
	const char *r;

	lock(t);
	gpio_lines_outside_event(t->gl);
	r = vgpio_event(&t->dev, req, reqlen, resplen, token);
	unlock(t);
	return r;
}

/* ---- the rings' side ---- */

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
	used = vgpio_transport_request(t, req, c->buf[0].len, out,
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
	why = vgpio_transport_event(t, req, c->buf[0].len, c->last.len,
				    token);
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

	locked(t, vgpio_flush);
	locked(t, vgpio_reset);
}

/* The connection is gone: its memory too, so no write at all. */
static void type_reset(void *dev)
{
	struct vgpio_transport *t = dev;

	locked(t, vgpio_reset);
}

static void type_fini(void *dev)
{
	vgpio_transport_fini(dev);
}

static int type_get_config(void *dev, uint32_t offset, uint8_t *buf,
			   uint32_t len)
{
	struct vgpio_transport *t = dev;
	uint8_t cfg[VGPIO_CONFIG_SIZE];

	if (offset > sizeof(cfg) || len > sizeof(cfg) - offset)
		return -1;
	vgpio_config(&t->dev, cfg);
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
	.fini = type_fini,
};
