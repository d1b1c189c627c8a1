#!/bin/sh
# load/run.sh test|bench O [DAEMON]: the load driver against the daemon.
#
# test:  every mix on generated boards (1 bus 1 chip, 8 buses 40 chips,
#        the largest board), serial and parallel, log on and off: every
#        reply and the counters exact (loadgen checks them); and the bus
#        log of a serial run, wall-clock fields dropped, byte for byte the
#        committed load/golden/serial.log. Ends with "N passed, N failed".
# bench: the figures (load/README.md): O/load/results.txt, one `result`
#        line per cell.
# ir:    only the instruction counts of bench's cells, into the cache
#        that bench reads (O/load/ir-cache): deterministic, so they may
#        run beside other work, while the CPU times may not.
# DAEMON defaults to O/expander-daemon.
set -u
mode=$1 O=$(cd "$2" && pwd) here=$(cd "$(dirname "$0")" && pwd)
daemon=${3:-$O/expander-daemon}
lg=$O/load/loadgen mixes=$here/mixes work=$O/load/work-$mode
rm -rf "$work" && mkdir -p "$work"

# board BUSES CHIPS: a compiled board, path on stdout.
board() {
	f=$work/board-$1-$2
	[ -f "$f.dtb" ] || { "$lg" board "$1" "$2" > "$f.dts" &&
		dtc -q -I dts -O dtb -o "$f.dtb" "$f.dts"; } || return 1
	echo "$f.dtb"
}

# Transactions in a mix's body.
body() {
	awk '/^repeat$/ { b = 1; next } b && /^[0-9a-fA-FT]/ { n++ }
	     END { print n + 0 }' "$1"
}

# Largest board the daemon serves: BOARD_MAX_BUSES in src/board/board.h.
maxbus=$(sed -n 's/^#define BOARD_MAX_BUSES[[:space:]]*//p' \
	"$here/../src/board/board.h")

if [ "$mode" = test ]; then
	pass=0 fail=0
	t() {	# NAME ARGS...: one loadgen run, ok or not ok
		name=$1; shift
		if out=$("$lg" run --daemon "$daemon" --dir "$work/run" "$@" \
			2>"$work/err"); then
			echo "ok - $name"; pass=$((pass + 1))
		else
			echo "not ok - $name"; fail=$((fail + 1))
			sed 's/^/  /' "$work/err" | head -n 20
			echo "  $out"
		fi
	}
	for cell in "1 1" "8 40" "$maxbus $((maxbus * 4))"; do
		set -- $cell
		dtb=$(board "$1" "$2") || exit 1
		for mix in "$mixes"/*.mix; do
			m=$(basename "$mix" .mix)
			t "$m ${1}x$2 serial log" --dtb "$dtb" --serial \
				--repeat 3 --log "$work/bus.log" "$mix"
			t "$m ${1}x$2 parallel log" --dtb "$dtb" --repeat 5 \
				--log "$work/bus.log" "$mix"
			t "$m ${1}x$2 parallel paced" --dtb "$dtb" --repeat 2 \
				--paced "$mix"
		done
	done
	# The log, byte for byte (wall-clock fields excepted).
	dtb=$(board 2 3)
	: > "$work/serial.log"
	for m in pca9555-line pca9555-block errors; do
		"$lg" run --daemon "$daemon" --dir "$work/run" --dtb "$dtb" \
			--serial --repeat 2 --log "$work/bus.log" \
			"$mixes/$m.mix" > /dev/null 2>&1
		sed 's/ wall_ns=[0-9]*//' "$work/bus.log" >> "$work/serial.log"
	done
	if cmp -s "$work/serial.log" "$here/golden/serial.log"; then
		echo "ok - bus log byte for byte"; pass=$((pass + 1))
	else
		echo "not ok - bus log byte for byte"; fail=$((fail + 1))
		diff "$here/golden/serial.log" "$work/serial.log" | head -n 10
	fi
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
fi

case $mode in bench|ir) ;; *) echo "usage: $0 test|bench|ir O [DAEMON]" >&2; exit 2 ;; esac
# QUICK=1: fewer transactions per cell. BASE_REV=REV: the same cells for
# the daemon of that revision too (built from git into O/load/base), side
# by side in the same run.
N=10000 NCG=640
[ "${QUICK:-0}" = 1 ] && N=3000 NCG=256
daemons="new=$daemon"
if [ -n "${BASE_REV:-}" ]; then
	bd=$O/load/base
	rm -rf "$bd" && mkdir -p "$bd/src" &&
	git -C "$here/../.." archive "$BASE_REV:expander-models" |
		tar -x -C "$bd/src" &&
	make -s -C "$bd/src" O="$bd/out" "$bd/out/expander-daemon" ||
		{ echo "run.sh: cannot build the daemon of $BASE_REV" >&2; exit 1; }
	daemons="$daemons base=$bd/out/expander-daemon"
	# src/board.h before the sources went into a folder per layer.
	basemax=$(cat "$bd/src/src/board/board.h" "$bd/src/src/board.h" \
		2>/dev/null | sed -n 's/^#define BOARD_MAX_BUSES[[:space:]]*//p')
fi
res=$O/load/results.txt
[ "$mode" = ir ] && res=$work/results.txt
: > "$res.tmp"
# Instructions per transaction: callgrind counts the daemon's whole run;
# two runs that differ only in how often the body repeats, differenced,
# leave the body's transactions alone (start-up and set-up cancel out).
# Serial mode: one transaction in flight on the board, the same steps in
# every run.
# A count is kept in O/load/ir-cache under the hash of what decides it:
# the daemon's and loadgen's binaries, the board, the mix and the other
# arguments (paths under the work directory without it). Two runs of one
# binary differ by a few hundred instructions in millions (the event
# loop's wake-ups), far below a transaction's; a cached count is one
# such run. A rebuilt daemon has another hash.
cache=$O/load/ir-cache
mkdir -p "$cache"
# Every cell of this daemon counted (for these NCG): a stamp, so that
# make bench gives the unit host-ir a shard's slot only when there is
# work (IR_CHECK=1 with mode ir: exit 0 if there is none).
stamp=$cache/complete-$(sha256sum "$daemon" "$lg" | sha256sum | cut -c1-16)-$NCG
if [ "$mode" = ir ] && [ "${IR_CHECK:-0}" = 1 ]; then
	[ -e "$stamp" ]
	exit
fi
ir() {	# DAEMON ARGS...: total instructions of one run under callgrind
	d=$1; shift
	key=$({ sha256sum "$d" "$lg" | cut -d' ' -f1
		for a in "$@"; do
			case $a in
			*.dtb|*.mix) sha256sum < "$a" ;;
			*) echo "${a#"$work"}" ;;
			esac
		done; } | sha256sum | cut -d' ' -f1)
	[ -s "$cache/$key" ] && { cat "$cache/$key"; return; }
	"$lg" run --daemon "$d" --dir "$work/run" --callgrind "$work/cg.out" \
		"$@" > /dev/null 2>"$work/err" || { cat "$work/err" >&2; return 1; }
	sed -n 's/^summary: *//p; s/^totals: *//p' "$work/cg.out" |
		head -n 1 > "$cache/$key.tmp" && [ -s "$cache/$key.tmp" ] &&
		mv "$cache/$key.tmp" "$cache/$key" && cat "$cache/$key"
}
# cell LABEL=DAEMON BUSES CHIPS MIX LOG: one line of figures.
cell() {
	label=${1%%=*} d=${1#*=} b=$2 c=$3 m=$4 log=$5
	dtb=$(board "$b" "$c") || return 1
	nbody=$(body "$mixes/$m.mix")
	la=; [ "$log" = 1 ] && la="--log $work/bus.log"
	k=$((NCG / (nbody * b) + 1))
	i1=$(ir "$d" --dtb "$dtb" --serial --repeat 1 $la "$mixes/$m.mix") &&
	i2=$(ir "$d" --dtb "$dtb" --serial --repeat $((1 + k)) $la \
		"$mixes/$m.mix") || return 1
	[ "$mode" = ir ] && return
	# CPU time: three runs (the machine is shared), each on a line.
	for rep in 1 2 3; do
		line=$("$lg" run --daemon "$d" --dir "$work/run" --dtb "$dtb" \
			--serial --repeat $((N / (nbody * b) + 1)) $la --tag cell \
			"$mixes/$m.mix" 2>&1 | tail -n 1)
		echo "$line daemon=$label chips=$c ir_diff=$((i2 - i1)) ir_tx=$((k * nbody * b))"
	done
}
# Boards: buses x chips (1, 40, 256 chips; 1 to 64 buses), and one chip
# a bus on 8 and 64 buses, for the per-bus cost alone. 256 chips on one
# bus do not fit (112 addresses).
echo "result buses=1 chips=256 skipped=over_112_chips_a_bus" >> "$res.tmp"
for bc in "1 1" "1 40" "8 8" "8 40" "8 256" "64 64" "64 256"; do
	set -- $bc
	b=$1 c=$2
	for m in pca9555-line pca9555-block; do
		for log in 1 0; do
			for dd in $daemons; do
				if [ "${dd%%=*}" = base ] && [ "$b" -gt "$basemax" ]; then
					echo "result tag=cell mix=$m buses=$b log=$log daemon=base chips=$c skipped=more_than_${basemax}_buses" >> "$res.tmp"
					continue
				fi
				cell "$dd" "$b" "$c" "$m" "$log" >> "$res.tmp" || exit 1
			done
		done
	done
done
touch "$stamp"
[ "$mode" = ir ] && { rm -f "$res.tmp"; exit 0; }
# Saturation: every bus as busy as one transfer in flight lets it, log on.
for b in 1 8; do
	dtb=$(board "$b" 40)
	for m in pca9555-line pca9555-block; do
		for dd in $daemons $daemons $daemons; do
			line=$("$lg" run --daemon "${dd#*=}" --dir "$work/run" \
				--dtb "$dtb" --log "$work/bus.log" --tag saturation \
				--repeat $((N / ($(body "$mixes/$m.mix") * b) + 1)) \
				"$mixes/$m.mix" 2>&1 | tail -n 1)
			echo "$line daemon=${dd%%=*} chips=40" >> "$res.tmp"
		done
	done
done
# Pacing at 1 MHz: completion minus bus-time deadline, one bus.
dtb=$(board 1 1)
for dd in $daemons $daemons $daemons; do
	line=$("$lg" run --daemon "${dd#*=}" --dir "$work/run" --dtb "$dtb" \
		--serial --paced --hz 1000000 --repeat $((N / 640 + 1)) \
		--log "$work/bus.log" --tag pacing "$mixes/pca9555-line.mix" 2>&1 |
		tail -n 1)
	echo "$line daemon=${dd%%=*} chips=1" >> "$res.tmp"
done
# The floor: a server that does nothing but wake up once per transaction.
# Paced, it also sleeps on a timer for a transaction's bus time (29 us:
# write [reg, val] at 1 MHz).
for rep in 1 2 3; do
	echo "$("$lg" floor $N) daemon=floor chips=0" >> "$res.tmp"
	echo "$("$lg" floor $((N / 4)) 29000) daemon=floor chips=0" >> "$res.tmp"
done
mv "$res.tmp" "$res"
cat "$res"
