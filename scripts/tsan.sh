#!/usr/bin/env bash
# ThreadSanitizer check: builds the library and tests/hardening with -fsanitize=thread
# (BOARDAI_SANITIZE=thread) and runs the thread test (several engines searching different games
# at once, stopped from other threads; protocol sessions in threads). Any report fails.
#
# Usage: scripts/tsan.sh [--all] [--help]
#   --all   run every hardening test under TSan, not only the thread test
# Environment: BOARDAI_TSAN_BUILD (default build-tsan in the tree), BOARDAI_JOBS (default 2),
#   CC (default: clang when installed, else cc).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BOARDAI_TSAN_BUILD:-$ROOT/build-tsan}
JOBS=${BOARDAI_JOBS:-2}
FILTER='^hardening\.test_threads$'
while [ $# -gt 0 ]; do
    case $1 in
    --all) FILTER='^hardening\.test_' ;;
    -h | --help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
if [ -z "${CC:-}" ]; then
    if command -v clang >/dev/null 2>&1; then CC=clang; else CC=cc; fi
fi

CC=$CC cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBOARDAI_SANITIZE=thread \
    -DBOARDAI_BUILD_EXAMPLES=OFF -DBOARDAI_BUILD_BENCH=OFF >"$BUILD.configure.log" 2>&1 ||
    { cat "$BUILD.configure.log"; exit 1; }
cmake --build "$BUILD" -j"$JOBS" --target hardening_test_threads hardening_test_misuse \
    hardening_test_limits hardening_test_conformance_all >"$BUILD.build.log" 2>&1 ||
    { tail -n 40 "$BUILD.build.log"; exit 1; }
# CK_FORK=no: the test runs in this process, so TSan sees every thread; halt_on_error makes a
# report fail the test.
CK_FORK=no TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 allocator_may_return_null=1" \
    ctest --test-dir "$BUILD" -R "$FILTER" --output-on-failure --timeout 900
