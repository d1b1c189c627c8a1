#!/bin/bash
# bench-shards.sh MODE N OUT [SELECT]: the guest bench (MODE full or
# quick) as N guests at once, each a shard of the matrix with its own
# daemon, QEMU and run directory (OUT/shards/K: its select, console.log,
# bus.log, r/ (its run directory: short, for the sockets' 108-byte
# paths), vm.out and rc), then one merged OUT/console.log and
# OUT/bus.log (bench/merge.py) for report.py and the other readers.
# The shards are cut by bench/plan.py; with SELECT (a selection file, as
# make review writes) one guest runs just that.
#
# Nothing is shared between the guests but the read-only kernel, initramfs,
# DTB and daemon binary: each vm.sh has its own RUN (sockets, console,
# bus log), so two shards cannot meet in one run directory.
# Environment: as scripts/vm.sh (the Makefile's KB ZIMAGE INITRAMFS
# DAEMON BOARD_DTB), PACED. HOST_IR: a command that fills the daemon's
# instruction-count cache (expander-models/load/run.sh ir): plan.py
# gives it to a shard as the unit host-ir, run in its slot after its
# guest, output in OUT/shards/K/host-ir.out (it is a cache: if it fails,
# the report's bench-host counts what is missing itself).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
MODE=${1:?usage: bench-shards.sh full|quick N OUT [SELECT]}
N=${2:?}
OUT=${3:?}
SELECT=${4:-}
HERE=$(cd "$(dirname "$0")/.." && pwd)
case $N in ''|*[!0-9]*|0) echo "bench-shards: N=$N: want a number of guests, 1 or more" >&2; exit 2 ;; esac

S=$OUT/shards
rm -rf "$S" "$OUT/console.log" "$OUT/bus.log"
mkdir -p "$S"
if [ -n "$SELECT" ]; then
	mkdir -p "$S/1"
	cp "$SELECT" "$S/1/select"
	N=1
else
	/usr/bin/python3 -B "$HERE/bench/plan.py" shards "$N" "$S" \
		${HOST_IR:+host-ir} | sed 's/^/bench: /'
fi

T0=${EPOCHREALTIME//[!0-9]/}
pids=()
for k in $(seq "$N"); do : > "$S/$k/vm.out"; done
for k in $(seq "$N"); do
	d=$S/$k
	(
		t=${EPOCHREALTIME//[!0-9]/}
		RUN=$d/r BENCH_OUT=$d BENCH_SELECT=$d/select QUIET=progress \
			"$HERE/scripts/vm.sh" bench "$MODE" > "$d/vm.out" 2>&1
		echo $? > "$d/rc"
		e=${EPOCHREALTIME//[!0-9]/}
		echo $(((e - t) / 1000)) > "$d/ms"
		if grep -q '^BENCH_HOST=.*ir' "$d/select"; then
			$HOST_IR > "$d/host-ir.out" 2>&1 ||
				echo "bench: shard $k: host-ir failed (bench-host counts them)"
		fi
	) &
	pids+=($!)
done
# The shards' progress, one line each, as they come.
tail -n +1 -q -F --pid=$$ "$S"/*/vm.out 2>/dev/null |
	grep --line-buffered -a '^# bench:' &
tailpid=$!
rc=0
for p in "${pids[@]}"; do wait "$p"; done
kill "$tailpid" 2>/dev/null
wait "$tailpid" 2>/dev/null
T1=${EPOCHREALTIME//[!0-9]/}

sum=0
for k in $(seq "$N"); do
	ms=$(cat "$S/$k/ms" 2>/dev/null || echo 0)
	sum=$((sum + ms))
	r=$(cat "$S/$k/rc" 2>/dev/null || echo '?')
	echo "bench: shard $k of $N: rc $r, guest $((ms / 1000)).$((ms % 1000 / 100)) s"
	[ "$r" = 0 ] || { rc=1; tail -n 3 "$S/$k/vm.out" | sed "s/^/bench: shard $k: /" >&2; }
done
wall=$(((T1 - T0) / 1000))
echo "bench: $N shard(s) in $((wall / 1000)).$((wall % 1000 / 100)) s of wall time; their guests ran $((sum / 1000)) s in all"
printf '%s %s %s\n' "$N" "$wall" "$sum" > "$OUT/shards.time"
/usr/bin/python3 -B "$HERE/bench/merge.py" "$OUT" \
	$(for k in $(seq "$N"); do echo "$S/$k"; done) || rc=1
exit $rc
