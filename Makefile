# t9dial: build, demo, test, benchmark, on Debian 12 with Swift.
#
#   make demo    a scripted search session over Config/samples/contacts.vcf
#   make test    every test
#   make bench   load and per-keystroke latency on the 100,000-contact benchmark book
#
# Each target first installs the Debian packages it needs when they are missing.

SWIFT        ?= swift
APT_PACKAGES ?= pkg-config libsqlite3-dev libevdev-dev
BOOK         ?= ../shared/datasets/contacts-100k.vcf
SAMPLES      := Config/samples
T9DIAL       := .build/debug/t9dial

.PHONY: all deps build demo test bench clean

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
	@echo "t9dial search over $(SAMPLES)/contacts.vcf (region GB), as typed on a keypad:"
	@grep -v '^[[:space:]]*$$' $(SAMPLES)/search-session.txt | while IFS= read -r line; do \
	  case "$$line" in \
	    \#*) printf '\n%s\n' "$$line" ;; \
	    *) printf '  keys %s\n' "$$line"; \
	       $(T9DIAL) search "$$line" --contacts $(SAMPLES)/contacts.vcf --region GB --limit 4 | sed 's/^/      /' ;; \
	  esac; \
	done

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	@if [ ! -f "$(BOOK)" ]; then echo "No benchmark book at $(BOOK); run make bench BOOK=path/to/contacts.vcf"; exit 1; fi
	$(SWIFT) build -c release --package-path Benchmarks
	Benchmarks/.build/release/t9dial-bench --contacts "$(abspath $(BOOK))" --layouts "$(abspath Config/layouts)"

clean:
	rm -rf .build Benchmarks/.build
