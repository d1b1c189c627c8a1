#!/bin/bash
# shard-run.sh SHARD_DIR: run one shard of the bench from its manifest
# (SHARD_DIR/inputs, scripts/shard-inputs.sh), here or as a task of a
# Slurm job array (scripts/slurm-shards.sh). Every input's sha256 is
# checked before anything boots: a mismatch (the shared build directory
# changed, a partial copy) fails the shard with the input named.
# Writes into SHARD_DIR: vm.out (scripts/vm.sh's output and this
# script's messages), console.log and bus.log (vm.sh), r/ (the guest's
# run directory), rc (the exit status) and ms (its wall time).
# Test hook: BENCH_FAIL_SHARD=K makes shard K exit 3 before it boots, so
# that a test sees a failed shard named in the report
# (scripts/tests/slurm-test.sh).
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
D=${1:?usage: shard-run.sh SHARD_DIR}
HERE=$(cd "$(dirname "$0")/.." && pwd)
K=$(basename "$D")
[ -f "$D/inputs" ] || { echo "shard-run: $D/inputs: no manifest" >&2; exit 2; }
T0=${EPOCHREALTIME//[!0-9]/}
finish() {
	local rc=$? e=${EPOCHREALTIME//[!0-9]/}
	echo "$rc" > "$D/rc"
	echo $(((e - T0) / 1000)) > "$D/ms"
}
trap finish EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
exec >> "$D/vm.out" 2>&1

fail() { echo "shard-run: shard $K: $*"; exit "${RC:-2}"; }
if [ "${BENCH_FAIL_SHARD:-}" = "$K" ]; then
	RC=3 fail "fails on purpose before booting (BENCH_FAIL_SHARD=$K, a test hook)"
fi
declare -A IN=()
mode= paced=0
while read -r name a b; do
	case $name in
	''|'#'*) ;;
	mode) mode=$a ;;
	paced) paced=$a ;;
	kernel|initramfs|dtb|daemon|select)
		[ -r "$b" ] || fail "input $name: $b: missing or unreadable on $(uname -n)"
		sum=$(sha256sum < "$b")
		[ "${sum%% *}" = "$a" ] ||
			fail "input $name: $b has sha256 ${sum%% *}, its manifest says $a: not booted"
		IN[$name]=$b ;;
	*) fail "$D/inputs: unknown line '$name'" ;;
	esac
done < "$D/inputs"
for n in kernel initramfs dtb daemon select; do
	[ -n "${IN[$n]:-}" ] || fail "$D/inputs names no $n"
done
case $mode in full|quick) ;; *) fail "$D/inputs: mode '$mode': want full or quick" ;; esac
[ "$paced" = 1 ] && export PACED=1 || unset PACED
echo "shard-run: shard $K on $(uname -n), inputs checked ($D/inputs)"
ZIMAGE=${IN[kernel]} INITRAMFS=${IN[initramfs]} BOARD_DTB=${IN[dtb]} \
	DAEMON=${IN[daemon]} RUN=$D/r BENCH_OUT=$D BENCH_SELECT=${IN[select]} \
	QUIET=progress "$HERE/scripts/vm.sh" bench "$mode"
rc=$?
# The host's unit plan.py put in this shard's slot (BENCH_HOST), after
# its guest: HOST_IR fills the daemon's instruction-count cache (a cache:
# what it leaves out, bench-host counts itself).
if [ -n "${HOST_IR:-}" ] && grep -q '^BENCH_HOST=.*ir' "${IN[select]}"; then
	echo "shard-run: shard $K: host-ir, the daemon's instruction counts"
	$HOST_IR > "$D/host-ir.out" 2>&1 ||
		echo "shard-run: shard $K: host-ir failed ($D/host-ir.out); bench-host counts them"
fi
exit $rc
