#!/bin/bash
# test-daemon-lifecycle.sh: the host daemon outlives its guests, and its
# death fails a run at once, with a message. Three host-side cases, each a
# short boot (guest command mode) through scripts/vm.sh:
#
#  reboot     one QEMU, guest reboot allowed (REBOOT=1): the first boot
#             marks the daemon and runs `reboot -f`; the machine resets,
#             vhost-user rings are torn down and set up again; the second
#             boot sees the mark and runs the block and skeleton tests.
#  reconnect  a daemon started here; a first QEMU is killed (SIGKILL) in
#             the middle of bus traffic; a second QEMU against the same
#             daemon runs the block and skeleton tests.
#  death      the daemon is killed (SIGKILL) while the guest runs: vm.sh
#             must stop the guest and fail with "expander-daemon died".
#
# The mark is the daemon's own state, which is what survives: pin 7 of the
# PCF8574 at 0x38 on bus 19 (no test uses it), driven low from outside by
# the first boot and released by the second.
#
# Environment as for vm.sh (set by the Makefile). Prints one line per case
# and "lifecycle: N passed, M failed"; exits non-zero on any failure.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
VM=scripts/vm.sh
# Per boot (a bound for a hang; each boot takes seconds on an idle host);
# the debug kernel (DEBUG=1) boots and runs several times slower.
BOOT_TIMEOUT=${LIFECYCLE_TIMEOUT:-300}
L=$KB/lifecycle
rm -rf "$L"
mkdir -p "$L"
pass=0 failed=0
result() {	# ok|fail CASE MESSAGE
	if [ "$1" = ok ]; then
		pass=$((pass + 1))
		echo "lifecycle: ok   $2: $3"
	else
		failed=$((failed + 1))
		echo "lifecycle: FAIL $2: $3"
	fi
}

# kill_on_line LINE CONSOLE NAME DELAY: once the guest of vm.sh $VPID has
# printed LINE, wait DELAY seconds and SIGKILL vm.sh's child process NAME
# (by its id, as its parent's child). Sets killed to the time of the kill.
# Waits as long as a boot may take (a debug kernel on a loaded host has
# taken over 200 s to reach the guest's first line).
killed=
kill_on_line() {
	local end=$((SECONDS + BOOT_TIMEOUT))
	killed=
	while [ $SECONDS -lt $end ]; do
		if grep -q "^$1" "$2" 2>/dev/null; then
			sleep "$4"
			kill -9 "$(pgrep -P $VPID -x "$3")" && killed=$(date +%s.%N)
			return
		fi
		kill -0 $VPID 2>/dev/null || return
		sleep 0.1
	done
}

TESTS=/usr/lib/gpio-suite
SUITE="$TESTS/10-skeleton-pca9555 >/tmp/a 2>&1 && $TESTS/20-block-gpio >/tmp/b 2>&1; rc=\$?; grep -h '^not ok\\|^#' /tmp/a /tmp/b; echo SUITE-RC=\$rc; exit \$rc"
MARK='i2c19:38 7'

# --- reboot ------------------------------------------------------------
GUEST="if [ \"\$(benchctl 'pin $MARK')\" = 'ok 0' ]; then
	benchctl 'drive $MARK z' >/dev/null; echo BOOT-2; $SUITE
else
	benchctl 'drive $MARK 0' >/dev/null; echo BOOT-1; gpioblock set pca16 0xffff 0x1234; reboot -f
fi"
RUN=$L/reboot REBOOT=1 QUIET=1 TIMEOUT=$BOOT_TIMEOUT $VM cmd "$GUEST" > "$L/reboot.out" 2>&1
rc=$?
C=$L/reboot/console.log
if [ $rc = 0 ] && grep -q '^BOOT-1' "$C" && grep -q '^BOOT-2' "$C" &&
   grep -q '^SUITE-RC=0' "$C"; then
	result ok reboot "two boots on one daemon, second boot's tests pass"
else
	result fail reboot "vm.sh exit $rc; $(grep -c '^BOOT-' "$C" 2>/dev/null) boots seen; see $L/reboot.out"
fi

# --- reconnect -----------------------------------------------------------
R=$L/reconnect
mkdir -p "$R"
"$DAEMON" --dtb "$BOARD_DTB" --sock-dir "$R" --control "$R/control.sock" \
	--log "$R/bus.log" --ready-file "$R/ready" > "$R/daemon.out" 2> "$R/daemon.err" &
DPID=$!
trap 'kill -9 $DPID 2>/dev/null' EXIT
for _ in $(seq 100); do
	[ -e "$R/ready" ] && break
	sleep 0.1
done
# First QEMU: bus traffic without end; killed once it has started.
RUN=$R ATTACH_DPID=$DPID QUIET=1 TIMEOUT=$BOOT_TIMEOUT $VM cmd \
	'echo TRAFFIC; while :; do gpioblock set pca16 0xffff 0x5a5a; gpioblock get span24; done >/dev/null' \
	> "$L/reconnect-1.out" 2>&1 &
VPID=$!
kill_on_line TRAFFIC "$R/console.log" qemu-system-arm 1
wait $VPID
first=$?
RUN=$R ATTACH_DPID=$DPID QUIET=1 TIMEOUT=$BOOT_TIMEOUT $VM cmd "$SUITE" > "$L/reconnect-2.out" 2>&1
second=$?
if [ -n "$killed" ] && [ $first != 0 ] && [ $second = 0 ] &&
   kill -0 $DPID 2>/dev/null && grep -q '^SUITE-RC=0' "$R/console.log"; then
	result ok reconnect "QEMU killed mid-traffic; second QEMU on the same daemon: tests pass"
else
	result fail reconnect "killed=${killed:-no} first=$first second=$second; see $L/reconnect-2.out"
fi
kill $DPID 2>/dev/null
wait $DPID 2>/dev/null
daemon_rc=$?
trap - EXIT
# The daemon stops cleanly on SIGTERM (exit 0) after both connections.
if [ $daemon_rc = 0 ] && grep -q 'front-end disconnected' "$R/daemon.err" "$R/daemon.out" 2>/dev/null; then
	result ok reconnect-daemon "daemon saw the disconnect and stopped cleanly"
else
	result fail reconnect-daemon "daemon exit $daemon_rc; see $R/daemon.err"
fi

# --- death -------------------------------------------------------------
D=$L/death
RUN=$D QUIET=1 TIMEOUT=$BOOT_TIMEOUT $VM cmd 'echo WAITING; sleep 50' > "$L/death.out" 2>&1 &
VPID=$!
kill_on_line WAITING "$D/console.log" expander-daemon 0
wait $VPID
rc=$?
took=$([ -n "$killed" ] && echo "$(date +%s.%N) - $killed" | bc | cut -c1-4)
if [ -n "$killed" ] && [ $rc != 0 ] &&
   grep -q 'vm: FAIL: expander-daemon died during the run' "$L/death.out"; then
	result ok death "vm.sh failed ${took}s after the kill: $(grep -o 'expander-daemon died[^:]*' "$L/death.out")"
else
	result fail death "killed=${killed:+yes} vm.sh exit $rc; see $L/death.out"
fi

echo "lifecycle: $pass passed, $failed failed"
[ $failed = 0 ]
