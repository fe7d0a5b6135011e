# t9dial: build, demo, test, benchmark, on Debian 12 with Swift.
#
#   make demo    replays a recorded keypad session over Config/samples/contacts.vcf
#   make test    every test
#   make bench   load and per-keystroke latency on the 100,000-contact benchmark book
#
# Each target first installs the Debian packages it needs when they are missing.

SWIFT        ?= swift
APT_PACKAGES ?= pkg-config libsqlite3-dev libevdev-dev zlib1g-dev python3-venv device-tree-compiler cpp
# The CardDAV tests sync from a real Radicale server on 127.0.0.1, installed from PyPI into a
# virtualenv of the build (Debian's own Python refuses pip installs).
PIP_PACKAGES ?= radicale==3.9.0
PYTHON       ?= python3
TEST_PYTHON  := .build/test-python
BOOK         ?= ../shared/datasets/contacts-100k.vcf
SAMPLES      := Config/samples
T9DIAL       := .build/debug/t9dial

.PHONY: all deps test-deps build demo demo-search test bench clean

all: build

# Installs the missing packages of APT_PACKAGES (with sudo when not root).
deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
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

test: test-deps
	$(SWIFT) build --build-tests
	PATH="$(abspath $(TEST_PYTHON))/bin:$$PATH" $(SWIFT) test --skip-build

bench: deps
	@if [ ! -f "$(BOOK)" ]; then echo "No benchmark book at $(BOOK); run make bench BOOK=path/to/contacts.vcf"; exit 1; fi
	$(SWIFT) build -c release --package-path Benchmarks
	Benchmarks/.build/release/t9dial-bench search --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"
	Benchmarks/.build/release/t9dial-bench keypad --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"
	Benchmarks/.build/release/t9dial-bench screen --contacts "$(abspath $(BOOK))" --data-dir "$(abspath Config)"

clean:
	rm -rf .build Benchmarks/.build
