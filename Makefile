# t9dial: build, demo, test, benchmark, on Debian 12 with Swift.
#
#   make demo       replays a recorded keypad session over Config/samples/contacts.vcf
#   make test       every test: the unit tests, then the tests against a real kernel (test-vm)
#   make test-unit  the Swift tests alone
#   make test-vm    t9dial on Debian's kernel in QEMU: a USB keypad, hotplug, a bouncing GPIO
#                   keypad, the udev rule, the framebuffer (Tests/VM/README.md)
#   make install    the program, its data, the udev rule, the systemd unit and the default
#                   config (PREFIX=/usr/local, DESTDIR for packaging); make uninstall
#   make bench      load and per-keystroke latency on the 100,000-contact benchmark book
#
# Each target first installs the Debian packages it needs when they are missing.

SWIFT        ?= swift
APT_PACKAGES ?= pkg-config libsqlite3-dev libevdev-dev zlib1g-dev python3-venv device-tree-compiler cpp
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
SAMPLES      := Config/samples
T9DIAL       := .build/debug/t9dial

.PHONY: all deps apt-install test-deps vm-deps build release demo demo-search test test-unit test-vm install uninstall bench clean

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

test: test-unit test-vm

test-unit: test-deps
	$(SWIFT) build --build-tests
	PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" $(SWIFT) test --skip-build

# The tests against a real kernel boot Debian's kernel under QEMU with virtme-ng (PyPI), which
# mounts this machine's file system in the guest, so the built t9dial runs there as it is.
vm-deps: test-deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(VM_APT_PACKAGES)"
	@$(TEST_PYTHON)/bin/vng --version >/dev/null 2>&1 || { \
	  echo "Installing $(VM_PIP_PACKAGES) from PyPI into $(TEST_PYTHON)"; \
	  $(TEST_PYTHON)/bin/python -m pip install --quiet $(VM_PIP_PACKAGES); }

test-vm: vm-deps build
	PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" $(PYTHON) Tests/VM/run-vm-tests.py --t9dial $(T9DIAL)

bench: deps
	@if [ ! -f "$(BOOK)" ]; then echo "No benchmark book at $(BOOK); run make bench BOOK=path/to/contacts.vcf"; exit 1; fi
	$(SWIFT) build -c release --package-path Benchmarks
	Benchmarks/.build/release/t9dial-bench search --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"
	Benchmarks/.build/release/t9dial-bench keypad --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"
	Benchmarks/.build/release/t9dial-bench screen --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"

clean:
	rm -rf .build Benchmarks/.build
