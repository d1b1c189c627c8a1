#!/bin/sh
# test-ktap-check.sh: scripts/ktap-check.sh judges consoles as it should.
# The kernel messages that 46-bad-input and the kselftests provoke on
# purpose are no splats; a "# TODO" result (a known bug) is listed, not
# failed; a plain "not ok" and a real splat fail. Synthetic consoles, no
# guest; prints "ktap-check: N passed, M failed".
set -u
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 failed=0

console() {	# extra lines on stdin -> $T/console
	{
		echo "KTAP version 1"
		echo "1..1"
		echo "ok 1 something"
		cat
		echo "BENCH-EXIT=0"
	} > "$T/console"
}

expect() {	# DESC WANT(0|1)
	scripts/ktap-check.sh "$T/console" > "$T/out" 2>&1
	rc=$?
	if [ "$rc" = "$2" ]; then
		pass=$((pass + 1))
	else
		failed=$((failed + 1))
		echo "ktap-check: FAIL $1: exit $rc, want $2"
		sed 's/^/    /' "$T/out"
	fi
}

console <<'EOF'
gpio-block rel-bad-dup-lines: error -16: cannot create GPIO block dup-lines-block
gpio-block rel-bad-dup-lines: probe with driver gpio-block failed with error -16
platform rel-bad-offset: deferred probe pending: gpio-block: cannot create GPIO block offset-block
gpiochip_add_data_with_key: GPIOs 0..-1 (gpio-mockup-A) failed to register, -22
gpio-sim gpio-sim.0: probe with driver gpio-sim failed with error -34
    # WARNING: gpio cdev ABI v1 is deprecated.
EOF
expect "expected error messages are no splat" 0

console <<'EOF'
    not ok 18 value: plus sign: EINVAL # TODO kstrtou64 accepts a leading '+'
EOF
expect "a TODO result does not fail" 0
grep -q "^TODO: .*not ok 18" "$T/out" || {
	failed=$((failed + 1))
	echo "ktap-check: FAIL the TODO result is not listed"
}

console <<'EOF'
    not ok 3 a real failure
EOF
expect "a plain not ok fails" 1

console <<'EOF'
------------[ cut here ]------------
WARNING: CPU: 0 PID: 1 at drivers/gpio/gpiolib.c:1 x+0x1/0x2
EOF
expect "a WARN splat fails" 1

echo "ktap-check: $pass passed, $failed failed"
[ $failed = 0 ]
