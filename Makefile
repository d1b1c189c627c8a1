# Block GPIO bench: a patched Linux 6.12 in qemu-system-arm drives GPIO
# expander drivers over emulated I2C buses served by C chip models.
# Every output goes under $(B); nothing is installed outside it but the
# Debian packages `deps` pulls in.

B ?= build
override B := $(abspath $(B))
DEBUG ?= 0
QUICK ?= 0
JOBS ?= $(shell nproc)

KSRC := $(B)/linux
ifeq ($(DEBUG),1)
KOUT := $(B)/kernel-debug
KFRAGS := $(sort $(wildcard configs/*.config)) configs/debug/debug.config
# KASAN, lockdep and kmemleak slow the guest down several times over.
TIMEOUT ?= 1800
export TIMEOUT
else
KOUT := $(B)/kernel
KFRAGS := $(sort $(wildcard configs/*.config))
endif
KMAKE := $(MAKE) -s -C $(KSRC) O=$(KOUT) ARCH=arm \
	 CROSS_COMPILE=arm-linux-gnueabihf-
ZIMAGE := $(KOUT)/arch/arm/boot/zImage
KSTAMP := $(KOUT)/.built
PATCHES := $(shell grep -v '^[[:space:]]*\(\#\|$$\)' patches/series 2>/dev/null)

GUEST_CC := arm-linux-gnueabihf-gcc
GUEST_CFLAGS := -static -O2 -Wall -Wextra -Werror -std=gnu11 \
		-I$(KOUT)/usr-headers/include -Iguest
GUEST_SRCS := $(wildcard guest/*.c bench/guest/*.c)
GUEST_BINS := $(patsubst %.c,$(B)/guest-bin/%,$(notdir $(GUEST_SRCS)))
GUEST_HDRS := $(wildcard guest/*.h)

INITRAMFS := $(KOUT)/initramfs.cpio.gz
DAEMON := $(B)/models/expander-daemon
BOARD_DTB := $(B)/dtb/board.dtb
# base.dts is decompiled from QEMU's binary tree, so its phandles are plain
# numbers rather than &label references; dtc's clocks_property and
# gpios_property checks flag exactly those (pl011, pl031, pl061 clocks and
# the gpio-keys poweroff line), and only those, with no other warning.
DTC_WARN := -Wno-clocks_property -Wno-gpios_property

export B KOUT ZIMAGE INITRAMFS DAEMON BOARD_DTB

.PHONY: help deps kernel rootfs dtb models guest run test bench \
	test-host test-guest checkpatch clean distclean
.DEFAULT_GOAL := help

help:
	@echo "make bench      install what is missing, build, boot, benchmark, report"
	@echo "make test       the same set-up, then every test (non-zero on any failure)"
	@echo "make run        boot with an interactive console; CMD='...' runs one command"
	@echo "make deps       install missing host packages, fetch the guest's armhf packages"
	@echo "make kernel     extract linux-source-6.12, apply patches/series, configure, build"
	@echo "make rootfs     initramfs: armhf packages, modules, rootfs-overlay/, guest tools"
	@echo "make dtb        QEMU's base tree plus dts/board.dts"
	@echo "make models     the host daemon and chip models (expander-models/)"
	@echo "make test-host  host unit tests and fuzz replay only"
	@echo "make checkpatch scripts/checkpatch.pl --strict on every patch"
	@echo "Variables: B=$(B) DEBUG=1 (debug kernel) QUICK=1 (short bench) CMD=..."

# Stage times: every stage prints how long it took.
T = scripts/stage.sh

deps: $(B)/.deps
$(B)/.deps: scripts/deps.sh
	@$(T) deps scripts/deps.sh $(B)
	@touch $@

# --- kernel ------------------------------------------------------------
$(KSRC)/.applied-patches: patches/series $(addprefix patches/,$(PATCHES)) \
			  scripts/kernel-tree.sh | $(B)/.deps
	@$(T) patch scripts/kernel-tree.sh $(KSRC) $(CURDIR)/patches

$(KOUT)/.config: $(KSRC)/.applied-patches $(KFRAGS) scripts/kernel-config.sh
	@mkdir -p $(KOUT)
	@$(T) configure scripts/kernel-config.sh $(KSRC) $(KOUT) \
		$(addprefix $(CURDIR)/,$(KFRAGS))

$(KSTAMP): $(KOUT)/.config $(KSRC)/.applied-patches
	@$(T) kernel-build $(KMAKE) -j$(JOBS) zImage modules
	@rm -rf $(KOUT)/mods $(KOUT)/usr-headers
	@$(KMAKE) INSTALL_MOD_PATH=$(KOUT)/mods modules_install >/dev/null
	@$(KMAKE) INSTALL_HDR_PATH=$(KOUT)/usr-headers headers_install >/dev/null
	@touch $@

kernel: $(KSTAMP)

# --- guest -------------------------------------------------------------
$(B)/guest-bin/%: guest/%.c $(GUEST_HDRS) $(KSTAMP)
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<
$(B)/guest-bin/%: bench/guest/%.c $(GUEST_HDRS) $(KSTAMP)
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<
guest: $(GUEST_BINS)

$(INITRAMFS): $(KSTAMP) $(GUEST_BINS) $(B)/.deps scripts/mkrootfs.sh \
	      $(shell find rootfs-overlay -type f)
	@$(T) rootfs scripts/mkrootfs.sh $(B) $(KOUT) $@
rootfs: $(INITRAMFS)

# --- device tree -------------------------------------------------------
# QEMU generates the virt machine's tree; dumpdtb with the machine
# arguments that scripts/vm.sh uses gives the base the board extends.
$(B)/dtb/base.dts: scripts/vm.sh | $(B)/.deps
	@mkdir -p $(dir $@)
	@scripts/vm.sh dumpdtb $(B)/dtb/base.dtb
	@dtc -q -I dtb -O dts -o $@ $(B)/dtb/base.dtb

$(BOARD_DTB): dts/board.dts $(wildcard dts/*.dtsi) $(B)/dtb/base.dts
	dtc -I dts -O dtb $(DTC_WARN) -i $(B)/dtb -i dts -o $@ dts/board.dts
dtb: $(BOARD_DTB)

# --- host models -------------------------------------------------------
models: | $(B)/.deps
	@$(T) models $(MAKE) -s -C expander-models O=$(B)/models
$(DAEMON): models

test-host: | $(B)/.deps
	@$(T) host-tests $(MAKE) -s -C expander-models O=$(B)/models test fuzz-replay
	@$(T) ktap-check-test scripts/test-ktap-check.sh

# --- boot --------------------------------------------------------------
VM_DEPS := $(KSTAMP) $(INITRAMFS) $(BOARD_DTB) models

run: $(VM_DEPS)
	@scripts/vm.sh $(if $(CMD),cmd,shell) "$(CMD)"

test-guest: $(VM_DEPS)
	@$(T) guest-tests scripts/vm.sh test

test: test-host test-guest
	@echo "test: all passed"

bench: $(VM_DEPS)
	@PACED=1 $(T) bench scripts/vm.sh bench $(if $(filter 1,$(QUICK)),quick,full)
	@$(T) report /usr/bin/python3 bench/report.py $(B)/bench

# checkpatch runs inside the kernel tree (outside it, it reads the patch
# files as changes to themselves). The tree is a tarball without upstream
# history, so the commit ids in Fixes: tags cannot be looked up there.
# Its SPDX check needs Debian's python3 with python3-ply and python3-git.
checkpatch: $(KSRC)/.applied-patches
	@for p in $(PATCHES); do \
		(cd $(KSRC) && PATH=/usr/bin:$$PATH scripts/checkpatch.pl --strict -q \
			--ignore UNKNOWN_COMMIT_ID $(CURDIR)/patches/$$p) || exit 1; \
	done; echo "checkpatch: $(words $(PATCHES)) patches clean"

clean:
	rm -rf $(B)/models $(B)/guest-bin $(B)/dtb $(B)/run $(B)/bench
distclean:
	rm -rf $(B)
