#!/bin/sh
# preflight.sh system: this machine can install the bench's packages: a
# Debian 12 (bookworm) system, as root. Fails naming which is not so,
# before apt does (apt's own message comes later and names a package,
# "Unable to locate package linux-source-7.3", not the cause).
#
# preflight.sh apt-update APT...: run `APT... update` (apt-get with the
# caller's options) and tell an unreachable archive from a partial
# failure. apt-get update exits 0 when it could fetch nothing at all,
# with only warnings ("W: Failed to fetch ... Temporary failure
# resolving"), so the exit status alone cannot tell. Exit 0: every index
# fetched; 1: some failed but others arrived (a mirror in the middle of a
# sync: the caller goes on with what apt has, as apt itself does); 3: no
# source answered (no network, no DNS, a proxy refusing): the cause
# printed, as apt printed it.
#
# OS_RELEASE: the os-release file to read (default /etc/os-release).
set -u
usage() {
	sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
}
die() {
	echo "preflight: $*" >&2
	exit 1
}

case ${1:-} in
-h|--help)
	usage
	exit 0 ;;
system)
	f=${OS_RELEASE:-/etc/os-release}
	id=$(sed -n 's/^ID=//p' "$f" 2>/dev/null | tr -d '"')
	ver=$(sed -n 's/^VERSION_ID=//p' "$f" 2>/dev/null | tr -d '"')
	name=$(sed -n 's/^PRETTY_NAME=//p' "$f" 2>/dev/null | tr -d '"')
	[ "$id" = debian ] && [ "$ver" = 12 ] ||
		die "this is ${name:-a system without $f}, not Debian 12 (bookworm):" \
		    "the bench installs Debian 12's packages (and QEMU from" \
		    "bookworm-backports); use a Debian 12 machine, container or" \
		    "root (make fresh-test builds one)"
	[ "$(id -u)" = 0 ] ||
		die "installing the missing packages needs root (apt-get install," \
		    "dpkg --add-architecture armhf): run this make as root (sudo)"
	exit 0 ;;
apt-update)
	shift
	[ $# -gt 0 ] || { usage >&2; exit 2; }
	log=$(mktemp)
	trap 'rm -f "$log"' EXIT
	"$@" update > "$log" 2>&1
	rc=$?
	# apt numbers each source it tries: Hit/Get when it answered, Ign/Err
	# when it did not.
	ok=$(grep -c '^\(Hit\|Get\):' "$log")
	if [ "$ok" = 0 ] && grep -q '^\(Err\|W\|E\):' "$log"; then
		echo "preflight: Debian's archive is unreachable (apt-get update" \
		     "fetched nothing; exit status $rc):" >&2
		grep '^\(Err\|W\|E\):\|^  ' "$log" | head -n 8 | sed 's/^/  /' >&2
		echo "preflight: check the network, DNS and any apt proxy" \
		     "(/etc/apt/apt.conf.d), then run make again" >&2
		exit 3
	fi
	if [ $rc != 0 ] || grep -q '^\(W\|E\): \(Failed to fetch\|Some index files\)' "$log"; then
		grep '^\(Err\|W\|E\):' "$log" | head -n 8 >&2
		exit 1
	fi
	exit 0 ;;
*)
	usage >&2
	exit 2 ;;
esac
