#!/bin/sh
# stage.sh NAME CMD...: run one build stage and print how long it took;
# when it fails, also the free space where the build writes (a full disk
# shows up as some tool's "unable to write", far from its cause).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
name=$1; shift
t0=$(date +%s.%N)
"$@"; rc=$?
t1=$(date +%s.%N)
printf '[stage] %-20s %6.1fs%s\n' "$name" "$(echo "$t1 - $t0" | bc)" \
	"$([ $rc -ne 0 ] && echo " FAILED (exit $rc)")"
[ $rc -eq 0 ] || df -h . "${TMPDIR:-/tmp}" >&2 || true
exit $rc
