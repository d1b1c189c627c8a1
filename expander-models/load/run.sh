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
# DAEMON defaults to O/expander-daemon.
set -u
mode=$1 O=$(cd "$2" && pwd) here=$(cd "$(dirname "$0")" && pwd)
daemon=${3:-$O/expander-daemon}
lg=$O/load/loadgen mixes=$here/mixes work=$O/load/work
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

# Largest board the daemon serves: BOARD_MAX_BUSES in src/board.h.
maxbus=$(sed -n 's/^#define BOARD_MAX_BUSES[[:space:]]*//p' \
	"$here/../src/board.h")

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

[ "$mode" = bench ] || { echo "usage: $0 test|bench O [DAEMON]" >&2; exit 2; }
res=$O/load/results.txt
: > "$res.tmp"
# Instructions per transaction: callgrind counts the daemon's whole run;
# two runs that differ only in how often the body repeats, differenced,
# leave the body's transactions alone (start-up and set-up cancel out).
# Serial mode: one transaction in flight on the board, the same steps in
# every run.
ir() {	# total instructions of one run under callgrind
	"$lg" run --daemon "$daemon" --dir "$work/run" --callgrind \
		"$work/cg.out" "$@" > /dev/null 2>"$work/err" || {
		cat "$work/err" >&2; return 1; }
	sed -n 's/^summary: *//p; s/^totals: *//p' "$work/cg.out" | head -n 1
}
for b in 1 8 64; do
	for c in 1 40 256; do
		[ "$c" -lt "$b" ] && continue
		if [ "$b" -gt "$maxbus" ]; then
			echo "result buses=$b chips=$c skipped=more_than_${maxbus}_buses" >> "$res.tmp"
			continue
		fi
		dtb=$(board "$b" "$c" 2>/dev/null) || {
			echo "result buses=$b chips=$c skipped=over_112_a_bus" >> "$res.tmp"
			continue; }
		for m in pca9555-line pca9555-block; do
			nbody=$(body "$mixes/$m.mix")
			for log in 1 0; do
				la=; [ $log = 1 ] && la="--log $work/bus.log"
				# About 20000 transactions of CPU time.
				reps=$((20000 / (nbody * b) + 1))
				line=$("$lg" run --daemon "$daemon" --dir "$work/run" \
					--dtb "$dtb" --serial --repeat $reps $la \
					--tag cell "$mixes/$m.mix" 2>&1 | tail -n 1)
				# At least 1000 transactions between the two counts.
				d=$((1000 / (nbody * b) + 1))
				i1=$(ir --dtb "$dtb" --serial --repeat 1 $la "$mixes/$m.mix") &&
				i2=$(ir --dtb "$dtb" --serial --repeat $((1 + d)) $la "$mixes/$m.mix") ||
					exit 1
				echo "$line chips=$c ir_diff=$((i2 - i1)) ir_tx=$((d * nbody * b))" >> "$res.tmp"
			done
		done
	done
done
# Saturation: every bus as busy as one transfer in flight lets it, log on.
for b in 1 8; do
	dtb=$(board "$b" 40)
	for m in pca9555-line pca9555-block; do
		line=$("$lg" run --daemon "$daemon" --dir "$work/run" --dtb "$dtb" \
			--repeat $((20000 / ($(body "$mixes/$m.mix") * b) + 1)) \
			--log "$work/bus.log" --tag saturation "$mixes/$m.mix" 2>&1 |
			tail -n 1)
		echo "$line chips=40" >> "$res.tmp"
	done
done
# Pacing at 1 MHz: completion minus bus-time deadline, one bus.
dtb=$(board 1 1)
line=$("$lg" run --daemon "$daemon" --dir "$work/run" --dtb "$dtb" --serial \
	--paced --hz 1000000 --repeat 40 --log "$work/bus.log" --tag pacing \
	"$mixes/pca9555-line.mix" 2>&1 | tail -n 1)
echo "$line chips=1" >> "$res.tmp"
mv "$res.tmp" "$res"
cat "$res"
