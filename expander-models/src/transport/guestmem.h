/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guestmem.h - the guest's RAM as QEMU shares it with a vhost-user backend.
 *
 * VHOST_USER_SET_MEM_TABLE hands over up to eight regions, each an fd to
 * mmap plus three coordinates: the guest-physical address the guest uses
 * in descriptors, the QEMU virtual address QEMU uses for ring addresses,
 * and the offset of the region in the fd. Every address that comes from
 * the guest or from QEMU goes through the translators below, which check
 * the whole range against one region and never overflow.
 */
#ifndef EXPANDER_GUESTMEM_H
#define EXPANDER_GUESTMEM_H

#include <stddef.h>
#include <stdint.h>

/* VHOST_MEMORY_BASELINE_NREGIONS: what SET_MEM_TABLE can carry. */
#define GUESTMEM_MAX_REGIONS 8

/* One region as SET_MEM_TABLE describes it. */
struct guestmem_desc {
	uint64_t gpa;		/* guest-physical address of the first byte */
	uint64_t size;		/* bytes */
	uint64_t uva;		/* QEMU's virtual address of the first byte */
	uint64_t offset;	/* where the region starts in the fd */
};

struct guestmem_region {
	uint64_t gpa, size, uva;
	uint8_t *host;		/* our address of the region's first byte */
	void *map;		/* what to munmap (NULL: not ours) */
	size_t map_len;
};

struct guestmem {
	unsigned int n;
	struct guestmem_region r[GUESTMEM_MAX_REGIONS];
};

void guestmem_init(struct guestmem *m);

/* Unmap every region we mapped; the table is empty afterwards. */
void guestmem_clear(struct guestmem *m);

/*
 * Replace the table with n regions mapped from fds[i] (the fds stay the
 * caller's: the mappings keep their own references). Either the whole new
 * table is installed, or the old one is kept and -1 returned with a reason
 * in err: zero or too many regions, zero size, overflow of any end
 * address, overlapping regions, an fd smaller than offset + size (a
 * mapping past the end of a file faults on first touch), mmap failure.
 */
int guestmem_map_fds(struct guestmem *m, const struct guestmem_desc *d,
		     const int *fds, unsigned int n, char *err, size_t errlen);

/*
 * Add a region backed by memory the caller owns (tests and fuzzers use
 * this to lay out a guest in a malloc'd buffer). Same checks as above,
 * except the fd ones.
 */
int guestmem_add_host(struct guestmem *m, uint64_t gpa, uint64_t size,
		      uint64_t uva, void *host);

/*
 * Host address of [gpa, gpa + len) or NULL if that range is not inside a
 * single region. len 0 asks only that gpa lies inside a region.
 */
void *guestmem_gpa(const struct guestmem *m, uint64_t gpa, uint64_t len);

/* The same for an address in QEMU's address space (ring addresses). */
void *guestmem_uva(const struct guestmem *m, uint64_t uva, uint64_t len);

#endif
