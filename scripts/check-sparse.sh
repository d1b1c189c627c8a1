#!/bin/sh
# check-sparse.sh TREE BUILD BASEBUILD [BASE [ACCEPTED]]: sparse (make
# C=2) on every C file that TREE's commits since BASE (default: tag
# base) add or change, in TREE's configured build directory BUILD, then
# on the same files of BASE itself in BASEBUILD (BUILD's .config, less
# the options BASE lacks). Fails on a message the series adds: messages
# are compared per file without line numbers, so those that were there
# before (sparse on today's kernel headers has its own) and lines that
# moved do not count; nor do those listed in ACCEPTED (a file, a message
# a line as printed here, "#" comments saying why). TREE is checked out
# at BASE for the second pass and back at its branch (or commit) after.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
SRC=${1:?usage: check-sparse.sh TREE BUILD BASEBUILD [BASE [ACCEPTED]]}
K=$2
KB=$3
BASE=${4:-base}
ACCEPTED=${5:-/dev/null}
KMAKE="make -C $SRC ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- C=2 -j${JOBS:-$(nproc)}"

command -v sparse >/dev/null || {
	echo "sparse: not installed (Debian package sparse, scripts/deps.sh)" >&2
	exit 1
}
# Newer kernels (7.3, not 6.12) test the checker first (scripts/checker-valid.sh:
# it must know __typeof_unqual__) and otherwise turn C=2 off with a mere
# warning; Debian 12's sparse 0.6.4 fails that test, and forced on it
# drowns each file in errors from the kernel's own headers.
if [ -x "$SRC/scripts/checker-valid.sh" ] &&
   [ "$("$SRC/scripts/checker-valid.sh" sparse --arch=arm -mlittle-endian -m32)" != 1 ]; then
	echo "sparse: skipped: this kernel's scripts/checker-valid.sh refuses" \
	     "sparse $(sparse --version) (no __typeof_unqual__)"
	exit 0
fi
# tools/ and scripts/ are not kbuild objects of the kernel.
files=$(git -C "$SRC" diff --name-only --diff-filter=AM "$BASE" HEAD -- \
	'*.c' ':!tools/' ':!scripts/' | sed 's/\.c$/.o/')
if [ -z "$files" ]; then
	echo "sparse: the series changes no kernel C file"
	exit 0
fi

# run DIR LOG OBJ...: sparse on the objects that exist as .c in SRC now;
# LOG.msg gets "file: message" lines, sorted.
run() {
	dir=$1 log=$2
	shift 2
	objs=
	for o in "$@"; do
		[ -f "$SRC/${o%.o}.c" ] && objs="$objs $o"
	done
	$KMAKE O="$dir" $objs >"$log" 2>&1 || {
		echo "sparse: make C=2 FAILED, see $log"; exit 1; }
	sed -n "s#^$SRC/##; s/^\([^:]*\):[0-9]*:[0-9]*: \(warning\|error\): /\1: \2: /p" \
		"$log" | sort > "$log.msg"
}

run "$K" "$K/sparse.log" $files
# The objects kbuild checked: one not built in this configuration is
# not checked at all, and is named.
checked=0
unchecked=
for o in $files; do
	if grep -q "^  CHECK  *\(.*/\)\?${o%.o}\.c$" "$K/sparse.log"; then
		checked=$((checked + 1))
	else
		unchecked="$unchecked ${o%.o}.c"
	fi
done

back=$(git -C "$SRC" symbolic-ref -q --short HEAD || git -C "$SRC" rev-parse HEAD)
mkdir -p "$KB"
cp "$K/.config" "$KB/.config"
git -C "$SRC" checkout -q --detach "$BASE"
make -s -C "$SRC" O="$KB" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
	olddefconfig >/dev/null &&
	(run "$KB" "$KB/sparse.log" $files) || {
	git -C "$SRC" checkout -q "$back"
	exit 1
}
git -C "$SRC" checkout -q "$back"

comm -13 "$KB/sparse.log.msg" "$K/sparse.log.msg" > "$K/sparse.new"
new=$(grep -vxF -f "$ACCEPTED" "$K/sparse.new" || true)
n=$(echo "$new" | grep -c . || true)
accepted=$(($(grep -c . "$K/sparse.new" || true) - n))
more=
[ "$accepted" = 0 ] || more=" (and $accepted accepted in $ACCEPTED)"
echo "sparse: $checked of $(echo $files | wc -w) C files the series changes" \
     "checked, $(grep -c . "$KB/sparse.log.msg" || true) messages before," \
     "$(grep -c . "$K/sparse.log.msg" || true) after," \
     "$n new$more${unchecked:+; not built in this configuration:$unchecked}"
if [ -n "$new" ]; then
	echo "sparse: new with the series (see $K/sparse.log):"
	echo "$new"
	exit 1
fi
