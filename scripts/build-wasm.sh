#!/usr/bin/env bash
# Builds Camelot for the browser with no server: libboardai and its Camelot module compiled to
# WebAssembly with Debian's emscripten, and a static folder (HTML, JS, .wasm) holding the page of
# boardai-camelot-web, whose AI runs in a Web Worker (docs/wasm.md).
#
# Usage: scripts/build-wasm.sh [--out DIR] [--bench] [--help]
#   --out DIR  the static folder (default: build-wasm/site in the tree)
#   --bench    afterwards, compare nodes per second with the native build (Node.js; slow)
# Installs emscripten, cmake and nodejs when missing. Prints the folder it wrote.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build-wasm
OUT=$BUILD/site
BENCH=0
while [ $# -gt 0 ]; do
    case $1 in
    --out) [ $# -ge 2 ] || { echo "error: --out needs a folder" >&2; exit 2; }; OUT=$2; shift ;;
    --bench) BENCH=1 ;;
    -h | --help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done

# shellcheck source=scripts/deps.sh
. "$ROOT/scripts/deps.sh"
ba_note_tools "emcc emscripten" "cmake cmake" "node nodejs"
ba_install_missing
jobs=${BOARDAI_JOBS:-2}
# emcc's JavaScript optimizer needs acorn: Debian's node-acorn (a dependency of emscripten) lives
# in /usr/share/nodejs, where a Node.js not built by Debian does not look on its own.
[ -d /usr/share/nodejs/acorn ] || { ba_missing_packages+=(node-acorn); ba_install_missing; }
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# The library (Camelot only), single-threaded: see docs/wasm.md for why no Lazy SMP.
emcmake cmake -S "$ROOT" -B "$BUILD/lib" -DCMAKE_BUILD_TYPE=Release -DBOARDAI_GAMES=camelot \
    -DBOARDAI_BUILD_TESTS=OFF -DBOARDAI_BUILD_EXAMPLES=OFF -DBOARDAI_BUILD_BENCH=OFF \
    >"$BUILD.log" 2>&1 || { cat "$BUILD.log" >&2; exit 1; }
cmake --build "$BUILD/lib" -j"$jobs" --target boardai_static >>"$BUILD.log" 2>&1 ||
    { tail -n 40 "$BUILD.log" >&2; exit 1; }

# The module: the bridge, the page's board reader (shared with the server) and the library.
mkdir -p "$OUT"
WEB=$ROOT/examples/camelot-web
emcc -std=c11 -O3 -Wall -Wextra -Werror -I"$ROOT/include" -I"$WEB" \
    "$ROOT/examples/camelot-wasm/wasm_bridge.c" "$WEB/web_board.c" "$BUILD/lib/lib/libboardai.a" \
    -o "$OUT/camelot.js" \
    -sMODULARIZE=1 -sEXPORT_NAME=createCamelot -sENVIRONMENT=web,worker,node \
    -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=67108864 -sTOTAL_STACK=8388608 \
    -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString >>"$BUILD.log" 2>&1 ||
    { tail -n 40 "$BUILD.log" >&2; exit 1; }

# The page: the server page's files as they are, plus the adapter loaded before app.js.
cp "$WEB/assets/"* "$OUT/"
cp "$ROOT/examples/camelot-wasm/adapter.js" "$ROOT/examples/camelot-wasm/worker.js" "$OUT/"
sed -i 's|<script src="app.js"></script>|<script src="adapter.js"></script>\n<script src="app.js"></script>|' \
    "$OUT/index.html"
grep -q 'adapter.js' "$OUT/index.html" || { echo "error: cannot insert adapter.js into index.html" >&2; exit 1; }
echo "static Camelot page in $OUT ($(du -sh "$OUT" | cut -f1))"

if [ "$BENCH" -eq 1 ]; then
    native=$ROOT/build-play/camelot/examples/boardai-camelot
    if [ ! -x "$native" ]; then
        cmake -S "$ROOT" -B "$ROOT/build-play/camelot" -DCMAKE_BUILD_TYPE=Release -DBOARDAI_GAMES=camelot \
            -DBOARDAI_WERROR=OFF -DBOARDAI_BUILD_TESTS=OFF -DBOARDAI_BUILD_BENCH=OFF >/dev/null
        cmake --build "$ROOT/build-play/camelot" -j"$jobs" --target boardai-camelot >/dev/null
    fi
    node "$ROOT/examples/camelot-wasm/bench.mjs" "$OUT/camelot.js" "$native"
fi
