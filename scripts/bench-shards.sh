#!/bin/bash
# bench-shards.sh MODE N OUT [SELECT]: the guest bench (MODE full or
# quick) as N guests at once, each a shard of the matrix with its own
# daemon, QEMU and run directory (OUT/shards/K: its select, console.log,
# bus.log, r/ (its run directory: short, for the sockets' 108-byte
# paths), vm.out and rc), then one merged OUT/console.log and
# OUT/bus.log (bench/merge.py) for report.py and the other readers.
# The shards are cut by bench/plan.py; with SELECT (a selection file, as
# make review writes) one guest runs just that, or with N > 1 the units
# it names cut into N shards.
#
# Each shard's inputs (kernel, initramfs, DTB, daemon, selection) are
# stored by content under B/cas and named in OUT/shards/K/inputs
# (scripts/shard-inputs.sh); scripts/shard-run.sh checks them and runs
# the shard. Nothing is shared between the guests but those read-only
# inputs: each vm.sh has its own RUN (sockets, console, bus log), so two
# shards cannot meet in one run directory.
# BENCH_CLUSTER: where the shards run: empty, all N here at once;
# slurm, as one Slurm job array over the shared build directory
# (scripts/slurm-shards.sh, docs/cluster.md; make bench CLUSTER=slurm).
# Not CLUSTER: a cluster's login environment may set that.
# Environment: as scripts/vm.sh (the Makefile's B ZIMAGE INITRAMFS
# DAEMON BOARD_DTB), PACED, BENCH_CLUSTER, BENCH_FAIL_SHARD
# (shard-run.sh). HOST_IR (the whole matrix only): a command that fills
# the daemon's instruction-count cache (expander-models/load/run.sh ir);
# plan.py gives it to a shard as the unit host-ir, which shard-run.sh
# runs after that shard's guest (it is a cache: if it fails, bench-host
# counts what is missing itself).
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
CLUSTER=${BENCH_CLUSTER:-}
case $CLUSTER in ''|slurm) ;; *) echo "bench-shards: BENCH_CLUSTER=$CLUSTER: want slurm or nothing" >&2; exit 2 ;; esac
if [ -n "$SELECT" ] && [ "$N" = 1 ]; then
	mkdir -p "$S/1"
	cp "$SELECT" "$S/1/select" || exit 2
else
	# the host's unit, with the whole matrix only, if it has work
	host=
	[ -z "$SELECT" ] && [ -n "${HOST_IR:-}" ] &&
		! IR_CHECK=1 $HOST_IR > /dev/null 2>&1 && host=host-ir
	/usr/bin/python3 -B "$HERE/bench/plan.py" shards "$N" "$S" ${SELECT:+"$SELECT"} \
		$host | sed 's/^/bench: /'
	[ "${PIPESTATUS[0]}" = 0 ] || exit 2
fi
"$HERE/scripts/shard-inputs.sh" "$S" "$N" "$MODE" || exit 2

T0=${EPOCHREALTIME//[!0-9]/}
pids=()
for k in $(seq "$N"); do : > "$S/$k/vm.out"; done
case $CLUSTER in
'')	for k in $(seq "$N"); do
		"$HERE/scripts/shard-run.sh" "$S/$k" &
		pids+=($!)
	done ;;
slurm)	"$HERE/scripts/slurm-shards.sh" "$S" "$N" &
	pids+=($!) ;;
esac
# The shards' progress, one line each, as they come.
tail -n +1 -q -F --pid=$$ "$S"/*/vm.out 2>/dev/null |
	grep --line-buffered -a '^# bench:' &
tailpid=$!
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done
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
printf '%s %s %s %s\n' "$N" "$wall" "$sum" "${CLUSTER:-local}" > "$OUT/shards.time"
/usr/bin/python3 -B "$HERE/bench/merge.py" "$OUT" \
	$(for k in $(seq "$N"); do echo "$S/$k"; done) || rc=1
exit $rc
