#!/bin/bash
# compare.sh SPEC_A SPEC_B: `make compare`. Two guest kernels from two
# patch sets, the same bench matrix on both on one board, and a report of
# what changed per cell (bench/compare.py). Everything under $KB/compare.
#
# SPEC: comma-separated changes to the kernel's series (SERIES_FILE), in order:
#   series    the series as it is (the default; may be left out)
#   -NAME     without the one patch of the series whose path contains
#             NAME (-gpio-pca953x/0001, -pca953x-access; an error unless exactly one)
#   +DIR      with DIR's patches on top (DIR/series if there is one,
#             else DIR/*.patch in name order)
# e.g. A=-gpio-pca953x/0001 B=series: gpio-pca953x pair access off and on (either kernel); A=series B=+my-patches.
#
# Both kernels come from the one extracted tree, $KSRC (build/KERNEL/linux):
# kernel-tree.sh commits the side's patches onto the Debian base in a
# private index and checks the result out, which rewrites only the files
# that differ from what is checked out, so kbuild recompiles only what
# the two patch sets change. Each side has its own O= directory,
# seeded by a copy of the last finished one (the main kernel for A, A
# for B): objects keep the tree's path in their command lines, so a
# second tree (a git worktree elsewhere) would recompile everything.
# At the end the tree goes back to the series (the main kernel then
# recompiles the same few files at its next build).
#
# Two kernels instead (make compare A=6.12 B=7.3, COMPARE_KERNELS="6.12
# 7.3"): each side is that kernel with its own series as the Makefile
# built it ($B/KERNEL/kernel, its initramfs with that kernel's guest
# programs); nothing is built here. Everything under $B/compare/A-B.
#
# Either way bench/compare.py labels each changed cell with its causes
# from bench/causes.tsv: the mainline changes between the two kernels'
# releases and the patches of ours in one side's series only
# ($C/SIDE/patches/series).
#
# Environment (from the Makefile): B KB KSRC KOUT SERIES_FILE TARBALL
# BOARD_DTB DAEMON JOBS KERNEL, or B BOARD_DTB DAEMON COMPARE_KERNELS;
# QUICK=1 for the short matrix.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
SPEC_A=${1:-series}
SPEC_B=${2:-series}
HERE=$(cd "$(dirname "$0")/.." && pwd)
if [ -n "${COMPARE_KERNELS:-}" ]; then
	C=$B/compare/$SPEC_A-$SPEC_B
else
	C=$KB/compare
fi
T=$HERE/scripts/stage.sh
JOBS=${JOBS:-$(nproc)}
KMAKE=(make -s -C "${KSRC:-}" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-)

# patchdir SIDE DIR: DIR/series and the patch files it names: the side's
# patches as scripts/compare-spec.sh reads its SPEC (the Makefile has
# checked both sides with it already), a user's patch as user-NAME (it
# may share a name with one of the series).
patchdir() {
	local side=$1 dir=$2 p
	rm -rf "$dir"
	mkdir -p "$dir"
	"$HERE/scripts/compare-spec.sh" --list "$side" "$SERIES_FILE" \
		"$HERE/patches" "$KSRC" "$SPEC_A" "$SPEC_B" > "$dir/list"
	while read -r p; do
		case $p in
		/*)
			ln -s "$p" "$dir/user-${p##*/}"
			echo "user-${p##*/}" ;;
		*)
			mkdir -p "$(dirname "$dir/$p")"
			ln -s "$HERE/patches/$p" "$dir/$p"
			echo "$p" ;;
		esac
	done < "$dir/list" > "$dir/series"
	rm "$dir/list"
}

# kernel SIDE SEED: the side's kernel and initramfs in $C/SIDE/kernel.
kernel() {
	local side=$1 seed=$2 out=$C/$1/kernel
	"$T" "patch-$side" "$HERE/scripts/kernel-tree.sh" "$KSRC" \
		"$C/$side/patches" "$C/$side/patches/series" "$TARBALL"
	if [ ! -f "$out/.config" ]; then
		rm -rf "$out"
		"$T" "seed-$side" cp -a "$seed" "$out"
		rm -f "$out/.built"
	fi
	"$T" "build-$side" "${KMAKE[@]}" O="$out" -j"$JOBS" zImage modules
	rm -rf "$out/mods"
	"${KMAKE[@]}" O="$out" INSTALL_MOD_PATH="$out/mods" modules_install >/dev/null
	"$T" "rootfs-$side" "$HERE/scripts/mkrootfs.sh" "$B" "$out" \
		"$out/initramfs.cpio.gz"
	touch "$out/.built"
}

# bench SIDE: the matrix on the side's kernel, results in $C/SIDE/bench.
bench() {
	local side=$1 out=$C/$1/kernel
	rm -rf "$C/$side/bench"
	KB=$C/$side RUN=$C/$side/run ZIMAGE=$out/arch/arm/boot/zImage \
		INITRAMFS=$out/initramfs.cpio.gz PACED=1 QUIET=progress \
		"$T" "bench-$side" "$HERE/scripts/vm.sh" bench \
		"$([ "${QUICK:-0}" = 1 ] && echo quick || echo full)"
	# report.py's summary goes to a file, the stage line to the console
	"$T" "report-$side" sh -c '"$@" > "$0"' "$C/$side/report.out" \
		/usr/bin/python3 "$HERE/bench/report.py" "$C/$side/bench"
}

# report KERNEL_A KERNEL_B: compare.py, each changed cell with its causes
# (bench/causes.tsv) between these releases and the two series.
report() {
	"$T" compare /usr/bin/python3 "$HERE/bench/compare.py" "$C" \
		"$C/A/bench" "$C/B/bench" "$SPEC_A" "$SPEC_B" "$1" "$2"
}

mkdir -p "$C"
if [ -n "${COMPARE_KERNELS:-}" ]; then
	if [ "$SPEC_A" = "$SPEC_B" ]; then
		echo "compare: A and B are the same kernel" >&2
		exit 2
	fi
	for side in A B; do
		k=$SPEC_A; [ $side = B ] && k=$SPEC_B
		rm -rf "$C/$side"
		mkdir -p "$C/$side/patches"
		"$HERE/scripts/series.sh" "$HERE/patches/$k/series" \
			"$HERE/patches" > "$C/$side/patches/series"
		ln -s "$B/$k/kernel" "$C/$side/kernel"
	done
	echo "compare: A = $SPEC_A, B = $SPEC_B, each with its own series"
	bench A
	bench B
	report "$SPEC_A" "$SPEC_B"
	exit 0
fi
patchdir A "$C/A/patches"
patchdir B "$C/B/patches"
echo "compare: A = $SPEC_A ($(wc -l < "$C/A/patches/series") patches)," \
	"B = $SPEC_B ($(wc -l < "$C/B/patches/series") patches)"
if cmp -s "$C/A/patches/series" "$C/B/patches/series" &&
   [[ "$SPEC_A$SPEC_B" != *+* ]]; then
	echo "compare: A and B are the same patch set" >&2
	exit 2
fi

restore() {
	"$T" restore-tree "$HERE/scripts/kernel-tree.sh" "$KSRC" "$HERE/patches" \
		"$SERIES_FILE" "$TARBALL" ||
		echo "compare: could not restore $KSRC" >&2
}
trap restore EXIT
kernel A "$KOUT"
kernel B "$C/A/kernel"
trap - EXIT
restore

bench A
bench B
report "$KERNEL" "$KERNEL"
