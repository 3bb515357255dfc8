#!/usr/bin/env bash
# Checks the SwiftPM command plugin as an app uses it: a temporary package that depends on this one by
# path, with a Specs/ folder of its own, runs `swift package typefit` with no environment variables
# (TYPEFIT_FONTS is unset): the plugin must find typefit's bundled fonts by itself and the audit must
# run (exit 0 here: the app's one screen fits). Builds typefit in the temporary package (minutes).
# Usage: scripts/check-plugin.sh [WORK_DIR]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work/Specs" "$work/Sources/App"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "PluginApp",
    dependencies: [.package(path: "$repo")],
    targets: [.target(name: "App", path: "Sources/App")]
)
SWIFT
echo 'public let app = 1' > "$work/Sources/App/App.swift"
cat > "$work/Specs/welcome.yaml" <<'YAML'
screen: Welcome
devices: [iPhone 16]
locales: [en]
content:
  vstack: root
  children:
    - label: title
      text: Welcome
      style: title1
      numberOfLines: 0
YAML
cd "$work"
env -u TYPEFIT_FONTS swift package typefit --categories large,AX5 | tee "$work/plugin.out"
grep -q "Welcome" "$work/plugin.out"
# The control: the tool the plugin built, run by itself from the app's folder, does not find the fonts
# (exit 2), so the run above found them through the plugin.
tool="$(find .build -type f \( -name typefit-tool -o -name typefit \) -perm -u+x | head -1)"
status=0
env -u TYPEFIT_FONTS "$tool" audit Specs >/dev/null 2>"$work/tool.err" || status=$?
[ "$status" -eq 2 ] && grep -q "is not installed" "$work/tool.err" \
    || { echo "check-plugin: the tool alone was expected to miss the fonts (exit 2), got $status" >&2; exit 1; }
echo "check-plugin: ok ($work)"
