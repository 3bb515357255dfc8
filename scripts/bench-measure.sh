#!/usr/bin/env bash
# `make bench-measure` (docs/performance.md): times `typefit measure --jsonl` and Debian's Pango on
# the same held-out mixed-script batch, whole processes (start-up, reading the batch, writing the
# results), RUNS runs each, the two alternated (best of each, and the median ratio of runs made one
# after the other), and checks that the batch's results equal one-at-a-time measurement
# for a sample of its requests.
#
#   bash scripts/bench-measure.sh [TYPEFIT_BINARY] [RUNS]
#   BENCH_RESULTS=FILE bash scripts/bench-measure.sh …   also appends the ratios to FILE, for
#       typefit-bench (its --scripts, which make bench runs, sets it): measure MEDIAN LOWEST HIGHEST BEST_RUNS
set -euo pipefail
# FILE as given from where the script was started (it runs from the repository's root).
if [ -n "${BENCH_RESULTS:-}" ]; then BENCH_RESULTS=$(realpath -m -- "$BENCH_RESULTS"); fi
cd "$(dirname "$0")/.."
typefit=${1:-.build/release/typefit}
runs=${2:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! pkg-config --exists pangoft2; then
    echo "bench-measure: Pango's headers are missing: apt-get install libpango1.0-dev" >&2
    exit 2
fi
cc -O2 -Wall scripts/pango-measure.c $(pkg-config --cflags --libs pangoft2) -o "$work/pango-measure"
python3 scripts/measure-batch.py "$work/batch" 2> "$work/batch.txt"
checks=$(wc -l < "$work/batch.jsonl")
mkdir -p "$work/fccache"
"$work/pango-measure" "$PWD/Fonts" "$work/fccache" "$work/batch.tsv" > /dev/null 2>&1  # writes fontconfig's cache

# Runs one or more commands $runs times each, alternated (so that all see the same machine: its
# load drifts over seconds). Prints, per command, its best wall time (seconds) and the CPU time (user
# + system) of that run; with two commands, then the median, lowest and highest of the $runs ratios
# second ÷ first of runs made one after the other. The first command's output is left in $work/out.
# Arguments: the commands, separated by `--`.
timed() {
    python3 - "$runs" "$work/out" "$@" <<'PY'
import os, statistics, subprocess, sys, time
runs, out, rest = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
commands = [[]]
for arg in rest:
    if arg == "--":
        commands.append([])
    else:
        commands[-1].append(arg)
def run(cmd, path):
    with open(path, "wb") as f, open(os.devnull, "wb") as null:
        start = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=f, stderr=null)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"bench-measure: {cmd[0]} failed")
    return wall, usage.ru_utime + usage.ru_stime
best = [None] * len(commands)
ratios = []
for _ in range(runs):
    times = [run(cmd, out if i == 0 else os.devnull) for i, cmd in enumerate(commands)]
    for i, t in enumerate(times):
        if best[i] is None or t[0] < best[i][0]:
            best[i] = t
    if len(times) == 2:
        ratios.append(times[1][0] / times[0][0])
fields = [f"{b[0]:.4f} {b[1]:.4f}" for b in best]
if ratios:
    fields.append(f"{statistics.median(ratios):.1f} {min(ratios):.1f} {max(ratios):.1f}")
print(" ".join(fields))
PY
}

# typefit and Pango alternated; then typefit with one request alone (its start-up).
read -r tf_wall tf_cpu pango_wall pango_cpu pair_median pair_min pair_max <<< "$(timed "$typefit" measure --jsonl "$work/batch.jsonl" -- "$work/pango-measure" "$PWD/Fonts" "$work/fccache" "$work/batch.tsv")"
cp "$work/out" "$work/typefit.jsonl"
head -1 "$work/batch.jsonl" > "$work/first.jsonl"
read -r one_wall _ <<< "$(timed "$typefit" measure --jsonl "$work/first.jsonl")"

# One-at-a-time: every 50th request in its own process; equal to its batch line, stats aside.
strip() { sed -E 's/,"stats":\{"cacheHits":[0-9]+,"shapingCalls":[0-9]+\}//'; }
compared=0
for n in $(seq 1 50 "$checks"); do
    sed -n "${n}p" "$work/batch.jsonl" > "$work/one.jsonl"
    if ! cmp -s <("$typefit" measure --jsonl "$work/one.jsonl" | strip) <(sed -n "${n}p" "$work/typefit.jsonl" | strip); then
        echo "bench-measure: request $n differs from its batch result" >&2
        exit 1
    fi
    compared=$((compared + 1))
done

us() { echo "scale=1; $1 * 1000000 / $checks" | bc; }
ratio() { echo "scale=1; $1 / $2" | bc; }
echo "| Measure | Value |"
echo "|---|---|"
echo "| batch | $checks checks: $(sed -E 's/^[0-9]+ checks: //' "$work/batch.txt") (scripts/measure-batch.py) |"
echo "| \`typefit measure --jsonl\` (best of $runs, alternated with Pango) | $tf_wall s wall, $(us "$tf_wall") µs per check; CPU $tf_cpu s; start-up and one request alone $(echo "scale=1; $one_wall * 1000 / 1" | bc) ms |"
echo "| Pango $(pkg-config --modversion pango), PangoFT2, one layout per check (best of $runs) | $pango_wall s wall, $(us "$pango_wall") µs per check; CPU $pango_cpu s |"
echo "| Pango ÷ typefit, per check | best runs: wall $(ratio "$pango_wall" "$tf_wall")× · CPU $(ratio "$pango_cpu" "$tf_cpu")×; runs made one after the other: median $pair_median× (from $pair_min× to $pair_max×) (target ≥ 10×) |"
steady=$(echo "scale=1; ($tf_wall - $one_wall) * 1000000 / ($checks - 1)" | bc)
echo "| where typefit's time goes | start-up and the first request $(echo "scale=1; $one_wall * 1000 / 1" | bc) ms (loading the binary, listing the fonts, opening the first faces, ICU's first break iterators); then $steady µs per check: reading, laying out and writing each request, and analysing and shaping each new text |"
echo "| one at a time | $compared requests (every 50th) in their own process: results equal to the batch's, stats aside |"
if [ -n "${BENCH_RESULTS:-}" ]; then
    echo "measure $pair_median $pair_min $pair_max $(ratio "$pango_wall" "$tf_wall")" >> "$BENCH_RESULTS"
fi
