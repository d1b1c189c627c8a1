#!/bin/bash
# review.sh --inputs | --check | --run: `make review`. A posted patch (or
# several) through the bench against a base, and a reply to paste under
# it: the cells the patch can change (bench/plan.py), measured on the
# base (once per base, bench and board: cached) and on the base plus the
# patches, compared by bench/review.py.
#
#   --inputs  the patches named by MBOX, PATCH or PATCHES, split one
#             message a patch as git am would (git mailsplit): an error
#             for a missing or empty input, or one without a patch. No
#             kernel tree needed: the Makefile runs this when it reads
#             its command line. Prints nothing when all is well.
#   --check   the same, then each patch applied in order with git apply
#             on a scratch index of the base tree: an error for a patch
#             that does not apply. Seconds; nothing is built.
#   --run     check, then build, bench, compare; results in
#             $KB/review/NAME (reply.txt, review.json, kcidb.json).
#
# Environment: MBOX (an mbox, as b4 am or a mail client saves it), PATCH
# (one patch file, mbox or bare diff), PATCHES (a folder: its series
# file, or every *.patch, *.mbx, *.mbox and *.eml in name order); BASE
# mainline (the pristine tree of KERNEL, what a posted patch is written
# against; the default) or series (patches/KERNEL/series applied, the
# block paths too); NAME (the results' folder; the first patch's
# subject by default); from the Makefile: B KB KSRC KOUT KERNEL TARBALL
# SERIES_FILE JOBS BOARD_DTB DAEMON KFRAGS_MAINLINE.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
HERE=$(cd "$(dirname "$0")/.." && pwd)
ACTION=${1:-}
BASE=${BASE:-mainline}
T=$HERE/scripts/stage.sh
JOBS=${JOBS:-$(nproc)}
die() { echo "review: $*" >&2; exit 2; }

# --- the inputs ---------------------------------------------------------
inputs=()
n_in=0
for v in MBOX PATCH PATCHES; do [ -n "${!v:-}" ] && n_in=$((n_in + 1)); done
[ "$n_in" = 1 ] || die "give one of MBOX=FILE, PATCH=FILE or PATCHES=DIR (got $n_in)"
case $BASE in mainline|series) ;; *) die "BASE=$BASE: want mainline or series" ;; esac
if [ -n "${PATCHES:-}" ]; then
	[ -d "$PATCHES" ] || die "PATCHES=$PATCHES: no such folder"
	if [ -f "$PATCHES/series" ]; then
		while read -r p; do
			case $p in ''|'#'*) continue ;; esac
			[ -f "$PATCHES/$p" ] || die "$PATCHES/series names $p, which is not there"
			inputs+=("$PATCHES/$p")
		done < "$PATCHES/series"
	else
		while IFS= read -r p; do inputs+=("$p"); done < <(
			find "$PATCHES" -maxdepth 1 -type f \( -name '*.patch' -o \
			     -name '*.mbx' -o -name '*.mbox' -o -name '*.eml' \) |
			LC_ALL=C sort)
	fi
	[ ${#inputs[@]} -gt 0 ] || die "PATCHES=$PATCHES: no series file and no *.patch, *.mbx, *.mbox or *.eml in it"
else
	f=${MBOX:-${PATCH:-}}
	[ -f "$f" ] || die "$f: no such file"
	[ -s "$f" ] || die "$f: empty file"
	inputs=("$f")
fi

# split FILE DIR: one file per message that carries a diff (DIR/NNNN);
# a message without one (a cover letter) is skipped and named.
SPLIT=$(mktemp -d)
trap 'rm -rf "$SPLIT"' EXIT
n=0
for f in "${inputs[@]}"; do
	rm -rf "$SPLIT/in"
	mkdir -p "$SPLIT/in"
	if head -n 1 "$f" | grep -q '^From '; then
		git mailsplit -o"$SPLIT/in" "$f" >/dev/null 2>"$SPLIT/err" ||
			die "$f: not an mbox git mailsplit can read: $(cat "$SPLIT/err")"
	else
		cp "$f" "$SPLIT/in/0001"	# a bare diff: one patch
	fi
	for m in "$SPLIT/in"/*; do
		[ -f "$m" ] || continue
		if grep -q '^diff --git \|^--- [^ ]' "$m" && grep -q '^@@ ' "$m"; then
			n=$((n + 1))
			cp "$m" "$SPLIT/$(printf %04d $n).patch"
		else
			echo "review: $f: a message without a diff, skipped: $(grep -m1 '^Subject:' "$m" | cut -c1-70)" >&2
		fi
	done
done
[ "$n" -gt 0 ] || die "no patch in ${inputs[*]} (no message with a diff)"
[ "$ACTION" = --inputs ] && exit 0

# --- does it apply? -------------------------------------------------------
[ -d "$KSRC/.git" ] || die "no kernel tree in $KSRC (make kernel makes it)"
G=(git -C "$KSRC")
if [ "$BASE" = mainline ]; then
	rev=$("${G[@]}" rev-parse -q --verify base) || die "$KSRC has no base tag"
else
	# the series' commit: kernel-tree.sh's last, what the tree checks out
	rev=$("${G[@]}" rev-parse -q --verify HEAD) || die "$KSRC has no HEAD"
	cmp -s <("$HERE/scripts/series.sh" "$SERIES_FILE" "$HERE/patches") \
		"$KSRC/.applied-patches" ||
		die "$KSRC is not at patches/$KERNEL/series (make kernel brings it there)"
fi
IDX=$SPLIT/index
series_head=$("${G[@]}" rev-parse HEAD)
GIT_INDEX_FILE=$IDX "${G[@]}" read-tree "$rev"
subjects=()
for p in "$SPLIT"/*.patch; do
	s=$(git mailinfo /dev/null /dev/null < "$p" 2>/dev/null | sed -n 's/^Subject: //p')
	s=${s:-$(basename "$p")}
	if ! GIT_INDEX_FILE=$IDX "${G[@]}" apply --cached "$p" 2>"$SPLIT/err"; then
		echo "review: patch $(basename "$p" .patch) does not apply on $BASE ($KERNEL): $s" >&2
		sed 's/^/review:   /' "$SPLIT/err" >&2
		exit 2
	fi
	subjects+=("$s")
done
echo "review: $n patch(es) apply on $BASE ($KERNEL, $(git -C "$KSRC" log -1 --format=%s "$rev" | cut -c1-40))"
[ "$ACTION" = --check ] && exit 0
[ "$ACTION" = --run ] || die "usage: review.sh --inputs|--check|--run"

# --- where things go --------------------------------------------------------
slug=$(echo "${subjects[0]}" | sed 's/^\[[^]]*\] *//' | tr -c 'A-Za-z0-9\n' - |
       tr -s - | cut -c1-24 | sed 's/-$//')
NAME=${NAME:-$slug}
R=$KB/review/$NAME
# A unix socket's path has at most 107 bytes (the guests' buses are
# sockets under each side's run directory).
sock=$R/patched/shards/1/r/i2c-31.sock
[ ${#sock} -le 107 ] || die "$R: too long a path for the bench's sockets (${#sock} bytes of 107 with $sock): a shorter BUILD= or NAME="
rm -rf "$R"
mkdir -p "$R/patches"
i=0
for p in "$SPLIT"/*.patch; do
	i=$((i + 1))
	cp "$p" "$R/patches/$(printf %04d $i).patch"
done
printf '%s\n' "${subjects[@]}" > "$R/subjects"
echo "$BASE" > "$R/base-name"
/usr/bin/python3 -B "$HERE/bench/plan.py" review "$BASE" "$R" "$R"/patches/*.patch
prc=$?
if [ $prc = 3 ]; then
	/usr/bin/python3 -B "$HERE/bench/review.py" "$R" "" "" "$KERNEL"
	exit 0
fi
[ $prc = 0 ] || exit 1

# The base's measurements are kept under a key of everything they depend
# on: the base tree, the bench's code (guest programs and scripts, the
# models, the board DT and catalogue, the config fragments) and the
# selection.
code_hash() {
	(cd "$HERE" && find rootfs-overlay guest expander-models/src dts catalogue \
	      configs bench/plan.py scripts/vm.sh scripts/mkrootfs.sh \
	      scripts/bench-shards.sh -type f ! -name '*.pyc' | LC_ALL=C sort |
	      xargs sha256sum) | sha256sum | cut -c1-16
}
key=$(printf '%s %s %s\n' "$("${G[@]}" rev-parse "$rev^{tree}")" "$(code_hash)" \
	"$(sha256sum < "$R/select" | cut -c1-16)" | sha256sum | cut -c1-16)
BC=$KB/review/.base/$BASE-$key
MODE=full

# Objects built from a file are current while its time is older than
# theirs; a tree switch rewrites files, some of them back to the content
# they had when objects were built, with a new time, and kbuild would
# compile them again. save_times FILE: "hash time path" of each file of
# KSRC named on stdin; put_times FILE...: each of those files whose
# content is still that hash gets its time back.
save_times() {
	local f
	while read -r f; do
		[ -f "$KSRC/$f" ] &&
			echo "$(git hash-object "$KSRC/$f") $(stat -c %.9Y "$KSRC/$f") $KSRC/$f"
	done > "$1"
}
put_times() {
	local h t f st
	for st; do
		[ -f "$st" ] || continue
		while read -r h t f; do
			[ -f "$f" ] && [ "$(git hash-object "$f")" = "$h" ] &&
				touch -m -d "@$t" "$f"
		done < "$st"
	done
}

# restore: the tree back at the series (the main kernel's), whatever
# happened, and with it the times of every file the review rewrote: the
# main kernel's objects stay current, and kbuild has nothing to redo.
{
	"${G[@]}" diff --name-only HEAD "$rev"
	for p in "$R"/patches/*.patch; do
		sed -n 's|^diff --git a/[^ ]* b/||p' "$p"
	done
	echo .applied-patches
} | LC_ALL=C sort -u | save_times "$R/tree-stamps"
restore() {
	"$T" restore-tree "$HERE/scripts/kernel-tree.sh" "$KSRC" "$HERE/patches" \
		"$SERIES_FILE" "$TARBALL" ||
		{ echo "review: could not restore $KSRC" >&2; return; }
	put_times "$R/tree-stamps"
}
KMAKE=(make -s -C "$KSRC" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-)
# build SIDE OUT SEED SERIES: the tree at SERIES, OUT built (seeded by a
# copy of SEED's objects), its initramfs.
# A mainline base kernel's .tree-stamps (save_times of the files it
# differs in from the series) keeps its objects current across switches.
build() {
	local side=$1 out=$2 seed=$3 series=$4
	"$T" "review-tree-$side" "$HERE/scripts/kernel-tree.sh" "$KSRC" / \
		"$series" "$TARBALL" || return 1
	put_times "$seed/.tree-stamps" "$out/.tree-stamps"
	if [ ! -f "$out/.config" ]; then
		rm -rf "$out"
		mkdir -p "$(dirname "$out")"
		cp -a "$seed" "$out"
		rm -f "$out/.built"
	fi
	if [ "$side" = base ] && [ "$BASE" = mainline ] &&
	   [ ! -f "$out/.mainline-config" ]; then
		# the series' own options (the block driver) are not in it
		"$T" "review-config-base" "$HERE/scripts/kernel-config.sh" "$KSRC" \
			"$out" $KFRAGS_MAINLINE || return 1
		touch "$out/.mainline-config"
	fi
	"$T" "review-build-$side" "${KMAKE[@]}" O="$out" -j"$JOBS" zImage modules || return 1
	rm -rf "$out/mods"
	"${KMAKE[@]}" O="$out" INSTALL_MOD_PATH="$out/mods" modules_install >/dev/null || return 1
	"$T" "review-rootfs-$side" "$HERE/scripts/mkrootfs.sh" "$B" "$out" \
		"$out/initramfs.cpio.gz" || return 1
	if [ "$side" = base ] && [ "$BASE" = mainline ]; then
		"${G[@]}" diff --name-only "$series_head" base |
			save_times "$out/.tree-stamps"
	fi
	touch "$out/.built"
}
# bench SIDE KOUT DIR: the selection on that kernel, results in DIR.
bench() {
	ZIMAGE=$2/arch/arm/boot/zImage INITRAMFS=$2/initramfs.cpio.gz PACED=1 \
		"$T" "review-bench-$1" "$HERE/scripts/bench-shards.sh" "$MODE" 1 \
		"$3" "$R/select"
}

# Series files for kernel-tree.sh (scripts/series.sh: paths relative to
# the series file's folder, $R).
: > "$R/base.series"
if [ "$BASE" = series ]; then
	"$HERE/scripts/series.sh" "$SERIES_FILE" "$HERE/patches" |
		while read -r p; do
			realpath -m -s --relative-to="$R" "$HERE/patches/$p"
		done > "$R/base.series"
fi
{ cat "$R/base.series"; (cd "$R" && ls patches/*.patch); } > "$R/patched.series"

trap 'restore; rm -rf "$SPLIT"' EXIT
if [ "$BASE" = mainline ]; then
	BK=$KB/review/.base/mainline-kernel
else
	BK=$KOUT
fi
if [ -f "$BC/console.log" ] && [ -f "$BC/done" ]; then
	echo "review: base $BASE measured before ($BC): only the patched side runs"
	base_cached=1
else
	base_cached=0
	if [ "$BASE" = mainline ]; then
		build base "$BK" "$KOUT" "$R/base.series" || exit 1
	fi
fi
build patched "$R/kernel" "$BK" "$R/patched.series" || exit 1
restore
trap 'rm -rf "$SPLIT"' EXIT
# The two sides at once when both run: one guest a core.
if [ $base_cached = 0 ]; then
	rm -rf "$BC"
	mkdir -p "$BC"
	( bench base "$BK" "$BC" > "$R/base-bench.out" 2>&1 && touch "$BC/done" ) &
	bpid=$!
fi
bench patched "$R/kernel" "$R/patched" ||
	echo "review: the patched bench failed (its cells are listed)" >&2
if [ $base_cached = 0 ]; then
	wait $bpid || echo "review: the base bench failed (its cells are listed)" >&2
	grep '^\[stage\]\|^bench: [0-9]' "$R/base-bench.out"
fi
ln -sfn "$BC" "$R/base"
echo "$base_cached" > "$R/base-cached"
"$T" review-report /usr/bin/python3 -B "$HERE/bench/review.py" "$R" "$BC" \
	"$R/patched" "$KERNEL"
