#!/usr/bin/env bash
# Issue 18's (a) — one thread's full audit ÷ the HarfBuzz lower bound — counted in instructions
# (valgrind's callgrind) instead of seconds, so it repeats exactly on a machine whose wall time drifts
# by ±15–30 % (docs/performance.md, "Measuring a change on a noisy machine").
#
#   scripts/instruction-ratio.sh CORPUS BINARY
#       CORPUS: a folder written by `typefit-bench --write-corpus` (the benchmark's: all its screens)
#
# The audit is the benchmark's full audit: `typefit audit CORPUS --threads 1` with a text report,
# counted inside `Auditor.run()` (what typefit-bench times; the report written after it is left out).
# The lower bound's instructions are those of every `hb_shape` call the audit makes. The shaper
# caches every run, so it calls HarfBuzz once per distinct run while the runs fit its cache (65,536;
# a run with more calls than that fails, as the cache may have been emptied). Those are the runs the
# benchmark's lower bound shapes once each, in the same fonts with the same features: the calls
# printed here equal its "unique shaping calls". A ratio here is not the benchmark's (a): an
# instruction of the audit and one of HarfBuzz's do not take the same time (docs/performance.md,
# session 72). Takes about 4 minutes on the benchmark's corpus. Needs valgrind and binutils' strip,
# as scripts/instructions.sh does.
set -euo pipefail
export SWIFT_DETERMINISTIC_HASHING=1
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { sed -n '2,18p' "$0" >&2; exit 2; }
corpus=$1 bin=$2
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
command -v strip >/dev/null || { echo "needs strip (apt-get install binutils)" >&2; exit 2; }
[ -d "$corpus/screen0" ] || { echo "$corpus: not a corpus (write one with typefit-bench --write-corpus DIR)" >&2; exit 2; }
[ -x "$bin" ] || { echo "no executable $bin" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/typefit" "$bin"
status=0
valgrind --tool=callgrind --callgrind-out-file="$work/out" "$work/typefit" audit "$corpus" --threads 1 \
    > "$work/report" 2> "$work/log" || status=$?
# The audit exits 1 when it finds problems (the corpus is full of them); 2 is an error.
[ "$status" -le 1 ] && grep -q "element checks" "$work/report" || { cat "$work/log" >&2; exit 2; }
callgrind_annotate --inclusive=yes "$work/out" > "$work/inclusive"
# The first column of a function's line is its inclusive count ("1,303,842,633 (15.52%)  ???:hb_shape [lib…]").
inclusive() { awk -v f="???:$1 [" 'index($0, f) { gsub(",", "", $1); print $1; exit }' "$work/inclusive"; }
audit=$(inclusive '$s12TypefitAudit7AuditorC3runAA0B6ReportVyKF')
harfbuzz=$(inclusive 'hb_shape')
[ -n "$audit" ] && [ -n "$harfbuzz" ] || { echo "no Auditor.run() or hb_shape in the profile" >&2; exit 2; }
# hb_shape's calls, from the line that names it as its callee's caller ("< ???:hb_shape (12,170x) […]").
calls=$(callgrind_annotate --tree=caller "$work/out" |
    awk 'index($0, "< ???:hb_shape (") { s = $0; sub(/.*hb_shape \(/, "", s); sub(/x\).*/, "", s); gsub(",", "", s); n += s } END { print n + 0 }')
[ "$calls" -le 65536 ] || {
    echo "$calls hb_shape calls: more than the shaper caches (65,536 runs), so not once per distinct run" >&2
    exit 2
}
checks=$(grep -o '[0-9]* element checks' "$work/report" | tail -1)
group() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }
printf '| %s, 1 thread | instructions |\n|---|---|\n' "$corpus"
printf '| the full audit (`Auditor.run()`, %s) | %s |\n' "$checks" "$(group "$audit")"
printf '| HarfBuzz (`hb_shape`, every distinct run once: %s calls) | %s |\n' "$(group "$calls")" "$(group "$harfbuzz")"
printf '| the audit ÷ HarfBuzz | %s× |\n' "$(awk -v a="$audit" -v b="$harfbuzz" 'BEGIN { printf "%.2f", a / b }')"
