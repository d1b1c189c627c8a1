#!/bin/sh
# series.sh SERIES PATCHDIR: the patch files of a series file, in order,
# as paths relative to PATCHDIR (patches/README.md, "Layout").
#
# Each line of SERIES that is not blank or a comment names, relative to
# SERIES's own folder, either a folder with a series file of its own (a
# topic series: its patches, in its order) or a patch file. So
# patches/7.3/series lists topic folders, patches/7.3/gpio-fixes/series
# lists that folder's patches, and a 6.12 topic may name a 7.3 file that
# applies unchanged (../../7.3/gpio-fixes/NNNN-....patch).
#
# series.sh --topics SERIES: the topic folders SERIES names, in order.
# series.sh --requires TOPICDIR: the topic a topic series names as its
# prerequisite ("# requires: NAME" in its series), or nothing.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
usage='usage: series.sh SERIES PATCHDIR | --topics SERIES | --requires TOPICDIR'

lines() {
	grep -v '^[[:space:]]*\(#\|$\)' "$1" || true
}

expand() {	# SERIES PATCHDIR
	local dir l
	dir=$(dirname "$1")
	[ -f "$1" ] || { echo "series.sh: no series file $1" >&2; exit 1; }
	lines "$1" | while read -r l; do
		if [ -d "$dir/$l" ]; then
			[ -f "$dir/$l/series" ] || {
				echo "series.sh: $dir/$l has no series file" >&2
				exit 1
			}
			expand "$dir/$l/series" "$2"
		elif [ -f "$dir/$l" ]; then
			realpath -m -s --relative-to="$2" "$dir/$l"
		else
			echo "series.sh: $1 names $l, which does not exist" >&2
			exit 1
		fi
	done
}

case ${1:-} in
--topics)
	s=${2:?$usage}
	lines "$s" | while read -r l; do
		[ -d "$(dirname "$s")/$l" ] && echo "$l"
	done ;;
--requires)
	d=${2:?$usage}
	sed -n 's/^#[[:space:]]*requires:[[:space:]]*\([^[:space:]]*\).*/\1/p' \
		"$d/series" ;;
''|-*)
	echo "$usage" >&2
	exit 2 ;;
*)
	expand "$1" "${2:?$usage}" ;;
esac
