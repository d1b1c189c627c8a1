// SPDX-License-Identifier: GPL-2.0
#include "chip.h"

const struct chip_variant max732x_variants[] = {
	{ NULL },
};
