#!/bin/bash
# check-upstream.sh TREE KDIR OUT [TOPIC...]: each topic series of KDIR
# (patches/KERNEL: its series file lists them) as a maintainer would take
# it, on a clone (OUT/linux) of TREE's pristine base (Debian's
# linux-source, tag base: scripts/kernel-tree.sh), and its cover letter
# written from what was measured. Per topic, default all but block:
#
#   1. git am of the topic alone on the pristine tree, after the one
#      series its series file names ("# requires: NAME"), if any; in a
#      -fixes topic, each fix also on its own (git apply --check on the
#      pristine tree), so that stable can take it without the others.
#   2. checkpatch.pl --strict of every patch, run where it checks commit
#      references (GIT_DIR set to a missing directory: checkpatch then
#      checks their form, GIT_COMMIT_ID, which it skips in a clone without
#      the history), less the warnings KDIR/checkpatch-accepted keeps for
#      one patch ("PATCH TYPE reason"). Without the history it cannot
#      look the ids up (UNKNOWN_COMMIT_ID: the messages check their form,
#      and the ids were checked by hand against public sources), and the
#      committed patches carry no Signed-off-by: (MISSING_SIGN_OFF:
#      scripts/post-series.sh runs checkpatch again on what it writes).
#   3. scripts/check-messages.py: the messages' subject length, trailers,
#      commit reference form, Fixes: only in fixes, no project jargon.
#   4. Bisectable: each patch, in order, builds the C files it touches
#      with W=1 and no warning the pristine file does not have already
#      (compared without line numbers; the whole kernel when it changes
#      a header under include/); one build directory of the guest
#      configuration less the block series, shared by the topics.
#   5. KDIR/TOPIC/0000-cover-letter.patch written anew: the subject and
#      text of the series file's header, the rows of KDIR/bus-cost.txt
#      for the drivers the topic changes, what 1-4 measured, the
#      shortlog and diffstat (git format-patch --cover-letter).
#
# Then sparse on the C files of every checked topic stacked, against the
# pristine files (scripts/check-sparse.sh), where the kernel's
# scripts/checker-valid.sh lets Debian's sparse run.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
TREE=${1:?usage: check-upstream.sh TREE KDIR OUT [TOPIC...]}
KDIR=$(cd "${2:?}" && pwd)
OUT=${3:?}
shift 3
HERE=$(cd "$(dirname "$0")/.." && pwd)
C=$HERE/configs
JOBS=${JOBS:-$(nproc)}
SRC=$OUT/linux
K=$OUT/kernel
GIT="git -C $SRC -c user.name=expander-bench -c user.email=bench@localhost"
MK="make -s -C $SRC O=$K ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- -j$JOBS"
KNAME=$(basename "$KDIR")
SERIES=$KDIR/series
TOPICS=${*:-$("$HERE/scripts/series.sh" --topics "$SERIES" | grep -vx stable)}

die() {
	echo "check-upstream: $*" >&2
	exit 1
}
# A header field of a topic's series file: "# NAME: value".
field() {	# TOPIC NAME
	sed -n "s/^#[[:space:]]*$2:[[:space:]]*//p" "$KDIR/$1/series" | head -n 1
}
# The topic's own patch files, absolute.
patches() {	# TOPIC
	"$HERE/scripts/series.sh" "$KDIR/$1/series" / | sed 's|^|/|'
}

mkdir -p "$OUT"
if ! git --git-dir="$SRC/.git" rev-parse -q --verify refs/tags/base \
	>/dev/null 2>&1; then
	rm -rf "$SRC"
	git clone -q --no-checkout "$TREE" "$SRC"
	git -C "$SRC" config gc.auto 0
fi
$GIT am --abort >/dev/null 2>&1 || true
$GIT checkout -q -f --detach base
BASE=$(git -C "$SRC" log -1 --format=%s base)

# One configuration for every topic, made on the pristine tree: the
# guest's without the block series, with the drivers the topics change
# and KUnit (a new KUnit file of a topic is built by name, below, its
# option being the topic's own).
if [ ! -f "$K/.config" ]; then
	mkdir -p "$K"
	# Less the options only a topic brings (its KUnit file's).
	cat $(ls "$C/$KNAME"/*.config 2>/dev/null) |
		grep -v '^CONFIG_GPIOLIB_ARRAY_KUNIT_TEST=' > "$OUT/pristine.config"
	"$HERE/scripts/kernel-config.sh" "$SRC" "$K" "$C/base.config" \
		"$C/kselftest.config" "$C/i2c-parts.config" \
		"$C/upstream.config" "$OUT/pristine.config" >/dev/null
fi
if ! $MK zImage modules >"$K/build.log" 2>&1; then
	grep -E 'error|Error' "$K/build.log" | head -n 10 >&2
	die "the pristine tree does not build, see $K/build.log"
fi

# The W=1 warnings the pristine tree has already in the C files the
# topics touch (and the headers those include): "FILE: warning: ..."
# without line numbers or the tree's path.
W1=$OUT/w1-pristine
norm() {
	sed "s|^$SRC/||" |
		sed -n 's|^\([^: ]*\.[ch]\):[0-9:]* warning: |\1: warning: |p' | sort -u
}
: > "$W1"
for f in $(for t in $TOPICS; do patches "$t"; done | xargs sed -n \
	's|^diff --git a/\(drivers/[^ ]*\.c\) b/.*|\1|p' | sort -u); do
	[ -f "$SRC/$f" ] || continue
	rm -f "$K/${f%.c}.o"
	$MK W=1 "${f%.c}.o" 2>&1 | norm >> "$W1"
done
sort -u -o "$W1" "$W1"
# new_warnings LOG: the warnings of LOG that the pristine files lack.
new_warnings() {
	norm < "$1" | comm -23 - "$W1"
}

cpacc=$KDIR/checkpatch-accepted
[ -f "$cpacc" ] || cpacc=/dev/null
failed=
for t in $TOPICS; do
	[ -f "$KDIR/$t/series" ] || die "no topic series $KDIR/$t/series"
	R=$OUT/$t
	rm -rf "$R"
	mkdir -p "$R"
	patches "$t" > "$R/list"
	n=$(wc -l < "$R/list")
	pre=$("$HERE/scripts/series.sh" --requires "$KDIR/$t")
	log() { echo "$*" | tee -a "$R/results"; }
	bad() {
		log "FAIL: $*"
		case " $failed " in *" $t "*) ;; *) failed="$failed $t" ;; esac
	}

	# 1. Applies alone (after its prerequisite).
	$GIT checkout -q -f -B "check-$t" base
	if [ -n "$pre" ]; then
		$GIT am -q --keep-cr $(patches "$pre") >/dev/null 2>"$R/am-error" ||
			{ bad "its prerequisite $pre does not apply"; continue; }
	fi
	from=$(git -C "$SRC" rev-parse HEAD)
	echo "$from" > "$R/from"
	if ! $GIT am -q --keep-cr $(cat "$R/list") >/dev/null 2>"$R/am-error"; then
		$GIT am --abort >/dev/null 2>&1 || true
		bad "does not apply: $(head -n 3 "$R/am-error" | tr '\n' ' ')"
		continue
	fi
	log "- All $n patches apply with git am on pristine $BASE${pre:+ after the $pre series}."
	case $t in
	*-fixes)
		alone=0 need=
		GIT_INDEX_FILE=$R/index git -C "$SRC" read-tree base
		for p in $(cat "$R/list"); do
			if GIT_INDEX_FILE=$R/index git -C "$SRC" apply --check \
				--cached "$p" 2>/dev/null; then
				alone=$((alone + 1))
			else
				need="$need $(basename "$p" | cut -c1-4)"
			fi
		done
		rm -f "$R/index"
		log "- Each fix on its own on the pristine tree: $alone of $n apply${need:+ (the others need an earlier fix of this series:$need)}."
		;;
	esac

	# 2. checkpatch where it checks commit references.
	cp=0
	for p in $(cat "$R/list"); do
		ign=$(awk -v p="$(basename "$p")" -v t="$t" \
			'$1 == p || $1 == t "/" p { printf " --ignore %s", $2 }' "$cpacc")
		# $ign is word-split on purpose: --ignore TYPE pairs.
		if ! (cd "$SRC" && GIT_DIR=/nonexistent PATH=/usr/bin:$PATH \
		      scripts/checkpatch.pl --strict -q --no-tree \
		      --ignore UNKNOWN_COMMIT_ID,MISSING_SIGN_OFF $ign "$p" \
		      >"$R/checkpatch.log" 2>&1); then
			cat "$R/checkpatch.log" >&2
			bad "checkpatch --strict: $(basename "$p")"
		fi
		[ -z "$ign" ] || cp=$((cp + 1))
	done
	log "- checkpatch.pl --strict, commit reference form checked: clean on all $n$([ "$cp" = 0 ] || echo ", but for $cp warning(s) kept on purpose: $(awk -v t="$t" 'index($1, t "/") == 1 { printf "%s%s %s", sep, substr($1, length(t) + 2, 4), $2; sep = ", " }' "$cpacc")")."

	# 3. Messages.
	if /usr/bin/python3 "$HERE/scripts/check-messages.py" "$KDIR/$t" \
		> "$R/messages.log" 2>&1; then
		log "- Messages: $(tail -n 1 "$R/messages.log" | sed 's/^messages: //')."
	else
		cat "$R/messages.log" >&2
		bad "messages"
	fi

	# 4. Bisectable, W=1. A topic that brings Kconfig options names a
	# fragment of configs/ with them ("# config: FILE"): merged into the
	# configuration at each of its patches, the base one restored after.
	frag=$(field "$t" config)
	[ -z "$frag" ] || cp "$K/.config" "$K/.config.base"
	i=0
	for c in $(git -C "$SRC" rev-list --reverse "$from..HEAD"); do
		i=$((i + 1))
		$GIT checkout -q "$c"
		if [ -n "$frag" ]; then
			cp "$K/.config.base" "$K/.config"
			"$SRC/scripts/kconfig/merge_config.sh" -m -O "$K" \
				"$K/.config" "$C/$frag" >/dev/null 2>&1
			$MK olddefconfig >/dev/null 2>&1
		fi
		objs=$($GIT show --name-only --format= "$c" -- 'drivers/*.c' |
			sed 's/\.c$/.o/')
		w=W=1
		if $GIT show --name-only --format= "$c" -- 'include/*' | grep -q .; then
			objs="zImage modules" w=
		fi
		[ -n "$objs" ] || continue
		if ! $MK $w $objs >"$R/build.log" 2>&1; then
			grep -E 'error' "$R/build.log" | head -n 10 >&2
			bad "patch $i does not build on its own"
			break
		fi
		if [ -n "$w" ] && [ -n "$(new_warnings "$R/build.log")" ]; then
			new_warnings "$R/build.log" | head -n 10 >&2
			bad "patch $i adds W=1 warnings"
			break
		fi
	done
	$GIT checkout -q "check-$t"
	if [ -n "$frag" ]; then
		mv "$K/.config.base" "$K/.config"
		$MK olddefconfig >/dev/null 2>&1
	fi
	files=$($GIT diff --name-only "$from" HEAD -- 'drivers/*.c' | wc -l)
	log "- Each patch, in order, builds the C files it touches with W=1 and no new warning ($files C files under drivers/; a header change builds the whole kernel)."
done
[ -z "$failed" ] || die "failed:$failed (see $OUT/TOPIC/results)"

# 5. Cover letters, from what was measured.
for t in $TOPICS; do
	"$HERE/scripts/cover-letter.sh" "$SRC" "$KDIR" "$t" "$OUT/$t/results" \
		"$(cat "$OUT/$t/from")" "check-$t" \
		> "$KDIR/$t/0000-cover-letter.patch.new"
	mv "$KDIR/$t/0000-cover-letter.patch.new" "$KDIR/$t/0000-cover-letter.patch"
done
echo "check-upstream: $(echo $TOPICS | wc -w) topic series checked on $BASE; cover letters written"

# Sparse: every checked topic stacked, against the pristine files; not
# the topics that bring Kconfig options of their own ("# config:"),
# whose files the base configuration does not build.
$GIT checkout -q -f -B check-all base
for t in $TOPICS; do
	[ -z "$(field "$t" config)" ] || continue
	$GIT am -q --keep-cr $(patches "$t") >/dev/null 2>&1 || {
		$GIT am --abort >/dev/null 2>&1 || true
		echo "check-upstream: sparse: $t does not stack; sparse skipped" >&2
		exit 0
	}
done
acc=$KDIR/sparse-accepted
[ -f "$acc" ] || acc=/dev/null
"$HERE/scripts/check-sparse.sh" "$SRC" "$K" "$OUT/kernel-base" base "$acc"
"$HERE/scripts/check-dt-bindings.sh" "$TREE" "$OUT/dt"
