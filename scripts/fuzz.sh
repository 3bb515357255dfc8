#!/usr/bin/env bash
# Fuzz typefit's input readers with libFuzzer and AddressSanitizer (docs/fuzzing.md).
#
#   scripts/fuzz.sh TARGET SECONDS [LIBFUZZER-FLAG...]   TARGET: spec, catalog, strings, measure or all
#   scripts/fuzz.sh build                                  only build the four fuzz targets
#   scripts/fuzz.sh repro TARGET FILE...                   run inputs once (e.g. a crash file) and exit
#
# The targets (Sources/Fuzz*) exist only when TYPEFIT_FUZZ is set, so `swift build` and `swift test`
# never see them; they are built here in .build-fuzz with --sanitize fuzzer --sanitize address (C code and
# linking) and -Xswiftc -sanitize=fuzzer,address (Swift: the two separate --sanitize flags alone leave the
# Swift modules without coverage counters with this toolchain).
# Each run seeds .fuzz-corpus/TARGET (kept between runs, not in git) from Specs/, the hb-shape sample
# texts and Tests/FuzzSeeds/TARGET, writes crashes, timeouts and out-of-memory inputs to
# .fuzz-crashes/TARGET/ and its log to .fuzz-logs/TARGET.log, and prints executions and exec/s.
# Exit status 1 when a target found something.
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH=.build-fuzz
BIN="$SCRATCH/release"
SAMPLES=Tests/TypefitLayoutTests/Fixtures/hb-shape/samples.tsv
ALL=(spec catalog strings measure)

product() {
    case "$1" in
        spec) echo FuzzSpec ;; catalog) echo FuzzCatalog ;; strings) echo FuzzStrings ;; measure) echo FuzzMeasure ;;
        *) echo "scripts/fuzz.sh: unknown target '$1' (spec, catalog, strings, measure or all)" >&2; exit 2 ;;
    esac
}

# Longest input libFuzzer builds: the seeds' sizes, with room to grow (catalogs are up to 86 KB).
# libFuzzer flags of one target, before the command line's (which can override them).
# strings: -detect_leaks=0. Foundation leaks the CFError of every property list that fails to parse (the
# leak lsan.supp suppresses), and this target hands it mostly malformed ones, so libFuzzer ran
# LeakSanitizer after each of its first 1,000 inputs (about 10 ms each): 97 exec/s in CI's 25 s run
# instead of about 9,000. LeakSanitizer still runs when the process ends and fails the run on any
# leak it does not suppress (checked: without lsan.supp the run exits 1 with "ERROR: LeakSanitizer").
target_flags() {
    case "$1" in strings) echo "-detect_leaks=0" ;; esac
}

max_len() {
    case "$1" in spec) echo 16384 ;; catalog) echo 131072 ;; strings) echo 65536 ;; measure) echo 4096 ;; esac
}

build() {
    local t out
    # As in the Makefile: SwiftPM can skip rebuilding modules whose dependencies changed a type's layout
    # (swiftlang/swift-package-manager#10502), which under ASan looks like memory corruption. When a
    # source changed since the last fuzz build, rebuild the configuration from scratch.
    mkdir -p "$SCRATCH"
    if [ -f "$SCRATCH/fuzz-sources.stamp" ] && [ -n "$(find Sources Package.swift -newer "$SCRATCH/fuzz-sources.stamp" -print -quit)" ]; then
        echo "sources changed: rebuilding the fuzz targets from scratch"
        rm -rf "$SCRATCH"/*-*-*/release
    fi
    for t in "$@"; do
        if ! out=$(TYPEFIT_FUZZ=1 swift build -c release --scratch-path "$SCRATCH" --sanitize fuzzer --sanitize address \
                   -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing --product "$(product "$t")" 2>&1); then
            echo "$out" | grep -v "Cannot export local symbol" >&2
            exit 1
        fi
        echo "$out" | tail -1
    done
    touch "$SCRATCH/fuzz-sources.stamp"
}

# Swift's own crash backtracer would hold a crashing input for its symbolication; libFuzzer reports instead.
export SWIFT_BACKTRACE=enable=no
# Foundation's own leaks on malformed property lists are not typefit's (see the file).
export LSAN_OPTIONS="suppressions=$PWD/Tests/FuzzSeeds/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

seed() {
    local t=$1 dir=.fuzz-corpus/$1
    mkdir -p "$dir"
    case "$t" in
        spec) find Specs -name '*.yaml' -exec cp {} "$dir/" \; ;;
        catalog) for f in Specs/*/*.xcstrings; do cp "$f" "$dir/$(basename "$(dirname "$f")").xcstrings"; done ;;
        # FuzzStrings scans its input as Swift code too: the scanner's test fixture is a seed.
        strings) ASAN_OPTIONS=detect_leaks=0 "$BIN/FuzzStrings" --make-seeds "$dir" Specs/*/*.xcstrings
            cp Tests/TypefitStringsTests/Fixtures/LocalizedCalls.swift "$dir/" ;;
        measure) ASAN_OPTIONS=detect_leaks=0 "$BIN/FuzzMeasure" --make-seeds "$dir" "$SAMPLES" ;;
    esac
    if [ -n "$(ls -A "Tests/FuzzSeeds/$t" 2>/dev/null)" ]; then cp Tests/FuzzSeeds/"$t"/* "$dir/"; fi
}

run() {
    local t=$1 seconds=$2; shift 2
    local exe; exe="$BIN/$(product "$t")"
    local crashes=.fuzz-crashes/$t log=.fuzz-logs/$t.log
    mkdir -p "$crashes" .fuzz-logs
    seed "$t" > /dev/null
    local before; before=$(ls "$crashes" | wc -l)
    local dict=()
    if [ -f "Tests/FuzzSeeds/$t.dict" ]; then dict=("-dict=Tests/FuzzSeeds/$t.dict"); fi
    local flags; read -r -a flags <<< "$(target_flags "$t")"
    local status=0
    "$exe" ".fuzz-corpus/$t" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len="$(max_len "$t")" -artifact_prefix="$crashes/" -print_final_stats=1 "${flags[@]}" "$@" > "$log" 2>&1 || status=$?
    local execs rate found
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    found=$(( $(ls "$crashes" | wc -l) - before ))
    printf '%-8s %10s execs  %6s exec/s  %s s  %d new crash/timeout/oom file(s)  (log %s)\n' \
        "$t" "${execs:-?}" "${rate:-?}" "$seconds" "$found" "$log"
    if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
        grep -E "ERROR|SUMMARY|Fatal error|artifact_prefix|Test unit written" "$log" | head -8 | sed 's/^/    /'
        return 1
    fi
}

case "${1:-}" in
    build)
        build "${ALL[@]}" ;;
    repro)
        [ $# -ge 3 ] || { echo "usage: scripts/fuzz.sh repro TARGET FILE..." >&2; exit 2; }
        t=$2; shift 2
        build "$t"
        "$BIN/$(product "$t")" "$@" ;;
    all)
        [ $# -ge 2 ] || { echo "usage: scripts/fuzz.sh all SECONDS" >&2; exit 2; }
        seconds=$2; shift 2
        build "${ALL[@]}"
        failed=0
        for t in "${ALL[@]}"; do run "$t" "$seconds" "$@" || failed=1; done
        exit "$failed" ;;
    spec|catalog|strings|measure)
        [ $# -ge 2 ] || { echo "usage: scripts/fuzz.sh $1 SECONDS" >&2; exit 2; }
        t=$1 seconds=$2; shift 2
        build "$t"
        run "$t" "$seconds" "$@" ;;
    *)
        echo "usage: scripts/fuzz.sh spec|catalog|strings|measure|all SECONDS [libFuzzer flags] | build | repro TARGET FILE..." >&2
        exit 2 ;;
esac
