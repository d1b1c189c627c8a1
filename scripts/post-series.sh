#!/bin/sh
# post-series.sh TREE PATCHDIR SERIES NAME OUT: the NAME series (upstream
# or block) of SERIES (patches/KERNEL/series) as it goes to the lists,
# in OUT: git format-patch output with a cover letter, under the user's
# git identity (git config user.name and user.email), base-commit: on
# every file, To: and Cc: from the kernel's scripts/get_maintainer.pl.
#
# The committed patches carry a placeholder identity (PLACEHOLDER below)
# as author, in Signed-off-by: and where block/ names its maintainer
# (MAINTAINERS, the DT binding): every occurrence becomes the user's, and
# the committed files keep the placeholder.
#
# They are applied with git am on TREE's pristine base (its first commit,
# tag base: scripts/kernel-tree.sh) in CLONE (default OUT/../linux), a
# clone sharing TREE's objects, so that TREE's checkout is not touched.
# block/ goes on top of upstream/, which its cover letter names as its
# base: its patches then list upstream/'s as prerequisite-patch-id:.
# The cover letter's subject and text are those of the committed
# NAME/0000-cover-letter.patch (its per-driver table included); the
# shortlog and diffstat are format-patch's own.
set -eu
TREE=${1:?usage: post-series.sh TREE PATCHDIR SERIES NAME OUT}
PATCHES=${2:?}
SERIES=${3:?}
NAME=${4:?}
OUT=${5:?}
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
CLONE=${CLONE:-$(dirname "$OUT")/linux}
PLACEHOLDER_NAME='Expander Bench'
PLACEHOLDER_EMAIL='bench@expander-bench.invalid'
PLACEHOLDER="$PLACEHOLDER_NAME <$PLACEHOLDER_EMAIL>"
COVER=$(dirname "$SERIES")/$NAME/0000-cover-letter.patch

die() {
	echo "post-series: $*" >&2
	exit 1
}

case $NAME in
upstream) PRE= ;;
block) PRE=upstream ;;
*) die "SERIES=$NAME: want upstream or block" ;;
esac
[ -f "$COVER" ] || die "no cover letter $COVER"

who=$(git config user.name || true)
mail=$(git config user.email || true)
[ -n "$who" ] && [ -n "$mail" ] ||
	die "no git identity: set git config user.name and user.email (the patches are sent under them)"
[ "$who" != "$PLACEHOLDER_NAME" ] && [ "$mail" != "$PLACEHOLDER_EMAIL" ] ||
	die "git identity '$who <$mail>' is the committed placeholder; set your own user.name and user.email"
ME="$who <$mail>"

# Entries of the series file under a DIR/ folder, in order.
entries() {
	grep "^[^#]*/$1/" "$SERIES" || true
}
[ -n "$(entries "$NAME")" ] || die "$SERIES lists no $NAME/ patches"

# The placeholder identity becomes the user's, wherever it stands.
rewrite() {
	OLD=$PLACEHOLDER NEW=$ME perl -pe 's/\Q$ENV{OLD}\E/$ENV{NEW}/g' "$@"
}

g() {
	git -C "$CLONE" -c user.name="$who" -c user.email="$mail" \
		-c diff.noprefix=false -c diff.mnemonicPrefix=false "$@"
}

base=$(git -C "$TREE" rev-parse -q --verify 'base^{commit}') ||
	die "$TREE has no tag base (scripts/kernel-tree.sh makes it)"

# One run at a time per clone (make post-series and make test share it).
mkdir -p "$(dirname "$CLONE")"
exec 9>"$CLONE.lock"
flock 9
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
# A clone of another TREE (or of one made again) lacks this base.
if ! git -C "$CLONE" cat-file -e "$base^{commit}" 2>/dev/null; then
	rm -rf "$CLONE"
	git clone -q --shared --no-checkout "$TREE" "$CLONE"
	# Only base is needed; TREE may drop the series commits it had.
	git -C "$CLONE" remote remove origin
	# A kernel's index is 10 MB: git am rewrites a small one per patch.
	git -C "$CLONE" config core.splitIndex true
fi
# Only the folders the series touch are checked out (a cone: with the
# top-level files, MAINTAINERS among them, and scripts/ for
# get_maintainer.pl): a kernel's whole checkout is about 1.7 GB, which a
# machine that builds two kernels may not have to spare.
sed -n 's|^diff --git a/\([^ ]*\) b/\([^ ]*\)$|\1\n\2|p' \
	$(grep -v '^[[:space:]]*\(#\|$\)' "$SERIES" | sed "s|^|$PATCHES/|") |
	sed -n 's|/[^/]*$||p' | sort -u > "$W/dirs"
g sparse-checkout set --cone scripts $(cat "$W/dirs")
g am --abort >/dev/null 2>&1 || true
g checkout -q -f -B "post-$NAME" "$base"

am() {	# DIR: apply the series' DIR/ entries, in one git am
	entries "$1" > "$W/list"
	i=0
	for p in $(cat "$W/list"); do
		i=$((i + 1))
		rewrite "$PATCHES/$p" > "$W/$(printf %04d $i).patch"
	done
	if ! g am -q --keep-cr "$W"/[0-9]*.patch >/dev/null 2>"$W/am-error"; then
		cat "$W/am-error" >&2
		k=$(cat "$CLONE/.git/rebase-apply/next" 2>/dev/null || echo 1)
		g am --abort >/dev/null 2>&1 || true
		die "$(sed -n "${k}p" "$W/list") does not apply on" \
		    "$(g log -1 --format=%s "$base") with what comes before it"
	fi
	rm -f "$W"/[0-9]*.patch
}
from=$base
if [ -n "$PRE" ]; then
	am "$PRE"
	from=$(g rev-parse HEAD)
fi
am "$NAME"
n=$(g rev-list --count "$from..HEAD")

# The cover letter: the committed subject (without its [PATCH 00/N]),
# a blank line, then its text up to the shortlog ("NAME (N):"), which
# format-patch writes again; as the branch description that
# --cover-from-description=subject makes the subject and the body.
desc=$(rewrite "$COVER" | awk -v short="^$PLACEHOLDER_NAME \\\\([0-9]+\\\\):\$" '
	!body && /^Subject: / { sub(/^Subject: (\[[^]]*\] )?/, ""); s = $0; insub = 1; next }
	!body && insub && /^[ \t]/ { sub(/^[ \t]+/, " "); s = s $0; next }
	!body { insub = 0 }
	!body && /^$/ { body = 1; print s; print ""; next }
	!body { next }
	$0 ~ short { found = 1; exit }
	/^$/ { blank++; next }
	{ for (; blank > 0; blank--) print ""; print }
	END { if (!found) exit 1 }') ||
	die "$COVER: no shortlog line '$PLACEHOLDER_NAME (N):' ending its text"
said=$(sed -n 's/^Subject: \[[^]]*[0-9]*\/\([0-9]*\)\].*/\1/p' "$COVER")
[ "$said" = "$n" ] ||
	echo "post-series: warning: $COVER says $said patches, the series has $n" >&2
g config "branch.post-$NAME.description" "$desc"

rm -rf "$OUT"
mkdir -p "$OUT"
g format-patch -q --no-to --no-cc --cover-letter \
	--cover-from-description=subject --base="$base" -o "$OUT" \
	"$from..post-$NAME"

# To: and Cc: from get_maintainer.pl on the pristine tree (MAINTAINERS as
# the lists know it), without history (--no-git*, --no-fixes): its
# maintainers (and supporters, odd fixers) go to To:, reviewers and
# lists to Cc:. The cover letter goes to all of them. --no-tree: the
# sparse checkout lacks folders (fs/, ipc/, ...) by which the script
# recognises a kernel tree; it reads only MAINTAINERS and the patch.
g checkout -q --detach "$base"
ls "$OUT"/*.patch | grep -v '/0000-cover-letter\.patch$' |
	(cd "$CLONE" && xargs -P "$(nproc)" -I{} sh -c \
		'perl scripts/get_maintainer.pl --no-tree --no-git --no-git-fallback \
		 --no-fixes "$1" > "$2/$(basename "$1").who"' sh {} "$W") ||
	die "scripts/get_maintainer.pl failed in $CLONE"
for f in "$W"/*.who; do
	awk '{
		if (match($0, /> \(/)) { a = substr($0, 1, RSTART); r = substr($0, RSTART + 3) }
		else if (match($0, / \(/)) { a = substr($0, 1, RSTART - 1); r = substr($0, RSTART + 2) }
		else { a = $0; r = "" }
		print (r ~ /(^|,)(maintainer|supporter|odd fixer)/ ? "To" : "Cc") "\t" a
	}' "$f" > "${f%.who}.rcpt"
	cat "${f%.who}.rcpt" >> "$W/all"
done
# The cover letter: anyone To: on one patch is To:, the rest Cc:.
c=$W/0000-cover-letter.patch.rcpt
awk -F '\t' '$1 == "To" && !seen[$2]++' "$W/all" > "$c"
awk -F '\t' 'NR == FNR { to[$2] = 1; next }
	$1 == "Cc" && !to[$2] && !seen[$2]++' "$c" "$W/all" >> "$c"

# format-patch writes the base tree information (base-commit: and, for
# block, upstream/'s prerequisite-patch-id:) into the cover letter only;
# every patch gets it too, before its signature.
awk '/^base-commit: /, /^-- $/' "$OUT/0000-cover-letter.patch" |
	grep -v '^-- $' > "$W/base"
# To: and Cc: go into each file's header, folded, before its first blank
# line; with no maintainer at all the lists are To:.
for f in "$OUT"/*.patch; do
	r=$W/$(basename "$f").rcpt
	grep -q '^To' "$r" || sed -i 's/^Cc/To/' "$r"
	case $f in */0000-cover-letter.patch) b= ;; *) b=$W/base ;; esac
	awk -v rcpt="$r" -v base="$b" '
		function field(name,   line, x, sep, out) {
			out = ""; sep = name ": "
			while ((getline line < rcpt) > 0) {
				split(line, x, "\t")
				if (x[1] == name) { out = out sep x[2]; sep = ",\n    " }
			}
			close(rcpt)
			if (out != "") print out
		}
		function baseinfo(   line) {
			if (base == "") return
			print ""
			while ((getline line < base) > 0) print line
		}
		NR == FNR { if ($0 == "-- ") sig = FNR; next }
		!done && /^$/ { field("To"); field("Cc"); done = 1 }
		FNR == sig { baseinfo() }
		{ print }
		END { if (!sig) baseinfo() }' "$f" "$f" > "$W/new"
	cat "$W/new" > "$f"
done

! grep -l "$PLACEHOLDER_EMAIL" "$OUT"/*.patch >&2 ||
	die "the placeholder identity is left in the files above"
# The files as written must apply: git am of them on the same commit
# gives the same tree as the committed patches did.
g checkout -q -f --detach "$from"
set -- "$OUT"/*.patch
shift
if ! g am -q --keep-cr "$@" >/dev/null 2>"$W/am-error" ||
   [ "$(g rev-parse 'HEAD^{tree}')" != "$(g rev-parse "post-$NAME^{tree}")" ]; then
	cat "$W/am-error" >&2
	g am --abort >/dev/null 2>&1 || true
	die "the files in $OUT do not apply to the tree the committed patches give"
fi
echo "post-series: $n patches and a cover letter in $OUT, from $ME," \
	"base-commit $(echo "$base" | cut -c1-12)$([ -n "$PRE" ] &&
	echo ", after $PRE/ ($(entries "$PRE" | wc -l) prerequisite patches)")"
