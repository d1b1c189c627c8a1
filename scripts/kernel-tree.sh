#!/bin/sh
# Bring build/linux to Debian's linux-source-6.12 plus patches/series.
#
# The tree is a git repository made once from the tarball. Each run resets
# it to that base and applies the series with git am: git rewrites only the
# files whose content changes, so kbuild recompiles only what a changed
# patch touches. Stops on the first patch that does not apply and records
# what was applied in build/linux/.applied-patches.
set -eu
SRC=${1:?usage: kernel-tree.sh TREE PATCHDIR}
PATCHES=${2:?}
TARBALL=/usr/src/linux-source-6.12.tar.xz
GIT="git -C $SRC -c user.name=expander-bench -c user.email=bench@localhost"

# The tag may be packed (a cloned tree): ask git, not the file system.
if ! git --git-dir="$SRC/.git" rev-parse -q --verify refs/tags/base \
	>/dev/null 2>&1; then
	rm -rf "$SRC" "$SRC.tmp"
	mkdir -p "$SRC.tmp"
	echo "kernel: extracting $TARBALL"
	tar -xf "$TARBALL" -C "$SRC.tmp" --strip-components=1
	git -C "$SRC.tmp" init -q
	# Debian's top-level .gitignore ignores everything: add with -f.
	git -C "$SRC.tmp" add -A -f
	git -C "$SRC.tmp" -c user.name=expander-bench \
		-c user.email=bench@localhost commit -q -m "linux-source-6.12"
	git -C "$SRC.tmp" tag base
	mv "$SRC.tmp" "$SRC"
fi

$GIT am --abort >/dev/null 2>&1 || true
$GIT reset -q --hard base
: > "$SRC/.applied-patches"
grep -v '^[[:space:]]*\(#\|$\)' "$PATCHES/series" | while read -r p; do
	if ! $GIT am -q --keep-cr "$PATCHES/$p" >/dev/null 2>"$SRC/.am-error"; then
		echo "kernel: $p does not apply:" >&2
		cat "$SRC/.am-error" >&2
		$GIT am --abort >/dev/null 2>&1 || true
		exit 1
	fi
	echo "$p" >> "$SRC/.applied-patches"
done
echo "kernel: applied $(wc -l < "$SRC/.applied-patches") patches"
