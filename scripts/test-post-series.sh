#!/bin/sh
# test-post-series.sh TREE PATCHDIR SERIES POSTDIR: make post-series's
# script (scripts/post-series.sh) under a test identity given in the
# environment (the user's git config is not touched), for the upstream
# and the block series, into POSTDIR/test/ (never POSTDIR/NAME, where
# make post-series leaves the user's own), sharing its clone
# POSTDIR/linux. Then git send-email --dry-run must accept every file,
# with a sendmail that cannot send (/bin/true), and every file must have
# From: the test identity, To: and Cc:, base-commit:, and every patch
# Signed-off-by: the test identity. No network.
set -eu
TREE=${1:?usage: test-post-series.sh TREE PATCHDIR SERIES POSTDIR}
PATCHES=$2
SERIES=$3
POSTDIR=$4
HERE=$(cd "$(dirname "$0")/.." && pwd)
NAME='Test Sender'
EMAIL='test.sender@example.org'
ME="$NAME <$EMAIL>"

fail() {
	echo "post-series test: $*" >&2
	exit 1
}

# git config user.name and user.email as given with git -c, through the
# environment (GIT_CONFIG_COUNT, git 2.31 and later).
as() {	# NAME EMAIL CMD...
	n=$1 e=$2
	shift 2
	GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=$n \
	GIT_CONFIG_KEY_1=user.email GIT_CONFIG_VALUE_1=$e "$@"
}
post() {	# NAME EMAIL SERIES
	as "$1" "$2" env CLONE="$POSTDIR/linux" "$HERE/scripts/post-series.sh" \
		"$TREE" "$PATCHES" "$SERIES" "$3" "$POSTDIR/test/$3"
}

# Refused: no identity, and the committed placeholder.
mkdir -p "$POSTDIR/test"
for id in ':' 'Expander Bench:bench@expander-bench.invalid'; do
	if post "${id%%:*}" "${id#*:}" upstream > "$POSTDIR/test/refused.log" 2>&1 ||
	   ! grep -q 'git identity' "$POSTDIR/test/refused.log"; then
		cat "$POSTDIR/test/refused.log" >&2
		fail "post-series.sh did not refuse the identity '$id'"
	fi
done

# The header of a file, continuation lines joined.
header() {
	sed '/^$/q' "$1" | awk '/^[ \t]/ { sub(/^[ \t]+/, " "); h = h $0; next }
		{ if (h != "") print h; h = $0 } END { print h }'
}

for s in upstream block; do
	post "$NAME" "$EMAIL" $s >/dev/null
	out=$POSTDIR/test/$s
	want=$(($(grep -c "^[^#]*/$s/" "$SERIES") + 1))
	set -- "$out"/*.patch
	[ $# = "$want" ] || fail "$s: $# files in $out, want $want"
	for f in "$@"; do
		h=$(header "$f")
		b=$(basename "$f")
		echo "$h" | grep -qxF "From: $ME" || fail "$b: From: is not $ME"
		echo "$h" | grep -q '^To: .*@' || fail "$b: no To:"
		echo "$h" | grep -q '^Cc: .*@' || fail "$b: no Cc:"
		grep -q '^base-commit: [0-9a-f]\{40\}$' "$f" || fail "$b: no base-commit:"
		case $b in
		0000-cover-letter.patch)
			! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE' "$f" ||
				fail "$b: format-patch's placeholder left" ;;
		*)
			grep -qxF "Signed-off-by: $ME" "$f" ||
				fail "$b: no Signed-off-by: $ME" ;;
		esac
	done
	# The user's sendemail configuration may name a server: the command
	# line's wins. --to-cmd=true: no prompt for To:, nothing added.
	# send-email wants a committer identity even for a dry run: the test
	# one (a fresh machine has none of its own).
	log=$POSTDIR/test/$s.send-email.log
	if ! as "$NAME" "$EMAIL" git send-email --dry-run --confirm=never --no-format-patch \
	     --from="$ME" --to-cmd=true --smtp-server=/bin/true "$@" \
	     </dev/null >"$log" 2>&1; then
		tail -n 20 "$log" >&2
		fail "$s: git send-email --dry-run refused the series (see $log)"
	fi
	ok=$(grep -c '^Dry-OK' "$log" || true)
	[ "$ok" = $# ] || fail "$s: git send-email --dry-run: $ok Dry-OK of $# (see $log)"
	echo "post-series test: $s: $# files, send-email --dry-run accepts all," \
	     "From:/Signed-off-by: $ME, base-commit:, To:/Cc: on each"
done
