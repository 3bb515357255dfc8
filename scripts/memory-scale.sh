#!/usr/bin/env bash
# Peak memory and time of `typefit audit` as the work grows (docs/performance.md, issue 18): N copies
# of the shipped signup screen (Specs/signup-flow, 132,000 element checks each: 42 locales × 12
# categories × 4 devices × 2 orientations × 5 keyboard states), each copy a spec file of its own
# beside one shared String Catalog, audited with the text report only and with a JSON report too.
# Not part of `make test`: 500 copies are 66 million checks and several GB.
#
#   scripts/memory-scale.sh [BINARY] [COPIES...]      default: .build/release/typefit 100 200 500
#   MEMORY_SCALE_JSON=0 scripts/memory-scale.sh        text report only
#   BENCH_RESULTS=FILE scripts/memory-scale.sh …        also appends each run to FILE, for
#       typefit-bench (its --scripts, which make bench runs, sets it):
#       memory-scale COPIES CHECKS REPORT WALL_SECONDS PEAK_MB
set -euo pipefail
# FILE as given from where the script was started (it runs from the repository's root).
if [ -n "${BENCH_RESULTS:-}" ]; then BENCH_RESULTS=$(realpath -m -- "$BENCH_RESULTS"); fi
cd "$(dirname "$0")/.."
bin=${1:-.build/release/typefit}
shift || true
copies=("$@")
[ ${#copies[@]} -gt 0 ] || copies=(100 200 500)
[ -x "$bin" ] || { echo "no $bin: run make build first" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp Specs/signup-flow/Localizable.xcstrings "$work/"
max=0
for n in "${copies[@]}"; do [ "$n" -gt "$max" ] && max=$n; done
for i in $(seq 1 "$max"); do
    sed "s/^screen: Signup — about you/screen: Signup — about you $i/" Specs/signup-flow/signup-flow.yaml > "$work/signup-$(printf %04d "$i").yaml"
done
printf '| copies | element checks | report | wall time | peak RSS |\n|---|---|---|---|---|\n'
for n in "${copies[@]}"; do
    mkdir -p "$work/run-$n"
    for i in $(seq 1 "$n"); do ln -sf "$work/signup-$(printf %04d "$i").yaml" "$work/run-$n/"; done
    ln -sf "$work/Localizable.xcstrings" "$work/run-$n/"
    for report in text json; do
        [ "$report" = json ] && [ "${MEMORY_SCALE_JSON:-1}" = 0 ] && continue
        extra=()
        [ "$report" = json ] && extra=(--report "json:$work/report-$n.json" --force)
        status=0
        /usr/bin/time -f '%e %M' -o "$work/time" "$bin" audit "$work/run-$n" --quiet "${extra[@]}" > "$work/out" 2> "$work/err" || status=$?
        [ "$status" -le 1 ] || { cat "$work/err" >&2; exit "$status"; }
        checks=$(grep -o "[0-9]* element checks" "$work/out" | head -1 | cut -d" " -f1)
        read -r wall rss < <(tail -1 "$work/time")
        printf '| %s | %s | %s | %s s | %s MB |\n' "$n" "$checks" "$report" "$wall" "$((rss / 1024))"
        if [ -n "${BENCH_RESULTS:-}" ]; then
            echo "memory-scale $n $checks $report $wall $((rss / 1024))" >> "$BENCH_RESULTS"
        fi
        rm -f "$work/report-$n.json"
    done
done
