# Block GPIO bench: a patched Linux (mainline 7.3 by default, or the 6.12
# LTS: KERNEL=6.12) in qemu-system-arm drives GPIO expander drivers over
# emulated I2C and SPI buses served by C chip models.
# Every output goes under $(B); nothing is installed outside it but the
# Debian packages `deps` pulls in. What depends on the kernel (its tree,
# build, initramfs, guest programs, runs, bench) goes under $(B)/KERNEL;
# the models, the board DT and the guest's Debian packages are shared.

# One meaning per name: BUILD is the build directory (default build), on
# every target; A and B are make compare's two sides, nothing else. B=DIR
# outside compare still names the build directory (what it did before
# compare took the name), never a patch set: a value that reads as one is
# an error, as is a build directory given as a side.
COMPARE_GOAL := $(filter compare,$(MAKECMDGOALS))
comma := ,
ifneq ($(COMPARE_GOAL),)
SPEC_A := $(A)
SPEC_B := $(if $(filter command line,$(origin B)),$(B))
ifeq ($(SPEC_A)$(SPEC_B)$(PATCHES),)
$(error make compare: say what to compare: A=SPEC B=SPEC (patch sets: series, -TOPIC/NNNN, +DIR), PATCHES=DIR, or A=6.12 B=7.3 (make help))
endif
SPEC_A := $(or $(SPEC_A),series)
SPEC_B := $(or $(SPEC_B),series)$(if $(PATCHES),$(comma)+$(abspath $(PATCHES)))
BUILD_DIR := $(or $(BUILD),build)
else
$(foreach v,A $(if $(filter review,$(MAKECMDGOALS)),,PATCHES),$(if $(and $($(v)),$(filter command line,$(origin $(v)))),$(error \
	$(v)=$($(v)): $(v)= goes with make compare only (make help))))
# A B in the environment is a make's export to its recipes (below):
# BUILD on the command line wins over it, as make's command line does.
ifneq ($(filter command line,$(origin B)),)
ifneq ($(filter series -% +% %$(comma)% 6.12 7.3,$(B)),)
$(error B=$(B): outside make compare B= is the build directory (BUILD= names it too); a patch set goes with make compare A=... B=...)
endif
ifneq ($(and $(BUILD),$(filter-out $(abspath $(BUILD)),$(abspath $(B)))),)
$(error BUILD=$(BUILD) and B=$(B): two build directories; give BUILD= alone)
endif
endif
BUILD_DIR := $(or $(BUILD),$(if $(filter command line environment,$(origin B)),$(B)),build)
endif
override B := $(abspath $(BUILD_DIR))
DEBUG ?= 0
QUICK ?= 0
JOBS ?= $(shell nproc)

# Mainline first: the maintainers this bench is for patch mainline; the
# LTS is what products ship. `make test` runs the guest suite on every
# kernel of KERNELS unless KERNEL is given; every other target uses KERNEL.
KERNELS := 7.3 6.12
TEST_KERNELS := $(if $(KERNEL),$(KERNEL),$(KERNELS))
KERNEL ?= $(firstword $(KERNELS))
# make compare A=6.12 B=7.3: two kernels of KERNELS, each with its own
# series (both A and B name one), rather than two patch sets of KERNEL.
COMPARE_KERNELS := $(if $(filter compare,$(MAKECMDGOALS)),$(filter \
	$(KERNELS),$(SPEC_A) $(SPEC_B)))
ifneq ($(COMPARE_KERNELS),)
ifneq ($(words $(COMPARE_KERNELS)) $(PATCHES),2 )
$(error make compare: A=$(SPEC_A) B=$(SPEC_B): two kernels of $(KERNELS), or two patch sets (PATCHES= goes with patch sets only))
endif
endif
ifeq ($(filter $(KERNEL),$(KERNELS)),)
$(error KERNEL=$(KERNEL): want one of $(KERNELS))
endif
KB := $(B)/$(KERNEL)
KSRC := $(KB)/linux
# Debian 12 ships 6.12's source; newer ones come from Debian's backports
# through apt's own configuration under $(KB) (scripts/fetch-linux-source.sh).
TARBALL := $(if $(filter 6.12,$(KERNEL)),/usr/src/linux-source-6.12.tar.xz,$(KB)/linux-source-$(KERNEL).tar.xz)
SERIES_FILE := patches/$(KERNEL)/series
# The fragments every kernel takes, then the kernel's own (an option
# renamed between releases).
KFRAGS_ALL := $(sort $(wildcard configs/*.config)) \
	      $(sort $(wildcard configs/$(KERNEL)/*.config))
ifeq ($(DEBUG),1)
KOUT := $(KB)/kernel-debug
KFRAGS := $(KFRAGS_ALL) configs/debug/debug.config
# KASAN, lockdep and kmemleak slow the guest down many times over: on a
# loaded 2-core host 10-skeleton-pca9555 alone took 191 s (each gpiofind
# walks every gpiochip). A guest test prints its KTAP only when it ends
# (ktap.sh holds it behind the plan), so the console stays silent for a
# whole test: the idle bound must exceed the longest one.
TIMEOUT ?= 14400
IDLE_TIMEOUT ?= 2400
LIFECYCLE_TIMEOUT ?= 1800
export TIMEOUT IDLE_TIMEOUT LIFECYCLE_TIMEOUT
else
KOUT := $(KB)/kernel
KFRAGS := $(KFRAGS_ALL)
endif
KMAKE := $(MAKE) -s -C $(KSRC) O=$(KOUT) ARCH=arm \
	 CROSS_COMPILE=arm-linux-gnueabihf-
ZIMAGE := $(KOUT)/arch/arm/boot/zImage
KSTAMP := $(KOUT)/.built
# The topic series of patches/KERNEL/series, expanded to their patch files
# (paths relative to patches/: scripts/series.sh).
SERIES_PATCHES := $(shell scripts/series.sh $(SERIES_FILE) patches 2>/dev/null)
TOPICS := $(shell scripts/series.sh --topics $(SERIES_FILE) 2>/dev/null)

# Bad input stops make here, when it reads its command line, before deps
# or any build: a missing CMD or CELL, compare's sides (each patch named
# once, each folder with a patch, both sides applying on the kernel tree
# when it is there: scripts/compare-spec.sh), a debug kernel's latency,
# the drill on another kernel.
GOALS := $(or $(MAKECMDGOALS),help)
ifneq ($(filter count,$(GOALS)),)
ifeq ($(value CMD),)
$(error usage: make count CMD='gpioset ...' (the guest command to count))
endif
endif
ifneq ($(filter wire,$(GOALS)),)
ifeq ($(value CELL),)
$(error usage: make wire CELL='part=... path=... op=... lines=... hz=...')
endif
endif
ifneq ($(and $(filter drill,$(GOALS)),$(filter-out 7.3,$(KERNEL))),)
$(error make drill: the drill is 7.3's (mainline's fix it reverts is not in $(KERNEL)); run it without KERNEL=)
endif
# KASAN, lockdep and kmemleak cost more than the drivers do: a latency
# measured on that kernel says nothing about them.
ifneq ($(and $(filter bench compare drill review,$(GOALS)),$(filter 1,$(DEBUG)),$(if $(filter 1,$(DEBUG_BENCH)),,1)),)
$(error DEBUG=1 with $(filter bench compare drill review,$(GOALS)): latency on a debug (KASAN, lockdep) kernel measures the debug options, not the drivers; DEBUG_BENCH=1 to run it anyway)
endif
# Patch sets (not two kernels): checked now; the apply check too when the
# tree is there, else right after it is extracted, before the kernel is
# built (the recipe of $(KSRC)/.applied-patches).
ifneq ($(and $(COMPARE_GOAL),$(if $(COMPARE_KERNELS),,1)),)
COMPARE_APPLY_LATER := $(if $(wildcard $(KSRC)/.git),,1)
$(shell scripts/compare-spec.sh $(SERIES_FILE) patches $(KSRC) '$(SPEC_A)' '$(SPEC_B)' >&2)
ifneq ($(.SHELLSTATUS),0)
$(error make compare: A=$(SPEC_A) B=$(SPEC_B) rejected (above); nothing built)
endif
endif

# make bench's shards: here (CLUSTER unset), or CLUSTER=slurm: one Slurm
# job array over the shared build directory (scripts/slurm-shards.sh,
# docs/cluster.md); SELECT=FILE: only the units a selection file names
# (run-bench's BENCH_* variables), cut into JOBS shards. Taken from the
# command line only (a cluster's login environment may set CLUSTER), and
# checked now, before deps or any build.
CLUSTERS := slurm
BENCH_CLUSTER := $(if $(filter command line,$(origin CLUSTER)),$(CLUSTER))
BENCH_SELECT := $(if $(filter command line,$(origin SELECT)),$(abspath $(SELECT)))
ifneq ($(filter-out $(CLUSTERS),$(BENCH_CLUSTER))$(word 2,$(BENCH_CLUSTER)),)
$(error CLUSTER=$(BENCH_CLUSTER): want one of $(CLUSTERS), or none (make bench runs its shards here))
endif
ifneq ($(and $(BENCH_SELECT),$(if $(wildcard $(BENCH_SELECT)),,1)),)
$(error SELECT=$(SELECT): no such selection file)
endif

# make post-series, make check-upstream: which topic series of
# patches/KERNEL/series (all of them but the stable backports unless
# given; check-upstream leaves the block RFC to TOPIC=block).
TOPIC ?=
POST_TOPICS := $(or $(TOPIC),$(filter-out stable,$(TOPICS)))

GUEST_CC := arm-linux-gnueabihf-gcc
GUEST_CFLAGS := -static -O2 -Wall -Wextra -Werror -std=gnu11 \
		-I$(KOUT)/usr-headers/include -Iguest
GUEST_SRCS := $(wildcard guest/*.c)
GUEST_BINS := $(patsubst %.c,$(KB)/guest-bin/%,$(notdir $(GUEST_SRCS)))
GUEST_HDRS := $(wildcard guest/*.h)

# The upstream GPIO kselftests of the same tree (guest test 47-kselftest-gpio):
# their C helpers built static for the guest, their scripts as they are.
KSFT_SRC := $(KSRC)/tools/testing/selftests/gpio
KSFT := $(KB)/kselftest/gpio
# What each tree's tools/testing/selftests/gpio/Makefile lists (its
# TEST_GEN_PROGS_EXTENDED; TEST_PROGS and TEST_FILES): 7.3 adds the
# aggregator's test and the character device's use-after-free test.
KSFT_C_6.12 := gpio-mockup-cdev gpio-chip-info gpio-line-name
KSFT_SH_6.12 := gpio-mockup.sh gpio-mockup-sysfs.sh gpio-sim.sh
KSFT_C_7.3 := $(KSFT_C_6.12) gpio-cdev-uaf
KSFT_SH_7.3 := $(KSFT_SH_6.12) gpio-aggregator.sh gpio-cdev-uaf.sh
KSFT_BINS := $(addprefix $(KSFT)/,$(KSFT_C_$(KERNEL)))
KSFT_SCRIPTS := $(addprefix $(KSFT)/,$(KSFT_SH_$(KERNEL)))
# The run list, TEST_PROGS as the tree's Makefile has it: the guest's
# 47-kselftest-gpio runs what the tree ships, unmodified.
KSFT_LIST := $(KSFT)/TEST_PROGS
KSFT_FILES := $(KSFT_BINS) $(KSFT_SCRIPTS) $(KSFT_LIST)

INITRAMFS := $(KOUT)/initramfs.cpio.gz
# What the guest's tables of parts are made of (scripts/mkrootfs.sh,
# catalogue/gen.py): the catalogue and the board DT.
CATALOGUE_DEPS := catalogue/parts.tsv $(wildcard catalogue/*.py) \
		  dts/board.dts $(wildcard dts/*.dtsi)
DAEMON := $(B)/models/expander-daemon
BOARD_DTB := $(B)/dtb/board.dtb
# base.dts is decompiled from QEMU's binary tree, so its phandles are plain
# numbers rather than &label references; dtc's clocks_property and
# gpios_property checks flag exactly those (pl011, pl031, pl061 clocks and
# the gpio-keys poweroff line), and only those, with no other warning.
DTC_WARN := -Wno-clocks_property -Wno-gpios_property

export B KB KERNEL KOUT ZIMAGE INITRAMFS DAEMON BOARD_DTB

.PHONY: help deps tree kernel rootfs dtb models guest run count wire test bench \
	test-host test-guest test-lifecycle test-kernel test-slurm fresh-test checkpatch check-builds \
	check-upstream measure-pl061 compare drill review clean bench-host bench-speedup \
	post-series test-post distclean
.DEFAULT_GOAL := help

# Every target of .PHONY and every variable the user sets is listed
# here (scripts/tests/test_make_errors.py checks it against .PHONY).
help:
	@echo "Start: make bench, or make test. Outputs go under BUILD (build/); KERNEL's under BUILD/KERNEL."
	@echo "make bench      install what is missing, build, boot, benchmark, report (BUILD/KERNEL/bench/report.md)"
	@echo "make test       the same set-up, then every test (non-zero on any failure)"
	@echo "make run        boot with an interactive console; CMD='...' runs one command"
	@echo "make count CMD='...'  run one command; per bus what it put on the wire (V=1: the whole console)"
	@echo "make wire CELL='part=.. path=.. op=.. lines=.. hz=..'  SCL/SDA VCD of bench cells"
	@echo "make deps       install missing host packages (as root, Debian 12), fetch the guest's armhf packages"
	@echo "make tree       fetch/extract linux-source-KERNEL, apply patches/KERNEL/series (no build)"
	@echo "make kernel     the tree, then configure and build"
	@echo "make guest      the guest's own programs (guest/*.c), static armhf"
	@echo "make rootfs     initramfs: armhf packages, modules, rootfs-overlay/, guest tools"
	@echo "make dtb        QEMU's base tree plus dts/board.dts"
	@echo "make models     the host daemon and chip models (expander-models/)"
	@echo "make test-host  host unit tests, fuzz replay and a bounded fuzz run (no kernel, no QEMU)"
	@echo "make test-guest KUnit and the guest suite on KERNEL, in JOBS guests at once; T=NN: that"
	@echo "             guest test alone, KUNIT=SUITE: that KUnit suite alone (kunit.filter_glob)"
	@echo "make test-lifecycle  the daemon across guest reboot, QEMU restart, its death"
	@echo "make test-post  make post-series's files under a test identity, git send-email --dry-run"
	@echo "make test-kernel  test-post, test-guest and test-lifecycle on KERNEL"
	@echo "make test-slurm make bench CLUSTER=slurm through a one-node Slurm the test starts on"
	@echo "             localhost, against the same selection run here (make test: first kernel)"
	@echo "make fresh-test make test in a fresh clone inside a new minimal Debian 12 root (as CI)"
	@echo "make bench-host the daemon's cost under the load driver, no QEMU (BASE_REV=REV: and that revision's)"
	@echo "make bench-speedup  the guest bench one guest at a time, then JOBS at once: same counts, the speed-up"
	@echo "make measure-pl061  driver calls of a block operation on QEMU's pl061 (no get/set_multiple)"
	@echo "make compare A=SPEC B=SPEC  two kernels of KERNEL from two patch sets, same matrix, what changed"
	@echo "             per cell. SPEC: series (as it is), -TOPIC/NNNN (without that one patch),"
	@echo "             +DIR (with DIR's *.patch or DIR/series on top), comma-separated;"
	@echo "             e.g. A=-gpio-pca953x/0001 B=series. PATCHES=DIR: B=series,+DIR"
	@echo "make compare A=6.12 B=7.3  the two kernels, each with its series; every changed cell with its cause"
	@echo "make review MBOX=FILE|PATCH=FILE|PATCHES=DIR [BASE=mainline|series] [NAME=...]"
	@echo "             posted patches on the bench: the cells they can change, base (cached)"
	@echo "             and patched, a reply to paste: build/KERNEL/review/NAME/reply.txt"
	@echo "make drill      mainline's fix 30e0fd3c0273 reverted, through make review on pristine 7.3:"
	@echo "             exactly the cells it costs must change"
	@echo "make checkpatch scripts/checkpatch.pl --strict on every patch"
	@echo "make check-builds  the series with OF and GPIO_SYSFS on and off, and check-upstream"
	@echo "make check-upstream [TOPIC=NAME]  each topic series alone on KERNEL's pristine tree: applies,"
	@echo "             checkpatch, messages, W=1 per patch, DT bindings; sparse where the tree's"
	@echo "             scripts/checker-valid.sh accepts Debian 12's sparse (6.12; 7.3 skips it);"
	@echo "             writes each cover letter"
	@echo "make post-series [TOPIC=NAME] [TRAILERS='Tested-by: ...']  topic series ready for"
	@echo "             git send-email under your git identity (BUILD/KERNEL/post/TOPIC)"
	@echo "make clean      the models, DT, guest programs, runs and the shards' stored inputs (not the kernels, not the packages)"
	@echo "make distclean  all of BUILD"
	@echo "make help       this list"
	@echo "Variables:"
	@echo "  KERNEL=$(KERNEL)  one of $(KERNELS) (make test: all unless given)"
	@echo "  BUILD=DIR     the build directory (now $(B)); B=DIR still works, outside compare"
	@echo "  A=SPEC B=SPEC PATCHES=DIR  make compare's sides (only there)"
	@echo "  DEBUG=1       a debug kernel (KASAN, lockdep, kmemleak); not with bench/compare/drill"
	@echo "                unless DEBUG_BENCH=1"
	@echo "  QUICK=1       the short bench matrix      JOBS=N  build jobs, bench and test guests (now $(JOBS))"
	@echo "  CLUSTER=slurm bench: the JOBS shards as a Slurm job array (docs/cluster.md)"
	@echo "  SELECT=FILE   bench: only the units the selection file names, in JOBS shards"
	@echo "  CMD='...'     run, count                  CELL='...'  wire"
	@echo "  T=NN KUNIT=SUITE  test-guest              V=1     count: the whole guest console"
	@echo "  TOPIC=NAME    check-upstream, post-series TRAILERS='...'  post-series"
	@echo "  BASE_REV=REV  bench-host                  TIMEOUT= IDLE_TIMEOUT=  seconds per boot, of silence"

# Stage times: every stage prints how long it took.
STAGE := scripts/stage.sh

deps: $(B)/.deps
$(B)/.deps: scripts/deps.sh scripts/vm.sh
	@$(STAGE) deps scripts/deps.sh $(B)
	@touch $@

# --- kernel ------------------------------------------------------------
$(KSRC)/.applied-patches: $(SERIES_FILE) $(addprefix patches/,$(SERIES_PATCHES)) \
			  $(wildcard patches/$(KERNEL)/*/series) \
			  scripts/kernel-tree.sh scripts/series.sh | $(B)/.deps
	@$(STAGE) fetch/$(KERNEL) sh -c 'scripts/fetch-linux-source.sh $(KERNEL) $(KB) >/dev/null'
	@$(STAGE) patch/$(KERNEL) scripts/kernel-tree.sh $(KSRC) $(CURDIR)/patches \
		$(CURDIR)/$(SERIES_FILE) $(TARBALL)
	$(if $(COMPARE_APPLY_LATER),@scripts/compare-spec.sh --apply-only \
		$(SERIES_FILE) patches $(KSRC) '$(SPEC_A)' '$(SPEC_B)')

$(KOUT)/.config: $(KSRC)/.applied-patches $(KFRAGS) scripts/kernel-config.sh
	@mkdir -p $(KOUT)
	@$(STAGE) configure/$(KERNEL) scripts/kernel-config.sh $(KSRC) $(KOUT) \
		$(addprefix $(CURDIR)/,$(KFRAGS))

$(KSTAMP): $(KOUT)/.config $(KSRC)/.applied-patches
	@$(STAGE) kernel-build/$(KERNEL) $(KMAKE) -j$(JOBS) zImage modules
	@rm -rf $(KOUT)/mods $(KOUT)/usr-headers
	@$(KMAKE) INSTALL_MOD_PATH=$(KOUT)/mods modules_install >/dev/null
	@$(KMAKE) INSTALL_HDR_PATH=$(KOUT)/usr-headers headers_install >/dev/null
	@touch $@

kernel: $(KSTAMP)
# The kernel's tree with the patches applied, nothing built.
tree: $(KSRC)/.applied-patches

# --- guest -------------------------------------------------------------
$(KB)/guest-bin/%: guest/%.c $(GUEST_HDRS) $(KSTAMP)
	@mkdir -p $(dir $@)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<
guest: $(GUEST_BINS)

# Upstream code: its own warnings are not ours to fail on. Static pattern
# rules whose sources are named in the recipe only: on a fresh clone the
# tree is extracted during this very make run, and make's cached view of
# the then-missing directory would reject an implicit rule on "%.c".
$(KSFT_BINS): $(KSFT)/%: $(KSTAMP)
	@mkdir -p $(dir $@)
	$(GUEST_CC) -static -O2 -I$(KOUT)/usr-headers/include -o $@ \
		$(KSFT_SRC)/$*.c
$(KSFT_SCRIPTS): $(KSFT)/%: $(KSRC)/.applied-patches
	@mkdir -p $(dir $@)
	cp $(KSFT_SRC)/$* $@
$(KSFT_LIST): $(KSRC)/.applied-patches
	@mkdir -p $(dir $@)
	sed -n 's/^TEST_PROGS[[:space:]]*:=//p' $(KSFT_SRC)/Makefile | \
		tr ' ' '\n' | grep . > $@

$(INITRAMFS): $(KSTAMP) $(GUEST_BINS) $(KSFT_FILES) $(B)/.deps scripts/mkrootfs.sh \
	      $(shell find rootfs-overlay -type f) $(CATALOGUE_DEPS)
	@$(STAGE) rootfs/$(KERNEL) scripts/mkrootfs.sh $(B) $(KOUT) $@
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
	@$(STAGE) models $(MAKE) -s -C expander-models O=$(B)/models
$(DAEMON): models

# The bench's own host test: gpiobench's tracepoint counting, built for
# the host from the same header (guest/i2ctrace.h).
BENCH_TESTS := $(B)/bench-host-tests/test_i2ctrace
$(B)/bench-host-tests/%: bench/tests/%.c guest/i2ctrace.h \
		     expander-models/tests/check.h | $(B)/.deps
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -O2 -Wall -Wextra -Werror -Iguest \
		-Iexpander-models/tests -o $@ $<

test-host: $(BENCH_TESTS) | $(B)/.deps
	@$(STAGE) host-tests $(MAKE) -s -C expander-models O=$(B)/models test fuzz-replay
	@$(STAGE) fuzz $(MAKE) -s -C expander-models O=$(B)/models fuzz-bounded
	@$(STAGE) host-load $(MAKE) -s -C expander-models O=$(B)/models test-load
	@$(STAGE) console-check-test scripts/test-guestconsole.sh
	@$(STAGE) bench-c sh -c 'for t in $(BENCH_TESTS); do $$t || exit 1; done'
	@$(STAGE) bench-py /usr/bin/python3 -B -m unittest discover -s bench/tests \
		-p 'test_*.py'
	@$(STAGE) catalogue-py /usr/bin/python3 -B -m unittest discover \
		-s catalogue/tests -p 'test_*.py'
	@$(STAGE) scripts-py /usr/bin/python3 -B -m unittest discover \
		-s scripts/tests -p 'test_*.py'
	@$(STAGE) messages /usr/bin/python3 -B scripts/check-messages.py \
		$(foreach k,$(KERNELS),$(wildcard patches/$(k)/*/))
	@$(STAGE) wire-test /usr/bin/python3 -B bench/tests/test_wire.py
	@$(STAGE) compare-test /usr/bin/python3 -B bench/tests/test_compare.py
	@$(STAGE) causes-test /usr/bin/python3 -B bench/tests/test_causes.py
	@$(STAGE) readme-measured /usr/bin/python3 -B scripts/measured.py readme \
		--check README.md docs/fresh-test.md

# --- boot --------------------------------------------------------------
VM_DEPS := $(KSTAMP) $(INITRAMFS) $(BOARD_DTB) models

# CMD reaches the guest untouched (quotes, $, newlines): make never
# expands or quotes it; $(value CMD) goes into a file that vm.sh hands to
# the guest (fw_cfg). From the command line or the environment alike.
unexport CMD
CMD_FILE := $(B)/cmd.sh

run: $(VM_DEPS)
	$(file >$(CMD_FILE),$(value CMD))
	@CMD_FILE=$(CMD_FILE) scripts/vm.sh $(if $(value CMD),cmd,shell)

# One command, counted: per bus the transactions, bytes, bus time and a
# decoded list of what went on the wire (bench/count.py), and
# $(KB)/run/count.vcd.
count: $(VM_DEPS)
	$(file >$(CMD_FILE),$(value CMD))
	@CMD_FILE=$(CMD_FILE) QUIET=$(if $(filter 1,$(V)),0,1) scripts/vm.sh count

# SCL, SDA and pins of any cell of the last bench run: CELL='part=pca9555
# path=block-dev op=set-all lines=16 hz=100000' (bench/wire.py).
wire:
	@/usr/bin/python3 bench/wire.py $(KB)/bench $(value CELL)

# KUnit at boot and the whole guest suite; or one part of it: T=NN (or
# T='NN MM', T=NN-name) only those files of $(SUITE), KUNIT=GLOB only the
# KUnit suites matching GLOB (kunit.filter_glob: gpio-block,
# gpiolib-array, gpio-block.parse*); one without the other leaves the
# other out.
SUITE := rootfs-overlay/usr/lib/gpio-suite
# An unknown T stops make before anything is built.
$(foreach t,$(T),$(if $(wildcard $(SUITE)/$(t) $(SUITE)/$(t)-*),,$(error \
	T=$(t): no guest test $(SUITE)/$(t)-*)))
# JOBS guests at once, the files cut between them by their last
# durations (scripts/test-shards.sh); one guest for one file.
test-guest: $(VM_DEPS)
	@KUNIT='$(KUNIT)' $(STAGE) guest-tests/$(KERNEL) scripts/test-shards.sh $(JOBS) \
		'$(or $(T),$(if $(KUNIT),none))'

# The daemon across guest reboot, QEMU reconnect and its own death.
test-lifecycle: $(VM_DEPS)
	@$(STAGE) lifecycle/$(KERNEL) scripts/test-daemon-lifecycle.sh

# The series as make post-series writes it, under a test identity, checked
# with git send-email --dry-run (nothing is sent). It needs the tree's
# get_maintainer.pl, not a kernel build: it runs right after the patches.
test-post: $(KSRC)/.applied-patches
	@$(STAGE) post-test/$(KERNEL) scripts/test-post-series.sh $(KSRC) \
		$(CURDIR)/patches/$(KERNEL) $(KB)/post

# Everything that needs a kernel, for one kernel.
test-kernel: test-post test-guest test-lifecycle

# make bench CLUSTER=slurm with a shard failing on purpose, through a
# one-node Slurm that the test starts on localhost and stops, against
# the same selection run here (scripts/test-slurm.sh). make test runs it
# on the first kernel only: it tests the shards' plumbing, not a kernel.
test-slurm: $(VM_DEPS)
	@$(STAGE) slurm-test/$(KERNEL) scripts/test-slurm.sh

# The host tests once, then each kernel (a sub-make each, so that every
# kernel-dependent path is its own), in scripts/test-all.sh's order:
# what can run beside what does (the host tests beside the first
# kernel's tree, its post test beside its build, the next kernels'
# preparation beside its guest tests, their guests JOBS at once); each
# side job's output in $(B)/test-logs/. A failing kernel does not stop
# the next one: a regression on one is seen beside the other's result.
# test and bench end with the run's summary (scripts/summary.py: the
# stages of $(B)/stages.log since RUN_START); make -n writes none.
RUN_START := $(shell date +%s)
SUMMARY = $(if $(findstring n,$(firstword -$(MAKEFLAGS))),:,/usr/bin/python3 -B scripts/summary.py)
test: | $(B)/.deps
	@MAKE='$(MAKE)' SUMMARY='$(SUMMARY)' scripts/test-all.sh $(RUN_START) $(TEST_KERNELS)

# What CI runs (.ci/run): make test where only scripts/deps.sh installs.
fresh-test:
	@ROOT=$(B)/fresh-root $(STAGE) fresh-test scripts/fresh-root.sh test

# Driver calls of a block operation on a driver without get/set_multiple:
# QEMU virt's pl061, counted by QEMU's trace of its registers.
measure-pl061: $(VM_DEPS)
	@$(STAGE) measure-pl061 scripts/measure-pl061.sh

# The command that fills the daemon's instruction-count cache
# (expander-models/load/run.sh ir), run in a shard's slot.
HOST_IR := env QUICK=1 sh $(CURDIR)/expander-models/load/run.sh ir $(abspath $(B))/models

# A cell that failed in the guest (a timed-out transfer on a host loaded
# beyond what the guest's I2C timeout allows) still leaves a report: it
# lists the failed cells first, and the target fails after writing it.
# JOBS guests at once, each a shard of the matrix (scripts/bench-shards.sh);
# then the daemon's own cost (bench-host) with its short set of
# transactions: `make bench-host` alone runs the long one. Its
# instruction counts (callgrind: the most of its time) are taken in one
# shard's slot after its guest (HOST_IR), the CPU times after all guests.
bench: $(VM_DEPS)
	@rc=0; PACED=1 BENCH_CLUSTER='$(BENCH_CLUSTER)' HOST_IR='$(HOST_IR)' \
		$(STAGE) bench scripts/bench-shards.sh \
		$(if $(filter 1,$(QUICK)),quick,full) $(JOBS) $(KB)/bench $(BENCH_SELECT) || rc=$$?; \
	[ -s $(KB)/bench/console.log ] || exit $$rc; \
	$(MAKE) -s bench-host QUICK=1 && \
	$(STAGE) report /usr/bin/python3 bench/report.py $(KB)/bench && \
	$(STAGE) irq-report /usr/bin/python3 bench/irqreport.py $(KB)/bench && \
	$(STAGE) storm-report /usr/bin/python3 bench/stormreport.py $(KB)/bench && \
	$(STAGE) spi-report /usr/bin/python3 bench/spireport.py $(KB)/bench && \
	$(STAGE) min-report /usr/bin/python3 bench/minreport.py $(KB)/bench || exit; \
	[ $$rc = 0 ] || echo "bench: the guest's bench failed; the report says which cells"; \
	$(SUMMARY) bench $(B) $(RUN_START) $(KERNEL) --rc $$rc; \
	exit $$rc

# What JOBS guests at once buy here: the guest bench one at a time, then
# JOBS at once, on one build; the same counts in both, both wall times
# and their ratio in $(KB)/speedup/speedup.md (scripts/bench-speedup.sh).
bench-speedup: $(VM_DEPS)
	@PACED=1 HOST_IR='$(HOST_IR)' $(STAGE) bench-speedup scripts/bench-speedup.sh \
		$(if $(filter 1,$(QUICK)),quick,full) $(if $(filter 1,$(JOBS)),2,$(JOBS)) $(KB)/speedup

# The daemon's own cost without QEMU (expander-models/load/README.md):
# $(KB)/bench/hostload.txt, a section of the report. BASE_REV=REV adds the
# daemon of that revision, side by side.
bench-host: | $(B)/.deps
	@QUICK=$(QUICK) BASE_REV=$(BASE_REV) $(STAGE) host-load \
		$(MAKE) -s -C expander-models O=$(B)/models bench-load
	@mkdir -p $(KB)/bench
	@cp $(B)/models/load/results.txt $(KB)/bench/hostload.txt

# Two kernels, one board: the bench on KERNEL's series without and with a
# change (scripts/compare.sh), e.g. A=-gpio-pca953x/0001 B=series, or
# PATCHES=DIR on top of the series; report in $(KB)/compare/compare.md.
# A=6.12 B=7.3: each kernel as `make kernel rootfs KERNEL=K` builds it
# (a sub-make each, nothing rebuilt by compare.sh), report in
# $(B)/compare/6.12-7.3/compare.md; the causes of what changes come from
# bench/causes.tsv (bench/README.md).
ifneq ($(COMPARE_KERNELS),)
compare: $(BOARD_DTB) models
	@for k in $(COMPARE_KERNELS); do \
		$(MAKE) --no-print-directory rootfs KERNEL=$$k B=$(B) A= PATCHES= || exit 1; \
	done
	@COMPARE_KERNELS='$(COMPARE_KERNELS)' QUICK=$(QUICK) $(STAGE) compare-all \
		scripts/compare.sh '$(SPEC_A)' '$(SPEC_B)'
else
compare: $(VM_DEPS)
	@KSRC=$(KSRC) SERIES_FILE=$(CURDIR)/$(SERIES_FILE) TARBALL=$(TARBALL) \
		QUICK=$(QUICK) $(STAGE) compare-all scripts/compare.sh \
		'$(SPEC_A)' '$(SPEC_B)'
endif

# make review MBOX=FILE | PATCH=FILE | PATCHES=DIR [BASE=mainline|series]
# [NAME=...]: posted patches through the bench against pristine KERNEL
# (BASE=mainline, the default) or KERNEL with its series; the cells the
# patches can change, base (cached) and patched, and a reply to paste
# under the patch: $(KB)/review/NAME/reply.txt (scripts/review.sh).
# Bad input stops make here, before any prerequisite is made, and so
# does a patch that does not apply on the base when the tree is there
# (else the recipe checks it right after extracting it, before a build).
ifneq ($(filter review,$(MAKECMDGOALS)),)
REVIEW_ENV := MBOX='$(MBOX)' PATCH='$(PATCH)' PATCHES='$(PATCHES)' \
	      BASE='$(or $(BASE),mainline)' KSRC=$(KSRC) KERNEL=$(KERNEL) \
	      SERIES_FILE=$(CURDIR)/$(SERIES_FILE)
REVIEW_ERR := $(shell $(REVIEW_ENV) scripts/review.sh $(if $(wildcard \
	$(KSRC)/.git),--check,--inputs) 2>&1 >/dev/null)
ifneq ($(REVIEW_ERR),)
$(error $(REVIEW_ERR))
endif
endif
# The series' own options (the block driver, its KUnit cases) are not in
# the pristine tree: the mainline base leaves their fragments out.
KFRAGS_MAINLINE := $(filter-out configs/block-gpio.config \
	configs/$(KERNEL)/kunit.config,$(KFRAGS))
REVIEW_RUN := $(REVIEW_ENV) TARBALL=$(TARBALL) NAME='$(NAME)' \
	KFRAGS_MAINLINE='$(addprefix $(CURDIR)/,$(KFRAGS_MAINLINE))'
review: $(KSRC)/.applied-patches
	@$(REVIEW_RUN) $(STAGE) review-check scripts/review.sh --check
	@$(MAKE) --no-print-directory rootfs dtb models
	@$(REVIEW_RUN) $(STAGE) review scripts/review.sh --run

# The regression drill (bench/README.md, "The regression drill"): the revert
# of mainline's fix of a v6.15 regression (patches/drill/7.3) through
# make review on pristine 7.3; fails unless the cells that change are
# exactly those the revert's row in bench/causes.tsv names.
DRILL := drill/7.3/0001-Revert-gpiolib-fix-performance-regression-when-using.patch
drill:
	@$(MAKE) --no-print-directory review KERNEL=7.3 PATCH=patches/$(DRILL) \
		BASE=mainline NAME=drill BUILD=$(B)
	@$(STAGE) drill-check /usr/bin/python3 bench/review.py --only-cause \
		$(DRILL) $(B)/7.3/review/drill

# The series must build with OF and GPIO_SYSFS each on and off: three
# more kernels under $(B)/check (the guest kernel is the fourth case);
# and the upstream series alone must apply on pristine 6.12 and build.
check-builds: $(KSRC)/.applied-patches check-upstream
	@$(STAGE) check-builds scripts/check-builds.sh $(KSRC) $(KB)/check

# Each topic series of KERNEL alone on a clone of the pristine tree
# (scripts/check-upstream.sh): applies, checkpatch where it checks commit
# references, the messages, W=1 per patch; then its cover letter,
# patches/KERNEL/TOPIC/0000-cover-letter.patch, written from that run.
check-upstream: $(KSRC)/.applied-patches
	$(foreach t,$(TOPIC),$(if $(wildcard patches/$(KERNEL)/$(t)/series),,$(error \
		TOPIC=$(t): no topic series patches/$(KERNEL)/$(t))))
	@$(STAGE) check-upstream/$(KERNEL) scripts/check-upstream.sh $(KSRC) \
		$(CURDIR)/patches/$(KERNEL) $(KB)/check/upstream $(TOPIC)

# KERNEL's topic series as they go to the lists, under the user's git
# identity and with the sender's TRAILERS: $(KB)/post/TOPIC/, git
# format-patch files with a cover letter, To: and Cc:
# (scripts/post-series.sh). Then: git send-email $(KB)/post/TOPIC/*.patch
post-series: $(KSRC)/.applied-patches
	@for t in $(POST_TOPICS); do \
		$(STAGE) post-series/$(KERNEL)/$$t scripts/post-series.sh $(KSRC) \
			$(CURDIR)/patches/$(KERNEL) $$t $(KB)/post/$$t || exit 1; \
	done

# checkpatch --strict on every patch of KERNEL's series, where it checks
# the form of commit references (no git tree: GIT_DIR points nowhere; the
# ids it cannot look up there, and no Signed-off-by: is committed);
# a warning a patch keeps on purpose is in patches/KERNEL/checkpatch-accepted.
# checkpatch runs scripts/spdxcheck.py with Debian's python3-ply and
# python3-git: /usr/bin goes first so that no other python3 shadows them.
CPACC := patches/$(KERNEL)/checkpatch-accepted
checkpatch: $(KSRC)/.applied-patches
	@cd $(KSRC) && export PATH=/usr/bin:$$PATH GIT_DIR=/nonexistent && \
	for p in $(SERIES_PATCHES); do \
		x=$$(awk -v p="$$p" '{ n = split(p, a, "/") } \
			$$1 == a[n] || $$1 == a[n-1] "/" a[n] { printf " --ignore %s", $$2 }' \
			$(CURDIR)/$(CPACC) 2>/dev/null); \
		scripts/checkpatch.pl --strict -q --no-tree \
			--ignore UNKNOWN_COMMIT_ID,MISSING_SIGN_OFF $$x \
			$(CURDIR)/patches/$$p || exit 1; \
	done; echo "checkpatch: $(words $(SERIES_PATCHES)) patches clean (--strict)"

clean:
	rm -rf $(B)/models $(B)/dtb $(B)/cas $(foreach k,$(KERNELS),$(addprefix \
		$(B)/$(k)/,guest-bin run bench kselftest lifecycle))
# --one-file-system: build/fresh-root may still hold bind mounts of the
# host's /dev and /sys if a run of scripts/fresh-root.sh was killed.
distclean:
	rm -rf --one-file-system $(B)
