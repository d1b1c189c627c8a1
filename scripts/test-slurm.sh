#!/bin/bash
# test-slurm.sh: make bench CLUSTER=slurm through a one-node Slurm that
# this test starts on localhost (scripts/slurm-local.sh: munged,
# slurmctld, slurmd, all under $KB/slurm-test/slurm) and stops, against
# the same small selection run here without Slurm. Asserts: the Slurm
# run's report names the shard failed on purpose (BENCH_FAIL_SHARD, a
# hook of scripts/shard-run.sh) and make bench fails; every other
# record's counts equal the local run's, exactly (bench/samecounts.py:
# BENCH, IRQE, STUB lines of this selection), and the failed shard's records are the ones
# missing; each shard's inputs manifest names the same content in both
# runs; afterwards no munged, slurmctld, slurmd or slurmstepd of the
# test is left (pgrep). The daemons are stopped on every way out.
# The selection: SLURM_TEST_SELECT (default below), in
# SLURM_TEST_JOBS shards (default 3; shard 2 fails); the local run is
# scripts/bench-shards.sh into $KB/slurm-test/local. make bench writes
# into $KB/bench: the bench run there before, its summary and
# build/latest.md are moved aside and put back at the end.
# Environment: the Makefile's B KB KERNEL; SLURM_LOCAL_PORT
# (slurm-local.sh); TIMEOUT bounds each make bench (default 1200 s).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
HERE=$(cd "$(dirname "$0")/.." && pwd)
: "${B:?test-slurm: B (the build directory) is not set: run make test-slurm}"
: "${KB:?}" "${KERNEL:?}"
W=$KB/slurm-test
SL=$W/slurm
JOBS=${SLURM_TEST_JOBS:-3}
FAIL=2
LIMIT=${TIMEOUT:-1200}
fails=0
fail() { echo "test-slurm: FAIL: $*" >&2; fails=$((fails + 1)); }
say() { echo "test-slurm: $*"; }

# What make bench overwrites, moved aside and back whatever happens (a
# test killed outright left it in $W/aside: put back first).
ASIDE=("$KB/bench" "$KB/summary-bench.md" "$B/latest.md")
for f in "${ASIDE[@]}"; do
	a=$W/aside/$(basename "$f")
	[ -e "$a" ] && [ ! -e "$f" ] && mv "$a" "$f"
done
rm -rf "$W/local" "$W/slurm-run" "$W/aside"
mkdir -p "$W/aside" || exit 2
for f in "${ASIDE[@]}"; do
	[ -e "$f" ] && mv "$f" "$W/aside/$(basename "$f")"
done
stepds_before=$(pgrep -x slurmstepd | tr '\n' ' ')
# bounded OUT CMD...: CMD under timeout, its output in OUT, waited on in
# the background, so that a signal to this script runs cleanup at once
# (bash holds a trap until a foreground child ends); timeout hands the
# signal on to CMD's whole process group (make, its guests, sbatch's
# waiter, which cancels the job array).
CHILD=
bounded() {
	local out=$1 rc
	shift
	timeout -k 30 "$LIMIT" "$@" > "$out" 2>&1 < /dev/null &
	CHILD=$!
	wait "$CHILD"
	rc=$?
	CHILD=
	return $rc
}
cleanup() {
	local rc=$?
	if [ -n "$CHILD" ]; then
		kill -TERM "$CHILD" 2>/dev/null
		wait "$CHILD" 2>/dev/null
	fi
	"$HERE/scripts/slurm-local.sh" stop "$SL" >/dev/null 2>&1 ||
		echo "test-slurm: slurm-local.sh stop $SL failed" >&2
	for f in "${ASIDE[@]}"; do
		rm -rf "$f"
		[ -e "$W/aside/$(basename "$f")" ] && mv "$W/aside/$(basename "$f")" "$f"
	done
	exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A small selection (run-bench's header lists the variables): one
# matrix part at one speed without the paired runs, the i2c-stub cells,
# the per-edge interrupt cells of two parts: four units, three shards.
SEL=$W/select
if [ -n "${SLURM_TEST_SELECT:-}" ]; then
	cp "$SLURM_TEST_SELECT" "$SEL" || exit 2
else
	cat > "$SEL" <<-'EOF2'
	# scripts/test-slurm.sh
	BENCH_PARTS="pcf8574"
	BENCH_MAINLINE=0
	BENCH_EXTRAS="stub irq-edges"
	BENCH_EDGE_PARTS="pca9555 pcf8574"
	BENCH_SPEEDS="100000"
	BENCH_PAIRS=0
	EOF2
fi

# bench OUTDIR ARGS...: make bench QUICK=1 over the selection, bounded;
# its exit status in OUTDIR/make.rc, its output in OUTDIR/make.out, its
# bench directory copied to OUTDIR/bench.
bench() {
	local out=$1
	shift
	mkdir -p "$out"
	bounded "$out/make.out" env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS \
		make -C "$HERE" --no-print-directory bench BUILD="$B" \
		KERNEL="$KERNEL" QUICK=1 JOBS="$JOBS" SELECT="$SEL" "$@"
	echo $? > "$out/make.rc"
	grep -a '^bench: shard\|^slurm-shards\|^merge:\|^bench: [0-9]\|FAILED' "$out/make.out" | sed 's/^/  /'
	cp -r "$KB/bench" "$out/bench" 2>/dev/null
}

# The same shards here, without Slurm: bench-shards.sh as make bench
# runs it (the reports and bench-host add nothing to the counts).
say "local run: $JOBS shards here, no Slurm (scripts/bench-shards.sh)"
mkdir -p "$W/local/bench"
bounded "$W/local/run.out" env -u BENCH_CLUSTER -u BENCH_FAIL_SHARD \
	PACED=1 "$HERE/scripts/bench-shards.sh" quick "$JOBS" "$W/local/bench" "$SEL"
rc=$?
grep -a '^bench: shard\|^merge:\|^bench: [0-9]' "$W/local/run.out" | sed 's/^/  /'
[ $rc = 0 ] || fail "the local run exited $rc: $(tail -n 5 "$W/local/run.out")"

say "starting a one-node Slurm under $SL"
"$HERE/scripts/slurm-local.sh" start "$SL" || { fail "no Slurm"; exit 1; }
export SLURM_CONF=$SL/slurm.conf
say "Slurm run: $JOBS shards as a job array, shard $FAIL failing on purpose"
BENCH_FAIL_SHARD=$FAIL bench "$W/slurm-run" CLUSTER=slurm
"$HERE/scripts/slurm-local.sh" stop "$SL" || fail "stopping Slurm"
unset SLURM_CONF

L=$W/local/bench
R=$W/slurm-run/bench
# The failed shard: make bench fails, the report names it, and every
# report still ran (only the failed shard made make bench fail).
[ "$(cat "$W/slurm-run/make.rc")" != 0 ] ||
	fail "make bench CLUSTER=slurm exited 0 with shard $FAIL failed"
grep -a 'FAILED' "$W/slurm-run/make.out" | grep -v '^\[stage\] bench ' |
	grep -q . && fail "a stage of make bench CLUSTER=slurm failed: $(grep -a FAILED "$W/slurm-run/make.out")"
grep -q "the guest's bench failed" "$W/slurm-run/make.out" ||
	fail "make bench CLUSTER=slurm did not get to its end"
grep -q "kind=shard shard=$FAIL " "$R/report.md" 2>/dev/null ||
	fail "report.md does not name shard $FAIL as failed"
grep -q "fails on purpose" "$R/shards/$FAIL/vm.out" 2>/dev/null ||
	fail "shard $FAIL did not fail through the hook: $(cat "$R/shards/$FAIL/vm.out" 2>/dev/null)"
grep -q "^slurm-shards: job array" "$W/slurm-run/make.out" ||
	fail "the Slurm run did not go through sbatch"
for k in $(seq "$JOBS"); do
	[ "$k" = "$FAIL" ] && continue
	[ "$(cat "$R/shards/$k/rc" 2>/dev/null)" = 0 ] ||
		fail "shard $k under Slurm: rc $(cat "$R/shards/$k/rc" 2>/dev/null)"
	# the same inputs, by content, in both runs
	cmp -s <(cut -d' ' -f1,2 "$L/shards/$k/inputs") \
		<(cut -d' ' -f1,2 "$R/shards/$k/inputs") ||
		fail "shard $k: the two runs' manifests name other inputs"
done
[ -s "$L/shards/$FAIL/console.log" ] ||
	fail "the local run's shard $FAIL has no console to tell its records by"
/usr/bin/python3 -B "$HERE/bench/samecounts.py" "$L" "$R" \
	--missing-from "$L/shards/$FAIL" || fail "counts differ (above)"

# Nothing of the test's Slurm left.
left=$(pgrep -f -- "^(munged|slurmctld|slurmd) .*$SL/")
[ -z "$left" ] || fail "left running: $(ps -o pid=,args= -p "${left//$'\n'/,}")"
for p in $(pgrep -x slurmstepd); do
	case " $stepds_before " in *" $p "*) ;; *) fail "slurmstepd $p left running" ;; esac
done

if [ "$fails" = 0 ]; then
	say "1 passed, 0 failed"
	exit 0
fi
say "0 passed, 1 failed ($fails checks)"
exit 1
