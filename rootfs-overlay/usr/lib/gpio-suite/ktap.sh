# ktap.sh: sourced by each guest test. One KTAP document per test file.
#
#   ktap_plan N          print the plan: N checks follow (N computed from
#                        the test's data, e.g. the rows of a table)
#   ktap_plan            the plan is the number of checks the test runs:
#                        its output is held until ktap_done, then printed
#                        after "1..N" (KTAP wants the plan first)
#   check_eq DESC GOT WANT
#   check DESC CMD...    passes if CMD exits 0
#   ktap_skip DESC WHY
#   check_eq_todo REASON DESC GOT WANT   a known kernel bug (KTAP TODO)
#   ktap_done            exit non-zero if a check failed or the count is off
#
# A test with a held plan that stops before ktap_done (an error, exit)
# still prints what it did, and one more check that fails: "the test ran
# to its end". scripts/guestconsole.py fails a run whose results do not
# match a plan. While output is held, fds 8 and 9 keep the console.
# KVER: the running kernel as MAJOR * 100 + MINOR (6.12: 612, 7.3: 703),
# for the counts a mainline change moved between the two kernels the
# suite runs on; each use names the commit.
KVER=$(uname -r | awk -F. '{ print $1 * 100 + $2 }')

KTAP_N=0
KTAP_PLAN=0
KTAP_FAILED=0
KTAP_HELD=
KTAP_DONE=

ktap_plan() {
	if [ $# -gt 0 ]; then
		KTAP_PLAN=$1
		echo "1..$1"
		return
	fi
	KTAP_HELD=/tmp/ktap-held.$$
	exec 8>&1 9>&2 >"$KTAP_HELD" 2>&1
	trap ktap_release EXIT
}

# The held output behind its plan; on an early exit, one failed check more.
ktap_release() {
	[ -n "$KTAP_HELD" ] || return 0
	early=
	if [ -z "$KTAP_DONE" ]; then
		early=1
		KTAP_N=$((KTAP_N + 1))
		echo "not ok $KTAP_N the test ran to its end"
	fi
	exec >&8 2>&9 8>&- 9>&-
	echo "1..$KTAP_N"
	cat "$KTAP_HELD"
	rm -f "$KTAP_HELD"
	KTAP_HELD=
	[ -z "$early" ] || exit 1
}

ktap_result() {	# ok|fail DESC [DIRECTIVE]
	KTAP_N=$((KTAP_N + 1))
	if [ "$1" = ok ]; then
		echo "ok $KTAP_N $2${3:+ # $3}"
	else
		echo "not ok $KTAP_N $2"
		KTAP_FAILED=1
	fi
}

check_eq() {
	if [ "$2" = "$3" ]; then
		ktap_result ok "$1"
	else
		echo "# $1: got '$2', want '$3'"
		ktap_result fail "$1"
	fi
}

check() {
	desc=$1
	shift
	if out=$("$@" 2>&1); then
		ktap_result ok "$desc"
	else
		echo "# $desc: '$*' failed: $out" | head -n 5
		ktap_result fail "$desc"
	fi
}

ktap_skip() {
	ktap_result ok "$1" "SKIP $2"
}

# check_eq_todo REASON DESC GOT WANT: a check that a known kernel bug
# fails. KTAP's TODO directive marks it: "not ok N DESC # TODO REASON" is
# an expected failure (scripts/guestconsole.py lists it, does not fail on
# it); once the bug is fixed the check reads "ok N DESC # TODO REASON" and
# the directive should go.
check_eq_todo() {
	KTAP_N=$((KTAP_N + 1))
	if [ "$3" = "$4" ]; then
		echo "ok $KTAP_N $2 # TODO $1"
	else
		echo "# $2: got '$3', want '$4'"
		echo "not ok $KTAP_N $2 # TODO $1"
	fi
}

ktap_done() {
	if [ -n "$KTAP_HELD" ]; then
		KTAP_DONE=1
		ktap_release
		exit $KTAP_FAILED
	fi
	if [ "$KTAP_N" != "$KTAP_PLAN" ]; then
		echo "# planned $KTAP_PLAN checks, ran $KTAP_N"
		exit 1
	fi
	exit $KTAP_FAILED
}

# --- the bench's own helpers -------------------------------------------

# node_owner NODE DIR...: the first DIR whose DT node's path ends in NODE.
node_owner() {
	local node="$1" d
	shift
	for d in "$@"; do
		case "$(readlink -f "$d/of_node" 2>/dev/null)" in
		*/"$node") echo "$d"; return 0 ;;
		esac
	done
	return 1
}

# i2c_bus SLOT: the Linux i2c bus number of the virtio I2C adapter on
# virtio-mmio slot SLOT (its DT node is virtio_mmio@<a000000 + SLOT*0x200>).
# From I2C_BUSES when a script has taken it (i2c_buses_take), else from
# sysfs: a readlink per adapter, about 40 processes on this board.
i2c_bus() {
	local a n
	n=$(printf 'virtio_mmio@%x/i2c' $((0xa000000 + $1 * 0x200)))
	case " ${I2C_BUSES:-}" in
	*"/$n="*)
		a=${I2C_BUSES#*"/$n="}
		echo "${a%% *}"
		return 0 ;;
	esac
	a=$(node_owner "$n" /sys/bus/i2c/devices/i2c-*) || return 1
	echo "${a##*-}"
}

# i2c_buses_take: I2C_BUSES, every adapter's DT node and bus number
# ("NODE=N ..."), for i2c_bus; only where no adapter comes or goes
# afterwards (the bench, not the unbind tests).
i2c_buses_take() {
	local d o
	I2C_BUSES=
	for d in /sys/bus/i2c/devices/i2c-*; do
		o=$(readlink -f "$d/of_node" 2>/dev/null) && [ -n "$o" ] &&
			I2C_BUSES="$I2C_BUSES$o=${d##*-} "
	done
}

# gpiochip_at N ADDR: the gpiochipN of the I2C client at ADDR (two hex
# digits) on Linux I2C bus N (see i2c_bus); empty if it has none.
gpiochip_at() {
	set -- /sys/bus/i2c/devices/"$1"-00"$2"/gpiochip*
	[ -e "$1" ] && echo "${1##*/}"
}

# host_pins CHIP: the model's pins of CHIP (bus:addr) as hex digits,
# highest pin first ("a5c3"), as the chip's inputs read them.
host_pins() {
	benchctl "pins $1" | sed -n 's/^ok 0x\([0-9a-f]*\).*/\1/p'
}

# host_counter BUS NAME: one counter of one bus, from the host daemon.
host_counter() {
	benchctl "counters $1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1
}

# host_tx BUS: transactions on BUS since the last reset-counters.
host_tx() {
	host_counter "$1" transactions
}

host_reset() {
	benchctl reset-counters >/dev/null
}

# sleeps GPIOCHIP: "can-sleep" if gpiolib's debugfs file says the chip
# sleeps, else "no-sleep". Every access of a bus expander sleeps; a chip
# that says otherwise lets consumers call it from atomic context.
sleeps() {
	if grep -q "^$1: .*, can sleep" /sys/kernel/debug/gpio 2>/dev/null; then
		echo can-sleep
	else
		echo no-sleep
	fi
}

# spec_of GPIOCHIP MASK: gpiobench's "gpiochipN:o1,o2,..." for MASK's lines.
spec_of() {
	local i=0 s=""
	while [ $(($2 >> i)) -ne 0 ]; do
		[ $((($2 >> i) & 1)) = 1 ] && s="$s,$i"
		i=$((i + 1))
	done
	echo "$1:${s#,}"
}

# spi_master_of MASTER: the Linux SPI bus number of the master whose
# DT node's path ends in MASTER (spi.table).
spi_master_of() {
	local m
	m=$(node_owner "$1" /sys/class/spi_master/spi*) || return 1
	echo "${m##*spi}"
}

# gpiochip_of MASTER CS IDX: the IDX-th gpiochip (by number) of the SPI
# device on chip select CS of MASTER.
gpiochip_of() {
	local n
	n=$(spi_master_of "$1") || return 1
	ls -d /sys/bus/spi/devices/spi"$n.$2"/gpiochip* 2>/dev/null |
		sed 's/.*gpiochip//' | sort -n | sed -n "$(($3 + 1))p" |
		sed 's/^/gpiochip/'
}

# check_each_way DESC GPIOCHIP LINE GLINE BUS HCHIP PIN [TODO]: with both
# edges requested on LINE, the host takes PIN low and back high; each
# edge must give one event of its own (irqprobe edges prints a step per
# edge as 51-irq-drivers reads them). A driver that tells edges by
# comparing what it reads with what it read last and missed a read
# fails here: the interrupt still works, the line's level is wrong.
check_each_way() {
	local want="step=0 events=1 edges=falling;step=1 events=1 edges=rising;"
	local got
	got=$(irqprobe edges "$2" "$3" both "$4" "$5" "$6" "$7" 0 1 |
		sed 's/ tx=.*//' | tr '\n' ';')
	if [ -n "${8:-}" ]; then
		check_eq_todo "$8" "$1" "$got" "$want"
	else
		check_eq "$1" "$got" "$want"
	fi
}

# in_kernel SINCE: true if the running kernel's driver knows a part
# whose since (the guest tables' column: KVER of the first release that
# does, or -) is SINCE.
in_kernel() {
	[ "$1" = - ] || [ "$KVER" -ge "$1" ]
}

# not_in_kernel SINCE: why a part is skipped, for ktap_skip.
not_in_kernel() {
	echo "its driver knows it since $(($1 / 100)).$(($1 % 100)), this is $(uname -r)"
}
