// SPDX-License-Identifier: GPL-2.0
/*
 * mkseeds.c - writes the committed seed corpus of the fuzz targets:
 * well-formed sessions and each kind of malformed input the unit tests
 * name, so that fuzzing starts next to the interesting edges.
 *
 *   make -C expander-models fuzz-seeds    (rewrites fuzz/corpus/)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout.h"

/* ---- fuzz_virtio_i2c: 4 header bytes, then region A, then region B ---- */

struct ring {
	uint8_t hdr[RING_HDR_SIZE];
	uint8_t a[A_SIZE + B_SIZE];	/* region B follows A */
	unsigned int num, heap, next, idx;
};

static void le16(uint8_t *p, uint16_t v)
{
	p[0] = v;
	p[1] = v >> 8;
}

static void le32(uint8_t *p, uint32_t v)
{
	le16(p, v);
	le16(p + 2, v >> 16);
}

static void le64(uint8_t *p, uint64_t v)
{
	le32(p, v);
	le32(p + 4, v >> 32);
}

static void ring_init(struct ring *r, unsigned int num_log2, uint8_t flags)
{
	memset(r, 0, sizeof(*r));
	r->hdr[0] = num_log2;
	r->hdr[1] = flags;
	r->num = 1u << num_log2;
	r->heap = HEAP;
}

/*
 * The allocator and the avail ring of every seed, virtio-i2c's and
 * virtio-gpio's: len bytes of a heap, 16-byte aligned; head made
 * available (the entry first, then the index that covers it).
 */
static unsigned int heap_alloc(unsigned int *heap, unsigned int len)
{
	unsigned int at = *heap;

	*heap += (len + 15) & ~15u;
	return at;
}

static void avail_add(uint8_t *avail, unsigned int *idx, unsigned int num,
		      uint16_t head)
{
	le16(avail + 4 + 2 * (*idx % num), head);
	(*idx)++;
	le16(avail + 2, *idx);
}

static unsigned int alloc(struct ring *r, unsigned int len)
{
	return heap_alloc(&r->heap, len);
}

static void desc(uint8_t *table, unsigned int i, uint64_t addr, uint32_t len,
		 uint16_t flags, uint16_t next)
{
	le64(table + 16 * i, addr);
	le32(table + 16 * i + 8, len);
	le16(table + 16 * i + 12, flags);
	le16(table + 16 * i + 14, next);
}

static void publish(struct ring *r, uint16_t head)
{
	avail_add(r->a + AVAIL, &r->idx, r->num, head);
}

/* One request; indirect or direct. Returns the header's address. */
static unsigned int req(struct ring *r, uint16_t addr, uint32_t flags,
			unsigned int len, int indirect)
{
	unsigned int h = alloc(r, 8), b = len ? alloc(r, len) : 0;
	unsigned int s = alloc(r, 1), n = len ? 3 : 2, i = 0, t;
	int rd = flags & 2;
	uint8_t *table;
	uint16_t head = r->next % r->num, base = 0;

	le16(r->a + h, addr << 1);
	le32(r->a + h + 4, flags);
	memset(r->a + b, 0x55, len);
	if (indirect) {
		t = alloc(r, 16 * n);
		table = r->a + t;
		desc(r->a + DESC, head, t, 16 * n, 4, 0);
		r->next++;
	} else {
		table = r->a + DESC;
		base = head;
		r->next += n;
	}
	desc(table, (base + i) % (indirect ? n : r->num), h, 8, 1,
	     (base + i + 1) % (indirect ? n : r->num));
	i++;
	if (len) {
		desc(table, (base + i) % (indirect ? n : r->num), b, len,
		     1 | (rd ? 2 : 0), (base + i + 1) % (indirect ? n : r->num));
		i++;
	}
	desc(table, (base + i) % (indirect ? n : r->num), s, 1, 2, 0);
	publish(r, head);
	return h;
}

static void save(const char *dir, const char *name, const void *p,
		 size_t len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(p, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(1);
	}
}

/*
 * RING_HDR_SIZE header bytes and memory. Trailing zeros cost the fuzzer
 * nothing to rediscover: cut them.
 */
static void save_trimmed(const char *dir, const char *name,
			 const uint8_t *hdr, const uint8_t *mem, size_t len)
{
	uint8_t *buf = malloc(RING_HDR_SIZE + len);

	if (!buf)
		exit(1);
	while (len && !mem[len - 1])
		len--;
	memcpy(buf, hdr, RING_HDR_SIZE);
	memcpy(buf + RING_HDR_SIZE, mem, len);
	save(dir, name, buf, RING_HDR_SIZE + len);
	free(buf);
}

static void save_ring(const char *dir, const char *name, struct ring *r)
{
	save_trimmed(dir, name, r->hdr, r->a, sizeof(r->a));
}

/* One req() call of a seed; addr 0 ends the list. */
struct seed_req {
	uint16_t addr;
	uint32_t flags;		/* 1: FAIL_NEXT, 2: M_RD */
	unsigned int len;
	int indirect;
};

/*
 * The seeds that are well-formed requests only: ring size (log2), the
 * header's flags byte (fuzz_virtio_i2c.c: bit 0 EVENT_IDX, bit 1
 * INDIRECT_DESC, bit 2 the bus holds), the requests in order.
 */
static const struct {
	const char *name;
	unsigned int num_log2;
	uint8_t flags;
	struct seed_req req[4];
} plain_seeds[] = {
	{ "write-direct", 2, 0, { { 0x20, 0, 2, 0 } } },
	{ "read-indirect-eventidx", 2, 3, { { 0x20, 2, 2, 1 } } },
	{ "fail-next-group", 2, 3, { { 0x20, 1, 1, 1 }, { 0x20, 2, 2, 1 } } },
	{ "group-nack-middle", 3, 3,
	  { { 0x20, 1, 1, 1 }, { 0x21, 1, 1, 1 }, { 0x20, 0, 1, 1 } } },
	{ "zero-length", 2, 1, { { 0x20, 2, 0, 0 }, { 0x20, 0, 0, 0 } } },
	{ "hold", 2, 7, { { 0x20, 0, 1, 1 }, { 0x20, 2, 1, 1 } } },
	{ "group-fills-ring", 2, 3,
	  { { 0x20, 1, 1, 1 }, { 0x20, 1, 1, 1 }, { 0x20, 1, 1, 1 },
	    { 0x20, 1, 1, 1 } } },
	{ "group-waits", 3, 3, { { 0x20, 1, 1, 1 } } },
};

static void ring_seeds(const char *dir)
{
	const struct seed_req *q;
	struct ring r;
	unsigned int h, i, k;

	for (i = 0; i < sizeof(plain_seeds) / sizeof(plain_seeds[0]); i++) {
		ring_init(&r, plain_seeds[i].num_log2, plain_seeds[i].flags);
		for (k = 0; k < 4 && plain_seeds[i].req[k].addr; k++) {
			q = &plain_seeds[i].req[k];
			req(&r, q->addr, q->flags, q->len, q->indirect);
		}
		save_ring(dir, plain_seeds[i].name, &r);
	}

	ring_init(&r, 2, 0);
	req(&r, 0x20, 0, 2, 0);
	le16(r.a + DESC + 16 * 2 + 12, 3);	/* status links back: loop */
	le16(r.a + DESC + 16 * 2 + 14, 0);
	save_ring(dir, "loop", &r);

	ring_init(&r, 2, 3);
	h = alloc(&r, 16);
	desc(r.a, 0, h, 16, 4, 0);
	desc(r.a + h, 0, HEAP, 48, 4, 0);	/* indirect in indirect */
	publish(&r, 0);
	save_ring(dir, "nested-indirect", &r);

	ring_init(&r, 2, 0);
	req(&r, 0x20, 0, 2, 0);
	le16(r.a + AVAIL + 2, 9);		/* 9 entries in a ring of 4 */
	save_ring(dir, "avail-jump", &r);

	ring_init(&r, 2, 0);
	req(&r, 0x20, 0, 2, 0);
	le64(r.a + DESC + 16 * 1, A_SIZE - 1);	/* across A and B */
	save_ring(dir, "buffer-across-regions", &r);

	ring_init(&r, 2, 0);
	req(&r, 0x20, 2, 2, 0);
	le16(r.a + DESC + 16 * 1 + 12, 1);	/* read, readable buffer */
	req(&r, 0x20, 0, 2, 0);
	le32(r.a + DESC + 16 * 3 + 8, 4);	/* header of 4 bytes */
	save_ring(dir, "malformed", &r);

	ring_init(&r, 2, 3);
	r.hdr[2] = 0xfe;
	r.hdr[3] = 0xff;
	r.idx = 0xfffe;
	req(&r, 0x20, 0, 1, 1);
	req(&r, 0x20, 0, 1, 1);
	req(&r, 0x20, 0, 1, 1);
	save_ring(dir, "index-wrap", &r);
}

/* ---- fuzz_vhost_user: a stream of operations ---- */

struct stream {
	uint8_t b[4096];
	size_t n;
};

static void put(struct stream *s, const void *p, size_t len)
{
	if (s->n + len > sizeof(s->b))
		abort();
	if (len)
		memcpy(s->b + s->n, p, len);
	s->n += len;
}

/* A message whose header may announce more than it carries. */
static void msg_raw(struct stream *s, unsigned int nfds, uint32_t request,
		    uint32_t flags, uint32_t size, const void *payload,
		    uint32_t len)
{
	uint8_t h[13];

	h[0] = (nfds << 2) | 0;
	le32(h + 1, request);
	le32(h + 5, 1 | flags);
	le32(h + 9, size);
	put(s, h, sizeof(h));
	put(s, payload, len);
}

static void msg(struct stream *s, unsigned int nfds, uint32_t request,
		uint32_t flags, const void *payload, uint32_t size)
{
	msg_raw(s, nfds, request, flags, size, payload, size);
}

static void msg64(struct stream *s, unsigned int nfds, uint32_t request,
		  uint32_t flags, uint64_t v)
{
	uint8_t p[8];

	le64(p, v);
	msg(s, nfds, request, flags, p, 8);
}

static void state(struct stream *s, uint32_t request, uint32_t num)
{
	uint8_t p[8];

	le32(p, 0);
	le32(p + 4, num);
	msg(s, 0, request, 0, p, 8);
}

static void poke(struct stream *s, unsigned int off, const void *p,
		 unsigned int len)
{
	uint8_t h[4] = { 1, off, off >> 8, len };

	put(s, h, 4);
	put(s, p, len);
}

static void start(struct stream *s, unsigned int num)
{
	uint8_t m[40], a[40];

	msg(s, 0, 1, 0, NULL, 0);			/* GET_FEATURES */
	msg(s, 0, 15, 0, NULL, 0);			/* GET_PROTOCOL_... */
	msg64(s, 0, 16, 0, 1 << 3);			/* REPLY_ACK */
	msg(s, 0, 3, 0, NULL, 0);			/* SET_OWNER */
	msg64(s, 0, 2, 0, (1ULL << 28) | (1ULL << 29) | (1ULL << 30) | 1);
	memset(m, 0, sizeof(m));
	le32(m, 1);
	le64(m + 8, GPA);
	le64(m + 16, MEMSZ);
	le64(m + 24, UVA);
	msg(s, 1, 5, 8, m, 40);				/* SET_MEM_TABLE */
	state(s, 8, num);				/* SET_VRING_NUM */
	state(s, 10, 0);				/* SET_VRING_BASE */
	memset(a, 0, sizeof(a));
	le64(a + 8, UVA + S_DESC);			/* desc */
	le64(a + 16, UVA + S_USED);			/* used */
	le64(a + 24, UVA + S_AVAIL);			/* avail */
	msg(s, 0, 9, 0, a, 40);				/* SET_VRING_ADDR */
	msg64(s, 1, 12, 0, 0);				/* SET_VRING_KICK */
	msg64(s, 1, 13, 0, 0);				/* SET_VRING_CALL */
	state(s, 18, 1);				/* SET_VRING_ENABLE */
}

/* A read request through an indirect table, at avail index i. */
static void guest_read(struct stream *s, unsigned int i, uint16_t addr)
{
	uint8_t t[48], h[8] = { 0 }, d[16], idx[2], head[2];
	unsigned int base = S_HEAP + 0x100 * i;

	le16(h, addr << 1);
	le32(h + 4, 2);
	poke(s, base, h, 8);
	desc(t, 0, GPA + base, 8, 1, 1);
	desc(t, 1, GPA + base + 0x10, 4, 3, 2);
	desc(t, 2, GPA + base + 0x20, 1, 2, 0);
	poke(s, base + 0x40, t, 48);
	desc(d, 0, GPA + base + 0x40, 48, 4, 0);
	poke(s, S_DESC + 16 * (i % 4), d, 16);
	le16(head, i % 4);
	poke(s, S_AVAIL + 4 + 2 * (i % 4), head, 2);
	le16(idx, i + 1);
	poke(s, S_AVAIL + 2, idx, 2);
}

static void stream_seeds(const char *dir)
{
	struct stream s;
	uint8_t kick = 2, tick[2] = { 3, 5 }, st[8] = { 0 }, cfg[20] = { 0 };

	memset(&s, 0, sizeof(s));
	start(&s, 4);
	guest_read(&s, 0, 0x20);
	put(&s, &kick, 1);
	guest_read(&s, 1, 0x21);
	put(&s, &kick, 1);
	msg(&s, 0, 11, 0, st, 8);			/* GET_VRING_BASE */
	save(dir, "session", s.b, s.n);

	memset(&s, 0, sizeof(s));
	start(&s, 4);
	guest_read(&s, 0, 0x21);			/* odd: held 2 ms */
	put(&s, &kick, 1);
	guest_read(&s, 1, 0x20);
	put(&s, &kick, 1);
	put(&s, tick, 2);
	put(&s, tick, 2);
	save(dir, "session-hold", s.b, s.n);

	memset(&s, 0, sizeof(s));
	start(&s, 4);
	msg(&s, 0, 4, 0, NULL, 0);			/* RESET_OWNER */
	start(&s, 8);
	save(dir, "session-reset", s.b, s.n);

	memset(&s, 0, sizeof(s));
	msg_raw(&s, 0, 3, 0, 0x2000, cfg, 16);		/* oversized */
	save(dir, "oversized", s.b, s.n);

	memset(&s, 0, sizeof(s));
	msg64(&s, 0, 16, 0, 1 << 3);
	msg(&s, 0, 99, 8, NULL, 0);			/* unknown, ack */
	le32(cfg + 4, 8);
	msg(&s, 0, 24, 0, cfg, 20);			/* GET_CONFIG */
	msg64(&s, 1, 7, 8, 0);				/* SET_LOG_FD */
	state(&s, 8, 3);				/* not a power of 2 */
	msg64(&s, 2, 12, 8, 0);				/* two fds */
	msg(&s, 0, 11, 0, st, 4);			/* short GET_VRING_BASE */
	save(dir, "bad-messages", s.b, s.n);

	memset(&s, 0, sizeof(s));
	{
		uint8_t m[8 + 32 * 9];

		memset(m, 0, sizeof(m));
		le32(m, 9);
		msg(&s, 8, 5, 8, m, sizeof(m));		/* 9 regions */
		le32(m, 1);
		le64(m + 16, MEMSZ * 2);		/* past the file */
		msg(&s, 1, 5, 8, m, 40);
	}
	save(dir, "bad-mem-table", s.b, s.n);
}

/* ---- fuzz_virtio_gpio: header bytes, then G_SIZE of guest memory ---- */

struct gring {
	unsigned int base, num, next, idx;
};

struct gmem {
	uint8_t hdr[RING_HDR_SIZE];
	uint8_t m[G_SIZE];
	unsigned int heap;
	struct gring rq, eq;
};

static void gmem_init(struct gmem *g, unsigned int rq_log2,
		      unsigned int eq_log2, uint16_t script)
{
	memset(g, 0, sizeof(*g));
	g->hdr[0] = rq_log2 | eq_log2 << 3;
	g->hdr[1] = 0;
	le16(g->hdr + 2, script);
	g->heap = G_HEAP;
	g->rq.base = G_RQ;
	g->rq.num = 1u << rq_log2;
	g->eq.base = G_EQ;
	g->eq.num = 1u << eq_log2;
}

/* A two-buffer chain: request bytes, then a writable response. */
static void gchain(struct gmem *g, struct gring *r, const uint8_t *rq,
		   unsigned int rqlen, unsigned int resplen)
{
	unsigned int a = heap_alloc(&g->heap, rqlen);
	unsigned int b = heap_alloc(&g->heap, resplen);
	uint16_t head = r->next % r->num;

	memcpy(g->m + a, rq, rqlen);
	desc(g->m + r->base, head, a, rqlen, 1, (head + 1) % r->num);
	desc(g->m + r->base, (head + 1) % r->num, b, resplen, 2, 0);
	r->next += 2;
	avail_add(g->m + r->base + G_AVAIL, &r->idx, r->num, head);
}

static void greq(struct gmem *g, uint16_t type, uint16_t line,
		 uint32_t value, unsigned int resplen)
{
	uint8_t rq[8];

	le16(rq, type);
	le16(rq + 2, line);
	le32(rq + 4, value);
	gchain(g, &g->rq, rq, 8, resplen);
}

static void gev(struct gmem *g, uint16_t line)
{
	uint8_t rq[2];

	le16(rq, line);
	gchain(g, &g->eq, rq, 2, 1);
}

static void save_gmem(const char *dir, const char *name, struct gmem *g)
{
	save_trimmed(dir, name, g->hdr, g->m, sizeof(g->m));
}

/* Lines of the target: "a", "", "sck", "int" (names block of 11). */
static void gpio_seeds(const char *dir)
{
	struct gmem g;

	/* Level-low INT line, names, a guest-driven output. */
	gmem_init(&g, 4, 3, 0xffff);
	greq(&g, 6, 3, 8, 2);
	greq(&g, 1, 0, 0, 12);
	greq(&g, 5, 2, 1, 2);
	greq(&g, 3, 2, 1, 2);
	greq(&g, 4, 3, 0, 2);
	gev(&g, 3);
	gev(&g, 0);
	save_gmem(dir, "session", &g);

	/* Both edges on line 0, toggled every pass; then disabled. */
	gmem_init(&g, 3, 2, 0x0000);
	greq(&g, 6, 0, 3, 2);
	gev(&g, 0);
	greq(&g, 6, 0, 0, 2);
	save_gmem(dir, "edges", &g);

	/* Misuse: two buffers for a line, unknown lines, bad sizes. */
	gmem_init(&g, 4, 3, 0x5555);
	greq(&g, 6, 1, 2, 2);
	greq(&g, 4, 7, 0, 2);
	greq(&g, 9, 0, 0, 2);
	greq(&g, 1, 0, 0, 5);
	greq(&g, 6, 1, 5, 2);
	gev(&g, 1);
	gev(&g, 1);
	gev(&g, 9);
	gchain(&g, &g.eq, (const uint8_t *)"\x01\x00\x00", 3, 2);
	save_gmem(dir, "misuse", &g);
}

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: mkseeds RING_DIR VHOST_USER_DIR "
			"[GPIO_DIR]\n");
		return 2;
	}
	ring_seeds(argv[1]);
	stream_seeds(argv[2]);
	if (argc == 4)
		gpio_seeds(argv[3]);
	return 0;
}
