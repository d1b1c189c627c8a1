#!/bin/sh
# cover-letter.sh SRC KDIR TOPIC RESULTS FROM BRANCH: the cover letter of
# the topic series KDIR/TOPIC, as scripts/check-upstream.sh measured it,
# on stdout; BRANCH is the topic applied in the clone SRC, FROM the
# commit it starts from (the pristine base, or its prerequisite).
#
# From the topic's series file's leading comments: "# subject: ..." (the
# cover letter's subject), "# prefix: RFC PATCH" (default PATCH),
# "# tree: ..." (where it goes), "# requires: NAME", and the other
# comment lines, the text. Then the rows of KDIR/bus-cost.txt for the
# drivers the series changes, RESULTS (what the check measured), and git
# format-patch's shortlog and diffstat. Never typed by hand: rerun the
# check instead.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
SRC=${1:?usage: cover-letter.sh SRC KDIR TOPIC RESULTS FROM BRANCH}
KDIR=${2:?}
TOPIC=${3:?}
RESULTS=${4:?}
FROM=${5:?}
BRANCH=${6:?}
S=$KDIR/$TOPIC/series
HERE=$(cd "$(dirname "$0")/.." && pwd)

field() {
	sed -n "s/^#[[:space:]]*$1:[[:space:]]*//p" "$S" | head -n 1
}
subject=$(field subject)
[ -n "$subject" ] || { echo "cover-letter: $S has no '# subject:'" >&2; exit 1; }
prefix=$(field prefix)
tree=$(field tree)
pre=$(field requires)
n=$(git -C "$SRC" rev-list --count "$FROM..$BRANCH")
version=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' \
	"$SRC/Makefile" | paste -sd.)

W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
{
	echo "$subject"
	echo
	# The text: the leading comment lines that are not a field.
	awk '!/^#/ { exit }
	     /^#[[:space:]]*(subject|prefix|tree|requires|config):/ { next }
	     { sub(/^# ?/, ""); print }' "$S" | sed '/./,$!d'
	echo
	[ -z "$tree" ] || echo "Tree: $tree."
	{
		echo "Based on v$version as Debian's linux-source-$(basename "$KDIR")"
		echo "ships it (no public commit id, so no base-commit:)$([ -z "$pre" ] ||
			echo ", on top of the series \"$(sed -n 's/^#[[:space:]]*subject:[[:space:]]*//p' \
			"$KDIR/$pre/series" | head -n 1)\", posted with it")."
	} | fmt -w 72
	# The bus cost rows that name this series among those changing them.
	rows=$(awk -v t="$TOPIC" '/^  (gpio|pinctrl)-/ {
		n = split($NF, s, ","); for (i = 1; i <= n; i++) if (s[i] == t) print }' \
		"$KDIR/bus-cost.txt" 2>/dev/null)
	if [ -n "$rows" ]; then
		echo
		echo "I2C transactions (SPI frames) to read every line of a part (get)"
		echo "and to write every line (set) through one multi-line request:"
		echo "'minimum' is what the datasheet allows, '6.12' Debian's 6.12"
		echo "without any of these series, 'series' with all of them, and"
		echo "'patches' the series that change the row:"
		echo
		sed -n '/^  driver /{p;n;p;q}' "$KDIR/bus-cost.txt"
		echo "$rows"
	fi
	echo
	echo "How it was checked"
	echo "=================="
	echo
	# One bullet a line, wrapped at 72 columns, continued under its text.
	awk '{ l = $0
		while (length(l) > 72) {
			for (i = 73; i > 3 && substr(l, i, 1) != " "; i--) ;
			if (i <= 3) break
			print substr(l, 1, i - 1); l = "  " substr(l, i + 1)
		}
		print l }' "$RESULTS"
} > "$W/desc"

git -C "$SRC" config "branch.$BRANCH.description" "$(cat "$W/desc")"
# The placeholder identity the patch files carry (scripts/post-series.sh
# puts the sender's in its place).
git -C "$SRC" -c user.name='Expander Bench' \
	-c user.email=bench@expander-bench.invalid \
	-c diff.noprefix=false -c diff.mnemonicPrefix=false \
	format-patch -q --zero-commit --cover-letter \
	--cover-from-description=subject --subject-prefix="${prefix:-PATCH}" \
	-o "$W/out" "$FROM..$BRANCH"
[ "$n" -gt 0 ]
cat "$W/out/0000-cover-letter.patch"
