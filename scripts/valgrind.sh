#!/usr/bin/env bash
# Valgrind memcheck over the conformance suite for every game (tests/hardening) and the fuzz
# corpus replays, in an optimised build without the compiler sanitizers. Not part of
# scripts/test.sh by default (slow): run it before a release or after touching a game module.
#
# Usage: scripts/valgrind.sh [--scale PCT] [--all] [--help]
#   --scale PCT  percentage of the conformance games to play (default 5: Valgrind is ~30x slower)
#   --all        also the misuse and limits tests (the threads test is for TSan)
# Environment: BOARDAI_VALGRIND_BUILD (default build-valgrind in the tree), BOARDAI_JOBS.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BOARDAI_VALGRIND_BUILD:-$ROOT/build-valgrind}
JOBS=${BOARDAI_JOBS:-2}
SCALE=5
FILTER='^hardening\.(test_conformance_all|fuzz_replay\.)'
while [ $# -gt 0 ]; do
    case $1 in
    --scale) SCALE=${2:?--scale needs a percentage}; shift ;;
    --all) FILTER='^hardening\.(test_conformance_all|test_misuse|test_limits|fuzz_replay\.)' ;;
    -h | --help) sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done
command -v valgrind >/dev/null 2>&1 || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBOARDAI_SANITIZE= \
    -DBOARDAI_BUILD_EXAMPLES=OFF -DBOARDAI_BUILD_BENCH=OFF >"$BUILD.configure.log" 2>&1 ||
    { cat "$BUILD.configure.log"; exit 1; }
cmake --build "$BUILD" -j"$JOBS" >"$BUILD.build.log" 2>&1 || { tail -n 40 "$BUILD.build.log"; exit 1; }

# Every test command runs under memcheck; an error or a definite leak makes it exit 99.
# CK_FORK=no keeps Check's tests in the process Valgrind watches.
VG="valgrind --tool=memcheck --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --track-origins=yes --quiet"
cd "$BUILD" || exit 1
failed=0
while read -r name; do
    [ -n "$name" ] || continue
    # shellcheck disable=SC2207
    cmd=($(ctest -R "^${name//./\\.}\$" --show-only=json-v1 | python3 -c \
        'import json,sys; t=json.load(sys.stdin)["tests"]; print(" ".join(t[0]["command"]) if t else "")'))
    [ ${#cmd[@]} -gt 0 ] || continue
    printf '== %-50s ' "$name"
    if CK_FORK=no BOARDAI_HARD_SCALE=$SCALE $VG "${cmd[@]}" >"$BUILD/valgrind-$name.log" 2>&1; then
        echo ok
    else
        echo "FAILED (log: $BUILD/valgrind-$name.log)"
        tail -n 30 "$BUILD/valgrind-$name.log" | sed 's/^/   | /'
        failed=$((failed + 1))
    fi
done < <(ctest -N -R "$FILTER" | sed -n 's/^ *Test *#[0-9]*: //p')
echo "$failed failed"
[ "$failed" -eq 0 ]
