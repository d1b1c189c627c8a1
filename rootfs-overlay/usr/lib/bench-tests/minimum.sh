# Sourced: the fewest I2C transactions one get_multiple() or
# set_multiple() call on MASK (bit N = line N) can cost on a part of
# parts.table, per Linux driver (Documentation/driver-api/gpio/block.rst,
# "Minimum bus transactions"). 31-driver-minimum asserts that each
# driver reaches it; the bench's per-driver table (../bench/run-minimum,
# bench/minreport.py) shows it beside the measured cost. Patch numbers
# below are the 6.12 series'; patches/README.md maps them to 7.3's.
#
#   pca953x  1 read, 1 write: one register, or the register pair in one
#            transaction (patch 6.12/upstream/0005)
#   pcf857x  1 read, 1 write: one or two data bytes
#   max732x  one transaction per group address with a line in the
#            operation: 1 on single-address parts, 2 for both groups of
#            a MAX7324-MAX7327 (read: patch 6.12/upstream/0004)
#   pca953x parts of 24 and 40 lines: 1 (every port in one AI transfer)
#   pca9570  1 write (set_multiple: patch 6.12/upstream/0013); no inputs
#   tpic2810 1 write; no inputs
#   fxl6408  1 read, 1 write (gpio-regmap get/set_multiple:
#            patch 6.12/upstream/0012)
#   mcp230xx 1 read, 1 write (GPIO, OLAT: 16 bits in one transfer)
#   aw9523   1 read, 1 write: both ports in one transfer (patches
#            6.12/upstream/0021, 0022; the register address increments)
#   sx150x   1 read, 1 write: RegData read once (get_multiple, patch
#            6.12/upstream/0023), a register of two bytes in one transfer
#            (0024), setting every line without reading RegData (0025)
#   max7300  one transaction per 8-port register the lines fall in:
#            4 for P4..P31 (0x44, 0x4c, 0x54, 0x5c; gpio-max730x
#            get/set_multiple: patch 6.12/upstream/0015)
#   cy8c95x0 1 read, 1 write: every input (output) port in one
#            auto-incremented transfer (writes: patch 6.12/upstream/0034);
#            pinctrl-cy8c95x0 reads one port per transaction, its
#            regmap has use_single_read (KTAP TODO)
#   gpio-adnp one transaction per byte the lines fall in (6 for 48
#            lines): the protocol has one byte per access
#            (get/set_multiple: patch 6.12/upstream/0031)
#   ds4520   1 read (both status registers, auto-increment), 1 write
#            (both pull-up registers); gpio-regmap reads, and writes,
#            each register in a transfer of its own: 2 each with the
#            register cache of patch 6.12/upstream/0032 (KTAP TODO)

groups() {	# MASK -> number of 8-line groups it touches (max732x
		# addresses, max7300 8-port registers, adnp bytes)
	echo $(( ($1 & 0xff ? 1 : 0) + ($1 & 0xff00 ? 1 : 0) +
		 ($1 & 0xff0000 ? 1 : 0) + ($1 & 0xff000000 ? 1 : 0) +
		 ($1 & 0xff00000000 ? 1 : 0) + ($1 & 0xff0000000000 ? 1 : 0) +
		 ($1 & 0xff000000000000 ? 1 : 0) ))
}

# tx_min DRV MASK -> the minimum for one operation on MASK
tx_min() {
	case $1 in
	max732x|max7300|gpio-adnp) groups "$2" ;;
	*) echo 1 ;;
	esac
}
