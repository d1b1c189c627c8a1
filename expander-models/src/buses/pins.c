// SPDX-License-Identifier: GPL-2.0
/*
 * pins.c - net resolution. A net is the set of pins joined by wires; an
 * unwired pin is a net of one. Its level follows the strongest drivers:
 * strong (push-pull, open-drain low, external) beats weak (pull
 * resistors, quasi-bidirectional high); equal strengths that disagree
 * give X; nothing at all gives Z.
 */
#include <stdlib.h>

#include "buses/log.h"
#include "buses/pins.h"

struct net {
	struct pin *first;
};

int pinbank_init(struct pinbank *pb, struct world *w, unsigned int n)
{
	unsigned int i;

	pb->w = w;
	pb->n = n;
	pb->pins = calloc(n ? n : 1, sizeof(*pb->pins));
	if (!pb->pins)
		return -1;
	for (i = 0; i < n; i++) {
		struct pin *p = &pb->pins[i];

		p->bank = pb;
		p->index = i;
		p->drive = DRV_HIZ;
		p->pull = DRV_HIZ;
		p->level = PIN_Z;
		p->net = calloc(1, sizeof(*p->net));
		if (!p->net) {
			pinbank_free(pb);
			return -1;
		}
		p->net->first = p;
	}
	return 0;
}

/* Unhook p from its net, freeing the net when p was its last pin. */
static void net_remove(struct pin *p)
{
	struct net *net = p->net;
	struct pin **pp;

	if (!net)
		return;
	for (pp = &net->first; *pp; pp = &(*pp)->net_next) {
		if (*pp == p) {
			*pp = p->net_next;
			break;
		}
	}
	p->net = NULL;
	p->net_next = NULL;
	if (!net->first)
		free(net);
}

void pinbank_free(struct pinbank *pb)
{
	unsigned int i;

	if (!pb->pins)
		return;
	for (i = 0; i < pb->n; i++)
		net_remove(&pb->pins[i]);
	free(pb->pins);
	pb->pins = NULL;
}

static enum pin_level net_resolve(const struct net *net)
{
	bool s0 = false, s1 = false, w0 = false, w1 = false;
	const struct pin *p;

	for (p = net->first; p; p = p->net_next) {
		switch (p->drive) {
		case DRV_LOW:
			s0 = true;
			break;
		case DRV_HIGH:
			s1 = true;
			break;
		case DRV_WEAK_HIGH:
			w1 = true;
			break;
		case DRV_WEAK_LOW:
			w0 = true;
			break;
		case DRV_HIZ:
			break;
		}
		if (p->pull == DRV_WEAK_HIGH)
			w1 = true;
		else if (p->pull == DRV_WEAK_LOW)
			w0 = true;
		if (p->ext == EXT_LOW)
			s0 = true;
		else if (p->ext == EXT_HIGH)
			s1 = true;
		if (p->board_pullup)
			w1 = true;
	}
	if (s0 || s1)
		return s0 && s1 ? PIN_X : s0 ? PIN_0 : PIN_1;
	if (w0 || w1)
		return w0 && w1 ? PIN_X : w0 ? PIN_0 : PIN_1;
	return PIN_Z;
}

/*
 * Bring every pin of the net to the resolved level: first all levels
 * (so a notified chip reading a wired neighbour sees the new state),
 * then the log records and the notifications, in net order.
 */
static void net_update(struct net *net)
{
	enum pin_level now = net_resolve(net);
	enum pin_level old[64];
	struct pin *changed[64];
	unsigned int n = 0, i;
	struct pin *p;

	for (p = net->first; p; p = p->net_next) {
		if (p->level == now)
			continue;
		if (n == 64)
			break;	/* a 64-pin net is far beyond any board here */
		old[n] = p->level;
		changed[n++] = p;
		p->level = now;
	}
	for (i = 0; i < n; i++) {
		struct pinbank *pb = changed[i]->bank;
		struct world *w = pb->w;

		if (pb->changes)
			(*pb->changes)++;
		if (w && w->log)
			log_pin(w->log, pb->chip, pb->bus, changed[i]->index,
				pin_level_char(old[i]), pin_level_char(now),
				w->ev.bus_ns, w->ev.clk, w->ev.wall_ns);
	}
	for (i = 0; i < n; i++) {
		struct pinbank *pb = changed[i]->bank;

		if (pb->notify)
			pb->notify(pb->ctx, changed[i]->index, old[i], now);
	}
	for (i = 0; i < n; i++) {
		struct pinbank *pb = changed[i]->bank;
		struct world_change ch = { pb->chip, pb, changed[i]->index,
					   now };

		if (pb->w)
			world_changed(pb->w, &ch);
	}
}

void pin_set_drive(struct pinbank *pb, unsigned int i, enum pin_drive d)
{
	if (i >= pb->n || pb->pins[i].drive == d)
		return;
	pb->pins[i].drive = d;
	net_update(pb->pins[i].net);
}

void pin_set_pull(struct pinbank *pb, unsigned int i, enum pin_drive pull)
{
	if (i >= pb->n || pb->pins[i].pull == pull)
		return;
	pb->pins[i].pull = pull;
	net_update(pb->pins[i].net);
}

void pin_set_ext(struct pinbank *pb, unsigned int i, enum pin_ext e)
{
	if (i >= pb->n || pb->pins[i].ext == e)
		return;
	pb->pins[i].ext = e;
	net_update(pb->pins[i].net);
}

void pin_set_board_pullup(struct pinbank *pb, unsigned int i, bool on)
{
	if (i >= pb->n || pb->pins[i].board_pullup == on)
		return;
	pb->pins[i].board_pullup = on;
	net_update(pb->pins[i].net);
}

int pin_wire(struct pinbank *a, unsigned int ia, struct pinbank *b,
	     unsigned int ib)
{
	struct net *na, *nb;
	struct pin *p, *last;

	if (ia >= a->n || ib >= b->n)
		return -1;
	na = a->pins[ia].net;
	nb = b->pins[ib].net;
	if (na == nb)
		return 0;
	for (last = na->first; last->net_next; last = last->net_next)
		;
	for (p = nb->first; p; p = p->net_next)
		p->net = na;
	last->net_next = nb->first;
	free(nb);
	net_update(na);
	return 0;
}

enum pin_level pin_level(const struct pinbank *pb, unsigned int i)
{
	return i < pb->n ? pb->pins[i].level : PIN_Z;
}

int pin_read_bit(const struct pinbank *pb, unsigned int i)
{
	switch (pin_level(pb, i)) {
	case PIN_0:
	case PIN_X:
		return 0;
	default:
		return 1;
	}
}

uint64_t pin_read_bits(const struct pinbank *pb, unsigned int first,
		       unsigned int count)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < count; i++)
		v |= (uint64_t)pin_read_bit(pb, first + i) << i;
	return v;
}

char pin_level_char(enum pin_level l)
{
	return "01zx"[l & 3];
}
