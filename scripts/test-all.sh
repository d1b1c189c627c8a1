#!/bin/bash
# test-all.sh SINCE FIRST [NEXT...]: make test's order of work, after
# make deps: the host tests and every kernel's patches, post test,
# build and guest tests, arranged so that both cores of a 2-core
# machine stay busy (make test from nothing must fit CI's budget;
# README.md has the measured time). What runs beside what:
#
#   1. the host tests (make test-host)  | FIRST's tree (fetch, patches)
#   2. FIRST's post test                | FIRST's kernel and initramfs
#   3. FIRST's guest suite (one guest), | NEXT's tree, post test, kernel,
#      lifecycle, Slurm test            | initramfs, at nice 10
#   4. NEXT's guest suite (JOBS guests) | NEXT's lifecycle test
#
# Every job writes its output to BUILD/test-logs/NAME.log; its stage
# lines (and on failure its last lines) are printed when it ends, so the
# output of two jobs never interleaves. A failure fails the run but
# stops nothing else: a kernel that does not build skips its own tests,
# never another kernel's. Then scripts/summary.py's summaries (SUMMARY:
# the command, ":" under make -n) and the exit status: 1 if anything
# failed.
# Environment: MAKE (the make to call, with its flags), B (the build
# directory), SUMMARY.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
SINCE=${1:?usage: test-all.sh SINCE FIRST [NEXT...]}
FIRST=${2:?}
shift 2
NEXT=("$@")
: "${MAKE:?test-all: MAKE is not set: run make test}" "${B:?}"
M=($MAKE --no-print-directory)
L=$B/test-logs
mkdir -p "$L"
rm -f "$L"/*.log
failed=
declare -A PID

# bg NAME CMD...: CMD in the background, its output in L/NAME.log.
bg() {
	local name=$1
	shift
	"$@" > "$L/$name.log" 2>&1 < /dev/null &
	PID[$name]=$!
	echo "test: $name runs beside ($L/$name.log)"
}
# collect NAME WHAT: wait for NAME; its stage lines, and its last lines
# and WHAT added to the failures if it failed.
collect() {
	local name=$1 what=$2 rc=0
	wait "${PID[$name]}" || rc=$?
	echo "test: $name ended (exit $rc; $L/$name.log):"
	grep -a '^\[stage\]' "$L/$name.log" | sed 's/^/  /'
	if [ "$rc" != 0 ]; then
		tail -n 30 "$L/$name.log" | sed 's/^/  | /'
		[ -n "$what" ] && fail "$what"
	fi
	return 0
}
fail() {
	case " $failed " in *" $1 "*) ;; *) failed="$failed $1" ;; esac
}

# 1. The models first (the host tests and the guests share their
# build), then the host tests beside the first kernel's tree.
"${M[@]}" models || fail host
bg host-tests "${M[@]}" test-host
built=1
"${M[@]}" tree KERNEL="$FIRST" || { fail "$FIRST"; built=0; }

# 2. Its post test beside its build.
[ $built = 1 ] && bg "post-test-$FIRST" "${M[@]}" test-post KERNEL="$FIRST"
if [ $built = 1 ]; then
	"${M[@]}" kernel rootfs dtb KERNEL="$FIRST" || { fail "$FIRST"; built=0; }
fi
collect host-tests host

# 3. The next kernels prepared at nice 10 while the first one's guests
# run (one guest: the other core is theirs; with no next kernel, JOBS
# guests).
prep() {
	local k rc=0
	for k in "${NEXT[@]}"; do
		nice -n 10 "${M[@]}" test-post kernel rootfs KERNEL="$k" ||
			{ echo "$k" >> "$L/prep.failed"; rc=1; }
	done
	return $rc
}
rm -f "$L/prep.failed"
[ ${#NEXT[@]} -gt 0 ] && bg prep-next prep
[ -n "${PID[post-test-$FIRST]:-}" ] && collect "post-test-$FIRST" "$FIRST"
if [ $built = 1 ]; then
	one=()
	[ ${#NEXT[@]} -gt 0 ] && one=(JOBS=1)
	"${M[@]}" -k test-guest test-lifecycle test-slurm KERNEL="$FIRST" "${one[@]}" ||
		fail "$FIRST"
fi
# (a kernel that failed here is named in prep.failed, and fails below)
[ ${#NEXT[@]} -gt 0 ] && collect prep-next ""

# 4. Each next kernel: its guest suite in JOBS guests, its lifecycle
# test beside them.
for k in "${NEXT[@]}"; do
	if grep -qx "$k" "$L/prep.failed" 2>/dev/null; then
		fail "$k"
		continue
	fi
	bg "lifecycle-$k" "${M[@]}" test-lifecycle KERNEL="$k"
	"${M[@]}" test-guest KERNEL="$k" || fail "$k"
	collect "lifecycle-$k" "$k"
done

# A host test that failed fails every kernel's summary: the run failed
# (the summaries' stage tables say where).
kfailed=$failed
case " $failed " in *" host "*) kfailed="$FIRST ${NEXT[*]}" ;; esac
${SUMMARY:-:} test "$B" "$SINCE" "$FIRST ${NEXT[*]}" --failed "$kfailed"
if [ -n "$failed" ]; then
	echo "test: FAILED on$failed"
	exit 1
fi
echo "test: all passed ($FIRST ${NEXT[*]})"
