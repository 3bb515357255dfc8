#!/usr/bin/env bash
# What `make test` needs besides the C libraries, so that no test is skipped on a fresh machine:
#  - headless Chromium (HTMLReportTests takes a screenshot of the HTML report) and jq: apt-get on
#    Debian/Ubuntu, Homebrew on macOS;
#  - the pinned schema validators (scripts/validate-reports.py, validate-specs.py) in a virtual
#    environment, .build/venv; `make test` puts .build/venv/bin first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

# Headless Chromium and jq (CIExampleTests runs the GitLab job's Code Quality filter).
missing=""
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 \
    || missing="$missing chromium"
command -v jq >/dev/null 2>&1 || missing="$missing jq"
# chromedriver drives Chromium for the HTML report's review checks (scripts/check-html.py).
if [ "$(uname)" != "Darwin" ]; then command -v chromedriver >/dev/null 2>&1 || missing="$missing chromium-driver"; fi
if [ -n "$missing" ]; then
    if [ "$(uname)" = "Darwin" ]; then
        for p in $missing; do
            if [ "$p" = chromium ]; then brew install --cask chromium; else brew install "$p"; fi
        done
    else
        sudo=""
        [ "$(id -u)" = "0" ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
    fi
fi

venv=.build/venv
requirements="jsonschema==4.26.0 rfc3986-validator==0.1.1 xmlschema==4.3.2 PyYAML==6.0.3 selenium==4.51.0 axe-core-python==0.1.0"
stamp="$venv/.requirements"
if [ ! -x "$venv/bin/python3" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$requirements" ]; then
    mkdir -p .build
    if ! python3 -m venv "$venv"; then
        echo "install-test-deps: python3 -m venv failed (on Debian: apt-get install python3-venv)" >&2
        exit 1
    fi
    "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check $requirements
    echo "$requirements" > "$stamp"
fi
"$venv/bin/python3" -c 'import jsonschema, rfc3986_validator, xmlschema, yaml, selenium, axe_core_python'
