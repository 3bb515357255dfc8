#!/usr/bin/env bash
# Installs the C libraries typefit links (HarfBuzz, FreeType, ICU) and pkg-config, if missing.
# Debian/Ubuntu: apt-get (as root, or with sudo). macOS: Homebrew.
set -euo pipefail

if [ "$(uname)" = "Darwin" ]; then
    command -v brew >/dev/null || { echo "install Homebrew first: https://brew.sh" >&2; exit 1; }
    for f in harfbuzz freetype icu4c pkg-config; do
        brew list "$f" >/dev/null 2>&1 || brew install "$f"
    done
    echo "ICU from Homebrew is keg-only: export PKG_CONFIG_PATH=\"$(brew --prefix icu4c)/lib/pkgconfig:\$PKG_CONFIG_PATH\"" >&2
    exit 0
fi

packages="libharfbuzz-dev libfreetype-dev libicu-dev pkg-config"
missing=""
for p in $packages; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" = "0" ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
fi
