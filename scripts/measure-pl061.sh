#!/bin/sh
# measure-pl061.sh [N]: what one block operation costs on a GPIO driver
# without get_multiple()/set_multiple(): QEMU virt's pl061, block "pl061"
# (4 lines, dts/series.dtsi). QEMU traces every pl061 register access
# (vm.sh QEMU_TRACE); two boots, one doing N block reads and N block
# writes and one doing none, differ by exactly the accesses of those
# operations. gpio-pl061 reads and writes one line per register access
# (the data register is addressed through a one-line mask), so accesses
# per operation = driver get()/set() calls per operation.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
N=${1:-100}
B=${B:?run through make: make measure-pl061}
RUN=$KB/run

count() {	# CMD -> "READS WRITES" of pl061 data accesses during the boot
	QEMU_TRACE='pl061_*' QUIET=1 scripts/vm.sh cmd "$1" >/dev/null
	printf '%s %s\n' "$(grep -c 'pl061_read' "$RUN/qemu-trace.log" || true)" \
		"$(grep -c 'pl061_write' "$RUN/qemu-trace.log" || true)"
}

OPS="i=0; while [ \$i -lt $N ]; do gpioblock get pl061 >/dev/null; i=\$((i+1)); done;"
OPS="$OPS i=0; while [ \$i -lt $N ]; do gpioblock set pl061 0xf 0x5 >/dev/null; i=\$((i+1)); done"
set -- $(count "gpioblock info pl061 >/dev/null")
r0=$1 w0=$2
set -- $(count "gpioblock info pl061 >/dev/null; $OPS")
r1=$1 w1=$2
echo "pl061: idle boot $r0 reads $w0 writes; with $N block reads and $N" \
     "block writes of 4 lines: $r1 reads $w1 writes"
echo "pl061: per 4-line block read $(( (r1 - r0) / N )) register reads" \
     "(rest $(( (r1 - r0) % N ))), per block write $(( (w1 - w0) / N ))" \
     "register writes (rest $(( (w1 - w0) % N )))"
