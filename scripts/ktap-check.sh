#!/bin/sh
# ktap-check.sh CONSOLE: judge a guest test run from its console log.
#
# Counts every KTAP result line (KUnit's, printed by the kernel, and the
# guest suite's, at any nesting depth), prints the failures and a summary,
# and fails on: any "not ok" (but "# TODO", a known bug, see ktap.sh),
# no result at all, a document whose results do not match its "1..N"
# plan (a test that stopped early or ran checks it did not plan), a
# guest suite that did not finish (BENCH-EXIT missing), or any kernel
# splat.
set -u
LOG=$1

# What a kernel prints when something is wrong, whatever the config:
# WARN and BUG (KASAN and "sleeping function called from invalid context"
# print as "BUG: ..."), oopses and panics, hung tasks, lockdep's reports
# (each a "WARNING: <what>" line, listed by name too in case a timestamp
# precedes it), UBSAN, refcount and list debugging. kmemleak's report is
# read apart, below. scripts/test-ktap-check.sh feeds one of each to this
# script.
SPLAT='------------\[ cut here \]------------|^(\[[ 0-9.]+\] )?WARNING:|BUG:|Oops|Kernel panic|Unable to handle kernel|Internal error:|INFO: task .* blocked|possible recursive locking|possible circular locking|inconsistent lock state|possible irq lock inversion|suspicious RCU usage|bad unlock balance|held lock freed|lock held when returning to user space|sleeping function called from invalid context|KASAN:|UBSAN:|general protection fault|refcount_t:|list_(add|del) corruption|Call trace:|Backtrace:'

# Plans: a KTAP document starts with "KTAP version 1" (or its plan) at
# some indentation (4 spaces per nesting level) and ends where a result
# line of the level above comes (its own result), where another document
# starts at its level or above, or at the end of the log. Its "1..N" must
# then match the results it had.
awk '
function depth(s) { match(s, /^ */); return int(RLENGTH / 4) }
function start(d) {
	close_from(d)
	open[d] = 1; plan[d] = -1; n[d] = 0; name[d] = d ? "?" : "top level"
	if (d > deepest) deepest = d
}
function close_from(d,    k) {
	for (k = deepest; k >= d; k--) {
		if (!open[k]) continue
		open[k] = 0
		if (plan[k] >= 0 && n[k] != plan[k]) {
			badplan++
			plans[badplan] = sprintf("%s (line %d): plan 1..%d, %d results", name[k], first[k], plan[k], n[k])
		}
	}
}
/^ *KTAP version/ { d = depth($0); start(d); first[d] = NR; next }
/^ *# Subtest: / {
	d = depth($0)
	if (open[d]) { name[d] = $0; sub(/^ *# Subtest: /, "", name[d]) }
	next
}
/^ *1\.\.[0-9]+/ {
	d = depth($0)
	if (!open[d] || n[d] > 0) { start(d); first[d] = NR }
	line = $0; sub(/^ *1\.\./, "", line); plan[d] = line + 0
	next
}
/^[ \t]*(ok|not ok) [0-9]+/ {
	d = depth($0)
	close_from(d + 1)
	if (open[d]) n[d]++
	line = $0
	sub(/^[ \t]*/, "", line)
	if (line ~ /# SKIP/) skip++
	# TODO: a check of a known bug (expected to fail), listed, not failed.
	else if (line ~ /# TODO/) { todo++; todos[todo] = $0 }
	else if (line ~ /^not ok/) { fail++; failed[fail] = $0 }
	else pass++
}
END {
	close_from(0)
	for (i = 1; i <= todo; i++) print "TODO: " todos[i]
	for (i = 1; i <= fail; i++) print "FAILED: " failed[i]
	for (i = 1; i <= badplan; i++) print "FAILED: results do not match the plan: " plans[i]
	printf "ktap: %d ok, %d not ok, %d skipped, %d todo (all nesting levels)\n", pass, fail, skip, todo
	exit (fail > 0 || pass == 0 || badplan > 0)
}' "$LOG"
rc=$?

if grep -Eq -e "$SPLAT" "$LOG"; then
	echo "FAILED: kernel splat on the console:"
	grep -En -e "$SPLAT" "$LOG" | head -n 20
	rc=1
fi
# kmemleak (DEBUG=1; rootfs-overlay/init): its report, object by object.
# A leak whose backtrace is not the probe's (kmemleak-test, which the
# guest loads to leak on purpose) fails the run; so does a report that
# misses the probe's leaks, since a check that cannot see those cannot
# see any. An object reported outside the guest's report fails too.
if grep -q 'unreferenced object 0x\|bench: kmemleak: probe' "$LOG"; then
	awk '
	function end_obj() {
		if (obj == "") return
		if (mine) probed++
		else if (++other <= 5) leaks[other] = obj
		obj = ""; mine = 0
	}
	/bench: kmemleak: probe loaded/ { probe = 1 }
	/bench: kmemleak: scanned, report follows/ { inrep = 1; next }
	/bench: kmemleak: end of report/ { end_obj(); inrep = 0; next }
	/unreferenced object 0x/ {
		end_obj()
		if (!inrep) { outside++; next }
		obj = $0; sub(/^.*unreferenced/, "unreferenced", obj)
		next
	}
	inrep && obj != "" && /kmemleak_test/ { mine = 1 }
	END {
		end_obj()
		for (i = 1; i <= other && i <= 5; i++)
			print "FAILED: kmemleak: " leaks[i]
		if (other)
			print "FAILED: kmemleak: " other " leaked objects besides the probe'\''s"
		if (outside)
			print "FAILED: kmemleak: objects reported outside the guest'\''s report"
		if (probe && !probed)
			print "FAILED: kmemleak: the probe'\''s deliberate leak was not reported: the check is blind"
		if (probe && probed && !other && !outside)
			print "kmemleak: no leak but the probe'\''s " probed " objects: the check sees leaks"
		exit (other || outside || (probe && !probed))
	}' "$LOG" || rc=1
fi
if ! grep -q '^BENCH-EXIT=' "$LOG"; then
	echo "FAILED: the guest suite did not finish (no BENCH-EXIT line)"
	rc=1
elif ! grep -q '^BENCH-EXIT=0' "$LOG"; then
	echo "FAILED: the guest suite exited $(sed -n 's/^BENCH-EXIT=//p' "$LOG")"
	rc=1
fi
t=$(grep -n -m1 'KTAP version' "$LOG" | cut -d: -f1)
[ -n "$t" ] && echo "ktap: first KTAP line is console line $t"
[ $rc = 0 ] && echo "ktap: PASS" || echo "ktap: FAIL (console: $LOG)"
exit $rc
