#!/bin/bash
# kernel-tree.sh TREE PATCHDIR SERIES TARBALL: bring TREE to a Debian
# linux-source tarball (scripts/fetch-linux-source.sh) plus the patch
# series SERIES (normally patches/KERNEL/series, whose topic series
# scripts/series.sh expands to files under PATCHDIR, normally patches/).
#
# The tree is a git repository made once from the tarball. Each run
# builds the commit of base + series in a private index, one commit per
# patch, without touching the work tree, and only then moves the work
# tree to it: git rewrites just the files that differ from what is
# checked out, so kbuild recompiles only what differs between the old and
# the new series, whichever way they differ (a changed patch, a patch
# left out by make compare, a user's patches on top). Stops on the first
# patch that does not apply (the work tree is then left as it was) and
# records what was applied in TREE/.applied-patches.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
SRC=${1:?usage: kernel-tree.sh TREE PATCHDIR SERIES TARBALL}
PATCHES=${2:?}
SERIES=${3:?}
TARBALL=${4:?}
NAME=$(basename "$TARBALL" .tar.xz)
GIT="git -C $SRC -c user.name=expander-bench -c user.email=bench@localhost"

# The tag may be packed (a cloned tree): ask git, not the file system.
if ! git --git-dir="$SRC/.git" rev-parse -q --verify refs/tags/base \
	>/dev/null 2>&1; then
	rm -rf "$SRC" "$SRC.tmp"
	mkdir -p "$SRC.tmp"
	echo "kernel: extracting $TARBALL"
	tar -xf "$TARBALL" -C "$SRC.tmp" --strip-components=1
	git -C "$SRC.tmp" init -q
	# No automatic gc: the tree's ~100000 objects would be repacked in
	# the background (minutes of a core) while the kernel builds.
	git -C "$SRC.tmp" config gc.auto 0
	# Debian's top-level .gitignore ignores everything: add with -f.
	git -C "$SRC.tmp" add -A -f
	git -C "$SRC.tmp" -c user.name=expander-bench \
		-c user.email=bench@localhost commit -q -m "$NAME"
	git -C "$SRC.tmp" tag base
	mv "$SRC.tmp" "$SRC"
fi

$GIT config gc.auto 0	# a tree made before the setting above
# A tree left by the git am of earlier versions of this script.
$GIT am --abort >/dev/null 2>&1 || true

IDX=$SRC/.git/series-index
TMP=$SRC/.git/series-tmp
rm -rf "$IDX" "$TMP"
mkdir -p "$TMP"
GIT_INDEX_FILE=$IDX $GIT read-tree base
head=$($GIT rev-parse base)
# field NAME DEFAULT: a header of the patch in hand (git mailinfo).
field() {
	local v
	v=$(sed -n "s/^$1: //p" "$TMP/info")
	echo "${v:-$2}"
}
: > "$TMP/applied"
while read -r p; do
	if ! GIT_INDEX_FILE=$IDX $GIT apply --cached "$PATCHES/$p" \
	     >/dev/null 2>"$SRC/.am-error"; then
		echo "kernel: $p does not apply:" >&2
		cat "$SRC/.am-error" >&2
		rm -rf "$IDX" "$TMP"
		exit 1
	fi
	# The patch's own author, date and message, as git am would keep
	# (a bare diff without mail headers gets the patch's file name).
	git mailinfo "$TMP/msg" "$TMP/patch" < "$PATCHES/$p" > "$TMP/info"
	{ field Subject "$p"; echo; cat "$TMP/msg"; } > "$TMP/message"
	tree=$(GIT_INDEX_FILE=$IDX $GIT write-tree)
	head=$(GIT_AUTHOR_NAME="$(field Author expander-bench)" \
	       GIT_AUTHOR_EMAIL="$(field Email bench@localhost)" \
	       GIT_AUTHOR_DATE="$(field Date "")" \
	       $GIT commit-tree "$tree" -p "$head" -F "$TMP/message")
	echo "$p" >> "$TMP/applied"
done < <("$(dirname "$0")/series.sh" "$SERIES" "$PATCHES")
rm -rf "$IDX"

# Only the files that differ between HEAD and the new commit change.
changed=$($GIT diff --name-only HEAD "$head" | wc -l)
$GIT reset -q --hard "$head"
mv "$TMP/applied" "$SRC/.applied-patches"
rm -rf "$TMP"
echo "kernel: applied $(wc -l < "$SRC/.applied-patches") patches" \
	"($changed files changed in the tree)"
