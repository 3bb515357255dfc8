#!/usr/bin/env bash
# Packs the self-contained Linux archive `make dist` builds: .build/dist/typefit-VERSION-linux-ARCH.tar.gz
# holding bin/typefit (Swift runtime linked statically; rpath $ORIGIN/../lib), lib/ (every shared
# library it loads that is not part of the C library itself: HarfBuzz, FreeType, ICU and their own
# dependencies) and share/typefit/Fonts. Prints the archive's path and size.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/typefit}"
[ "$(uname)" = "Linux" ] || { echo "dist.sh: the archive is built on Linux (macOS: use Homebrew, README)" >&2; exit 2; }
readelf -d "$binary" | grep -q "(RPATH).*\$ORIGIN/../lib" || { echo "dist.sh: $binary has no \$ORIGIN/../lib rpath (build it with make dist)" >&2; exit 2; }

version="$("$binary" --version)"
arch="$(uname -m)"
name="typefit-$version-linux-$arch"
stage=".build/dist/$name"
rm -rf "$stage"
mkdir -p "$stage/bin" "$stage/lib" "$stage/share/typefit"
cp "$binary" "$stage/bin/typefit"
strip "$stage/bin/typefit" 2>/dev/null || true
# The C library, the dynamic loader and the libraries glibc itself is made of stay the system's
# (every Linux distribution has them, and they must match the kernel's loader); everything else ldd
# lists is bundled.
ldd "$binary" | awk '/=> \// { print $1, $3 }' | while read -r soname path; do
    case "$soname" in
        libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|libresolv.so.*|ld-linux*|libutil.so.*) ;;
        *) cp -L "$path" "$stage/lib/$soname" ;;
    esac
done
cp -R Fonts "$stage/share/typefit/Fonts"
cp scripts/gitlab-codequality.jq "$stage/share/typefit/"
cp README.md "$stage/"
tar -C .build/dist -czf ".build/dist/$name.tar.gz" "$name"
echo "dist: .build/dist/$name.tar.gz ($(du -h ".build/dist/$name.tar.gz" | cut -f1); unpacked $(du -sh "$stage" | cut -f1))"
echo "lib/: $(ls "$stage/lib" | tr '\n' ' ')"
