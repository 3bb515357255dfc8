#!/usr/bin/env bash
# Checks `make install`: installs into a temporary PREFIX, then runs the installed typefit from `/`
# (no Fonts/ folder there, no TYPEFIT_FONTS) on this repository's Specs/: it must find
# PREFIX/share/typefit/Fonts and audit (exit 1: the example screens fail on purpose).
# Usage: scripts/check-install.sh [PREFIX]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
prefix="${1:-$(mktemp -d)}"
make -C "$repo" install PREFIX="$prefix"
status=0
(cd / && env -u TYPEFIT_FONTS "$prefix/bin/typefit" audit "$repo/Specs" --quiet) || status=$?
[ "$status" -eq 1 ] || { echo "check-install: expected exit 1 (failing example screens), got $status" >&2; exit 1; }
folders="$(cd / && env -u TYPEFIT_FONTS "$prefix/bin/typefit" fonts)"
echo "${folders%%$'\n'*}"
# And through PATH, as a shell finds it (argv[0] is then just "typefit").
status=0
(cd / && env -u TYPEFIT_FONTS PATH="$prefix/bin:$PATH" typefit audit "$repo/Specs/paper-login" --quiet) || status=$?
[ "$status" -eq 1 ] || { echo "check-install: expected exit 1 through PATH, got $status" >&2; exit 1; }
echo "check-install: ok ($prefix)"
