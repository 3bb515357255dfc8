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
# They also leave out lexical lifetimes (`-enable-lexical-lifetimes=false`): an object may be released
# after its last use rather than at the end of its variable's scope, as Swift's rules have always
# allowed, which lets the optimizer drop retains and releases (2.3 % of the audit's instructions,
# docs/performance.md, session 83). No code reads memory an object owns past the object's last use
# without keeping the object (C handles are used inside their owners' methods, buffers inside
# `withUnsafe…` closures, `ShapedParagraph.scales` by callers that hold the paragraph), and every test
# passes with a release build made so (`make test-release`, which CI runs).
RELEASE_SWIFTC_FLAGS = -Xswiftc -enforce-exclusivity=unchecked -Xswiftc -Xfrontend -Xswiftc -enable-lexical-lifetimes=false
BUILD_FLAGS = $(STATIC_STDLIB)
ifeq ($(CONFIG),release)
BUILD_FLAGS += $(RELEASE_SWIFTC_FLAGS)
endif

.PHONY: all deps test-deps build bench bench-deps bench-measure audit gate test test-release demo clean install uninstall dist check-install-routes

all: build

deps:
	@bash scripts/install-deps.sh

# SwiftPM's native build system can skip rebuilding dependent modules when a type's private stored
# properties change, leaving binaries with stale layouts that corrupt memory
# (swiftlang/swift-package-manager#10502). So when any source changed since the last build, the
# configuration is rebuilt from scratch (package checkouts stay cached; removing single modules'
# folders confuses SwiftPM's build database).
# $(1): the configuration; $(2): the build folder, .build unless given (its stamp is $(2)/$(1)-sources.stamp).
define fresh-modules
	@mkdir -p $(or $(2),.build)
	@if [ -f $(or $(2),.build)/$(1)-sources.stamp ] && [ -n "$$(find Sources Tests Package.swift -newer $(or $(2),.build)/$(1)-sources.stamp -print -quit)" ]; then \
		echo "sources changed: rebuilding the $(1) configuration in $(or $(2),.build) from scratch"; \
		rm -rf $(or $(2),.build)/*-*-*/$(1); \
	fi
endef

build: deps
	$(call fresh-modules,$(CONFIG))
	$(SWIFT) build -c $(CONFIG) --product typefit $(BUILD_FLAGS)
	@touch .build/$(CONFIG)-sources.stamp

# Style: the toolchain's swift-format (`swift format`) with the checked-in .swift-format; CI runs
# `make lint`, `make format` rewrites the sources in place.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

# The benchmark (README "Performance", docs/performance.md): corpus audit, HarfBuzz lower bound, naive
# mode, threads, reports, and every target of issue 18 measured, met or not (typefit itself is built
# too: the benchmark runs it for the Specs/ peak memory). The two targets measured by scripts of their
# own run after the benchmark's timed audits (about three minutes: memory at 100, 200 and 500 copies
# of the signup screen, and measure against Pango, which need libpango1.0-dev, /usr/bin/time and bc,
# installed by bench-deps if missing); typefit-bench runs them and judges their targets with the others. What it
# prints replaces the README's benchmark section (between its `make bench` markers), named by revision.
bench: deps bench-deps
	$(call fresh-modules,$(CONFIG))
	$(SWIFT) build -c $(CONFIG) --product typefit-bench $(BUILD_FLAGS)
	$(SWIFT) build -c $(CONFIG) --product typefit $(BUILD_FLAGS)
	@touch .build/$(CONFIG)-sources.stamp
	.build/$(CONFIG)/typefit-bench --scripts --readme README.md --revision "$$(git describe --always --dirty 2>/dev/null || echo unknown)"

# What the scripted measurements need (Debian): Pango's development files (scripts/pango-measure.c),
# /usr/bin/time (peak memory) and bc (the scripts' ratios), each installed only if missing.
bench-deps:
	@missing=""; pkg-config --exists pangoft2 || missing="libpango1.0-dev"; [ -x /usr/bin/time ] || missing="$$missing time"; \
	command -v bc >/dev/null || missing="$$missing bc"; \
	if [ -n "$$missing" ]; then sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; $$sudo apt-get install -y -qq $$missing; fi

# The measure benchmark (docs/performance.md, "Batch measure"): `typefit measure --jsonl` against
# Debian's Pango on a held-out mixed-script batch, whole processes.
bench-measure: build bench-deps
	bash scripts/bench-measure.sh $(BIN)

# Audit the shipped screens with the bundled fonts and print the report. The example screens fail on
# purpose (exit 1): that ends with a note, not a make error; any other exit code is an error.
audit: build
	@$(BIN) audit Specs; status=$$?; \
	if [ $$status -eq 1 ]; then echo "make audit: the example screens fail on purpose: the report above shows what typefit finds (exit code 1 = failing findings)."; \
	else exit $$status; fi

# The CI gate: fails on any finding not in the committed baseline.
gate: build
	$(BIN) audit Specs --baseline Specs/baseline.json --quiet

# A measure demo over the bundled fonts.
demo: build
	$(BIN) measure --style body --category all --width 250 --lines 1 --line-break truncate-tail "Continue with Google"

# What the tests need besides the libraries: headless Chromium (the HTML report's screenshot test)
# and the pinned schema validators in a virtual environment under .build/ (scripts/install-test-deps.sh).
test-deps: deps
	@bash scripts/install-test-deps.sh

# The tests run with .build/venv first on PATH (its python3 has the validators); a skipped test fails
# the run, so `make test` passing means every test ran.
test: test-deps
	$(call fresh-modules,debug)
	$(SWIFT) build --build-tests
	@touch .build/debug-sources.stamp
	PATH="$(CURDIR)/.build/venv/bin:$$PATH" $(SWIFT) test --skip-build 2>&1 | tee .build/test.log; status=$${PIPESTATUS[0]}; \
	if [ $$status -eq 0 ] && grep -E "Test Case .* skipped" .build/test.log; then echo "make test: the tests above were skipped" >&2; exit 1; fi; \
	exit $$status

# The same tests against a release build made with the release flags (BUILD_FLAGS: no exclusivity
# checks, no lexical lifetimes), in .build-release-tests: what the shipped binary's optimizer does
# with object lifetimes is tested too, not only the debug build's (`-enable-testing` lets the tests
# reach internal code). CI runs it after `make test`. Rebuilt from scratch when sources changed.
RELEASE_TESTS = .build-release-tests
test-release: test-deps
	$(call fresh-modules,release,$(RELEASE_TESTS))
	$(SWIFT) build -c release --build-tests --build-path $(RELEASE_TESTS) -Xswiftc -enable-testing $(RELEASE_SWIFTC_FLAGS)
	@touch $(RELEASE_TESTS)/release-sources.stamp
	PATH="$(CURDIR)/.build/venv/bin:$$PATH" $(SWIFT) test -c release --skip-build --build-path $(RELEASE_TESTS) 2>&1 | tee .build/test-release.log; \
	status=$${PIPESTATUS[0]}; \
	if [ $$status -eq 0 ] && grep -E "Test Case .* skipped" .build/test-release.log; then echo "make test-release: the tests above were skipped" >&2; exit 1; fi; \
	exit $$status

# Installs the binary and the bundled fonts together: PREFIX/bin/typefit finds PREFIX/share/typefit/Fonts
# (README "Install"). DESTDIR is prepended for staged installs (packaging).
PREFIX ?= /usr/local
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/typefit"
	install -m 755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/typefit"
	rm -rf "$(DESTDIR)$(PREFIX)/share/typefit/Fonts"
	cp -R Fonts "$(DESTDIR)$(PREFIX)/share/typefit/Fonts"
	install -m 644 scripts/gitlab-codequality.jq "$(DESTDIR)$(PREFIX)/share/typefit/"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/typefit and its fonts in $(DESTDIR)$(PREFIX)/share/typefit/Fonts"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/typefit"
	rm -rf "$(DESTDIR)$(PREFIX)/share/typefit"

# A self-contained Linux archive (README "Install"): the binary with the Swift runtime linked
# statically, HarfBuzz, FreeType, ICU and the libraries they need in lib/ (found through the
# binary's rpath, $$ORIGIN/../lib: an old-style DT_RPATH, which unlike DT_RUNPATH also applies to the
# libraries' own dependencies), and the fonts in share/typefit/Fonts. scripts/dist.sh.
dist: deps
	$(call fresh-modules,release)
	$(SWIFT) build -c release --product typefit $(BUILD_FLAGS) -Xlinker --disable-new-dtags -Xlinker -rpath -Xlinker '$$ORIGIN/../lib'
	@touch .build/release-sources.stamp
	bash scripts/dist.sh .build/release/typefit

clean:
	rm -rf .build

# A short fuzzing run for CI (docs/fuzzing.md): builds the four libFuzzer targets with AddressSanitizer
# in .build-fuzz and runs each for FUZZ_SECONDS; fails on any crash, hang, leak or sanitizer report.
FUZZ_SECONDS ?= 25
.PHONY: fuzz-smoke
fuzz-smoke: deps
	bash scripts/fuzz.sh all $(FUZZ_SECONDS)

# The install routes as README "Install" tests them: make install into a temporary PREFIX run from /,
# the make dist archive in a chroot holding only the C library (needs root), and the SwiftPM plugin in
# a temporary package depending on this one by path (builds typefit there: minutes).
check-install-routes: dist
	bash scripts/check-install.sh
	bash scripts/check-dist.sh .build/dist/typefit-$$(.build/release/typefit --version)-linux-$$(uname -m).tar.gz
	bash scripts/check-plugin.sh
