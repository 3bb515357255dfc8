# typefit — the README's two commands are `make audit` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= release
BIN = .build/$(CONFIG)/typefit

.PHONY: all deps build audit gate test demo clean

all: build

deps:
	@bash scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIG) --product typefit

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
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build 2>&1 | tee .build/test.log; exit $${PIPESTATUS[0]}

clean:
	rm -rf .build
