// SPDX-License-Identifier: GPL-2.0
/* board_gen.c - boards for the load driver, as DTS (load.h). */
#include <stdio.h>

#include "load.h"

/*
 * The chips of a generated board: every bus has the pca9555 at 0x20 that
 * the mixes address; the rest of CHIPS, spread over the buses in turn,
 * are of the three families at the free addresses 0x08-0x77.
 */
static const char *const filler[] = { "nxp,pcf8574", "ti,tca6408",
				      "nxp,pcf8575", "nxp,pca9555" };

void make_board(unsigned int nbus, unsigned int nchips, uint32_t hz)
{
	unsigned int b, c, per, extra, addr, k;

	if (!nbus || nbus > LOAD_MAX_BUSES)
		die("BUSES is 1 to %d", LOAD_MAX_BUSES);
	if (nchips < nbus)
		nchips = nbus;		/* the pca9555 of each bus */
	per = nchips / nbus;
	extra = nchips % nbus;
	if (per + (extra != 0) > 0x78 - 0x08)
		die("%u chips on %u bus(es): more than 112 addresses a bus",
		    nchips, nbus);
	printf("/dts-v1/;\n/* loadgen board %u %u %u */\n/ {\n"
	       "\t#address-cells = <2>;\n\t#size-cells = <2>;\n", nbus,
	       nchips, hz);
	for (b = 0; b < nbus; b++) {
		printf("\tvirtio_mmio@%x {\n\t\tcompatible = \"virtio,mmio\";\n"
		       "\t\treg = <0x0 0x%x 0x0 0x200>;\n\t\ti2c {\n"
		       "\t\t\tcompatible = \"virtio,device22\";\n"
		       "\t\t\t#address-cells = <1>;\n\t\t\t#size-cells = <0>;\n"
		       "\t\t\tclock-frequency = <%u>;\n",
		       0xa000000 + b * 0x200, 0xa000000 + b * 0x200, hz);
		printf("\t\t\tpca9555@20 { compatible = \"nxp,pca9555\"; "
		       "reg = <0x20>; };\n");
		addr = 0x08;
		for (c = 1, k = 0; c < per + (b < extra); c++, k++) {
			if (addr == 0x20)
				addr++;
			printf("\t\t\tchip@%x { compatible = \"%s\"; "
			       "reg = <0x%x>; };\n", addr,
			       filler[k % 4], addr);
			addr++;
		}
		printf("\t\t};\n\t};\n");
	}
	printf("};\n");
}
