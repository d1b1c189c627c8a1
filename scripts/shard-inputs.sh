#!/bin/bash
# shard-inputs.sh SHARDS N MODE: each shard's inputs, by content. A shard
# is "this kernel image, this initramfs, this DTB, this daemon binary,
# this selection": each is stored once under CAS (default $B/cas) as
# CAS/<sha256>, read-only, and SHARDS/K/inputs names them for shard K
# (SHARDS/K/select, from bench/plan.py), so that any machine with the
# same Debian packages and the shared build directory runs the shard
# from that file alone (scripts/shard-run.sh checks every sum first).
# The manifest, one line each:
#   mode full|quick        run-bench's mode
#   paced 0|1              the bus paced in real time (PACED)
#   NAME SHA256 PATH       kernel, initramfs, dtb, daemon, select
# Copies, not hard links: a rebuild that rewrites zImage or the
# initramfs in place must not change a stored input under a shard.
# Environment: B (or CAS), ZIMAGE INITRAMFS BOARD_DTB DAEMON (the
# Makefile's), PACED.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -u
S=${1:?usage: shard-inputs.sh SHARDS N MODE}
N=${2:?usage: shard-inputs.sh SHARDS N MODE}
MODE=${3:?usage: shard-inputs.sh SHARDS N MODE}
CAS=${CAS:-${B:?shard-inputs: B (the build directory) or CAS is not set}/cas}
die() { echo "shard-inputs: $*" >&2; exit 2; }
case $MODE in full|quick) ;; *) die "MODE=$MODE: want full or quick" ;; esac
mkdir -p "$CAS" || die "cannot make $CAS"

# store FILE: FILE's sha256, the file kept as CAS/<sha256> (once).
store() {
	local f=$1 sum
	[ -f "$f" ] || die "$f: no such file (is the build done?)"
	sum=$(sha256sum < "$f") || die "$f: cannot read"
	sum=${sum%% *}
	if [ ! -f "$CAS/$sum" ] ||
	   [ "$(sha256sum < "$CAS/$sum" | cut -d' ' -f1)" != "$sum" ]; then
		cp "$f" "$CAS/.$sum.$$" && chmod a-w "$CAS/.$sum.$$" &&
			mv -f "$CAS/.$sum.$$" "$CAS/$sum" ||
			die "cannot store $f in $CAS"
	fi
	SUM=$sum
}
common=
for x in kernel:${ZIMAGE:?} initramfs:${INITRAMFS:?} dtb:${BOARD_DTB:?} \
	 daemon:${DAEMON:?}; do
	store "${x#*:}"
	common+="${x%%:*} $SUM $CAS/$SUM"$'\n'
done
for k in $(seq "$N"); do
	store "$S/$k/select"
	{
		echo "# shard $k of $N: its inputs by content (scripts/shard-inputs.sh)"
		echo "mode $MODE"
		echo "paced ${PACED:-0}"
		printf '%s' "$common"
		echo "select $SUM $CAS/$SUM"
	} > "$S/$k/inputs"
done
