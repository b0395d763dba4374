#!/usr/bin/env bash
# Play a board game against libboardai's AI.
#
# Usage: scripts/play.sh [GAME] [program options...] | scripts/play.sh --static [PORT]
#   No GAME: Camelot in the web browser (boardai-camelot-web; prints the address to open;
#   quiet, options e.g. --port 8081, --db FILE, --verbose to log every request).
#   GAME: camelot-tty (Camelot in the terminal; also: camelot), kalah, chess, ugolki or arimaa.
#   Program options go to the program, e.g. --side 1, --level 3.
#   --static [PORT]: Camelot as a static WebAssembly page (no server of ours; the AI runs in
#   the browser), built with emscripten and served on loopback by python3 -m http.server.
# Installs the build tools that are missing, builds a Release build of just that game in
# build-play/GAME (warnings are not errors here), then starts the program.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=(camelot-web camelot-tty camelot kalah chess ugolki arimaa)

# --static: Camelot as WebAssembly, a static page served on loopback (docs/wasm.md).
if [ "${1:-}" = --static ]; then
    shift
    "$ROOT/scripts/build-wasm.sh"
    echo "Camelot (WebAssembly, no game server): open http://127.0.0.1:${1:-8000}/ (Ctrl-C stops)"
    exec python3 -m http.server "${1:-8000}" --bind 127.0.0.1 --directory "$ROOT/build-wasm/site"
fi

game=""
if [ $# -gt 0 ]; then
    case $1 in
    -h | --help)
        sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
        exit 0 ;;
    -*) ;; # options for the default game
    *)
        for g in "${GAMES[@]}"; do
            [ "$1" = "$g" ] && game=$1
        done
        if [ -z "$game" ]; then
            echo "error: unknown game '$1' (choose one of: ${GAMES[*]})" >&2
            exit 2
        fi
        shift ;;
    esac
fi

has_program() {
    case $1 in
    camelot-web) [ -f "$ROOT/examples/camelot-web/CMakeLists.txt" ] && [ -d "$ROOT/games/camelot" ] ;;
    *) compgen -G "$ROOT/examples/$1/*.c" >/dev/null && [ -d "$ROOT/games/$1" ] ;;
    esac
}
[ "$game" = camelot-tty ] && game=camelot

if [ -z "$game" ]; then
    # Camelot in the browser is the flagship; then Camelot in the terminal; Kalah before both.
    if has_program camelot-web; then game=camelot-web
    elif has_program camelot; then game=camelot
    else game=kalah; fi
fi
if ! has_program "$game"; then
    echo "error: the $game program is not in this tree yet (no examples/$game)" >&2
    exit 1
fi

# shellcheck source=scripts/deps.sh
. "$ROOT/scripts/deps.sh"
ba_note_c_toolchain
ba_note_tools "cmake cmake"
if [ "$game" = camelot-web ]; then
    ba_note_tools "pkg-config pkg-config"
    ba_note_camelot_web_libs
fi
ba_install_missing

build=$ROOT/build-play/$game
jobs=${BOARDAI_JOBS:-2}
mkdir -p "$ROOT/build-play"
echo "building boardai-$game (Release) in $build ..."
lib_game=${game%-web} # boardai-camelot-web needs the camelot module
cmake -S "$ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBOARDAI_GAMES="$lib_game" \
    -DBOARDAI_WERROR=OFF -DBOARDAI_BUILD_TESTS=OFF -DBOARDAI_BUILD_BENCH=OFF >"$build.log" 2>&1 ||
    { cat "$build.log" >&2; exit 1; }
cmake --build "$build" -j"$jobs" --target "boardai-$game" >>"$build.log" 2>&1 ||
    { tail -n 40 "$build.log" >&2; exit 1; }
exec "$build/examples/boardai-$game" "$@"
