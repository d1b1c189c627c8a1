// SPDX-License-Identifier: GPL-2.0
/*
 * mix.c - read a recorded request mix (mix.h says what a line holds).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buses/bus.h"
#include "mix.h"

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* "ADDR:DIR:DATA:ACK"; NULL or why not. */
static const char *parse_seg(char *s, struct mix_seg *g)
{
	char *f[4], *p = s;
	unsigned int i, n;
	int hi, lo;

	for (i = 0; i < 4; i++) {
		f[i] = p;
		p = strchr(p, ':');
		if (i < 3) {
			if (!p)
				return "a segment is ADDR:DIR:DATA:ACK";
			*p++ = 0;
		} else if (p) {
			return "a segment is ADDR:DIR:DATA:ACK";
		}
	}
	memset(g, 0, sizeof(*g));
	if (strlen(f[0]) != 2 || hexval(f[0][0]) < 0 || hexval(f[0][1]) < 0 ||
	    hexval(f[0][0]) > 7)
		return "ADDR is two hex digits, 00-7f";
	g->addr = hexval(f[0][0]) << 4 | hexval(f[0][1]);
	if (strcmp(f[1], "W") && strcmp(f[1], "R"))
		return "DIR is W or R";
	g->read = f[1][0] == 'R';
	n = strlen(f[2]);
	if (n % 2 || n / 2 > MIX_DATA)
		return "DATA is an even number of hex digits, at most 64";
	for (i = 0; i < n / 2; i++) {
		hi = hexval(f[2][2 * i]);
		lo = hexval(f[2][2 * i + 1]);
		if (hi < 0 || lo < 0)
			return "DATA is hex";
		g->data[i] = hi << 4 | lo;
	}
	g->len = n / 2;
	if (!strcmp(f[3], "ack"))
		g->nack = false;
	else if (!strcmp(f[3], "nack") || !strcmp(f[3], "dnack"))
		g->nack = true;
	else
		return "ACK is ack, nack or dnack";
	if (!strcmp(f[3], "nack") && g->len)
		return "a NACKed address has no DATA";
	return NULL;
}

static const char *parse_tx(char *line, struct mix_tx *t)
{
	char *segs = line, *tok, *save;
	const char *why;

	if (!strncmp(line, "T ", 2)) {
		segs = strstr(line, " segs=");
		if (!segs)
			return "a T record without segs=";
		segs += 6;
	}
	t->nsegs = 0;
	for (tok = strtok_r(segs, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (t->nsegs == MIX_SEGS)
			return "more than 8 segments";
		if (t->nsegs && t->seg[t->nsegs - 1].nack)
			return "nothing follows a NACK on the wire";
		why = parse_seg(tok, &t->seg[t->nsegs]);
		if (why)
			return why;
		t->nsegs++;
	}
	return t->nsegs ? NULL : "no segment";
}

int mix_load(struct mix *m, const char *path, char *err, size_t errlen)
{
	const char *base = strrchr(path, '/'), *why;
	char line[1024];
	unsigned int lineno = 0, cap = 0, n = 0;
	bool body = false;
	struct mix_tx *nt;
	size_t len;
	FILE *f;

	memset(m, 0, sizeof(*m));
	base = base ? base + 1 : path;
	snprintf(m->name, sizeof(m->name), "%s", base);
	len = strlen(m->name);
	if (len > 4 && !strcmp(m->name + len - 4, ".mix"))
		m->name[len - 4] = 0;
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0] || line[0] == '#')
			continue;
		if (!strcmp(line, "repeat")) {
			if (body) {
				why = "a second `repeat`";
				goto bad;
			}
			body = true;
			m->nsetup = n;
			continue;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			nt = realloc(m->tx, cap * sizeof(*nt));
			if (!nt) {
				why = "out of memory";
				goto bad;
			}
			m->tx = nt;
		}
		why = parse_tx(line, &m->tx[n]);
		if (why)
			goto bad;
		n++;
	}
	fclose(f);
	if (!body)
		m->nsetup = 0;
	m->nbody = n - m->nsetup;
	if (!m->nbody) {
		snprintf(err, errlen, "%s: no transaction to repeat", path);
		mix_free(m);
		return -1;
	}
	return 0;
bad:
	snprintf(err, errlen, "%s:%u: %s", path, lineno, why);
	fclose(f);
	mix_free(m);
	return -1;
}

void mix_free(struct mix *m)
{
	free(m->tx);
	m->tx = NULL;
}

unsigned int mix_bytes(const struct mix_tx *t)
{
	unsigned int i, bytes = 0;

	for (i = 0; i < t->nsegs; i++)
		bytes += 1 + t->seg[i].len;
	return bytes;
}

uint64_t mix_bus_ns(const struct mix_tx *t, uint32_t hz)
{
	return bus_i2c_ns(hz, t->nsegs, mix_bytes(t), 1);
}
