#!/bin/sh
# test-guestconsole.sh: the host's console judge (guestconsole.py check)
# must pass a clean run and fail a run with any one kernel report injected. Each
# report below is a line as the 6.12 kernel prints it. The messages that
# 46-bad-input and the kselftests provoke on purpose are no splats, and a
# "# TODO" result (a known bug, listed) does not fail the run.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
DIR=$(dirname "$0")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

clean() {
	cat <<'LOG'
Booting Linux on physical CPU 0x0
KTAP version 1
1..1
    KTAP version 1
    # Subtest: 40-faults
    1..1
    ok 1 pca9555 NACK: block read fails with EIO
ok 1 40-faults
# guest tests: 1 passed, 0 failed
bench: kmemleak: scanned, report follows
bench: kmemleak: end of report
BENCH-EXIT=0
LOG
}

pass=0 fail=0
expect() {	# WANT(0|1) NAME: run the judge on $T/console
	/usr/bin/python3 -B "$DIR/guestconsole.py" check "$T/console" > "$T/out" 2>&1
	got=$?
	[ "$got" -ne 0 ] && got=1
	if [ "$got" = "$1" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $2: guestconsole.py check exited $got, want $1"
		sed 's/^/    /' "$T/out"
	fi
}

clean > "$T/console"
expect 0 "clean run"

while IFS='|' read -r name line; do
	[ -n "$name" ] || continue
	# The report lands in the middle of the run, as on a real console.
	clean | sed "/^    ok 1/a\\
$line" > "$T/console"
	expect 1 "$name"
done <<'REPORTS'
WARN|------------[ cut here ]------------
WARNING line|WARNING: CPU: 0 PID: 57 at drivers/gpio/gpiolib.c:3462 gpiochip_set_multiple+0x54/0x90
BUG|BUG: scheduling while atomic: sh/60/0x00000002
lockdep circular|WARNING: possible circular locking dependency detected
lockdep recursive|WARNING: possible recursive locking detected
lockdep inconsistent|WARNING: inconsistent lock state
lockdep with timestamp|[   12.345678] WARNING: bad unlock balance detected!
lockdep held at return|WARNING: lock held when returning to user space!
KASAN|BUG: KASAN: slab-use-after-free in virtio_i2c_msg_done+0x30/0x90
UBSAN|UBSAN: shift-out-of-bounds in drivers/gpio/gpiolib-block.c:412:15
atomic sleep|BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585
kmemleak report outside the guest's|unreferenced object 0xc3a1b200 (size 64):
oops|Internal error: Oops: 5 [#1] SMP ARM
hung task|INFO: task gpioblock:71 blocked for more than 120 seconds.
REPORTS

# A run that did not finish or failed a test fails too.
clean | sed '/^BENCH-EXIT/d' > "$T/console"
expect 1 "no BENCH-EXIT"
clean | sed 's/^    ok 1/    not ok 1/' > "$T/console"
expect 1 "a failed test"

# Results that do not match a plan: a test that stopped early (fewer),
# one that ran checks it did not plan (more), a suite missing a test.
clean | sed 's/^    1\.\.1$/    1..2/' > "$T/console"
expect 1 "fewer results than planned"
clean | sed '/^    ok 1/a\
    ok 2 an unplanned check' > "$T/console"
expect 1 "more results than planned"
clean | sed 's/^1\.\.1$/1..2/' > "$T/console"
expect 1 "a test missing from the suite"
if ! grep -q "plan 1..2, 1 results" "$T/out"; then
	fail=$((fail + 1))
	echo "FAIL: the plan mismatch is not named"
fi
# KUnit's nesting: suites in a document, parameterised cases one deeper.
kunit() {
	cat <<'LOG'
KTAP version 1
1..2
    KTAP version 1
    # Subtest: gpio-block
    # module: gpio_block_test
    1..2
        KTAP version 1
        # Subtest: parse
        ok 1 hex
        ok 2 decimal
    # parse: pass:2 fail:0 skip:0 total:2
    ok 1 parse
    ok 2 mask
ok 1 gpio-block
    KTAP version 1
    # Subtest: other
    1..1
    ok 1 one
ok 2 other
LOG
}
{ kunit; clean; } > "$T/console"
expect 0 "KUnit nesting, a case without a plan"
{ kunit | sed 's/^    1\.\.2$/    1..3/'; clean; } > "$T/console"
expect 1 "KUnit suite short of its plan"

# Errors the tests provoke on purpose: the run passes.
clean | sed '/^    ok 1/a\
gpio-block rel-bad-dup-lines: error -16: cannot create GPIO block dup-lines-block\
gpio-block rel-bad-dup-lines: probe with driver gpio-block failed with error -16\
platform rel-bad-offset: deferred probe pending: gpio-block: cannot create GPIO block offset-block\
gpiochip_add_data_with_key: GPIOs 0..-1 (gpio-mockup-A) failed to register, -22\
gpio-sim gpio-sim.0: probe with driver gpio-sim failed with error -34\
    # WARNING: gpio cdev ABI v1 is deprecated.' > "$T/console"
expect 0 "expected error messages"
clean | sed "s/^    ok 1 .*/    not ok 1 value: plus sign: EINVAL # TODO kstrtou64 accepts '+'/" \
	> "$T/console"
expect 0 "a TODO result"
if ! grep -q "^TODO: .*not ok 1 value" "$T/out"; then
	fail=$((fail + 1))
	echo "FAIL: the TODO result is not listed"
fi

# kmemleak's report (DEBUG=1): the probe's leak (kmemleak-test) must be
# in it, and nothing else.
leak() {	# LABEL FUNCTION [KIND]: one reported object allocated in
	# FUNCTION; KIND as 7.3 prints it before a per-CPU one's address
	cat <<LOG
unreferenced object ${3:+($3) }0xc3a1b2$1 (size 64):
  comm "sh", pid 71, jiffies 4294943001
  backtrace (crc 5a3c0e1d):
    __kmalloc_noprof+0x1b4/0x2b0
    $2
LOG
}
kml() {	# PROBE(0|1) OBJECTS...: a run whose report holds OBJECTS
	probe=$1; shift
	clean | sed '/^bench: kmemleak: scanned/,$d'
	[ "$probe" = 1 ] &&
		echo "bench: kmemleak: probe loaded (kmemleak-test leaks on purpose)"
	echo "kmemleak: 3 new suspected memory leaks (see /sys/kernel/debug/kmemleak)"
	echo "bench: kmemleak: scanned, report follows"
	for o in "$@"; do echo "$o"; done
	echo "bench: kmemleak: end of report"
	echo "BENCH-EXIT=0"
}
P=$(leak 00 'kmemleak_test_init+0x4c/0x1000 [kmemleak_test]')
L=$(leak 40 'desc_set_label+0x3c/0x98')
kml 1 "$P" "$P" > "$T/console"
expect 0 "kmemleak: only the probe's leak"
kml 1 "$P" "$L" > "$T/console"
expect 1 "kmemleak: a leak besides the probe's"
grep -q 'FAILED: kmemleak: unreferenced object 0xc3a1b240' "$T/out" || {
	fail=$((fail + 1)); echo "FAIL: the leaked object is not named"; }
kml 1 > "$T/console"
expect 1 "kmemleak: the probe's leak not reported (blind)"
kml 0 "$L" > "$T/console"
expect 1 "kmemleak: a leak, no probe"
# 7.3 names a per-CPU object "(percpu)" before its address: the probe's
# __alloc_percpu leak is one, and may be all a run's report holds.
PC=$(leak 80 'kmemleak_test_init+0x1dd/0x214 [kmemleak_test]' percpu)
LC=$(leak c0 'gpiochip_add_data_with_key+0x1c4/0x9e0' percpu)
kml 1 "$PC" > "$T/console"
expect 0 "kmemleak: the probe's per-CPU leak alone"
kml 1 "$PC" "$LC" > "$T/console"
expect 1 "kmemleak: a per-CPU leak besides the probe's"

# /init's exit status as vm.sh reads it (guestconsole.py exit): the last
# BENCH-EXIT line; none is an error.
{ clean; echo "BENCH-EXIT=3"; } > "$T/console"
got=$(/usr/bin/python3 -B "$DIR/guestconsole.py" exit "$T/console")
if [ "$got" = 3 ]; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL: exit status: got '$got', want 3"; fi
clean | sed '/^BENCH-EXIT/d' > "$T/console"
if /usr/bin/python3 -B "$DIR/guestconsole.py" exit "$T/console" >/dev/null; then
	fail=$((fail + 1)); echo "FAIL: exit status of a console without one"
else pass=$((pass + 1)); fi
# A console as the serial port writes it (CRLF) reads the same.
clean | sed 's/$/\r/' > "$T/console"
expect 0 "CRLF line ends"
clean | sed 's/^    ok 1/    not ok 1/; s/$/\r/' > "$T/console"
expect 1 "CRLF line ends, a failed test"

# results: a .ktap and a JUnit .xml per guest test, a failed check with
# its diagnostic, a known bug (TODO) as skipped, the test's time.
cat > "$T/console" <<'LOG'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: gpio-x
    1..1
    ok 1 x_one
ok 1 gpio-x
Run /init as init process
KTAP version 1
1..2
    KTAP version 1
    # Subtest: 40-faults
    1..1
    ok 1 pca9555 NACK: block read fails with EIO
    # 40-faults took 2.5 s
ok 1 40-faults
    KTAP version 1
    # Subtest: 53-irq-midread
    1..2
    # max7321: got 'events=0', want 'events=1'
    not ok 1 max7321: edge back
    not ok 2 pcf8575: two ports # TODO the chip's INT
    # 53-irq-midread took 9.0 s
not ok 2 53-irq-midread # exit 1
BENCH-EXIT=1
LOG
rm -rf "$T/res"
/usr/bin/python3 -B "$DIR/guestconsole.py" results "$T/console" "$T/res" > "$T/out" 2>&1
r() {	# DESC FILE PATTERN: FILE under $T/res has a line matching PATTERN
	if grep -q -- "$3" "$T/res/$2" 2>/dev/null; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: results: $1 ($2: no '$3')"; fi
}
r "a ktap per test" 40-faults.ktap '^ok 1 pca9555 NACK'
r "the KUnit part apart" kunit.ktap '^    ok 1 x_one'
r "a failed check's diagnostic" 53-irq-midread.xml "<failure message=\"max7321: edge back\">max7321: got 'events=0'"
r "a TODO as skipped" 53-irq-midread.xml 'skipped message="known bug (KTAP TODO, fails): the chip'
r "counts" 53-irq-midread.xml 'tests="2" failures="1" errors="0" skipped="1" time="9.0"'
r "a passing test" 40-faults.xml 'tests="1" failures="0"'
[ ! -e "$T/res/kunit.json" ] && pass=$((pass + 1)) ||
	{ fail=$((fail + 1)); echo "FAIL: results: kunit.json without kunit.py"; }

echo "guestconsole self-test: $pass passed, $fail failed"
[ "$fail" = 0 ]
