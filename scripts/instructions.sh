#!/usr/bin/env bash
# Instructions `typefit audit` executes on one thread (valgrind's cachegrind), to compare builds on a
# machine whose wall time drifts by ±15–30 % from run to run (docs/performance.md): the count
# repeats exactly (below), so a change of 0.1 % shows, where alternated wall-time runs need dozens of
# pairs. Instructions are not time (a cache miss costs more than an add), so a change is still
# confirmed by wall time; this finds and sizes the small ones. Not part of `make test`.
#
#   scripts/instructions.sh CORPUS BINARY [BINARY...]
#       CORPUS: a folder written by `typefit-bench --write-corpus` (screen0, screen1, …)
#   INSTRUCTIONS_SCREENS=50 scripts/instructions.sh …    how many of its screens (default 5)
#
# Needs valgrind (apt-get install valgrind) and binutils' strip: valgrind 3.19 cannot read the
# release binary's DWARF, so each binary is measured as a copy without its debug sections.
# Swift seeds its hashing per process, so dictionaries are laid out differently from run to run
# and a count moves by about 0.1 %; with SWIFT_DETERMINISTIC_HASHING set (here) it repeats exactly.
# The audit's output does not depend on it.
set -euo pipefail
export SWIFT_DETERMINISTIC_HASHING=1
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
corpus=$1
shift
screens=${INSTRUCTIONS_SCREENS:-5}
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
command -v strip >/dev/null || { echo "needs strip (apt-get install binutils)" >&2; exit 2; }
[ -d "$corpus/screen0" ] || { echo "$corpus: not a corpus (write one with typefit-bench --write-corpus DIR)" >&2; exit 2; }
[[ "$screens" =~ ^[1-9][0-9]*$ ]] || { echo "INSTRUCTIONS_SCREENS must be a positive number (got '$screens')" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus"
for i in $(seq 0 $((screens - 1))); do
    [ -d "$corpus/screen$i" ] || { echo "$corpus has no screen$i (it has $(ls -d "$corpus"/screen* | wc -l) screens)" >&2; exit 2; }
    cp -R "$corpus/screen$i" "$work/corpus/screen$i"
done
printf '| binary | instructions (%s screens, 1 thread) | vs the first |\n|---|---|---|\n' "$screens"
first=
n=0
for bin in "$@"; do
    [ -x "$bin" ] || { echo "no executable $bin" >&2; exit 2; }
    n=$((n + 1))
    strip --strip-debug -o "$work/typefit-$n" "$bin"
    status=0
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$work/out-$n" \
        "$work/typefit-$n" audit "$work/corpus" --threads 1 --quiet > "$work/log-$n" 2>&1 || status=$?
    # The audit exits 1 when it finds problems (the corpus is full of them); 2 is an error.
    [ "$status" -le 1 ] && grep -q "element checks" "$work/log-$n" || { cat "$work/log-$n" >&2; exit 2; }
    count=$(grep -o 'I *refs: *[0-9,]*' "$work/log-$n" | tr -dc '0-9')
    [ -n "$first" ] || first=$count
    printf '| %s | %s | %s |\n' "$bin" "$(echo "$count" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')" \
        "$(awk -v a="$count" -v b="$first" 'BEGIN { printf "%+.1f %%", (a / b - 1) * 100 }')"
done
