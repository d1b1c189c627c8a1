/* SPDX-License-Identifier: GPL-2.0 */
/*
 * layout.h - where things are in the fuzz targets' inputs, shared by the
 * targets and by mkseeds.c, which writes their seed corpus.
 */
#ifndef EXPANDER_FUZZ_LAYOUT_H
#define EXPANDER_FUZZ_LAYOUT_H

/*
 * fuzz_virtio_i2c: 4 header bytes, then region A (guest-physical
 * 0..A_SIZE) holding the ring at fixed offsets and the buffers from
 * HEAP on, then region B, adjacent in guest-physical space (B_GPA) but
 * not in the host's.
 */
#define RING_HDR_SIZE	4
#define A_SIZE		0x800
#define DESC		0x000
#define AVAIL		0x100
#define USED		0x140
#define HEAP		0x200
#define B_GPA		0x800
#define B_SIZE		0x100

/*
 * fuzz_vhost_user: one MEMSZ region of guest memory, described to the
 * backend at GPA (guest) and UVA (QEMU's address space); the seeds' ring
 * at these offsets in it, requests from S_HEAP on.
 */
#define GPA		0x40000000ULL
#define UVA		0x7f0000000000ULL
#define MEMSZ		0x10000
#define S_DESC		0x0000
#define S_AVAIL		0x1000
#define S_USED		0x2000
#define S_HEAP		0x4000

/*
 * fuzz_virtio_gpio: 4 header bytes, then G_SIZE of guest memory (one
 * region, guest-physical 0): the requestq at G_RQ and the eventq at
 * G_EQ, each a descriptor table with its avail ring G_AVAIL and used
 * ring G_USED bytes further on; buffers from G_HEAP on.
 */
#define G_SIZE		0x1000
#define G_UVA		0x7f0000000000ULL
#define G_RQ		0x000
#define G_EQ		0x200
#define G_AVAIL		0x100
#define G_USED		0x140
#define G_HEAP		0x400

#endif
