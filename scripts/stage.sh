#!/bin/sh
# stage.sh NAME CMD...: run one build stage and print how long it took;
# when it fails, also the free space where the build writes (a full disk
# shows up as some tool's "unable to write", far from its cause). With B
# (the build directory, exported by the Makefile) the same line goes to
# $B/stages.log, tab-separated: end time (epoch seconds), name, seconds,
# exit status; scripts/summary.py reads a run's from there.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
name=$1; shift
t0=$(date +%s.%N)
"$@"; rc=$?
t1=$(date +%s.%N)
secs=$(echo "$t1 - $t0" | bc)
printf '[stage] %-20s %6.1fs%s\n' "$name" "$secs" \
	"$([ $rc -ne 0 ] && echo " FAILED (exit $rc)")"
[ -d "${B:-}" ] && printf '%s\t%s\t%s\t%d\n' "$t1" "$name" "$secs" $rc \
	>> "$B/stages.log"
[ $rc -eq 0 ] || df -h . "${TMPDIR:-/tmp}" >&2 || true
exit $rc
