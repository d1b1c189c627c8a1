#!/bin/bash
# test-shards.sh N [TESTS]: the guest test suite (KUnit at boot and the
# files of rootfs-overlay/usr/lib/gpio-suite, or only TESTS, as
# scripts/vm.sh test takes them) as N guests at once, each with its own
# daemon, QEMU and run directory (KB/test-shards/K: vm.out, results/,
# r/ with its console.log and bus.log), the files cut between them by
# their last measured duration. Each guest's console is judged on its
# own (scripts/guestconsole.py check); the results of all of them land
# in KB/test-results (or TEST_RESULTS) as one run's. N=1, one file or
# TESTS=none: one guest, scripts/vm.sh test as before (RUN: KB/run).
#
# Why: a guest is one emulated CPU, one host core; a 2-core machine runs
# two guests at nearly twice the rate (the bench's shards measured 1.93,
# docs/cluster.md). KUnit runs in shard 1 only (at boot; the others
# boot with kunit.enable=0, as vm.sh does for a selection of files).
# Durations: KB/test-times (NAME SECONDS, the last run of each file,
# from its JUnit file's time); a file never measured gets the figure of
# DEFAULT_SECONDS below (a run on an idle 2-core machine). The cut is
# longest first, each to the least loaded guest.
# Environment: as scripts/vm.sh (the Makefile's B KB ZIMAGE INITRAMFS
# DAEMON BOARD_DTB; KUNIT, TIMEOUT, IDLE_TIMEOUT, TEST_RESULTS).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
N=${1:?usage: test-shards.sh N [TESTS]}
TESTS=${2:-}
HERE=$(cd "$(dirname "$0")/.." && pwd)
SUITE=$HERE/rootfs-overlay/usr/lib/gpio-suite
: "${KB:?test-shards: KB is not set: run make test-guest}"
case $N in ''|*[!0-9]*|0) echo "test-shards: N=$N: want a number of guests, 1 or more" >&2; exit 2 ;; esac
RESULTS=${TEST_RESULTS:-$KB/test-results}
TIMES=$KB/test-times

# Seconds of each file as make test runs it on a brand-new 2-core root
# (6.12's: two guests and the lifecycle test at once; 7.3's kselftests
# take about 90 s with its gpio-aggregator.sh stress loop), for a file
# that has no measured time in TIMES yet.
DEFAULT_SECONDS="10-skeleton-pca9555 26 30-parts 146 31-driver-minimum 45
32-spi-parts 36 33-spi-minimum 18 40-faults 36 50-interrupts 12
51-irq-drivers 125 52-irq-storm 25 53-irq-midread 8 45-concurrency 8
47-kselftest-gpio $([ "${KERNEL:-}" = 6.12 ] && echo 40 || echo 92)"
# KUnit's suites at boot, counted in shard 1's load.
KUNIT_SECONDS=15

# remember: the durations of the files this run's results hold, kept
# with those of files it did not run.
remember() {
	local f name t
	touch "$TIMES"
	for f in "$RESULTS"/[0-9][0-9]-*.xml; do
		[ -e "$f" ] || continue
		name=$(basename "$f" .xml)
		t=$(sed -n '2s/.*<testsuite [^>]* time="\([0-9.]*\)".*/\1/p' "$f")
		[ -n "$t" ] || continue
		awk -v n="$name" '$1 != n' "$TIMES" > "$TIMES.new"
		echo "$name $t" >> "$TIMES.new"
		mv "$TIMES.new" "$TIMES"
	done
}

all=$(ls "$SUITE" | grep '^[0-9][0-9]-')
files=
if [ -z "$TESTS" ]; then
	files=$all
elif [ "$TESTS" != none ]; then
	for w in $TESTS; do
		t=$(echo "$all" | grep -x -e "$w" -e "$w-.*" | head -n 1)
		[ -n "$t" ] || { echo "test-shards: no guest test $w in $SUITE" >&2; exit 2; }
		files="$files $t"
	done
fi
count=$(echo $files | wc -w)
if [ "$N" = 1 ] || [ "$count" -le 1 ]; then
	"$HERE/scripts/vm.sh" test "$TESTS"
	rc=$?
	remember
	exit $rc
fi
[ "$N" -gt "$count" ] && N=$count

# The cut: longest first, each file to the least loaded shard.
S=$KB/test-shards
rm -rf "$S"
mkdir -p "$S"
kunit=0
[ -z "$TESTS" ] || [ -n "${KUNIT:-}" ] && kunit=1
for f in $files; do
	t=$(awk -v n="$f" '$1 == n { t = $2 } END { print t }' "$TIMES" 2>/dev/null)
	[ -n "$t" ] || t=$(echo $DEFAULT_SECONDS | tr ' ' '\n' |
		awk -v n="$f" 'p == n { print; exit } { p = $0 }')
	echo "$f ${t:-5}"
done | sort -k2,2nr -k1,1 | awk -v n="$N" -v k0="$((kunit * KUNIT_SECONDS))" '
	BEGIN { for (i = 1; i <= n; i++) load[i] = 0; load[1] = k0 }
	{ m = 1; for (i = 2; i <= n; i++) if (load[i] < load[m]) m = i
	  load[m] += $2; list[m] = list[m] " " $1 }
	END { for (i = 1; i <= n; i++) printf "%d %.0f%s\n", i, load[i], list[i] }' |
while read -r k load list; do
	# each guest runs its files in the suite's order, as one guest
	# would (a file may count on what an earlier one left, such as
	# gpio-sim not loaded before 47-kselftest-gpio loads it)
	echo "$k $load $(printf '%s\n' $list | sort | paste -sd ' ')"
done > "$S/plan"

pids=()
while read -r k load list; do
	mkdir -p "$S/$k"
	# Shard 1 runs KUnit when the whole suite or KUNIT asks for it; a
	# shard's list of files would otherwise leave it out.
	ku=
	[ "$k" = 1 ] && [ "$kunit" = 1 ] && ku=${KUNIT:-*}
	echo "test: guest $k of $N (about $load s): $list${ku:+, KUnit}"
	KUNIT=$ku RUN=$S/$k/r TEST_RESULTS=$S/$k/results QUIET=1 \
		"$HERE/scripts/vm.sh" test "${list# }" > "$S/$k/vm.out" 2>&1 &
	pids+=($!)
done < "$S/plan"
# Each guest's top-level results as they come.
tail -n +1 -q -F --pid=$$ $(seq -f "$S/%g/r/console.log" "$N") 2>/dev/null |
	grep --line-buffered -a -E '^(not )?ok [0-9]+ [0-9][0-9]-' &
tailpid=$!
rc=0
for k in $(seq "$N"); do
	wait "${pids[$((k - 1))]}" || rc=1
done
kill "$tailpid" 2>/dev/null
wait "$tailpid" 2>/dev/null

# Each guest's verdict (vm.sh's own lines), then one set of results.
for k in $(seq "$N"); do
	echo "test: guest $k ($S/$k/vm.out):"
	grep -av '^vm: results' "$S/$k/vm.out" | sed 's/^/  /'
done
mkdir -p "$RESULTS"
rm -f "$RESULTS"/*.ktap "$RESULTS"/*.xml "$RESULTS"/*.json
for k in $(seq "$N"); do
	cp "$S/$k/results"/* "$RESULTS"/ 2>/dev/null
done
echo "test: results of $N guests: $(ls "$RESULTS" | grep -c '^[0-9][0-9]-.*\.xml$') guest test files, a .ktap and a JUnit .xml each, in $RESULTS"
remember
exit $rc
