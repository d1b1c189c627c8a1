#!/bin/sh
# check-upstream.sh TREE PATCHDIR SERIES OUT: the upstream series alone
# (the entries of SERIES under an upstream/ folder) must apply with git am
# on TREE's pristine base (Debian's linux-source) and build without the
# block series: the guest
# configuration minus configs/block-gpio.config, with its KUnit test
# (configs/upstream.config) and the expander drivers it changes
# (configs/i2c-parts.config: gpio-regmap, pca9570, ds4520, adnp, aw9523,
# sx150x, cy8c95x0), W=1 for the files it touches in drivers/gpio and
# drivers/pinctrl, and no sparse message that the pristine files do not
# have (scripts/check-sparse.sh). Each patch, in order: checkpatch.pl
# --strict, and the C files it touches build as it leaves them
# (bisectable; no upstream patch touches a header under include/: one
# that does gets a whole build of its own). Then the DT bindings of the
# whole series, block/ included, in TREE (scripts/check-dt-bindings.sh).
# OUT/linux is a clone of TREE's base commit, so TREE is not touched.
set -eu
TREE=${1:?usage: check-upstream.sh TREE PATCHDIR SERIES OUT}
PATCHES=$2
SERIES=$3
OUT=$4
HERE=$(cd "$(dirname "$0")/.." && pwd)
C=$HERE/configs
JOBS=${JOBS:-$(nproc)}
SRC=$OUT/linux
GIT="git -C $SRC -c user.name=expander-bench -c user.email=bench@localhost"

mkdir -p "$OUT"
if ! git --git-dir="$SRC/.git" rev-parse -q --verify refs/tags/base \
	>/dev/null 2>&1; then
	rm -rf "$SRC"
	git clone -q --no-checkout "$TREE" "$SRC"
fi
$GIT am --abort >/dev/null 2>&1 || true
$GIT reset -q --hard base
n=0
BASE=$(git -C "$SRC" log -1 --format=%s base)
for p in $(grep '^[^#]*/upstream/' "$SERIES"); do
	if ! $GIT am -q --keep-cr "$PATCHES/$p" >/dev/null 2>"$OUT/am-error"; then
		echo "upstream: $p does not apply on pristine $BASE:" >&2
		cat "$OUT/am-error" >&2
		$GIT am --abort >/dev/null 2>&1 || true
		exit 1
	fi
	n=$((n + 1))
done
BASE_HEAD=$(git -C "$SRC" rev-parse HEAD)
echo "upstream: $n patches apply on pristine $BASE"

# checkpatch as `make checkpatch` runs it: the clone has no history for
# Fixes: ids (UNKNOWN_COMMIT_ID), new files of drivers/gpio are under
# MAINTAINERS' GPIO entry already (FILE_PATH_CHANGES). A warning a patch
# keeps on purpose is named, for that patch alone, in SERIES's folder's
# checkpatch-accepted ("PATCH TYPE reason" lines).
cpacc=$(dirname "$SERIES")/checkpatch-accepted
[ -f "$cpacc" ] || cpacc=/dev/null
kept=0
for p in $(grep '^[^#]*/upstream/' "$SERIES"); do
	ign=$(awk -v p="${p##*/}" '$1 == p { printf " --ignore %s", $2 }' "$cpacc")
	[ -z "$ign" ] || kept=$((kept + 1))
	# $ign is word-split on purpose: --ignore TYPE pairs.
	(cd "$SRC" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict -q \
		--ignore UNKNOWN_COMMIT_ID --ignore FILE_PATH_CHANGES $ign \
		"$PATCHES/$p") || { echo "upstream: checkpatch: $p" >&2; exit 1; }
done
echo "upstream: checkpatch --strict clean on $n patches" \
	"($kept with a warning accepted in ${cpacc#"$HERE"/})"

K=$OUT/kernel
mkdir -p "$K"
"$HERE/scripts/kernel-config.sh" "$SRC" "$K" "$C/base.config" \
	"$C/kselftest.config" "$C/i2c-parts.config" "$C/upstream.config" \
	$(ls "$C/${KERNEL:?}"/*.config 2>/dev/null) \
	>/dev/null
if ! make -s -C "$SRC" O="$K" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
	-j"$JOBS" zImage modules >"$K/build.log" 2>&1; then
	echo "upstream: build FAILED, see $K/build.log"
	grep -E 'error|Error' "$K/build.log" | head -n 10
	exit 1
fi
# Bisectable: each commit's C files (drivers/) built as that commit
# leaves the tree; a commit that changes a header under include/ builds
# the whole kernel. The tree goes back to HEAD after.
MK="make -s -C $SRC O=$K ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- -j$JOBS"
i=0
for c in $(git -C "$SRC" rev-list --reverse base..HEAD); do
	i=$((i + 1))
	$GIT checkout -q "$c"
	objs=$($GIT show --name-only --format= "$c" -- 'drivers/*.c' |
		sed 's/\.c$/.o/')
	w=W=1
	if $GIT show --name-only --format= "$c" -- 'include/*' | grep -q .; then
		objs="zImage modules" w=
	fi
	[ -n "$objs" ] || continue
	# W=1 on the objects: a warning a later patch removes still counts.
	if ! $MK $w $objs >"$K/bisect.log" 2>&1 ||
	   { [ -n "$w" ] && grep -q 'warning:' "$K/bisect.log"; }; then
		echo "upstream: patch $i ($($GIT log -1 --format=%s "$c")) does not build on its own (W=1):" >&2
		grep -E 'error|warning:' "$K/bisect.log" | head -n 10 >&2
		$GIT checkout -q "$BASE_HEAD"
		exit 1
	fi
done
$GIT checkout -q "$BASE_HEAD"
echo "upstream: each of the $n patches builds in order (the C files it touches, W=1, no warning)"

# W=1 on the files the series changes in drivers/gpio and drivers/pinctrl.
files=$($GIT diff --name-only base HEAD -- drivers/gpio drivers/pinctrl |
	sed -n 's/\.c$/.o/p')
rm -f $(printf "$K/%s " $files)
make -s -C "$SRC" O="$K" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
	W=1 -j"$JOBS" $files >"$K/w1.log" 2>&1 || {
	echo "upstream: W=1 build FAILED, see $K/w1.log"; exit 1; }
w=$(grep -c 'warning:' "$K/w1.log" || true)
echo "upstream: builds ($(grep -c 'warning:' "$K/build.log" || true)" \
     "warnings), W=1 on $(echo $files | wc -w) changed drivers/gpio and" \
     "drivers/pinctrl files:" \
     "$w warnings"
[ "$w" = 0 ] || exit 1

# Sparse on every C file the series changes, then on the same files of
# the pristine tree (OUT/kernel-base, this configuration): only what the
# series adds counts, less what SERIES's folder accepts (sparse-accepted,
# each with its reason).
acc=$(dirname "$SERIES")/sparse-accepted
[ -f "$acc" ] || acc=/dev/null
"$HERE/scripts/check-sparse.sh" "$SRC" "$K" "$OUT/kernel-base" base "$acc"
"$HERE/scripts/check-dt-bindings.sh" "$TREE" "$OUT/dt"
