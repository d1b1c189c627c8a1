#!/bin/sh
# post-series.sh TREE KDIR TOPIC OUT: the topic series KDIR/TOPIC
# (patches/KERNEL/TOPIC) as it goes to the lists, in OUT: git
# format-patch output with its cover letter, under the sender's git
# identity (git config user.name and user.email), To: and Cc: on each.
#
# The committed patches carry no Signed-off-by: (the DCO is the
# sender's alone) and a placeholder identity (PLACEHOLDER below) as
# author and where the block series names its maintainer (MAINTAINERS,
# the DT binding): every occurrence becomes the sender's, and git am
# --signoff adds the sender's Signed-off-by: last. TRAILERS, in the
# environment, are trailers the sender gives at send time, one per line
# ("Tested-by: A <a@b>", "Assisted-by: ...", "Reported-by: ..." as the
# kernel's Documentation/process/ asks of them): they go into every
# patch before the Signed-off-by:, never into the committed files.
#
# The patches are applied with git am on TREE's pristine base (tag base:
# scripts/kernel-tree.sh), after the series TOPIC's series file names
# as its prerequisite ("# requires: NAME"), in CLONE (default
# OUT/../../linux), a clone sharing TREE's objects. The cover letter's
# subject and text are those of the committed TOPIC/0000-cover-letter.patch
# that scripts/check-upstream.sh wrote; the shortlog and diffstat are
# format-patch's own. No base-commit: the base is Debian's source, not a
# public commit (the cover letter names the release instead).
#
# Recipients, without git history: scripts/get_maintainer.pl --no-git
# (maintainers, supporters and odd fixers To:, reviewers and lists
# Cc:), plus Cc: each touched driver's authors as its MODULE_AUTHOR()
# lines and its copyright header give them (an address in either). The
# cover letter goes to everyone.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
TREE=${1:?usage: post-series.sh TREE KDIR TOPIC OUT}
KDIR=$(cd "${2:?}" && pwd)
NAME=${3:?}
OUT=${4:?}
case $OUT in /*) ;; *) OUT=$PWD/$OUT ;; esac
HERE=$(cd "$(dirname "$0")/.." && pwd)
CLONE=${CLONE:-$(dirname "$(dirname "$OUT")")/linux}
PLACEHOLDER_NAME='Expander Bench'
PLACEHOLDER_EMAIL='bench@expander-bench.invalid'
PLACEHOLDER="$PLACEHOLDER_NAME <$PLACEHOLDER_EMAIL>"
COVER=$KDIR/$NAME/0000-cover-letter.patch

die() {
	echo "post-series: $*" >&2
	exit 1
}

[ -f "$KDIR/$NAME/series" ] ||
	die "TOPIC=$NAME: no such topic series; want one of: $("$HERE/scripts/series.sh" --topics "$KDIR/series" | tr '\n' ' ')"
[ -f "$COVER" ] || die "no cover letter $COVER (make check-upstream writes it)"
PRE=$("$HERE/scripts/series.sh" --requires "$KDIR/$NAME")
prefix=$(sed -n 's/^#[[:space:]]*prefix:[[:space:]]*//p' "$KDIR/$NAME/series" | head -n 1)

who=$(git config user.name || true)
mail=$(git config user.email || true)
[ -n "$who" ] && [ -n "$mail" ] ||
	die "no git identity: set git config user.name and user.email (the patches are sent under them)"
[ "$who" != "$PLACEHOLDER_NAME" ] && [ "$mail" != "$PLACEHOLDER_EMAIL" ] ||
	die "git identity '$who <$mail>' is the committed placeholder; set your own user.name and user.email"
ME="$who <$mail>"
# Each trailer "Key: value", the keys the kernel's process documents.
printf '%s\n' "${TRAILERS:-}" | while read -r t; do
	[ -z "$t" ] && continue
	echo "$t" | grep -qE '^(Tested-by|Reported-by|Assisted-by|Suggested-by|Reviewed-by|Acked-by|Closes|Link): [^ ]' ||
		die "TRAILERS: '$t' is not a trailer the sender may add (Tested-by:, Reported-by:, Assisted-by:, Suggested-by:, Reviewed-by:, Acked-by:, Closes:, Link:)"
done

# The placeholder identity becomes the sender's, wherever it stands.
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
if ! git -C "$CLONE" cat-file -e "$base^{commit}" 2>/dev/null; then
	rm -rf "$CLONE"
	git clone -q --shared --no-checkout "$TREE" "$CLONE"
	git -C "$CLONE" remote remove origin
	git -C "$CLONE" config core.splitIndex true
fi
# Only the folders the series touch are checked out (with the top-level
# files, MAINTAINERS among them, and scripts/ for get_maintainer.pl).
"$HERE/scripts/series.sh" "$KDIR/series" / | sed 's|^|/|' > "$W/all"
sed -n 's|^diff --git a/\([^ ]*\) b/\([^ ]*\)$|\1\n\2|p' $(cat "$W/all") |
	sed -n 's|/[^/]*$||p' | sort -u > "$W/dirs"
g sparse-checkout set --cone scripts $(cat "$W/dirs")
g am --abort >/dev/null 2>&1 || true
g checkout -q -f -B "post-$NAME" "$base"

am() {	# TOPIC [trailers]: apply the topic's patches, in one git am
	"$HERE/scripts/series.sh" "$KDIR/$1/series" / | sed 's|^|/|' > "$W/list"
	i=0
	for p in $(cat "$W/list"); do
		i=$((i + 1))
		f=$W/$(printf %04d $i).patch
		rewrite "$p" > "$f"
		if [ -n "${2:-}" ]; then
			printf '%s\n' "${TRAILERS:-}" | grep . | while read -r t; do
				git interpret-trailers --in-place --trailer "$t" "$f"
			done
		fi
	done
	if ! g am -q --keep-cr ${2:+--signoff} "$W"/[0-9]*.patch >/dev/null 2>"$W/am-error"; then
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
am "$NAME" sender
n=$(g rev-list --count "$from..HEAD")

# The cover letter: the committed subject (without its [PATCH 0/N]), a
# blank line, then its text up to the shortlog ("NAME (N):"), which
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
	die "$COVER says $said patches, the series has $n: run make check-upstream"
g config "branch.post-$NAME.description" "$desc"

rm -rf "$OUT"
mkdir -p "$OUT"
g format-patch -q --no-to --no-cc --cover-letter --subject-prefix="${prefix:-PATCH}" \
	--cover-from-description=subject -o "$OUT" "$from..post-$NAME"

# Recipients: get_maintainer.pl on the pristine tree's MAINTAINERS.
# --no-tree: the sparse checkout lacks folders (fs/, ipc/, ...) by which
# the script recognises a kernel tree; it reads only MAINTAINERS and the
# patch.
g checkout -q --detach "$base"
ls "$OUT"/*.patch | grep -v '/0000-cover-letter\.patch$' |
	(cd "$CLONE" && xargs -P "$(nproc)" -I{} sh -c \
		'perl scripts/get_maintainer.pl --no-tree --no-git --no-git-fallback \
		 --no-fixes "$1" > "$2/$(basename "$1").who"' sh {} "$W") ||
	die "scripts/get_maintainer.pl failed in $CLONE"
# The authors of each driver a patch touches: MODULE_AUTHOR() and the
# copyright header's addresses, as the pristine file has them.
authors() {	# PATCH
	sed -n 's|^diff --git a/\([^ ]*\.c\) b/.*|\1|p' "$1" | while read -r f; do
		git -C "$CLONE" show "$base:$f" 2>/dev/null |
			grep -E 'MODULE_AUTHOR|^ \* Copyright|^ \* Author|^// Copyright' |
			grep -oE '[^"<(,]*<[^>@ ]+@[^> ]+>' | sed 's/^[[:space:]]*//'
	done | sort -u
}
# addr(RECIPIENT): its address in lower case, the key of one person.
ADDR='function addr(r) { if (match(r, /<[^>]*>/)) r = substr(r, RSTART, RLENGTH); return tolower(r) } '
for f in "$W"/*.who; do
	awk '{
		if (match($0, /> \(/)) { a = substr($0, 1, RSTART); r = substr($0, RSTART + 3) }
		else if (match($0, / \(/)) { a = substr($0, 1, RSTART - 1); r = substr($0, RSTART + 2) }
		else { a = $0; r = "" }
		print (r ~ /(^|,)(maintainer|supporter|odd fixer)/ ? "To" : "Cc") "\t" a
	}' "$f" > "${f%.who}.rcpt"
	authors "$OUT/$(basename "${f%.who}")" | awk '{ print "Cc\t" $0 }' |
		awk -F '\t' "$ADDR"'NR == FNR { have[addr($2)] = 1; next }
			!have[addr($2)]++' "${f%.who}.rcpt" - >> "${f%.who}.rcpt"
	cat "${f%.who}.rcpt" >> "$W/all-rcpt"
done
c=$W/0000-cover-letter.patch.rcpt
awk -F '\t' "$ADDR"'$1 == "To" && !seen[addr($2)]++' "$W/all-rcpt" > "$c"
awk -F '\t' "$ADDR"'NR == FNR { to[addr($2)] = 1; next }
	$1 == "Cc" && !to[addr($2)] && !seen[addr($2)]++' "$c" "$W/all-rcpt" >> "$c"
awk -F '\t' '{ print $1 ": " $2 }' "$c" > "$OUT/recipients"

# To: and Cc: go into each file's header, folded, before its first blank
# line; with no maintainer at all the lists are To:.
for f in "$OUT"/*.patch; do
	r=$W/$(basename "$f").rcpt
	grep -q '^To' "$r" || sed -i 's/^Cc/To/' "$r"
	awk -v rcpt="$r" '
		function field(name,   line, x, sep, out) {
			out = ""; sep = name ": "
			while ((getline line < rcpt) > 0) {
				split(line, x, "\t")
				if (x[1] == name) { out = out sep x[2]; sep = ",\n    " }
			}
			close(rcpt)
			if (out != "") print out
		}
		!done && /^$/ { field("To"); field("Cc"); done = 1 }
		{ print }' "$f" > "$W/new"
	cat "$W/new" > "$f"
done

! grep -l "$PLACEHOLDER_EMAIL" "$OUT"/*.patch >&2 ||
	die "the placeholder identity is left in the files above"
# checkpatch on what goes out, Signed-off-by: and trailers included
# (outside a git tree, as scripts/check-upstream.sh runs it; less the
# warnings KDIR/checkpatch-accepted keeps for a patch of this topic).
i=0
for p in $("$HERE/scripts/series.sh" "$KDIR/$NAME/series" /); do
	i=$((i + 1))
	f=$(ls "$OUT"/$(printf %04d $i)-*.patch)
	ign=$(awk -v p="$NAME/${p##*/}" '$1 == p { printf " --ignore %s", $2 }' \
		"$KDIR/checkpatch-accepted" 2>/dev/null)
	# $ign is word-split on purpose: --ignore TYPE pairs.
	(cd "$CLONE" && GIT_DIR=/nonexistent PATH=/usr/bin:$PATH \
		perl scripts/checkpatch.pl --strict -q --no-tree \
		--ignore UNKNOWN_COMMIT_ID $ign "$f") >&2 ||
		die "checkpatch --strict: $f"
done
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
echo "post-series: $NAME: $n patches and a cover letter in $OUT, from $ME" \
	"($(wc -l < "$OUT/recipients") recipients in $OUT/recipients)$([ -n "$PRE" ] &&
	echo ", after the $PRE series")"
