#!/bin/sh
# check-builds.sh TREE OUTBASE: build the patched tree in the option
# combinations the series must survive (OF and GPIO_SYSFS on and off),
# W=1 for the series' own files. The guest kernel is the OF=y SYSFS=y
# case; this adds the other three. Each build has its own output
# directory under OUTBASE, so a rerun is incremental.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
SRC=${1:?usage: check-builds.sh TREE OUTBASE}
OUTBASE=$2
HERE=$(cd "$(dirname "$0")/.." && pwd)
C=$HERE/configs
JOBS=${JOBS:-$(nproc)}

build() {	# NAME FRAGMENT...
	name=$1; shift
	out=$OUTBASE/$name
	mkdir -p "$out"
	"$HERE/scripts/kernel-config.sh" "$SRC" "$out" "$@" >/dev/null
	for opt in OF GPIO_SYSFS GPIO_BLOCK GPIO_BLOCK_CDEV GPIO_BLOCK_OF \
		   GPIO_BLOCK_SYSFS; do
		v=$(sed -n "s/^CONFIG_$opt=//p" "$out/.config")
		printf '%s=%s ' "$opt" "${v:-n}"
	done
	log=$out/build.log
	if ! make -s -C "$SRC" O="$out" ARCH=arm \
	     CROSS_COMPILE=arm-linux-gnueabihf- -j"$JOBS" zImage modules \
	     >"$log" 2>&1; then
		echo "$name: FAILED, see $log"
		grep -E 'error|Error' "$log" | head -n 10
		return 1
	fi
	# W=1 on the series' files only: the rest of the kernel is not ours.
	rm -f "$out"/drivers/gpio/gpiolib-block*.o "$out"/drivers/gpio/gpio-block-of.o
	make -s -C "$SRC" O="$out" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
		W=1 -j"$JOBS" drivers/gpio/ >"$out/w1.log" 2>&1 || {
		echo "$name: W=1 build of drivers/gpio FAILED, see $out/w1.log"
		return 1; }
	w=$(grep -c 'gpiolib-block\|gpio-block-of' "$out/w1.log" || true)
	echo "$name: OK ($(grep -c 'warning:' "$log" || true) warnings in" \
	     "the build, $w W=1 lines on the series' files)"
	[ "$w" = 0 ]
}

rc=0
build virt-nosysfs "$C/base.config" "$C/block-gpio.config" \
	$(ls "$C/${KERNEL:?}"/*.config 2>/dev/null) \
	"$C/check/virt-nosysfs.config" || rc=1
build footbridge-nosysfs "$C/check/footbridge.config" || rc=1
build footbridge-sysfs "$C/check/footbridge.config" \
	"$C/check/footbridge-sysfs.config" || rc=1
exit $rc
