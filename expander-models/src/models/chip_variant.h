/* SPDX-License-Identifier: GPL-2.0 */
/*
 * chip_variant.h - the registry: every family's table of parts (struct
 * chip_variant, chip.h), looked up by DT compatible. It sits above the
 * models: each table is defined in its family's file under models/,
 * which includes chip.h, never this file.
 */
#ifndef EXPANDER_CHIP_VARIANT_H
#define EXPANDER_CHIP_VARIANT_H

#include "models/chip.h"

const struct chip_variant *chip_variant_find(const char *compatible);
/*
 * The variant of compatible with that many lines, for parts whose line
 * count the DT sets (gpio-adnp's nr-gpios); NULL if none.
 */
const struct chip_variant *chip_variant_find_lines(const char *compatible,
						   unsigned int lines);

extern const struct chip_variant pca953x_variants[];
extern const struct chip_variant pcf857x_variants[];
extern const struct chip_variant max732x_variants[];
extern const struct chip_variant pca9570_variants[];
extern const struct chip_variant tpic2810_variants[];
extern const struct chip_variant fxl6408_variants[];
extern const struct chip_variant mcp230xx_variants[];
extern const struct chip_variant max7300_variants[];
extern const struct chip_variant hc595_variants[];
extern const struct chip_variant hc165_variants[];
extern const struct chip_variant max7301_variants[];
extern const struct chip_variant mc33880_variants[];
extern const struct chip_variant mcp23s08_variants[];
extern const struct chip_variant xra1403_variants[];
extern const struct chip_variant max3191x_variants[];
extern const struct chip_variant sc18is602_variants[];
extern const struct chip_variant aw9523_variants[];
extern const struct chip_variant sx150x_variants[];
extern const struct chip_variant cy8c95x0_variants[];
extern const struct chip_variant adnp_variants[];
extern const struct chip_variant ds4520_variants[];

#endif
