# typefit — the README's two commands are `make audit` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/typefit
# On Linux the release binary links the Swift runtime statically: calls into it are direct (no PLT),
# which makes the audit about 10 % faster, and the binary needs no Swift installation to run.
# (On macOS the runtime is part of the OS.)
ifeq ($(shell uname),Linux)
STATIC_STDLIB ?= --static-swift-stdlib
endif
# Release builds skip the runtime exclusivity checks on class properties (about 6 % of the audit's
# time); the debug build `make test` runs keeps them, so an overlapping access still fails the tests.
BUILD_FLAGS = $(STATIC_STDLIB)
ifeq ($(CONFIG),release)
BUILD_FLAGS += -Xswiftc -enforce-exclusivity=unchecked
endif

.PHONY: all deps build bench audit gate test demo clean

all: build

deps:
	@bash scripts/install-deps.sh

# SwiftPM's native build system can skip rebuilding dependent modules when a type's private stored
# properties change, leaving binaries with stale layouts that corrupt memory
# (swiftlang/swift-package-manager#10502). So when any source changed since the last build, the
# configuration is rebuilt from scratch (package checkouts stay cached; removing single modules'
# folders confuses SwiftPM's build database).
define fresh-modules
	@mkdir -p .build
	@if [ -f .build/$(1)-sources.stamp ] && [ -n "$$(find Sources Tests Package.swift -newer .build/$(1)-sources.stamp -print -quit)" ]; then \
		echo "sources changed: rebuilding the $(1) configuration from scratch"; \
		rm -rf .build/*-*-*/$(1); \
	fi
endef

build: deps
	$(call fresh-modules,$(CONFIG))
	$(SWIFT) build -c $(CONFIG) --product typefit $(BUILD_FLAGS)
	@touch .build/$(CONFIG)-sources.stamp

# The benchmark (README "Performance"): corpus audit, HarfBuzz lower bound, naive mode, threads.
bench: deps
	$(call fresh-modules,$(CONFIG))
	$(SWIFT) build -c $(CONFIG) --product typefit-bench $(BUILD_FLAGS)
	@touch .build/$(CONFIG)-sources.stamp
	.build/$(CONFIG)/typefit-bench

# Audit the shipped screens with the bundled fonts and print the report.
audit: build
	$(BIN) audit Specs

# The CI gate: fails on any finding not in the committed baseline.
gate: build
	$(BIN) audit Specs --baseline Specs/baseline.json --quiet

# A measure demo over the bundled fonts.
demo: build
	$(BIN) measure --style body --category all --width 250 --lines 1 --line-break truncate-tail "Continue with Google"

test: deps
	$(call fresh-modules,debug)
	$(SWIFT) build --build-tests
	@touch .build/debug-sources.stamp
	$(SWIFT) test --skip-build 2>&1 | tee .build/test.log; exit $${PIPESTATUS[0]}

clean:
	rm -rf .build

# A short fuzzing run for CI (docs/fuzzing.md): builds the four libFuzzer targets with AddressSanitizer
# in .build-fuzz and runs each for FUZZ_SECONDS; fails on any crash, hang, leak or sanitizer report.
FUZZ_SECONDS ?= 25
.PHONY: fuzz-smoke
fuzz-smoke: deps
	bash scripts/fuzz.sh all $(FUZZ_SECONDS)
