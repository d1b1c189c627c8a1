#!/bin/bash
# bench-speedup.sh MODE JOBS OUT: what running the matrix's shards at
# once buys on this machine. The guest bench (MODE full or quick) twice,
# back to back on the same build: one guest at a time (OUT/jobs-1), then
# JOBS guests at once (OUT/jobs-JOBS), each by scripts/bench-shards.sh;
# then bench/samecounts.py: every counted record must be the same in
# both. OUT/speedup.md (and the last line printed) gives both wall times
# and their ratio, the speed-up; the shards' own times beside them.
#
# The daemon's instruction counts (HOST_IR, a cache) are filled first so
# that neither run pays them; nothing else differs between the two runs.
# Environment: as bench-shards.sh (B ZIMAGE INITRAMFS DAEMON BOARD_DTB,
# PACED, HOST_IR).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
MODE=${1:?usage: bench-speedup.sh full|quick JOBS OUT}
J=${2:?}
OUT=${3:?}
HERE=$(cd "$(dirname "$0")/.." && pwd)
case $J in ''|*[!0-9]*|0|1) echo "bench-speedup: JOBS=$J: want 2 or more guests at once, to set beside 1" >&2; exit 2 ;; esac
rm -rf "$OUT" && mkdir -p "$OUT" || exit 2

if [ -n "${HOST_IR:-}" ] && ! IR_CHECK=1 $HOST_IR > /dev/null 2>&1; then
	echo "bench-speedup: the daemon's instruction counts first (a cache both runs read)"
	$HOST_IR > "$OUT/host-ir.log" 2>&1 ||
		echo "bench-speedup: HOST_IR failed (bench-host counts them itself): $OUT/host-ir.log" >&2
fi

rc=0
for j in 1 "$J"; do
	echo "bench-speedup: $j guest(s) at a time"
	HOST_IR= "$HERE/scripts/bench-shards.sh" "$MODE" "$j" "$OUT/jobs-$j" || rc=1
done
/usr/bin/python3 -B "$HERE/bench/samecounts.py" "$OUT/jobs-1" "$OUT/jobs-$J" \
	> "$OUT/samecounts.txt"
same=$?
cat "$OUT/samecounts.txt"
[ "$same" = 0 ] || rc=1

# shards.time: N wall_ms sum_ms where
read -r _ w1 s1 _ < "$OUT/jobs-1/shards.time" || exit 1
read -r _ wj sj _ < "$OUT/jobs-$J/shards.time" || exit 1
ratio=$(awk -v a="$w1" -v b="$wj" 'BEGIN { printf "%.2f", b ? a / b : 0 }')
{
	echo "# Shards at once against one at a time"
	echo
	echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -m);"
	echo "one build, the same $MODE matrix, run twice back to back"
	echo "(scripts/bench-speedup.sh). Guest seconds are each shard's own"
	echo "time from boot to power-off, summed over its shards."
	echo
	echo "| guests at once | wall s | guest s, summed |"
	echo "|---:|---:|---:|"
	awk -v j="$J" -v w1="$w1" -v s1="$s1" -v wj="$wj" -v sj="$sj" 'BEGIN {
		printf "| 1 | %.1f | %.1f |\n", w1 / 1000, s1 / 1000
		printf "| %s | %.1f | %.1f |\n", j, wj / 1000, sj / 1000 }'
	echo
	echo "Speed-up, wall time of one at a time over $J at once: **$ratio**."
	echo
	echo "Counts: $(tail -n 1 "$OUT/samecounts.txt" | sed 's/^samecounts: //')."
	[ "$rc" = 0 ] || echo "A run or the comparison failed: its cells are not to be trusted (see jobs-*/shards)."
} > "$OUT/speedup.md"
echo "bench-speedup: 1 guest: $((w1 / 1000)) s, $J at once: $((wj / 1000)) s: speed-up $ratio; $OUT/speedup.md"
exit $rc
