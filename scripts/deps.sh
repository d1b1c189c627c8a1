#!/bin/sh
# Install what the bench needs and is missing; quick when all is there.
# Host packages come from Debian's archive; the guest's armhf packages are
# downloaded (not installed) into the build directory and unpacked there.
set -eu
B=${1:?usage: deps.sh BUILD_DIR}

HOST_PKGS="qemu-system-arm gcc-arm-linux-gnueabihf linux-source-6.12
device-tree-compiler libfdt-dev make gcc bc bison flex libssl-dev libelf-dev
cpio xz-utils gzip kmod rsync perl python3 python3-matplotlib python3-ply
python3-git
clang libclang-rt-14-dev"
GUEST_PKGS="busybox-static libc6 gpiod libgpiod2 i2c-tools libi2c0"

missing=""
for p in $HOST_PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q '^install ok installed$' || missing="$missing $p"
done
updated=0
apt_update() {
	[ $updated = 1 ] && return
	# A fresh machine's package lists may be empty or stale.
	apt-get update -q >/dev/null
	updated=1
}
if [ -n "$missing" ]; then
	echo "deps: installing:$missing"
	apt_update
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing >/dev/null
fi

if ! dpkg --print-foreign-architectures | grep -qx armhf; then
	dpkg --add-architecture armhf
	updated=0
fi

mkdir -p "$B/debs"
for p in $GUEST_PKGS; do
	ls "$B/debs/${p}_"*_armhf.deb >/dev/null 2>&1 && continue
	apt_update
	echo "deps: downloading $p:armhf"
	(cd "$B/debs" && apt-get download -q -o APT::Sandbox::User=root "$p:armhf" >/dev/null)
done
