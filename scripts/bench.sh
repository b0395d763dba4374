#!/usr/bin/env bash
# Builds a Release build in build-bench and runs the benchmark program, boardai-bench.
# Usage: scripts/bench.sh [boardai-bench arguments...]   (e.g. --help)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/deps.sh
. "$ROOT/scripts/deps.sh"
ba_note_c_toolchain
ba_note_tools "cmake cmake"
ba_install_missing
build=${BOARDAI_BENCH_BUILD:-$ROOT/build-bench}
cmake -S "$ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBOARDAI_WERROR=OFF \
    -DBOARDAI_BUILD_TESTS=OFF -DBOARDAI_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j"${BOARDAI_JOBS:-2}" --target boardai-bench >/dev/null
exec nice "$build/bench/boardai-bench" "$@"
