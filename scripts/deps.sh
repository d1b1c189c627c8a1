#!/bin/sh
# deps.sh BUILD_DIR: install what the bench needs and is missing; quick
# when all is there.
# Host packages come from Debian's archive; the guest's armhf packages are
# downloaded (not installed) into the build directory and unpacked there.
# Every command the project's scripts and Makefiles call comes from a
# package named here or from Debian's Essential set (coreutils, grep, sed,
# findutils, mawk, tar, gzip, dpkg, bash, util-linux): a new machine has
# nothing else. At the end the toolchain and QEMU are tried for real, so a
# gap fails here, not minutes into a build.
set -eu
case ${1:-} in -h|--help)	# the header above is the usage
	awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"
	exit 0 ;;
esac
B=${1:?usage: deps.sh BUILD_DIR}
cd "$(dirname "$0")/.."

# Package: why, where it is not obvious.
#   libc6-dev-armhf-cross  the cross C library headers; only a Recommends of
#                          gcc-arm-linux-gnueabihf, which --no-install-
#                          recommends leaves out
#   procps                 pgrep, in scripts/test-daemon-lifecycle.sh
#   git                    scripts/kernel-tree.sh keeps the kernel as a git tree
#   python3-ply python3-git  checkpatch's spdxcheck.py
#   clang libclang-rt-14-dev  the fuzzers (libFuzzer, ASan, UBSan)
#   sigrok-cli             decodes the bench's VCD wires in a host test
#   valgrind               callgrind's instruction counts of the daemon
#   git-email libmailtools-perl  git send-email --dry-run on make post-series's
#                          files (scripts/test-post-series.sh); Mail::Address
#                          is only a Recommends of git-email, without which
#                          send-email dies
#   sparse yamllint        make check-upstream (scripts/check-sparse.sh,
#                          scripts/check-dt-bindings.sh)
#   slurm-wlm munge        make bench CLUSTER=slurm (sbatch, squeue, scancel:
#                          scripts/slurm-shards.sh) and its test, which starts
#                          its own one-node Slurm (slurmctld, slurmd, munged:
#                          scripts/tests/slurm-test.sh); docs/cluster.md
HOST_PKGS="qemu-system-arm gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
linux-source-6.12 device-tree-compiler libfdt-dev make gcc libc6-dev bc bison
flex libssl-dev libelf-dev cpio xz-utils gzip kmod rsync perl git procps
python3 python3-matplotlib python3-ply python3-git clang libclang-rt-14-dev
sigrok-cli valgrind git-email libmailtools-perl sparse
yamllint slurm-wlm munge"
# bash (and its libtinfo6): the upstream kselftest gpio-mockup.sh is a
# bash script.
GUEST_PKGS="busybox-static libc6 gpiod libgpiod2 i2c-tools libi2c0 bash
libtinfo6"

# QEMU: Debian 12's 7.2 never offers VIRTIO_GPIO_F_IRQ to the guest over
# vhost-user-gpio, so expander interrupts cannot reach it; 10.0 from
# bookworm-backports does. The backports source has apt's default
# backports priority (100): nothing else is ever upgraded from it, only
# the three QEMU packages asked for by name below.
QEMU_MIN=1:10.0
QEMU_PKGS="qemu-system-arm qemu-system-common qemu-system-data"
BACKPORTS=/etc/apt/sources.list.d/bookworm-backports.sources

# By-Hash=force and Retries: index files fetched by their hash (immutable)
# and downloads retried, so that a mirror in the middle of a sync fails
# nothing it need not (scripts/fetch-linux-source.sh does the same).
APT="apt-get -q -o DPkg::Lock::Timeout=600 -o Acquire::By-Hash=force
	-o Acquire::Retries=3"
export DEBIAN_FRONTEND=noninteractive

installed() {	# PKG: installed (any version)
	dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null |
		grep -q '^install ok installed$'
}
updated=0
# Before the first apt action: Debian 12 and root (scripts/preflight.sh),
# so that a user on another system, or not root, reads that and not a
# missing package later.
checked=0
preflight() {
	[ $checked = 1 ] && return
	scripts/preflight.sh system || exit 1
	checked=1
}
apt_update() {
	[ $updated = 1 ] && return
	preflight
	# A fresh machine's package lists may be empty or stale. An update
	# can fail on one index while the others arrive: seen here and in CI,
	# a mirror serving bookworm-security's armhf Packages.xz of another
	# size than its Release names ("Mirror sync in progress?") for over
	# a day. Try again; then go on with the indices apt did fetch, as apt
	# itself does: a package they lack fails below, by name. An archive
	# that does not answer at all stops here, as such (preflight.sh
	# apt-update: apt-get update itself exits 0 then).
	for try in 1 2; do
		scripts/preflight.sh apt-update $APT
		case $? in
		0) updated=1; return ;;
		3) exit 1 ;;
		esac
		[ $try = 2 ] && break
		echo "deps: apt-get update failed, again in 15 s" >&2
		sleep 15
	done
	echo "deps: apt-get update failed twice; going on with the package lists it fetched" >&2
	updated=1
}
die() {
	echo "deps: $*" >&2
	exit 1
}

missing=""
for p in $HOST_PKGS; do
	[ "$p" = qemu-system-arm ] && continue
	installed "$p" || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "deps: installing:$missing"
	apt_update
	$APT install -y --no-install-recommends $missing >/dev/null
fi

qemu_version() {
	dpkg-query -W -f='${Version}' qemu-system-arm 2>/dev/null || true
}
v=$(qemu_version)
if [ -z "$v" ] || ! dpkg --compare-versions "$v" ge "$QEMU_MIN"; then
	preflight
	if [ ! -e "$BACKPORTS" ]; then
		echo "deps: adding Debian's bookworm-backports ($BACKPORTS)"
		cat > "$BACKPORTS" <<-EOF
		# Added by expander-bench scripts/deps.sh: qemu-system-arm >= 10.0.
		Types: deb
		URIs: http://deb.debian.org/debian
		Suites: bookworm-backports
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
		EOF
		updated=0
	fi
	echo "deps: installing QEMU from bookworm-backports (have: ${v:-none})"
	apt_update
	$APT install -y --no-install-recommends \
		$(for p in $QEMU_PKGS; do printf '%s/bookworm-backports ' $p; done) >/dev/null
	v=$(qemu_version)
	dpkg --compare-versions "$v" ge "$QEMU_MIN" ||
		die "qemu-system-arm $v is older than $QEMU_MIN"
fi

if ! dpkg --print-foreign-architectures | grep -qx armhf; then
	preflight
	dpkg --add-architecture armhf
	updated=0
fi

mkdir -p "$B/debs"
for p in $GUEST_PKGS; do
	ls "$B/debs/${p}_"*_armhf.deb >/dev/null 2>&1 && continue
	apt_update
	echo "deps: downloading $p:armhf"
	(cd "$B/debs" && $APT download -o APT::Sandbox::User=root "$p:armhf" >/dev/null)
done

# libgpiod 2.1's tools beside Debian 12's 1.6 (a bench path of their own,
# gpiod2-tools): from bookworm-backports, where Debian 13's 2.1 is
# packaged for Debian 12; kept apart, as both packages are named gpiod
# (scripts/mkrootfs.sh puts 2.1's tools in /usr/lib/gpiod2/bin).
GUEST_BPO_PKGS="gpiod libgpiod3"
mkdir -p "$B/debs-gpiod2"
for p in $GUEST_BPO_PKGS; do
	ls "$B/debs-gpiod2/${p}_"*_armhf.deb >/dev/null 2>&1 && continue
	apt_update
	echo "deps: downloading $p:armhf from bookworm-backports"
	(cd "$B/debs-gpiod2" && $APT download -o APT::Sandbox::User=root \
		"$p:armhf/bookworm-backports" >/dev/null)
done

# --- checks: what the build and the boot will use, tried now -----------
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The guest tools are static armhf programs; every system header they
# include must come from the cross C library.
headers=$(cat guest/*.c guest/*.h |
	sed -n 's/^#include <\([^>]*\)>.*/\1/p' | grep -v '^linux/' | sort -u)
{
	for h in $headers; do echo "#include <$h>"; done
	echo 'int main(void) { return 0; }'
} > "$T/hdrs.c"
arm-linux-gnueabihf-gcc -static -std=gnu11 -o "$T/hdrs" "$T/hdrs.c" \
	2> "$T/cc.err" || {
	cat "$T/cc.err" >&2
	die "a static armhf program with the guest tools' headers does not build: is libc6-dev-armhf-cross installed?"
}

# The host side: a host program against libfdt, as the daemon is.
printf '#include <libfdt.h>\nint main(void) { return fdt_check_header(0) == 0; }\n' > "$T/fdt.c"
${CC:-cc} -o "$T/fdt" "$T/fdt.c" -lfdt 2> "$T/cc.err" || {
	cat "$T/cc.err" >&2
	die "a host program against libfdt does not build: are gcc, libc6-dev and libfdt-dev installed?"
}

# QEMU: the board's machine with the bench's options (scripts/vm.sh), and
# the devices the bench plugs into it.
scripts/vm.sh dumpdtb "$T/base.dtb" > "$T/qemu.err" 2>&1 && [ -s "$T/base.dtb" ] || {
	cat "$T/qemu.err" >&2
	die "qemu-system-arm does not start the board's machine (scripts/vm.sh dumpdtb)"
}
qemu-system-arm -device help > "$T/devices" 2>&1
for d in vhost-user-i2c-device vhost-user-gpio-device virtio-serial-device; do
	grep -q "\"$d\"" "$T/devices" || die "qemu-system-arm $v has no $d device"
done
echo "deps: ok (qemu-system-arm $v, $(arm-linux-gnueabihf-gcc -dumpversion) armhf gcc)"
