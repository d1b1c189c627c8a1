#!/bin/bash
# compare-spec.sh SERIES PATCHDIR TREE SPEC_A SPEC_B: make compare's two
# sides checked before anything is built (the Makefile runs it when it
# reads its command line). Each SPEC as scripts/compare.sh reads it:
# comma-separated items, in order, on the patches of SERIES (expanded by
# scripts/series.sh, paths relative to PATCHDIR):
#   series    the series as it is
#   -NAME     without the one patch whose path contains NAME
#   +DIR      with DIR's patches on top (DIR/series, else DIR/*.patch)
# Fails, naming the cause, on: an item of another form, a -NAME that
# names no patch or several, a +DIR that does not exist or holds no
# patch (a .mbx mailbox is not read), two identical sides, and, when
# TREE (build/KERNEL/linux, scripts/kernel-tree.sh) exists, a patch that
# does not apply where that side puts it (git apply --cached on a
# private index, as kernel-tree.sh applies them). The check starts from
# the tree's own commit of the longest prefix the side shares with what
# the tree last applied (TREE/.applied-patches: one commit per patch on
# tag base), so B=+DIR re-applies only DIR's patches.
#
# With --apply-only, only the apply check (the Makefile's step after the
# tree is extracted, when it was not there at the first check). With
# --list A|B, no check: that side's patches, one a line (a series patch
# relative to PATCHDIR, a user's absolute), for scripts/compare.sh.
set -eu
usage='usage: compare-spec.sh [--apply-only | --list A|B] SERIES PATCHDIR TREE SPEC_A SPEC_B'
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
APPLY_ONLY=0 LIST=
case ${1:-} in
--apply-only) APPLY_ONLY=1; shift ;;
--list) LIST=${2:?$usage}; shift 2 ;;
esac
[ $# = 5 ] || { echo "$usage" >&2; exit 2; }
SERIES=$1 PATCHDIR=$2 TREE=$3 SPEC_A=$4 SPEC_B=$5
HERE=$(cd "$(dirname "$0")/.." && pwd)
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

fail() {
	echo "compare: $*" >&2
	exit 1
}

# side NAME SPEC: W/NAME lists the side's patches, in order: a series
# patch as its path relative to PATCHDIR, a user's as its absolute path.
side() {
	local name=$1 spec=$2 list=$W/$1 item n src p m
	"$HERE/scripts/series.sh" "$SERIES" "$PATCHDIR" > "$list" ||
		fail "$SERIES does not expand (scripts/series.sh, above)"
	IFS=, read -ra items <<< "$spec"
	for item in "${items[@]}"; do
		case $item in
		series|'') ;;
		-*)
			n=${item#-}
			m=$(grep -cF -- "$n" "$list" || true)
			if [ "$m" = 0 ]; then
				fail "$name=$spec: '$n' names no patch of $SERIES"
			elif [ "$m" != 1 ]; then
				echo "compare: $name=$spec: '$n' must name exactly one" \
				     "patch of $SERIES; it matches $m:" >&2
				grep -F -- "$n" "$list" | sed 's/^/  /' >&2
				echo "  (give more of its path: TOPIC/NNNN, e.g. $name=-$(grep -F -- "$n" "$list" |
					head -n 1 | sed 's|^[^/]*/||; s|\(/[0-9]*\)-.*|\1|'))" >&2
				exit 1
			fi
			grep -vF -- "$n" "$list" > "$list.new" || true
			mv "$list.new" "$list" ;;
		+*)
			[ -d "${item#+}" ] ||
				fail "$name=$spec: no directory ${item#+}"
			src=$(cd "${item#+}" && pwd)
			if [ -f "$src/series" ]; then
				"$HERE/scripts/series.sh" "$src/series" "$src" > "$W/user" ||
					fail "$name=$spec: $src/series does not expand (above)"
			else
				(cd "$src" && ls -1 -- *.patch 2>/dev/null | LC_ALL=C sort) > "$W/user" || true
			fi
			if [ ! -s "$W/user" ]; then
				m=$(cd "$src" && ls -1 -- *.mbx *.mbox *.eml 2>/dev/null | tr '\n' ' ' || true)
				fail "$name=$spec: $src holds no *.patch file and no series file${m:+ (a mailbox is not read: $m- split it into one file per patch, e.g. git mailsplit, or save the commits with git format-patch)}"
			fi
			while read -r p; do
				[ -f "$src/$p" ] || fail "$name=$spec: $src/$p missing"
				echo "$src/$p"
			done < "$W/user" >> "$list" ;;
		*)
			if [ -d "$item" ] || [[ $item == */* ]]; then
				fail "$name=$spec: '$item' is not a patch set (series, -NAME or +DIR);" \
				     "a folder of patches is +$item; the build directory is BUILD=, not $name="
			fi
			fail "$name=$spec: '$item': want series, -NAME or +DIR (or A=6.12 B=7.3: two kernels)" ;;
		esac
	done
}

# applies NAME: every patch of the side applies where it goes.
applies() {
	local name=$1 list=$W/$1 git="git --git-dir=$TREE/.git" n k=0 start p i=0
	n=$(wc -l < "$TREE/.applied-patches" 2>/dev/null || echo 0)
	if [ "$n" -gt 0 ] &&
	   [ "$($git rev-list --count base..HEAD 2>/dev/null)" = "$n" ]; then
		# The shared prefix: same series patch, not changed since.
		while read -r p; do
			[ $k -lt "$n" ] || break
			[ "$p" = "$(sed -n "$((k + 1))p" "$TREE/.applied-patches")" ] &&
			[[ $p != /* ]] &&
			[ ! "$PATCHDIR/$p" -nt "$TREE/.applied-patches" ] || break
			k=$((k + 1))
		done < "$list"
	fi
	if [ $k -gt 0 ]; then start=$($git rev-parse "HEAD~$((n - k))"); else start=base; fi
	rm -f "$W/index"
	GIT_INDEX_FILE=$W/index $git read-tree "$start"
	while read -r p; do
		i=$((i + 1))
		[ $i -gt $k ] || continue
		case $p in /*) ;; *) p=$PATCHDIR/$p ;; esac
		if ! GIT_INDEX_FILE=$W/index git -C "$TREE" apply --cached "$p" 2> "$W/err"; then
			echo "compare: side $name: $p does not apply on $(basename "$(dirname "$TREE")")'s" \
			     "tree plus the $((i - 1)) patches before it on that side:" >&2
			sed 's/^/  /' "$W/err" >&2
			exit 1
		fi
	done < "$W/${name}"
}

side A "$SPEC_A"
side B "$SPEC_B"
if [ -n "$LIST" ]; then
	cat "$W/$LIST"
	exit 0
fi
if [ $APPLY_ONLY = 0 ] && cmp -s "$W/A" "$W/B" && [[ "$SPEC_A$SPEC_B" != *+* ]]; then
	fail "A=$SPEC_A and B=$SPEC_B are the same patch set: nothing to compare"
fi
if ! git --git-dir="$TREE/.git" rev-parse -q --verify refs/tags/base >/dev/null 2>&1; then
	[ $APPLY_ONLY = 1 ] && fail "no kernel tree $TREE to check the patches on"
	echo "compare: $TREE is not extracted yet: the patches are checked" \
	     "with git apply right after it is, before any build" >&2
	exit 0
fi
applies A
applies B
