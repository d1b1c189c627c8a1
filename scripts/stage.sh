#!/bin/sh
# stage.sh NAME CMD...: run one build stage and print how long it took.
name=$1; shift
t0=$(date +%s.%N)
"$@"; rc=$?
t1=$(date +%s.%N)
printf '[stage] %-20s %6.1fs%s\n' "$name" "$(echo "$t1 - $t0" | bc)" \
	"$([ $rc -ne 0 ] && echo " FAILED (exit $rc)")"
exit $rc
