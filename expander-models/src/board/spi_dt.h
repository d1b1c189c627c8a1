/* SPDX-License-Identifier: GPL-2.0 */
/* spi_dt.h - SPI buses and parts from the DT (spi_dt.c, BOARD-DT.md). */
#ifndef EXPANDER_SPI_DT_H
#define EXPANDER_SPI_DT_H

struct dt_loader;
struct spi_bus;

/* The SPI parts among node's children, onto bus sb. */
int spi_dt_children(struct dt_loader *ld, struct spi_bus *sb, int node);
/* Every "spi-gpio" node: a bus on virtio-gpio lines. */
int spi_dt_gpio(struct dt_loader *ld);

#endif
