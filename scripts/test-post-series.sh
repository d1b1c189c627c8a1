#!/bin/sh
# test-post-series.sh TREE KDIR POSTDIR: make post-series's script
# (scripts/post-series.sh) under a test identity given in the
# environment (the user's git config is not touched), for every topic
# series of KDIR (patches/KERNEL), into POSTDIR/test/ (never
# POSTDIR/TOPIC, where make post-series leaves the user's own), sharing
# its clone POSTDIR/linux. Then git send-email --dry-run must accept
# every file, with a sendmail that cannot send (/bin/true), and every
# file must have From: the test identity, To: or Cc:, no base-commit:
# (the base is no public commit), and every patch exactly one
# Signed-off-by:, the test identity's, last, after the trailers given
# in TRAILERS. No network.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
TREE=${1:?usage: test-post-series.sh TREE KDIR POSTDIR}
KDIR=$(cd "${2:?}" && pwd)
POSTDIR=$3
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
post() {	# NAME EMAIL TOPIC
	as "$1" "$2" env CLONE="$POSTDIR/linux" "$HERE/scripts/post-series.sh" \
		"$TREE" "$KDIR" "$3" "$POSTDIR/test/$3"
}

# Refused: no identity, and the committed placeholder.
mkdir -p "$POSTDIR/test"
for id in ':' 'Expander Bench:bench@expander-bench.invalid'; do
	if post "${id%%:*}" "${id#*:}" gpio-fixes > "$POSTDIR/test/refused.log" 2>&1 ||
	   ! grep -q 'git identity' "$POSTDIR/test/refused.log"; then
		cat "$POSTDIR/test/refused.log" >&2
		fail "post-series.sh did not refuse the identity '$id'"
	fi
done

# Refused: a topic that does not exist, a trailer the sender may not add.
for bad in 'no-such-topic:' 'gpio-fixes:Signed-off-by: Someone <s@example.org>'; do
	if TRAILERS=${bad#*:} post "$NAME" "$EMAIL" "${bad%%:*}" \
		> "$POSTDIR/test/refused.log" 2>&1; then
		fail "post-series.sh did not refuse '$bad'"
	fi
done

# The header of a file, continuation lines joined.
header() {
	sed '/^$/q' "$1" | awk '/^[ \t]/ { sub(/^[ \t]+/, " "); h = h $0; next }
		{ if (h != "") print h; h = $0 } END { print h }'
}

TRAILERS='Tested-by: Test Tester <test.tester@example.org>'
export TRAILERS
topics=0
for s in $("$HERE/scripts/series.sh" --topics "$KDIR/series" | grep -vx stable); do
	post "$NAME" "$EMAIL" "$s" >/dev/null
	out=$POSTDIR/test/$s
	want=$(($("$HERE/scripts/series.sh" "$KDIR/$s/series" / | wc -l) + 1))
	set -- "$out"/*.patch
	[ $# = "$want" ] || fail "$s: $# files in $out, want $want"
	for f in "$@"; do
		h=$(header "$f")
		b=$s/$(basename "$f")
		echo "$h" | grep -qxF "From: $ME" || fail "$b: From: is not $ME"
		echo "$h" | grep -q '^\(To\|Cc\): .*@' || fail "$b: no To: or Cc:"
		! grep -q '^base-commit: ' "$f" || fail "$b: base-commit: of a commit that is not public"
		case $b in
		*/0000-cover-letter.patch)
			! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE' "$f" ||
				fail "$b: format-patch's placeholder left" ;;
		*)
			# The message's trailers: the sender's last, once.
			sed '/^---$/q' "$f" | grep -E '^[A-Za-z-]+-by: ' > "$POSTDIR/test/tr"
			[ "$(grep -c '^Signed-off-by: ' "$POSTDIR/test/tr")" = 1 ] ||
				fail "$b: want exactly one Signed-off-by:"
			[ "$(tail -n 1 "$POSTDIR/test/tr")" = "Signed-off-by: $ME" ] ||
				fail "$b: the last trailer is not Signed-off-by: $ME"
			grep -qxF "$(echo "$TRAILERS" | head -n 1)" "$POSTDIR/test/tr" ||
				fail "$b: the sender's trailer is missing" ;;
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
	topics=$((topics + 1))
done
echo "post-series test: $topics topic series, send-email --dry-run accepts every" \
     "file; From: $ME, one Signed-off-by: last after the sender's trailers," \
     "To:/Cc: on each, no base-commit:"
