#!/bin/sh
# mkrootfs.sh B KOUT OUT: the guest's initramfs. KB (environment) is the
# kernel's own build directory: its guest programs and kselftests were
# built against that kernel's headers.
# Debian armhf packages (unpacked, not installed), the kernel's modules,
# rootfs-overlay/ and the project's static armhf programs.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
B=$1 KOUT=$2 OUT=$3
KB=${KB:?mkrootfs.sh: KB not set}
R=$KOUT/rootfs
rm -rf "$R"
mkdir -p "$R"
for deb in "$B"/debs/*.deb; do
	dpkg-deb -x "$deb" "$R"
done
# Documentation, locales and headers are dead weight in an initramfs.
rm -rf "$R/usr/share/doc" "$R/usr/share/man" "$R/usr/share/locale" \
	"$R/usr/share/lintian" "$R/usr/include"
if [ -d "$KOUT/mods/lib/modules" ]; then
	mkdir -p "$R/lib/modules"
	cp -a "$KOUT/mods/lib/modules/." "$R/lib/modules/"
fi
# libgpiod 2.1 (bookworm-backports): its library beside 1.6's (another
# soname), its tools, named as 1.6's, in a directory of their own.
if ls "$B"/debs-gpiod2/*.deb >/dev/null 2>&1; then
	G=$KOUT/rootfs-gpiod2
	rm -rf "$G"
	for deb in "$B"/debs-gpiod2/*.deb; do
		dpkg-deb -x "$deb" "$G"
	done
	mkdir -p "$R/usr/lib/gpiod2"
	cp -a "$G/usr/lib/arm-linux-gnueabihf/." "$R/usr/lib/arm-linux-gnueabihf/"
	cp -a "$G/usr/bin" "$R/usr/lib/gpiod2/bin"
	rm -rf "$G"
fi
cp -a rootfs-overlay/. "$R/"
# The guest's tables of parts (gpio-suite/parts.table, spi.table,
# bench/matrix.table) and the catalogue itself, made from
# catalogue/parts.tsv and the board DT (catalogue/README.md).
/usr/bin/python3 catalogue/gen.py guest "$R/usr/lib"
mkdir -p "$R/usr/bin" "$R/usr/sbin" "$R/sbin" "$R/bin" "$R/proc" "$R/sys" "$R/dev" "$R/tmp" "$R/run" "$R/mnt"
if [ -d "$KB/guest-bin" ]; then
	cp -a "$KB/guest-bin/." "$R/usr/bin/"
fi
# The upstream GPIO kselftests, run by the guest test 47-kselftest-gpio.
if [ -d "$KB/kselftest" ]; then
	mkdir -p "$R/usr/lib/kselftest"
	cp -a "$KB/kselftest/." "$R/usr/lib/kselftest/"
fi
(cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) |
	gzip -1 > "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "rootfs: $(du -h "$OUT" | cut -f1) $OUT"
