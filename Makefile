# SPDX-License-Identifier: Apache-2.0
# t9dial: build, demo, test, benchmark, on Debian 12 with Swift.
#
#   make demo       replays a recorded keypad session over Config/samples/contacts.vcf
#   make test       every test: check-format, check-layers, the unit tests, the README's commands (test-docs),
#                   test-asan, test-fuzz, the install tests, then the tests against a real kernel
#                   (test-vm) and on a whole board with systemd (test-board)
#   make test-docs  every command shown in README.md run against the debug build, its output
#                   compared with the README's (Tests/Docs/readme-commands.sh)
#   make test-asan  the Swift tests and end-to-end workloads under AddressSanitizer and
#                   LeakSanitizer, in a build of their own (Tests/Sanitizers/README.md)
#   make test-unit  the Swift tests alone (FuzzTests among them: each fuzz target over its corpus
#                   and a fixed count of mutants from a fixed seed)
#   make test-fuzz  each parser under libFuzzer with AddressSanitizer (the package in Fuzz/) for a
#                   fixed count of inputs from a fixed seed; fails on any crash or broken check
#   make fuzz       the libFuzzer targets for longer: FUZZ_SECONDS=600 per target, FUZZ_TARGET=vcard
#                   for one, FUZZ_SEED=N to repeat a run; a crash is kept under Fuzz/.build/fuzz
#                   (Tests/FuzzTests/README.md); make fuzz-mutate: the Swift Testing ones for longer
#   make soak       the service through simulated days of keys, dials, calls, reloads, syncs and
#                   replugs, its memory, descriptors and threads sampled: SOAK_DAYS=30 for a
#                   month (Tests/SoakTests/README.md)
#   make test-vm    the release build (make release) on Debian's kernel in QEMU: a USB keypad,
#                   hotplug, a bouncing GPIO keypad, the udev rule, the framebuffer, the sound
#                   QEMU records (ring, key tones, a modem call, the PC speaker, an LED), the
#                   volume and mute keys on a card's mixer, DRM/KMS with no /dev/fb (QMP screendump);
#                   a run whose kernel dropped keypad events fails (Tests/VM/README.md)
#   make test-board a Debian 12 board in QEMU with systemd as PID 1: the installed service from
#                   plug-in to call, unplug, reload, reboot (Tests/Board/README.md)
#   make release    the release build make install installs; TRAITS=none builds it without
#                   CardDAV (no t9dial sync, no libcurl), for a board that never syncs
#   make install    the program, its data, the udev rule, the systemd unit, the default config,
#                   the man pages, the shell completions, the README, docs/ and the
#                   examples (PREFIX=/usr/local, DESTDIR to stage); make uninstall
#   make docs       the man pages and completions alone, generated from the built program's
#                   own arguments (so they never drift) and finished with man/, into
#                   .build/.../docs
#   make deb        a Debian package of the release build (TRAITS too), checked by lintian:
#                   .build/deb/t9dial_VERSION-1_ARCH.deb, for dpkg -i
#   make bench      load and per-keystroke latency on the 100,000-contact benchmark book, and
#                   t9dial as a program drives it (search --stdin), its memory and its idle CPU,
#                   beside the anchors (the seed's scan, Android's SQLite table) with ratios
#   make tag        tags the commit as the release v$(cat VERSION), after checking it is clean
#   make format     the Swift sources formatted in place by swift-format (.swift-format); make
#                   check-format fails on any line it would change or any rule broken
#
# Each target first installs the Debian packages it needs when they are missing.

SWIFT        ?= swift
# The release version, kept in VERSION alone. Every swift build make runs gets it and the git
# commit (with -dirty for uncommitted changes) through the environment; Package.swift compiles
# them into t9dial --version. The same values on every build, so builds never undo each other.
VERSION      := $(shell cat VERSION)
GIT_COMMIT   := $(shell commit=$$(git rev-parse --short=7 HEAD 2>/dev/null) && \
                  { git diff --quiet HEAD -- 2>/dev/null || commit="$$commit-dirty"; echo "$$commit"; })
export T9DIAL_VERSION := $(VERSION)
export T9DIAL_COMMIT  := $(or $(GIT_COMMIT),unknown commit)
# sqlite3: the history tests read what t9dial wrote with a program of SQLite's own.
# baresip-core and sip-tester (SIPp): the calls tests run a real baresip against a real SIP peer.
# dbus (dbus-daemon, dbus-send) and python3-dbusmock: the ModemManager tests run a fake
# ModemManager on a private bus.
# The ModemManager tests run the real ModemManager (1.20) with its test interface, driving a
# simulated modem, on a private system bus (dbus) with its own polkitd (ModemManagerLiveTests).
# libasound2-dev: the ringer and the tones play through alsa-lib (CAlsa); the sound tests play
# into its file plugin, no card needed.
# libdrm-dev: the screen draws through DRM/KMS dumb buffers with libdrm (CDRM) where there is no
# /dev/fb.
APT_PACKAGES ?= pkg-config libsqlite3-dev sqlite3 libevdev-dev libasound2-dev libdrm-dev zlib1g-dev libcurl4-openssl-dev libxml2-dev python3-venv device-tree-compiler cpp baresip-core sip-tester \
                dbus python3-dbusmock modemmanager polkitd
# The CardDAV tests sync from a real Radicale server on 127.0.0.1, installed from PyPI into a
# virtualenv of the build (Debian's own Python refuses pip installs).
PIP_PACKAGES ?= radicale==3.9.0
PYTHON       ?= python3
TEST_PYTHON  := .build/test-python
# What the tests against a real kernel need: QEMU, a Debian kernel with its modules (usbhid,
# uinput, vfb...), udev and setpriv in the guest, and virtme-ng to boot it.
VM_APT_PACKAGES ?= qemu-system-x86 linux-image-amd64 busybox-static udev util-linux python3
VM_PIP_PACKAGES ?= virtme-ng==1.42
BOOK         ?= ../shared/datasets/contacts-100k.vcf
# What make bench measures t9dial against, in the same run (../shared/anchors/README.md), and
# how many typed queries and runs its whole-process figures take.
ANCHORS      ?= ../shared/anchors
BENCH_QUERIES ?= 20000
BENCH_RUNS   ?= 5
SAMPLES      := Config/samples
# What make install puts in DOCDIR/examples, to try t9dial with: the demo's contact book and its
# recorded keypad session (t9dial(1) says how).
EXAMPLES     := $(SAMPLES)/contacts.vcf $(SAMPLES)/demo-session.evemu
T9DIAL       := .build/debug/t9dial

# make install: where things go. PREFIX=/usr is a distribution's layout (rules and units under
# /usr/lib); the default /usr/local is an administrator's, whose rules and units go in /etc.
# DESTDIR stages everything under another root, for packaging.
PREFIX        ?= /usr/local
BINDIR        ?= $(PREFIX)/bin
DATADIR       ?= $(PREFIX)/share/t9dial
DOCDIR        ?= $(PREFIX)/share/doc/t9dial
SYSCONFDIR    ?= /etc
MANDIR        ?= $(PREFIX)/share/man
BASHCOMPDIR   ?= $(PREFIX)/share/bash-completion/completions
FISHCOMPDIR   ?= $(PREFIX)/share/fish/vendor_completions.d
# zsh reads a distribution's completions from vendor-completions (Debian's zsh adds it to
# fpath), an administrator's from site-functions (in every zsh's default fpath).
ifeq ($(PREFIX),/usr)
ZSHCOMPDIR    ?= /usr/share/zsh/vendor-completions
UDEVRULESDIR  ?= /usr/lib/udev/rules.d
POLKITRULESDIR ?= /usr/share/polkit-1/rules.d
UNITDIR       ?= /usr/lib/systemd/system
SYSUSERSDIR   ?= /usr/lib/sysusers.d
else
ZSHCOMPDIR    ?= $(PREFIX)/share/zsh/site-functions
UDEVRULESDIR  ?= $(SYSCONFDIR)/udev/rules.d
# polkitd reads /usr/share/polkit-1/rules.d and /etc/polkit-1/rules.d only: not /usr/local.
POLKITRULESDIR ?= $(SYSCONFDIR)/polkit-1/rules.d
UNITDIR       ?= $(SYSCONFDIR)/systemd/system
SYSUSERSDIR   ?= $(SYSCONFDIR)/sysusers.d
endif
# The build make install installs: a release build with Swift's own libraries linked in, so the
# board needs no Swift toolchain. INSTALL_BUILD=debug installs the debug build (for tests).
INSTALL_BUILD ?= release
# After installing into the live system (no DESTDIR) as root: create the group, reload udev and
# systemd. SYSTEM_RELOAD=no skips it (the install tests install into a temporary prefix).
SYSTEM_RELOAD ?= yes
ifeq ($(INSTALL_BUILD),release)
INSTALL_BINARY = $(RELEASE_DIR)/release/t9dial
else
INSTALL_BINARY := .build/debug/t9dial
endif
# The man pages and completions of INSTALL_BINARY, made next to it by make docs.
DOCS_DIR       = $(dir $(INSTALL_BINARY))docs

.PHONY: event-codes all deps apt-install test-deps vm-deps build release demo demo-lcd demo-search test check-format check-layers test-unit test-docs test-asan test-fuzz fuzz fuzz-build fuzz-report fuzz-mutate test-install test-vm test-board install install-files install-data docs uninstall deb bench format tag clean

all: build

# Installs the missing packages of APT_PACKAGES (with sudo when not root).
deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES)"

apt-install:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build --product t9dial

demo: build
	@echo "t9dial run, replaying $(SAMPLES)/demo-session.evemu: someone on a USB numpad finds William"
	@echo "John Smith by his initials in T9 mode and dials him, then switches to multi-tap (/) and"
	@echo "spells \"glo\" to find Telemaco Palombi by his nickname, Gloria. Each block is one screen."
	@echo
	@$(T9DIAL) run --contacts $(SAMPLES)/contacts.vcf --replay $(SAMPLES)/demo-session.evemu --config /dev/null \
	    --output text --output png:$(SAMPLES)/demo-screen.png --screen 320x240x16 \
	  | awk '/^(T9|abc|абв|αβγ):/ && NR > 1 { print "" } { print "  " $$0 }'
	@echo
	@echo "The last screen, as a 320x240 RGB565 panel shows it: $(SAMPLES)/demo-screen.png"

# The demo's last screen on a 20x4 character LCD, the picture docs/board.md shows.
demo-lcd: build
	@$(T9DIAL) run --contacts $(SAMPLES)/contacts.vcf --replay $(SAMPLES)/demo-session.evemu --config /dev/null \
	    --output png:$(SAMPLES)/demo-lcd.png --screen lcd20x4 >/dev/null
	@echo "The last screen on a 20x4 HD44780: $(SAMPLES)/demo-lcd.png"

# The search command alone, over a scripted list of queries.
demo-search: build
	@echo "t9dial search over $(SAMPLES)/contacts.vcf (region GB), as typed on a keypad:"
	@grep -v '^[[:space:]]*$$' $(SAMPLES)/search-session.txt | while IFS= read -r line; do \
	  case "$$line" in \
	    \#*) printf '\n%s\n' "$$line" ;; \
	    *) printf '  keys %s\n' "$$line"; \
	       $(T9DIAL) search "$$line" --contacts $(SAMPLES)/contacts.vcf --region GB --limit 4 --config /dev/null | sed 's/^/      /' ;; \
	  esac; \
	done

# Makes the tests' virtualenv with PIP_PACKAGES, when it is not there yet.
test-deps: deps
	@$(TEST_PYTHON)/bin/python -c "import radicale" 2>/dev/null || { \
	  echo "Installing $(PIP_PACKAGES) from PyPI into $(TEST_PYTHON)"; \
	  $(PYTHON) -m venv $(TEST_PYTHON) && $(TEST_PYTHON)/bin/python -m pip install --quiet $(PIP_PACKAGES); }

test: check-format check-layers test-unit test-docs test-asan test-fuzz test-install test-vm test-board

# swift-format ships with the Swift toolchain (swift format --version); .swift-format at the
# root is its configuration, and these are the Swift files it covers.
FORMAT_PATHS ?= Sources Tests Benchmarks Fuzz Package.swift

# Fails on any finding: make format fixes the formatting; a broken rule is fixed by hand.
check-format:
	$(SWIFT) format lint --strict --recursive --parallel --configuration .swift-format $(FORMAT_PATHS)

# Every module in its layer of ARCHITECTURE.md, no dependency on a layer below, and no
# Foundation, Glibc or C module in the pure layer (Tests/Layers/check-layers.py).
check-layers:
	@$(MAKE) --no-print-directory apt-install PACKAGES=python3
	SWIFT="$(SWIFT)" $(PYTHON) Tests/Layers/check-layers.py

# The tests' own state folder: a service started in a test keeps its dial history here, never
# in the user's ~/.local/state/t9dial, which another t9dial (an older or newer build) may have
# written. Emptied at every run.
TEST_STATE := $(abspath .build/test-state)

test-unit: test-deps
	$(SWIFT) build --build-tests
	rm -rf "$(TEST_STATE)" && mkdir -p "$(TEST_STATE)"
	XDG_STATE_HOME="$(TEST_STATE)" PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" \
	  Tests/Support/failures-last.sh .build/logs/test-unit.log $(SWIFT) test --skip-build
	@# The benchmark is a package of its own that nothing else builds: built here, so a change
	@# to the modules it uses cannot leave make bench broken unnoticed (it was, for a round).
	$(SWIFT) build --package-path Benchmarks

# The README's commands, run against the debug build in a temporary home with the sample book,
# their output compared with what the README shows (the convention is in the script).
test-docs: build
	Tests/Docs/readme-commands.sh $(T9DIAL) README.md

# The Swift Testing fuzz targets of Tests/FuzzTests for longer, from a random seed (the old make
# fuzz, kept for t9index, which libFuzzer has no target for): FUZZ_SECONDS each (all at once,
# or FUZZ_TARGET alone: vcard csv config layout keymap evemu query multistatus netstring baresip
# wav t9index). An input that crashed the run is left in .build/fuzz/TARGET-current, one that
# failed a check in TARGET-failure-N.
FUZZ_SECONDS ?= 60
FUZZ_TARGET  ?=
FUZZ_SEED    ?=
FUZZ_PENDING ?=

fuzz-mutate: deps
	$(SWIFT) build --build-tests
	@rm -f .build/fuzz/*-current .build/fuzz/*-failure-*
	@T9DIAL_FUZZ_SECONDS=$(FUZZ_SECONDS) T9DIAL_FUZZ_TARGET=$(FUZZ_TARGET) T9DIAL_FUZZ_SEED=$(FUZZ_SEED) \
	  T9DIAL_FUZZ_PENDING=$(FUZZ_PENDING) $(SWIFT) test --skip-build --filter FuzzTests; status=$$?; \
	for input in .build/fuzz/*-current .build/fuzz/*-failure-*; do \
	  [ -e "$$input" ] || continue; target=$$(basename "$$input" | sed 's/-\(current\|failure-[0-9]*\)$$//; s/-\(smart\|anywhere\)$$//'); \
	  case "$$input" in *-current) what="crashed or hung the run";; *) what="failed a check";; esac; \
	  echo "fuzz: $$input $$what. Reduce it, then keep it: cp $$input Tests/FuzzTests/Corpus/$$target/NAME"; \
	  echo "      and add a named regression test next to the parser's own tests (Tests/FuzzTests/README.md)."; \
	done; exit $$status

# AddressSanitizer, with LeakSanitizer on, in a build of its own (ASAN_SCRATCH): the unit tests
# (the end-to-end ones among them run the t9dial built beside them, so it runs under ASan too:
# try on a pty, calls through baresip and SIPp, CardDAV syncs against Radicale), then the
# workloads of Tests/Sanitizers/workloads.sh (the 100,000-contact book searched, the demo
# replayed, real vCard exports). exitcode=86 tells a sanitizer's report from a program's own
# failure. Tests/Sanitizers/README.md lists each suppression, with its reason. The soak
# (SoakTests) is left to make test-unit: its verdict is memory staying flat, which ASan's
# quarantine of freed blocks and its shadow memory do not allow.
ASAN_SCRATCH ?= .build-asan
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1:exitcode=86:strict_string_checks=1 \
           LSAN_OPTIONS=suppressions=$(abspath Tests/Sanitizers/lsan.supp):print_suppressions=1

test-asan: test-deps
	$(SWIFT) build --build-tests --scratch-path $(ASAN_SCRATCH) --sanitize=address
	rm -rf "$(TEST_STATE)" && mkdir -p "$(TEST_STATE)"
	$(ASAN_ENV) XDG_STATE_HOME="$(TEST_STATE)" PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" \
	  Tests/Support/failures-last.sh .build/logs/test-asan.log \
	  $(SWIFT) test --skip-build --scratch-path $(ASAN_SCRATCH) --sanitize=address --skip SoakTests
	$(ASAN_ENV) Tests/Sanitizers/workloads.sh $(ASAN_SCRATCH)/debug/t9dial $(BOOK)

# libFuzzer: the package in Fuzz/ has one executable fuzz-NAME per parser (Tests/FuzzTests/README.md),
# built in its own Fuzz/.build, so the main .build is never touched. Every Swift module of it,
# t9dial's parsers among them, is compiled with libFuzzer's coverage and AddressSanitizer, and
# the targets are linked with libFuzzer and ASan's runtime. The two sanitizers go as one
# -sanitize=fuzzer,address: swiftc keeps only the last -sanitize= it is given, and SwiftPM's
# --sanitize=fuzzer --sanitize=address gives them in no fixed order, so some modules lost
# their coverage. A release build (with -enable-testing, for the targets' @testable imports)
# runs about six times as many inputs a second as a debug one.
#
# The work stays under Fuzz/.build/fuzz: seeds/NAME (the files of Tests/FuzzTests/Corpus/NAME
# without pending/, which libFuzzer would read too, as it reads folders whole), corpus/NAME
# (what make fuzz has found so far), crashes/NAME, logs/. -max_len keeps inputs short and the
# runs fast: longer corpus files are cut to it (the Swift Testing run over the corpus keeps
# them whole). Leaks are not looked for (ASan's check at exit would count as a crash of the
# empty input): the Swift runtime's caches are never freed (make test-asan looks for leaks,
# each suppression explained). Swift's own crash backtracer
# is off: it reads the stack in a way ASan reports as an error of its own, and libFuzzer's
# handler must be the one to keep the input.
#
# A seed repeats a run only if nothing else varies: Swift seeds its hashing per process (the
# order of a Set or Dictionary, which the coverage follows), and with address space layout
# randomization the pointers libFuzzer sees compared differ. SWIFT_DETERMINISTIC_HASHING and
# setarch -R (where the kernel lets it) take both away.
FUZZ_ENV     := ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1
FUZZ_NO_ASLR  = $(shell setarch "$$(uname -m)" -R true 2>/dev/null && echo setarch "$$(uname -m)" -R)
FUZZ_TARGETS := vcard csv config layout keymap evemu query multistatus netstring baresip modem
FUZZ_CONFIG  ?= release
FUZZ_BIN      = Fuzz/.build/$(FUZZ_CONFIG)
FUZZ_WORK    := Fuzz/.build/fuzz
FUZZ_OPTIONS ?= -max_len=4096 -timeout=10 -rss_limit_mb=4096 -detect_leaks=0
# make test-fuzz: this many inputs for each target, from this seed, from its seeds alone.
TEST_FUZZ_RUNS ?= 20000
TEST_FUZZ_SEED ?= 1

fuzz-build: deps
	@# SwiftPM keeps the list of t9dial's source files it made for this package until its
	@# manifest changes: a file added to t9dial would be missing from its build.
	@touch Fuzz/Package.swift
	$(SWIFT) build --package-path Fuzz -c $(FUZZ_CONFIG) -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
	@for target in $(FUZZ_TARGETS); do \
	  rm -rf "$(FUZZ_WORK)/seeds/$$target" && mkdir -p "$(FUZZ_WORK)/seeds/$$target" && \
	  find "Tests/FuzzTests/Corpus/$$target" -maxdepth 1 -type f -exec cp {} "$(FUZZ_WORK)/seeds/$$target/" \; || exit 1; \
	done

# Each target for TEST_FUZZ_RUNS inputs from TEST_FUZZ_SEED, in a fresh work corpus: the same
# run every time. Fails if any target crashed or broke a check, after running them all.
test-fuzz: fuzz-build
	@mkdir -p "$(FUZZ_WORK)/logs"; failed=""; \
	for target in $(FUZZ_TARGETS); do \
	  rm -rf "$(FUZZ_WORK)/test/$$target" "$(FUZZ_WORK)/test-crashes/$$target"; \
	  mkdir -p "$(FUZZ_WORK)/test/$$target" "$(FUZZ_WORK)/test-crashes/$$target"; \
	  log="$(FUZZ_WORK)/logs/test-$$target.log"; \
	  if $(FUZZ_ENV) $(FUZZ_NO_ASLR) $(FUZZ_BIN)/fuzz-$$target $(FUZZ_OPTIONS) -runs=$(TEST_FUZZ_RUNS) -seed=$(TEST_FUZZ_SEED) \
	       -artifact_prefix="$(FUZZ_WORK)/test-crashes/$$target/" -print_final_stats=1 \
	       "$(FUZZ_WORK)/test/$$target" "$(FUZZ_WORK)/seeds/$$target" >"$$log" 2>&1; then \
	    echo "test-fuzz $$target: $$(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$$log")"; \
	  else \
	    failed="$$failed $$target"; echo "test-fuzz $$target: FAILED, $$log:"; tail -n 40 "$$log"; \
	    $(MAKE) --no-print-directory fuzz-report FUZZ_CRASHES="$(FUZZ_WORK)/test-crashes/$$target" FUZZ_TARGET=$$target; \
	  fi; \
	done; \
	if [ -n "$$failed" ]; then echo "test-fuzz: failed:$$failed"; exit 1; fi; \
	echo "test-fuzz: $(words $(FUZZ_TARGETS)) targets, $(TEST_FUZZ_RUNS) inputs each, no crash"

# One target (FUZZ_TARGET=vcard) or all, one after another, under libFuzzer for FUZZ_SECONDS
# each, from a random seed (FUZZ_SEED=N repeats one), growing the work corpus corpus/NAME.
fuzz: fuzz-build
	@status=0; \
	for target in $(or $(FUZZ_TARGET),$(FUZZ_TARGETS)); do \
	  mkdir -p "$(FUZZ_WORK)/corpus/$$target" "$(FUZZ_WORK)/crashes/$$target"; \
	  touch "$(FUZZ_WORK)/crashes/$$target/.run"; \
	  echo "fuzz $$target: $(FUZZ_SECONDS) s, work corpus $(FUZZ_WORK)/corpus/$$target"; \
	  $(FUZZ_ENV) nice $(FUZZ_NO_ASLR) $(FUZZ_BIN)/fuzz-$$target $(FUZZ_OPTIONS) -max_total_time=$(FUZZ_SECONDS) $(if $(FUZZ_SEED),-seed=$(FUZZ_SEED)) \
	    -artifact_prefix="$(FUZZ_WORK)/crashes/$$target/" -print_final_stats=1 \
	    "$(FUZZ_WORK)/corpus/$$target" "$(FUZZ_WORK)/seeds/$$target" || status=1; \
	  $(MAKE) --no-print-directory fuzz-report FUZZ_CRASHES="$(FUZZ_WORK)/crashes/$$target" FUZZ_TARGET=$$target \
	    FUZZ_SINCE="$(FUZZ_WORK)/crashes/$$target/.run"; \
	done; exit $$status

# Says how to turn each input libFuzzer kept in FUZZ_CRASHES (newer than FUZZ_SINCE, when
# given: the crashes of earlier runs stay until removed, and are not told again) into a corpus
# file and a test; the reduced input goes to FUZZ_WORK/reduced, out of the way of the next report.
fuzz-report:
	@for input in "$(FUZZ_CRASHES)"/*; do \
	  [ -f "$$input" ] || continue; [ -z "$(FUZZ_SINCE)" ] || [ "$$input" -nt "$(FUZZ_SINCE)" ] || continue; reduced="$(FUZZ_WORK)/reduced/$$(basename "$$input")"; \
	  echo "fuzz $(FUZZ_TARGET): $$input ($$(basename "$$input" | cut -d- -f1)). Reproduce it:"; \
	  echo "  $(FUZZ_ENV) $(FUZZ_BIN)/fuzz-$(FUZZ_TARGET) $$input"; \
	  echo "  Reduce it: mkdir -p $(FUZZ_WORK)/reduced && $(FUZZ_ENV) $(FUZZ_BIN)/fuzz-$(FUZZ_TARGET) -minimize_crash=1 -runs=20000 -exact_artifact_path=$$reduced $$input"; \
	  echo "  Keep it: cp $$reduced Tests/FuzzTests/Corpus/$(FUZZ_TARGET)/NAME, and add a named regression test next to"; \
	  echo "  the parser's own tests (Tests/FuzzTests/README.md)."; \
	done

# The soak test alone, for SOAK_DAYS simulated days (two when unset, as make test-unit runs it);
# it prints a table of its samples and its verdict. A debug build: the tests import DialerKit
# as they are, and a release build of the tests is not made.
SOAK_DAYS ?= 2

.PHONY: soak
soak: test-deps
	$(SWIFT) build --build-tests
	PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" T9DIAL_SOAK_DAYS=$(SOAK_DAYS) $(SWIFT) test --skip-build --filter SoakTests

# make install and uninstall into a temporary prefix, and the installed unit checked with
# systemd-analyze (verify, and security: exposure 2.0 at most), the man pages with man and the
# bash completion with bash. Then make deb and its package checked, lintian among the checks
# (Tests/Deb): that needs the release build, which test-board would make anyway.
# man renders the installed pages (groff-base); bash loads the completion.
INSTALL_TEST_APT_PACKAGES ?= man-db groff-base bash

test-install: build
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(INSTALL_TEST_APT_PACKAGES) $(DEB_APT_PACKAGES)"
	@$(MAKE) --no-print-directory install-data INSTALL_BUILD=debug
	Tests/Install/install-tests.sh
	Tests/Deb/deb-tests.sh

# The tests against a real kernel boot Debian's kernel under QEMU with virtme-ng (PyPI), which
# mounts this machine's file system in the guest, so the built t9dial runs there as it is. It is
# the release build (with TRAITS), the program make install installs and users run; the guest's
# make install-files installs that same build. The unit tests keep the debug build.
vm-deps: test-deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(VM_APT_PACKAGES)"
	@$(TEST_PYTHON)/bin/vng --version >/dev/null 2>&1 || { \
	  echo "Installing $(VM_PIP_PACKAGES) from PyPI into $(TEST_PYTHON)"; \
	  $(TEST_PYTHON)/bin/python -m pip install --quiet $(VM_PIP_PACKAGES); }

test-vm: vm-deps release
	@$(MAKE) --no-print-directory install-data INSTALL_BUILD=release TRAITS=$(TRAITS)
	PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" $(PYTHON) Tests/VM/run-vm-tests.py \
	  --t9dial $(RELEASE_DIR)/release/t9dial --traits $(TRAITS)
	@# The mixer's check boots again, with a card that has a mixer (hda-duplex), and runs the
	@# debug test binary's DialerDriverMixerCardTests there (make test has built it already).
	$(SWIFT) build --build-tests
	PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" $(PYTHON) Tests/VM/run-vm-tests.py \
	  --t9dial $(RELEASE_DIR)/release/t9dial --traits $(TRAITS) --only mixer
	@# DRM/KMS's check boots again, with a bochs-display and no fbdev emulation (no /dev/fb):
	@# QEMU's screendump of /dev/dri/card0 against t9dial's PNG.
	PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" $(PYTHON) Tests/VM/run-vm-tests.py \
	  --t9dial $(RELEASE_DIR)/release/t9dial --traits $(TRAITS) --only drm

# The board: Debian 12 booted with systemd as PID 1 in QEMU, t9dial installed from its Debian
# package (make deb) with dpkg -i, and only systemd and udev starting it (Tests/Board/README.md).
BOARD_APT_PACKAGES ?= mmdebstrap qemu-system-x86 linux-image-amd64 e2fsprogs

test-board: deb test-deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(BOARD_APT_PACKAGES)"
	@sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  echo "$$sudo $(PYTHON) Tests/Board/run-board-tests.py --deb $(DEB_FILE)"; \
	  $$sudo $(PYTHON) Tests/Board/run-board-tests.py --deb "$(DEB_FILE)"

# CardDAV (the package trait of that name, on by default) compiles against libcurl's header and
# opens the library when a sync starts; it links libxml2, for its reader.
RELEASE_APT_PACKAGES ?= libcurl4-openssl-dev libxml2-dev
# The package traits of the release build: default (CardDAV), none, or a list for --traits. A
# build with other traits than the default has a build folder of its own, so the two never
# rebuild each other: .build-traits-none/release/t9dial for TRAITS=none.
TRAITS ?= default
comma  := ,
ifeq ($(TRAITS),default)
TRAIT_FLAGS   :=
RELEASE_DIR   := .build
else ifeq ($(TRAITS),none)
TRAIT_FLAGS   := --disable-default-traits --scratch-path .build-traits-none
RELEASE_DIR   := .build-traits-none
else
TRAIT_FLAGS   := --traits $(TRAITS) --scratch-path .build-traits-$(subst $(comma),-,$(TRAITS))
RELEASE_DIR   := .build-traits-$(subst $(comma),-,$(TRAITS))
endif

# --disable-local-rpath: with Swift's libraries linked in, the program loads nothing from its own
# folder, so it carries no RUNPATH $$ORIGIN (which lintian reports as a custom search path).
release: deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(RELEASE_APT_PACKAGES)"
	$(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath --product t9dial $(TRAIT_FLAGS)

# Installs the program, its data (keymaps, layouts, font, overlays), the udev rule, the systemd
# unit, the t9dial group's sysusers file, the examples and the default config, which never
# replaces a config already there. Without DESTDIR, as root, it then creates the group and reloads udev
# and systemd so a keypad plugged in afterwards starts the service.
install: $(if $(filter release,$(INSTALL_BUILD)),release,build)
	@$(MAKE) --no-print-directory install-data
	@$(MAKE) --no-print-directory install-files

# The man pages and completions, from INSTALL_BINARY itself: swift-argument-parser's
# generate-manual writes a page per command (t9dial.search.1...) from the program's
# --experimental-dump-help, and the program writes its completion scripts, so neither can
# drift from the arguments. man/finish-pages.py then finishes the pages (their header and
# footer, the values of options such as --match, t9dial's exit statuses, NAME as the file's
# name, which whatis and man -k index, no page for help) and puts the hand-written t9dial.1
# (the commands, ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES) and t9dial.toml.5 of man/ beside
# them. bash's completion script loses its #! line (it is sourced, never run). The
# generate-manual tool is built by SwiftPM's plugin machinery only: running the plugin for its
# help builds it (offline, from the package's own checkout) without building t9dial again.
MAN_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

# What install-files copies that is made rather than written: the man pages and completions
# (docs) and the compiled device-tree overlays.
install-data: docs
	@$(MAKE) --no-print-directory -C Config/overlays

docs:
	@tool="$$($(SWIFT) build --show-bin-path)/generate-manual-tool"; \
	if [ ! -x "$$tool" ]; then \
	  echo "Building swift-argument-parser's generate-manual tool"; \
	  $(SWIFT) package plugin generate-manual --help >/dev/null || exit 1; \
	fi; \
	rm -rf "$(DOCS_DIR)" && mkdir -p "$(DOCS_DIR)/man" "$(DOCS_DIR)/completions" && \
	"$$tool" "$(INSTALL_BINARY)" --multi-page --section 1 --date "$(MAN_DATE)" -o "$(DOCS_DIR)/man" && \
	$(PYTHON) man/finish-pages.py "$(INSTALL_BINARY)" "$(DOCS_DIR)/man" "$(MAN_DATE)" "$(VERSION)" && \
	for shell in bash zsh fish; do \
	  "$(INSTALL_BINARY)" --generate-completion-script $$shell >"$(DOCS_DIR)/completions/t9dial.$$shell" || exit 1; \
	done; \
	sed -i '1{/^#!/d}' "$(DOCS_DIR)/completions/t9dial.bash"

# install without building: what install copies, given a built INSTALL_BINARY.
# It builds nothing, neither the man pages (make docs needs Swift) nor the overlays: the VM test
# runs it in a guest with no Swift and the checkout read-only, what it copies made on the host
# by make install-data.
install-files:
	@[ -f "$(DOCS_DIR)/man/t9dial.1" ] && [ -f Config/overlays/t9dial-gpio-keys.dtbo ] || { echo "No man pages in $(DOCS_DIR) or no compiled overlays: run make install-data$(if $(filter debug,$(INSTALL_BUILD)), INSTALL_BUILD=debug) first (make install does)"; exit 1; }
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DATADIR)" "$(DESTDIR)$(DOCDIR)" \
	  "$(DESTDIR)$(SYSCONFDIR)/t9dial" "$(DESTDIR)$(UDEVRULESDIR)" "$(DESTDIR)$(UNITDIR)" "$(DESTDIR)$(SYSUSERSDIR)"
	install -m 755 $(INSTALL_BINARY) "$(DESTDIR)$(BINDIR)/t9dial"
	find Config/keymaps Config/layouts Config/fonts Config/overlays -type f \
	    ! -name '*.pp.dts' ! -name '*.py' ! -name .gitignore | \
	  while read -r file; do install -D -m 644 "$$file" "$(DESTDIR)$(DATADIR)/$${file#Config/}"; done
	install -m 644 README.md "$(DESTDIR)$(DOCDIR)/README.md"
	install -d "$(DESTDIR)$(DOCDIR)/docs"
	install -m 644 docs/*.md "$(DESTDIR)$(DOCDIR)/docs/"
	install -d "$(DESTDIR)$(DOCDIR)/examples"
	install -m 644 $(EXAMPLES) "$(DESTDIR)$(DOCDIR)/examples/"
	install -d "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(MANDIR)/man5" "$(DESTDIR)$(BASHCOMPDIR)" \
	  "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	for page in "$(DOCS_DIR)"/man/*.1 "$(DOCS_DIR)"/man/*.5; do \
	  section=$${page##*.}; gzip -9n <"$$page" >"$(DESTDIR)$(MANDIR)/man$$section/$$(basename "$$page").gz" || exit 1; \
	  chmod 644 "$(DESTDIR)$(MANDIR)/man$$section/$$(basename "$$page").gz"; \
	done
	install -m 644 "$(DOCS_DIR)/completions/t9dial.bash" "$(DESTDIR)$(BASHCOMPDIR)/t9dial"
	install -m 644 "$(DOCS_DIR)/completions/t9dial.zsh" "$(DESTDIR)$(ZSHCOMPDIR)/_t9dial"
	install -m 644 "$(DOCS_DIR)/completions/t9dial.fish" "$(DESTDIR)$(FISHCOMPDIR)/t9dial.fish"
	install -m 644 udev/70-t9dial.rules "$(DESTDIR)$(UDEVRULESDIR)/70-t9dial.rules"
	install -d "$(DESTDIR)$(POLKITRULESDIR)"
	install -m 644 packaging/polkit/50-t9dial-modemmanager.rules "$(DESTDIR)$(POLKITRULESDIR)/50-t9dial-modemmanager.rules"
	sed -e 's|/usr/local/bin/t9dial|$(BINDIR)/t9dial|g' -e 's|/usr/local/share/doc/t9dial|$(DOCDIR)|g' \
	  udev/t9dial.service > "$(DESTDIR)$(UNITDIR)/t9dial.service"
	chmod 644 "$(DESTDIR)$(UNITDIR)/t9dial.service"
	install -m 644 udev/t9dial.sysusers "$(DESTDIR)$(SYSUSERSDIR)/t9dial.conf"
	install -d "$(DESTDIR)$(DATADIR)/system"
	install -m 644 udev/70-t9dial.rules udev/t9dial.sysusers "$(DESTDIR)$(DATADIR)/system/"
	install -m 644 "$(DESTDIR)$(UNITDIR)/t9dial.service" "$(DESTDIR)$(DATADIR)/system/"
	@config="$(DESTDIR)$(SYSCONFDIR)/t9dial/t9dial.toml"; \
	if [ -e "$$config" ]; then \
	  echo "Kept your $$config; the shipped default is $(DATADIR)/t9dial.toml"; \
	else \
	  install -m 644 Config/t9dial.toml "$$config"; \
	fi
	install -m 644 Config/t9dial.toml "$(DESTDIR)$(DATADIR)/t9dial.toml"
	@if [ -z "$(DESTDIR)" ] && [ "$(SYSTEM_RELOAD)" = yes ] && [ "$$(id -u)" -eq 0 ]; then \
	  systemd-sysusers "$(SYSUSERSDIR)/t9dial.conf" 2>/dev/null || getent group t9dial >/dev/null || groupadd --system t9dial; \
	  if [ -d /run/udev ]; then udevadm control --reload; udevadm trigger --subsystem-match=input --action=add; fi; \
	  if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
	fi
	@echo "Installed t9dial in $(DESTDIR)$(BINDIR). Next: put your contacts in $(SYSCONFDIR)/t9dial/ and name them"
	@echo "in $(SYSCONFDIR)/t9dial/t9dial.toml, plug in the keypad, and run t9dial doctor."

# Removes what make install installed. The config stays when it was changed (it is yours), and
# so does the group (files on the board may belong to it).
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/t9dial" "$(DESTDIR)$(UDEVRULESDIR)/70-t9dial.rules" \
	  "$(DESTDIR)$(POLKITRULESDIR)/50-t9dial-modemmanager.rules" \
	  "$(DESTDIR)$(UNITDIR)/t9dial.service" "$(DESTDIR)$(SYSUSERSDIR)/t9dial.conf" \
	  "$(DESTDIR)$(MANDIR)/man1/t9dial.1.gz" "$(DESTDIR)$(MANDIR)/man1/t9dial."*.1.gz \
	  "$(DESTDIR)$(MANDIR)/man5/t9dial.toml.5.gz" "$(DESTDIR)$(BASHCOMPDIR)/t9dial" \
	  "$(DESTDIR)$(ZSHCOMPDIR)/_t9dial" "$(DESTDIR)$(FISHCOMPDIR)/t9dial.fish"
	@config="$(DESTDIR)$(SYSCONFDIR)/t9dial/t9dial.toml"; \
	if [ -e "$$config" ] && cmp -s "$$config" "$(DESTDIR)$(DATADIR)/t9dial.toml"; then \
	  rm -f "$$config"; rmdir "$(DESTDIR)$(SYSCONFDIR)/t9dial" 2>/dev/null || true; \
	elif [ -e "$$config" ]; then echo "Kept $$config: it differs from the shipped default"; fi
	rm -rf "$(DESTDIR)$(DATADIR)" "$(DESTDIR)$(DOCDIR)"
	@if [ -z "$(DESTDIR)" ] && [ "$(SYSTEM_RELOAD)" = yes ] && [ "$$(id -u)" -eq 0 ]; then \
	  if [ -d /run/udev ]; then udevadm control --reload; fi; \
	  if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
	fi

# The Debian package: the release build staged by install-files with PREFIX=/usr (so the rule,
# the unit and the sysusers file go under /usr/lib), then packaging/deb/build-deb.sh strips it
# and adds the control file, the maintainer scripts, the copyright and the changelog. lintian
# must find no error (make deb fails on one); its warnings are printed.
DEB_APT_PACKAGES ?= dpkg-dev binutils lintian device-tree-compiler cpp
DEB_REVISION     ?= 1
DEB_VERSION      := $(VERSION)-$(DEB_REVISION)
DEB_MAINTAINER   ?= t9dial maintainers <maintainers@users.noreply.a-seed-48308e4f.example>
DEB_DATE         ?= $(shell git log -1 --format=%aD 2>/dev/null || date -R)
DEB_DIR          := $(RELEASE_DIR)/deb
DEB_FILE          = $(DEB_DIR)/t9dial_$(DEB_VERSION)_$(shell dpkg --print-architecture).deb
LINTIAN          ?= yes

deb: release
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(DEB_APT_PACKAGES)"
	rm -rf "$(DEB_DIR)" && mkdir -p "$(DEB_DIR)"
	@$(MAKE) --no-print-directory install-data INSTALL_BUILD=release TRAITS=$(TRAITS)
	@$(MAKE) --no-print-directory install-files INSTALL_BUILD=release TRAITS=$(TRAITS) PREFIX=/usr \
	  DESTDIR="$(abspath $(DEB_DIR))/root" SYSTEM_RELOAD=no >"$(DEB_DIR)/install.log"
	DEB_VERSION=$(DEB_VERSION) DEB_MAINTAINER="$(DEB_MAINTAINER)" DEB_DATE="$(DEB_DATE)" \
	  packaging/deb/build-deb.sh "$(DEB_DIR)/root" "$(DEB_FILE)"
	@if [ "$(LINTIAN)" = yes ]; then \
	  echo "lintian $(DEB_FILE)"; lintian --fail-on error --tag-display-limit 0 "$(DEB_FILE)" || exit 1; \
	fi

bench: deps release
	@if [ ! -f "$(BOOK)" ]; then echo "No benchmark book at $(BOOK); run make bench BOOK=path/to/contacts.vcf"; exit 1; fi
	@# SwiftPM keeps the list of t9dial's source files it made for the benchmark package until
	@# that package's manifest changes: a file added to t9dial would be missing from its build.
	@touch Benchmarks/Package.swift
	$(SWIFT) build -c release --package-path Benchmarks
	Benchmarks/.build/release/t9dial-bench search --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"
	Benchmarks/.build/release/t9dial-bench keypad --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"
	Benchmarks/.build/release/t9dial-bench screen --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"
	$(PYTHON) Benchmarks/process-bench.py .build/release/t9dial "$(abspath $(BOOK))" "$(abspath $(ANCHORS))" .build/bench $(BENCH_QUERIES) $(BENCH_RUNS)

# evdev's key and switch names, made again from this machine's kernel header (linux-libc-dev):
# after a kernel adds keys. EvdevTests checks the table against libevdev's.
event-codes:
	$(PYTHON) Sources/InputEvents/EventCodes/generate-event-codes.py /usr/include/linux/input-event-codes.h \
	  > Sources/InputEvents/EventCodes/EventCodeTable.swift

# Formats the Swift sources in place, as make check-format wants them.
format:
	$(SWIFT) format format --in-place --recursive --parallel --configuration .swift-format $(FORMAT_PATHS)

# A release: set VERSION, commit, make tag, then git push
# origin v$(VERSION). The tag names the commit t9dial --version prints.
tag:
	@git diff --quiet HEAD -- || { echo "make tag: commit your changes first: a release is a clean commit"; exit 1; }
	@! git rev-parse -q --verify "refs/tags/v$(VERSION)" >/dev/null || \
	  { echo "make tag: v$(VERSION) exists already; raise VERSION first"; exit 1; }
	git tag -a "v$(VERSION)" -m "t9dial $(VERSION)"
	@echo "Tagged v$(VERSION). Publish it with: git push origin v$(VERSION)"

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build
