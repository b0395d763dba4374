#!/usr/bin/env bash
# Builds the libFuzzer harnesses of tests/fuzz (clang, with AddressSanitizer and
# UndefinedBehaviorSanitizer) and runs each for a bounded time on a copy of its committed seed
# corpus plus its regression inputs. Any crash, hang, leak or sanitizer report fails the run.
#
# Usage: scripts/fuzz.sh [--seconds N] [--only REGEX] [--jobs N] [--keep-corpus DIR] [--help]
#   --seconds N     fuzzing time per harness (default 30; scripts/test.sh may pass less)
#   --only REGEX    run only the harnesses whose name matches (e.g. 'chess|uci')
#   --jobs N        build with N jobs and run N harnesses at a time (default 2)
#   --keep-corpus D copy the grown corpora to D/<harness>/ (never into the repository)
# Environment: BOARDAI_FUZZ_BUILD (default build-fuzz in the tree), BOARDAI_JOBS (default 2),
#   CC (default clang; clang-14 is used when plain clang is missing).
# New inputs found during a run are NOT added to tests/fuzz/corpus; a crash input is kept in
# the build dir's artifacts/ and should be minimised and committed under tests/fuzz/regressions/.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BOARDAI_FUZZ_BUILD:-$ROOT/build-fuzz}
JOBS=${BOARDAI_JOBS:-2}
SECONDS_PER=30
ONLY=""
KEEP=""

while [ $# -gt 0 ]; do
    case $1 in
    --seconds) SECONDS_PER=${2:?--seconds needs a number}; shift ;;
    --only) ONLY=${2:?--only needs a pattern}; shift ;;
    --jobs) JOBS=${2:?--jobs needs a number}; shift ;;
    --keep-corpus) KEEP=${2:?--keep-corpus needs a directory}; shift ;;
    -h | --help) sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
case $SECONDS_PER in '' | *[!0-9]*) echo "error: --seconds needs a whole number" >&2; exit 2 ;; esac

CC_BIN=${CC:-clang}
command -v "$CC_BIN" >/dev/null 2>&1 || CC_BIN=clang-14
if ! command -v "$CC_BIN" >/dev/null 2>&1; then
    echo "clang not found: installing clang-14 and libclang-rt-14-dev" >&2
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
    $sudo_cmd apt-get install -y clang-14 libclang-rt-14-dev >&2 || exit 1
    CC_BIN=clang-14
fi

# The whole library is instrumented for coverage; the harnesses link libFuzzer's main.
CC=$CC_BIN cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DBOARDAI_FUZZ=ON -DBOARDAI_SANITIZE=address,undefined \
    -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link" \
    -DBOARDAI_BUILD_EXAMPLES=OFF -DBOARDAI_BUILD_BENCH=OFF >"$BUILD.configure.log" 2>&1 ||
    { cat "$BUILD.configure.log"; exit 1; }
cmake --build "$BUILD" -j"$JOBS" --target boardai_fuzz >"$BUILD.build.log" 2>&1 ||
    { tail -n 40 "$BUILD.build.log"; exit 1; }

ARTIFACTS=$BUILD/artifacts
RESULTS=$BUILD/results
rm -rf "$RESULTS"
mkdir -p "$ARTIFACTS" "$RESULTS"

# run_one NAME: fuzzes one harness; leaves its table row (and on failure an excerpt of the log)
# in $RESULTS/NAME.row and its exit status in $RESULTS/NAME.rc.
run_one() {
    local name=$1 work dirs d log rc execs speed units status
    work=$BUILD/corpus-run/$name
    rm -rf "$work"
    mkdir -p "$work"
    dirs=()
    for d in "$ROOT/tests/fuzz/corpus/$name" "$ROOT/tests/fuzz/regressions/$name"; do
        [ -d "$d" ] && dirs+=("$d")
    done
    log=$BUILD/fuzz-$name.log
    # First directory is the writable working corpus; the committed ones are only read.
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$BUILD/tests/fuzz/boardai-fuzz-$name" "$work" "${dirs[@]}" \
        -max_total_time="$SECONDS_PER" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
        -detect_leaks=1 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$ARTIFACTS/$name-" >"$log" 2>&1
    rc=$?
    execs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || true)
    speed=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || true)
    units=$(find "$work" -type f | wc -l)
    status=ok
    [ $rc -eq 0 ] || status="FAILED (log: $log)"
    {
        printf '%-22s %10s %8s %8s  %s\n' "$name" "${execs:-?}" "${speed:-?}" "$units" "$status"
        if [ $rc -ne 0 ]; then
            grep -E 'ERROR|SUMMARY|invariant|==[0-9]+==|#[0-9] ' "$log" | head -n 25 | sed 's/^/   | /'
        fi
    } >"$RESULTS/$name.row"
    if [ -n "$KEEP" ]; then
        mkdir -p "$KEEP/$name" && cp -n "$work"/* "$KEEP/$name/" 2>/dev/null
    fi
    echo "$rc" >"$RESULTS/$name.rc"
}

# The harnesses run $JOBS at a time (one per core by default): each is single-threaded.
names=()
while read -r name; do
    [ -n "$name" ] || continue
    if [ -n "$ONLY" ] && ! [[ $name =~ $ONLY ]]; then continue; fi
    names+=("$name")
done <"$BUILD/tests/fuzz/harnesses.txt"
running=0
for name in "${names[@]}"; do
    if [ "$running" -ge "$JOBS" ]; then
        wait -n
        running=$((running - 1))
    fi
    run_one "$name" &
    running=$((running + 1))
done
wait

printf '%-22s %10s %8s %8s  %s\n' harness executions exec/s corpus status
failed=0
for name in "${names[@]}"; do
    cat "$RESULTS/$name.row"
    [ "$(cat "$RESULTS/$name.rc" 2>/dev/null)" = 0 ] || failed=$((failed + 1))
done
echo "${#names[@]} harnesses, $failed failed (${SECONDS_PER} s each, $JOBS at a time)"
[ "$failed" -eq 0 ]
