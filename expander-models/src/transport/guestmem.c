// SPDX-License-Identifier: GPL-2.0
/*
 * guestmem.c - the vhost-user memory table and address translation.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "transport/guestmem.h"

void guestmem_init(struct guestmem *m)
{
	memset(m, 0, sizeof(*m));
}

void guestmem_clear(struct guestmem *m)
{
	unsigned int i;

	for (i = 0; i < m->n; i++)
		if (m->r[i].map)
			munmap(m->r[i].map, m->r[i].map_len);
	guestmem_init(m);
}

/* Do [a, a + alen) and [b, b + blen) share a byte? Ends may not wrap. */
static int ranges_overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

/*
 * The checks every region passes, whoever backs it: a non-empty range
 * whose last byte is addressable in both address spaces, and no overlap
 * with the regions already in the table (an address must translate one
 * way only).
 */
static int region_ok(const struct guestmem *m, uint64_t gpa, uint64_t size,
		     uint64_t uva, const char **why)
{
	unsigned int i;

	if (m->n >= GUESTMEM_MAX_REGIONS) {
		*why = "too many regions";
		return 0;
	}
	if (size == 0) {
		*why = "empty region";
		return 0;
	}
	if (gpa + size - 1 < gpa || uva + size - 1 < uva) {
		*why = "region wraps the address space";
		return 0;
	}
	/* Keep "end = start + size" computable everywhere else. */
	if (gpa + size == 0 || uva + size == 0) {
		*why = "region ends at the top of the address space";
		return 0;
	}
	for (i = 0; i < m->n; i++) {
		if (ranges_overlap(gpa, size, m->r[i].gpa, m->r[i].size)) {
			*why = "guest-physical ranges overlap";
			return 0;
		}
		if (ranges_overlap(uva, size, m->r[i].uva, m->r[i].size)) {
			*why = "QEMU address ranges overlap";
			return 0;
		}
	}
	return 1;
}

int guestmem_add_host(struct guestmem *m, uint64_t gpa, uint64_t size,
		      uint64_t uva, void *host)
{
	const char *why;
	struct guestmem_region *r;

	if (!host || !region_ok(m, gpa, size, uva, &why))
		return -1;
	r = &m->r[m->n++];
	r->gpa = gpa;
	r->size = size;
	r->uva = uva;
	r->host = host;
	r->map = NULL;
	r->map_len = 0;
	return 0;
}

static int map_one(struct guestmem *m, const struct guestmem_desc *d, int fd,
		   char *err, size_t errlen)
{
	const char *why;
	struct stat st;
	uint64_t len;
	void *p;

	if (!region_ok(m, d->gpa, d->size, d->uva, &why)) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	len = d->offset + d->size;
	if (len < d->offset || len > SIZE_MAX) {
		snprintf(err, errlen, "mmap offset overflows");
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "region fd is not a memory file");
		return -1;
	}
	if ((uint64_t)st.st_size < len) {
		snprintf(err, errlen,
			 "region needs %llu bytes of a %llu-byte file",
			 (unsigned long long)len,
			 (unsigned long long)st.st_size);
		return -1;
	}
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		snprintf(err, errlen, "mmap of %llu bytes failed",
			 (unsigned long long)len);
		return -1;
	}
	m->r[m->n].gpa = d->gpa;
	m->r[m->n].size = d->size;
	m->r[m->n].uva = d->uva;
	m->r[m->n].host = (uint8_t *)p + d->offset;
	m->r[m->n].map = p;
	m->r[m->n].map_len = len;
	m->n++;
	return 0;
}

int guestmem_map_fds(struct guestmem *m, const struct guestmem_desc *d,
		     const int *fds, unsigned int n, char *err, size_t errlen)
{
	struct guestmem next;
	unsigned int i;

	if (n == 0 || n > GUESTMEM_MAX_REGIONS) {
		snprintf(err, errlen, "%u regions (1..%d allowed)", n,
			 GUESTMEM_MAX_REGIONS);
		return -1;
	}
	guestmem_init(&next);
	for (i = 0; i < n; i++) {
		if (map_one(&next, &d[i], fds[i], err, errlen) < 0) {
			guestmem_clear(&next);
			return -1;
		}
	}
	guestmem_clear(m);
	*m = next;
	return 0;
}

void *guestmem_gpa(const struct guestmem *m, uint64_t gpa, uint64_t len)
{
	const struct guestmem_region *r;
	uint64_t off;
	unsigned int i;

	for (i = 0; i < m->n; i++) {
		r = &m->r[i];
		if (gpa < r->gpa)
			continue;
		off = gpa - r->gpa;
		/* Compare by subtraction: gpa + len may wrap. */
		if (off >= r->size || len > r->size - off)
			continue;
		return r->host + off;
	}
	return NULL;
}

void *guestmem_uva(const struct guestmem *m, uint64_t uva, uint64_t len)
{
	const struct guestmem_region *r;
	uint64_t off;
	unsigned int i;

	for (i = 0; i < m->n; i++) {
		r = &m->r[i];
		if (uva < r->uva)
			continue;
		off = uva - r->uva;
		if (off >= r->size || len > r->size - off)
			continue;
		return r->host + off;
	}
	return NULL;
}
