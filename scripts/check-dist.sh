#!/usr/bin/env bash
# Checks the `make dist` archive on a machine without typefit's libraries: unpacks it into an empty
# root that holds only the C library (libc, libm, the dynamic loader: what every Linux has) and the
# shipped specs, then runs `typefit audit` there with chroot, so no -dev package, no runtime package of
# HarfBuzz, FreeType or ICU and no Swift toolchain is visible. Needs root (chroot).
# Usage: scripts/check-dist.sh ARCHIVE.tar.gz
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
archive="$1"
root="$(mktemp -d)"
mkdir -p "$root/opt" "$root/lib64" "$root/lib/x86_64-linux-gnu" "$root/tmp" "$root/work" "$root/proc"
# /proc, as on every Linux system: the loader reads /proc/self/exe to resolve the rpath's $ORIGIN.
mount -t proc proc "$root/proc"
trap 'umount "$root/proc"; rm -rf "$root"' EXIT
tar -C "$root/opt" -xzf "$archive"
typefit_dir="$(ls "$root/opt")"
# Only the C library's own files from the host.
for lib in libc.so.6 libm.so.6 libdl.so.2 libpthread.so.0 librt.so.1 libresolv.so.2 libutil.so.1; do
    [ -e "/lib/x86_64-linux-gnu/$lib" ] && cp -L "/lib/x86_64-linux-gnu/$lib" "$root/lib/x86_64-linux-gnu/"
done
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
cp -R "$repo/Specs" "$root/work/Specs"
echo "check-dist: the root holds: $(cd "$root" && find lib lib64 -type f | sort | tr '\n' ' ')"
status=0
chroot "$root" "/opt/$typefit_dir/bin/typefit" audit /work/Specs --quiet || status=$?
[ "$status" -eq 1 ] || { echo "check-dist: expected exit 1 (failing example screens), got $status" >&2; exit 1; }
chroot "$root" "/opt/$typefit_dir/bin/typefit" fonts | tail -1
echo "check-dist: ok"
