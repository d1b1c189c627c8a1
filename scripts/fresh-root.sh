#!/bin/sh
# fresh-root.sh [TARGET...]: run make TARGET (default: test) in a fresh
# clone of the committed HEAD inside a brand-new minimal Debian 12 root
# (mmdebstrap minbase plus git and make, nothing else), so that every
# package the target needs must come from scripts/deps.sh, as on a new
# machine. A run in the developer's own tree hides packages installed by
# hand; this cannot. CI runs `make test` this way (.ci/run). After
# `make test`, docs/fresh-test.md and README.md's measured figures are
# rewritten from the run (scripts/measured.py): commit them.
#
# Needs root and Debian's archive. ROOT (default build/fresh-root) holds
# the root; it is made anew on every run. About 2 minutes more than the
# target itself.
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- test
ROOT=${ROOT:-$(pwd)/build/fresh-root}

if ! command -v mmdebstrap >/dev/null; then
	echo "fresh-root: installing mmdebstrap"
	apt-get -q -o DPkg::Lock::Timeout=600 update >/dev/null
	DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 \
		install -y --no-install-recommends mmdebstrap >/dev/null
fi

umount_all() {
	# Deepest first; lazily, so that a busy /dev never blocks the exit.
	grep -o " $ROOT/[^ ]*" /proc/mounts 2>/dev/null | sort -r |
	while read -r m; do umount -l "$m" 2>/dev/null || true; done
}
trap umount_all EXIT
trap 'exit 130' INT TERM
umount_all	# left behind by a killed run
# --one-file-system: never follow a bind mount into the host's /dev.
rm -rf --one-file-system "$ROOT"
mkdir -p "$ROOT"

t0=$(date +%s)
echo "fresh-root: minimal Debian 12 root in $ROOT"
mmdebstrap --quiet --variant=minbase --include=git,make,ca-certificates \
	bookworm "$ROOT" >/dev/null
# The archive a new machine of this kind starts with: this machine's
# Debian sources (bookworm, -updates, -security), none that a set-up
# added since (deps.sh adds bookworm-backports itself), and its apt
# settings (proxies, mirrors).
rm -f "$ROOT/etc/apt/sources.list"
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
	cp /etc/apt/sources.list.d/debian.sources "$ROOT/etc/apt/sources.list.d/"
else
	cp /etc/apt/sources.list "$ROOT/etc/apt/"
fi
cp -a /etc/apt/apt.conf.d/. "$ROOT/etc/apt/apt.conf.d/"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
git clone -q "$(pwd)" "$ROOT/src/project"
echo "fresh-root: root and clone of $(git rev-parse --short HEAD) in $(( $(date +%s) - t0 )) s"

mount -t proc proc "$ROOT/proc"
mount --rbind /sys "$ROOT/sys"
mount --rbind /dev "$ROOT/dev"

echo "fresh-root: make $*"
t0=$(date +%s)
set +e
chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	LANG=C.UTF-8 CI="${CI:-}" sh -c 'cd /src/project && exec make "$@"' make "$@"
rc=$?
set -e
echo "fresh-root: make $* exited $rc after $(( $(date +%s) - t0 )) s"
# make test's figures (time, disk) for README.md, from the run's own
# summaries: docs/fresh-test.md, then README's table (scripts/measured.py).
if [ "$*" = test ]; then
	/usr/bin/python3 -B scripts/measured.py collect "$ROOT" docs/fresh-test.md &&
		/usr/bin/python3 -B scripts/measured.py readme README.md docs/fresh-test.md
fi
exit $rc
