#!/bin/bash
# vm.sh MODE [ARG]: the one place that starts the models' daemon and QEMU.
#
#   dumpdtb FILE  write the virt machine's own DT (no daemon, no boot)
#   shell         interactive console (Ctrl-A X quits)
#   cmd "CMD"     run one guest command; exit with its status
#   count "CMD"   the same, then print what it put on each bus
#                 (bench/count.py: transactions, bytes, bus time, decoded)
#   test [TESTS]  run KUnit (at boot) and the guest test suite; KTAP is
#                 checked on the host. TESTS: only those guest test files
#                 ("50" or "50-interrupts", several with spaces; "none":
#                 no file), then without KUnit unless KUNIT is set
#   bench         run the guest benchmark; results land in $KB/bench
#
# Environment (set by the Makefile): B KB KOUT ZIMAGE INITRAMFS DAEMON
# BOARD_DTB; KUNIT=GLOB (test: only the KUnit suites matching GLOB, the
# kernel's kunit.filter_glob, "suite" or "suite.case"); TIMEOUT (seconds, per boot), IDLE_TIMEOUT (seconds without a
# new console byte; 0 = none), PACED=1 (bus paced in real time);
# bench: BENCH_SELECT (a selection file), BENCH_OUT (where the console
# and bus log go; $KB/bench), RUN (the run directory; $KB/run); test:
# TEST_RESULTS (where the KTAP and JUnit files go; $KB/test-results).
# CMD_FILE: the command for cmd and count, read from this file instead of
# ARG (the Makefile writes CMD there untouched: quotes, $, newlines).
# For scripts/test-daemon-lifecycle.sh: ATTACH_DPID=PID boots against the
# daemon PID already serving RUN (not started, not stopped here; RUN is
# kept), REBOOT=1 lets a guest reboot restart the machine (no -no-reboot).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
MODE=$1
ARG=${2:-}
RUN=${RUN:-$KB/run}
ATTACH_DPID=${ATTACH_DPID:-}
MEM=256M

# The machine: QEMU virt, 32-bit Cortex-A15, memory in a shareable memfd
# so that the vhost-user daemon can map the rings and buffers. No default
# devices: -M virt would add a network card (and need its option ROM from
# ipxe-qemu); every device the bench uses is named on the command line.
MACHINE=(-cpu cortex-a15 -m $MEM -nodefaults
	 -object memory-backend-memfd,id=mem,size=$MEM,share=on)

if [ "$MODE" = dumpdtb ]; then
	exec qemu-system-arm -machine virt,memory-backend=mem,dumpdtb="$ARG" \
		"${MACHINE[@]}" -display none
fi

# Two bounds, so that nothing hangs and a busy host fails nothing: a hung
# guest falls silent, and IDLE_TIMEOUT catches that in minutes; TIMEOUT
# caps the whole boot. Most guest checks print a KTAP line every few
# seconds, but the interrupt-driver file holds its output for one line
# per driver (about 285 s on an idle 2-core machine, 13 min for the whole
# suite), and a host shared with kernel builds slows that severalfold:
# hence 600 s of silence before a guest counts as hung.
case $MODE in
shell)	TIMEOUT=${TIMEOUT:-0} IDLE_TIMEOUT=${IDLE_TIMEOUT:-0} ;;
cmd|count) TIMEOUT=${TIMEOUT:-600} IDLE_TIMEOUT=${IDLE_TIMEOUT:-0} ;;
test)	TIMEOUT=${TIMEOUT:-2400} IDLE_TIMEOUT=${IDLE_TIMEOUT:-600} ;;
bench)	TIMEOUT=${TIMEOUT:-2400} IDLE_TIMEOUT=${IDLE_TIMEOUT:-0} ;;
*)	echo "vm.sh: unknown mode $MODE" >&2; exit 2 ;;
esac

[ -n "$ATTACH_DPID" ] || rm -rf "$RUN"
mkdir -p "$RUN"
CONSOLE=$RUN/console.log
BUSLOG=$RUN/bus.log
if [ -n "${CMD_FILE:-}" ]; then
	cp "$CMD_FILE" "$RUN/cmd" || exit 2
else
	printf '%s' "$ARG" > "$RUN/cmd"
fi
printf '%s' "$MODE" > "$RUN/mode"

# --- the host side: one daemon serving every bus of the board -----------
DAEMON_ARGS=(--dtb "$BOARD_DTB" --sock-dir "$RUN" --control "$RUN/control.sock")
QPID=
if [ -n "$ATTACH_DPID" ]; then
	DPID=$ATTACH_DPID
else
	"$DAEMON" "${DAEMON_ARGS[@]}" --log "$BUSLOG" --ready-file "$RUN/ready" \
		${PACED:+--paced} > "$RUN/daemon.out" 2> "$RUN/daemon.err" &
	DPID=$!
fi
cleanup() {
	[ -n "$QPID" ] && kill "$QPID" 2>/dev/null
	[ -n "$ATTACH_DPID" ] && return
	kill "$DPID" 2>/dev/null
	# Never hang here: whatever does not stop on SIGTERM gets SIGKILL.
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		kill -0 "$DPID" 2>/dev/null || break
		sleep 0.2
	done
	kill -9 "$DPID" ${QPID:+"$QPID"} 2>/dev/null
	wait "$DPID" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for _ in $(seq 100); do
	[ -e "$RUN/ready" ] && break
	kill -0 $DPID 2>/dev/null || break
	sleep 0.1
done
if [ ! -e "$RUN/ready" ]; then
	echo "vm: expander-daemon did not start:" >&2
	cat "$RUN/daemon.err" >&2
	exit 2
fi
mapfile -t BUSES < <("$DAEMON" "${DAEMON_ARGS[@]}" --print-qemu-args)

# --- the guest ----------------------------------------------------------
APPEND="console=ttyAMA0 panic=-1"
# KUnit runs at boot: KUNIT picks suites by the kernel's own filter, a
# selection of guest test files alone leaves KUnit out; so does a bench
# (every shard would run it again, and nothing reads it there).
if [ "$MODE" = test ]; then
	if [ -n "${KUNIT:-}" ]; then
		APPEND+=" kunit.filter_glob=$KUNIT"
	elif [ -n "$ARG" ]; then
		APPEND+=" kunit.enable=0"
	fi
elif [ "$MODE" = bench ]; then
	APPEND+=" kunit.enable=0"
fi
# A guest reboot ends QEMU, unless a lifecycle test wants the reboot.
NOREBOOT=(-no-reboot)
[ "${REBOOT:-0}" = 1 ] && NOREBOOT=()
# KUnit prints its KTAP at KERN_INFO: keep the default loglevel.
# QEMU_TRACE=PATTERN: QEMU's trace events matching PATTERN (see
# qemu-system-arm -trace help) go to $RUN/qemu-trace.log, for host-side
# counts of emulated device accesses (scripts/measure-pl061.sh).
TRACE=()
if [ -n "${QEMU_TRACE:-}" ]; then
	rm -f "$RUN/qemu-trace.log"
	TRACE=(-trace "$QEMU_TRACE" -D "$RUN/qemu-trace.log")
fi
QEMU=(qemu-system-arm -machine virt,memory-backend=mem "${MACHINE[@]}" "${TRACE[@]}"
	-kernel "$ZIMAGE" -initrd "$INITRAMFS" -dtb "$BOARD_DTB"
	-append "$APPEND" "${NOREBOOT[@]}"
	"${BUSES[@]}"
	# The control channel: a virtio-serial port wired to the daemon's
	# control socket, so guest tests read the host's bus counters.
	-device virtio-serial-device,bus=virtio-mmio-bus.0
	-chardev socket,id=ctl,path="$RUN/control.sock"
	-device virtserialport,chardev=ctl,name=bench.control,nr=1
	# What to do once booted, read by /init from fw_cfg.
	-fw_cfg name=opt/bench/mode,file="$RUN/mode"
	-fw_cfg name=opt/bench/cmd,file="$RUN/cmd")
# BENCH_SELECT=FILE: the bench's selection (rootfs-overlay/usr/lib/bench/
# run-bench reads it): a shard of the matrix or a review's cells.
if [ -n "${BENCH_SELECT:-}" ]; then
	cp "$BENCH_SELECT" "$RUN/select" || exit 2
	QEMU+=(-fw_cfg name=opt/bench/select,file="$RUN/select")
fi
echo "vm: ${QEMU[*]}" | sed 's/ -/ \\\n    -/g' > "$RUN/qemu-cmd"
[ "${QUIET:-0}" = 1 ] || echo "vm: $(printf '%q ' "${QEMU[@]}")"

if [ "$MODE" = shell ]; then
	"${QEMU[@]}" -nographic -serial mon:stdio
	exit $?
fi

# The watch below runs every 0.2 s for the whole boot and forks nothing
# per pass: the clock is bash's EPOCHREALTIME in microseconds, the
# console is read through one fd as it grows, and the pause is a read
# that times out on a pipe nobody writes. The console starts empty here
# and QEMU truncates it again when it opens it, so that fd, opened once
# QEMU and tail run (they need not inherit it), reads every byte.
: > "$CONSOLE"
# secs MICROSECONDS WIDTH: SECS=the seconds as bc printed them (no
# leading 0 below one second), cut to WIDTH characters.
secs() {
	local s=$(($1 / 1000000)) f
	printf -v f %06d $(($1 % 1000000))
	[ "$s" = 0 ] && s=
	SECS=$s.$f
	[ "$1" = 0 ] && SECS=0
	SECS=${SECS:0:$2}
}

T0=${EPOCHREALTIME//[!0-9]/}
"${QEMU[@]}" -display none -monitor none -serial file:"$CONSOLE" </dev/null &
QPID=$!
# QUIET=1: nothing of the console; QUIET=progress: the bench's stage and
# progress lines only (make compare); else all of it.
case ${QUIET:-0} in
1)	;;
progress)
	tail -n +1 -F --pid=$QPID "$CONSOLE" 2>/dev/null |
		grep --line-buffered -a '^# \(progress\|bench\):' & ;;
*)	tail -n +1 -F --pid=$QPID "$CONSOLE" 2>/dev/null & ;;
esac

exec {con}<"$CONSOLE" {pause}<> <(:)
fail=
first_ktap=
seen_at=$T0
part=	# a console line still being written
while kill -0 $QPID 2>/dev/null; do
	now=${EPOCHREALTIME//[!0-9]/}
	# What the console gained since the last pass, a line at a time.
	grew=
	while :; do
		IFS= read -r -u $con line 2>/dev/null
		eol=$?
		[ $eol = 0 ] || [ -n "$line" ] || break
		grew=1
		part+=$line
		if [ -z "$first_ktap" ] && [[ $part == *'KTAP version'* ]]; then
			secs $((now - T0)) 5
			first_ktap=$SECS
		fi
		[ $eol = 0 ] || break
		part=
	done
	if ! kill -0 $DPID 2>/dev/null; then
		fail="expander-daemon died during the run: $(tail -n 3 "$RUN/daemon.err")"
		break
	fi
	if [ "$TIMEOUT" -gt 0 ] && ((now - T0 > TIMEOUT * 1000000)); then
		fail="timeout: the guest ran longer than ${TIMEOUT}s"
		break
	fi
	if [ -n "$grew" ]; then
		seen_at=$now
	elif [ "$IDLE_TIMEOUT" -gt 0 ] &&
	     ((now - seen_at > IDLE_TIMEOUT * 1000000)); then
		fail="timeout: no console output for ${IDLE_TIMEOUT}s ($(tail -n 1 "$CONSOLE" | cut -c1-80))"
		break
	fi
	read -r -t 0.2 -u $pause _
done
exec {con}<&- {pause}<&-
[ -n "$fail" ] && kill $QPID 2>/dev/null
wait $QPID 2>/dev/null
QPID=
sleep 0.3	# let tail print the last lines
T1=${EPOCHREALTIME//[!0-9]/}
secs $((T1 - T0)) 6
echo "vm: guest ran ${SECS}s${first_ktap:+, first KTAP line after ${first_ktap}s}"
echo "vm: console in $CONSOLE, bus log in $BUSLOG"

if [ -n "$fail" ]; then
	echo "vm: FAIL: $fail" >&2
	exit 1
fi

case $MODE in
cmd|count)
	rc=$(/usr/bin/python3 -B "${0%/*}/guestconsole.py" exit "$CONSOLE")
	if [ -z "$rc" ]; then
		echo "vm: the guest stopped before the command finished" >&2
		exit 1
	fi
	if [ "$MODE" = count ]; then
		[ "${QUIET:-0}" = 1 ] && sed -n '/^COUNT-OUTPUT-BEGIN/,/^COUNT-OUTPUT-END/p' \
			"$CONSOLE" | sed '1d;$d'
		echo "vm: the command exited with status $rc"
		/usr/bin/python3 bench/count.py "$RUN" || exit 1
	fi
	exit "$rc" ;;
test)
	/usr/bin/python3 -B "${0%/*}/guestconsole.py" check "$CONSOLE"
	rc=$?
	# The same run as files CI systems read (KTAP, JUnit; KUnit through
	# the kernel's own kunit.py parse): $KB/test-results, or
	# TEST_RESULTS. They describe the run; the verdict is check's.
	/usr/bin/python3 -B "${0%/*}/guestconsole.py" results "$CONSOLE" \
		"${TEST_RESULTS:-$KB/test-results}" \
		"$KB/linux/tools/testing/kunit/kunit.py" | sed 's/^/vm: /'
	exit $rc ;;
bench)
	mkdir -p "${BENCH_OUT:=$KB/bench}"
	cp "$CONSOLE" "$BUSLOG" "$BENCH_OUT/"
	rc=$(/usr/bin/python3 -B "${0%/*}/guestconsole.py" exit "$CONSOLE")
	[ "$rc" = 0 ] || { echo "vm: bench failed in the guest" >&2; exit 1; } ;;
esac
