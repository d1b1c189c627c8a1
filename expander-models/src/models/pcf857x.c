// SPDX-License-Identifier: GPL-2.0
#include "chip.h"

const struct chip_variant pcf857x_variants[] = {
	{ NULL },
};
