#!/bin/sh
# fetch-linux-source.sh VERSION DIR: Debian's linux-source-VERSION tarball
# under DIR, printing its path.
#
# 6.12 is Debian 12's own package (scripts/deps.sh installs it, the
# tarball is /usr/src/linux-source-6.12.tar.xz). Mainline is packaged in
# trixie-backports only; this machine stays a Debian 12 one, so that
# suite is never added to its sources: apt runs here with a configuration
# of the project's own under DIR (its own sources file, lists, cache and
# status), downloads the one package (architecture all) and dpkg-deb
# unpacks it, without installing anything.
set -eu
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
HERE=$(cd "$(dirname "$0")/.." && pwd)
V=${1:?usage: fetch-linux-source.sh VERSION DIR}
DIR=${2:?}
SUITE=trixie-backports
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

if [ "$V" = 6.12 ]; then
	echo /usr/src/linux-source-6.12.tar.xz
	exit 0
fi

out=$DIR/linux-source-$V.tar.xz
if [ -s "$out" ]; then
	echo "$out"
	exit 0
fi
A=$DIR/apt
mkdir -p "$A/sources" "$A/lists/partial" "$A/archives/partial" "$A/pkg"
: > "$A/status"
cat > "$A/sources/$SUITE.sources" <<EOF
Types: deb
URIs: http://deb.debian.org/debian
Suites: $SUITE
Components: main
Signed-By: $KEYRING
EOF
# By-Hash=force: index files by their hash, immutable, so a mirror in the
# middle of a sync (a Packages.xz newer than its Release) cannot fail it.
# No Dir::Etc::Parts: the machine's apt.conf.d (proxies, retries) still
# applies, as for any apt run here.
OPTS="-o Dir::Etc::sourcelist=/dev/null
	-o Dir::Etc::sourceparts=$A/sources
	-o Dir::State::Lists=$A/lists
	-o Dir::State::status=$A/status
	-o Dir::Cache::Archives=$A/archives
	-o Dir::Cache=$A -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=
	-o Acquire::Languages=none -o Acquire::By-Hash=force"
APT="apt-get -q $OPTS"
echo "kernel: fetching linux-source-$V from Debian's $SUITE" >&2
# Still retried: a mirror may be unreachable for a moment. apt-get update
# exits 0 when nothing answered (scripts/preflight.sh apt-update tells).
try=1
until "$HERE/scripts/preflight.sh" apt-update $APT; do
	[ $try = 3 ] && { echo "kernel: apt-get update of $SUITE failed 3 times (above)" >&2; exit 1; }
	echo "kernel: apt-get update failed (try $try of 3), again in $((try * 20)) s" >&2
	sleep $((try * 20))
	try=$((try + 1))
done
apt-cache $OPTS show "linux-source-$V" >/dev/null 2>&1 || {
	echo "kernel: Debian's $SUITE has no linux-source-$V; it has:" \
	     "$(apt-cache $OPTS pkgnames linux-source- 2>/dev/null | sort | tr '\n' ' ')" >&2
	exit 1
}
(cd "$A/archives" && $APT download "linux-source-$V" >&2)
deb=$(ls "$A"/archives/linux-source-"$V"_*_all.deb | tail -n 1)
rm -rf "$A/pkg"
dpkg-deb -x "$deb" "$A/pkg"
mv "$A/pkg/usr/src/linux-source-$V.tar.xz" "$out"
rm -rf "$A/pkg"
echo "kernel: $(basename "$deb")" >&2
echo "$out"
