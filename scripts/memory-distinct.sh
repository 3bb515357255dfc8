#!/usr/bin/env bash
# Peak memory and time of `typefit audit` over N distinct screens (docs/performance.md, issue 18):
# the benchmark's generated corpus (`typefit-bench --write-corpus`: every screen its own strings in
# 40 locales, 8 text elements, 3 devices, 12 categories), audited as the CI gate runs it (`--quiet`).
# Unlike `scripts/memory-scale.sh`, whose copies of one screen repeat the same texts, every screen
# here brings new texts: what the process keeps across screens (its shape and paragraph caches, the
# strings the findings' records share, the problems) grows with them, the work in flight does not.
# Not part of `make test`: 500 screens are 5.8 million checks and several seconds.
#
#   scripts/memory-distinct.sh [BINARY] [SCREENS...]    default: .build/release/typefit 50 100 250 500
#   (needs .build/release/typefit-bench beside it: `make bench` builds both)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/typefit}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(50 100 250 500)
bench="$(dirname "$bin")/typefit-bench"
[ -x "$bin" ] || { echo "no $bin: run make build first" >&2; exit 2; }
[ -x "$bench" ] || { echo "no $bench: run make bench first" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
max=0
for n in "${sizes[@]}"; do [ "$n" -gt "$max" ] && max=$n; done
"$bench" --write-corpus "$work/corpus" --screens "$max" > "$work/generated" 2>&1 || { cat "$work/generated" >&2; exit 2; }
printf '| screens | element checks | findings | wall time | peak RSS |\n|---|---|---|---|---|\n'
for n in "${sizes[@]}"; do
    mkdir -p "$work/run-$n"
    for i in $(seq 0 $((n - 1))); do cp -al "$work/corpus/screen$i" "$work/run-$n/screen$i"; done
    status=0
    /usr/bin/time -f '%e %M' -o "$work/time" "$bin" audit "$work/run-$n" --quiet > "$work/out" 2> "$work/err" || status=$?
    [ "$status" -le 1 ] || { cat "$work/err" >&2; exit "$status"; }
    read -r checks errors warnings infos < <(sed -E 's/.* ([0-9]+) element checks .*: ([0-9]+) errors, ([0-9]+) warnings, ([0-9]+) info.*/\1 \2 \3 \4/' "$work/out" | head -1)
    read -r wall rss < <(tail -1 "$work/time")
    printf '| %s | %s | %s | %s s | %s MB |\n' "$n" "$checks" "$((errors + warnings + infos))" "$wall" "$((rss / 1024))"
done
