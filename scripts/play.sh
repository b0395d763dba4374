#!/usr/bin/env bash
# Play a board game against libboardai's AI in the terminal.
#
# Usage: scripts/play.sh [GAME] [program options...]
#   GAME: camelot (the default once it is built), kalah, chess, ugolki or arimaa.
#   Program options go to boardai-GAME, e.g. --side 1, --level 3, --time 2000 (see --help).
# Installs the build tools that are missing, builds a Release build of just that game in
# build-play/GAME (warnings are not errors here), then starts the program.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
GAMES=(camelot kalah chess ugolki arimaa)

game=""
if [ $# -gt 0 ]; then
    case $1 in
    -h | --help)
        sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
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

has_program() { compgen -G "$ROOT/examples/$1/*.c" >/dev/null && [ -d "$ROOT/games/$1" ]; }

if [ -z "$game" ]; then
    # Camelot is the flagship; Kalah until Camelot's program exists.
    if has_program camelot; then game=camelot; else game=kalah; fi
fi
if ! has_program "$game"; then
    echo "error: the $game program is not in this tree yet (no examples/$game)" >&2
    exit 1
fi

# shellcheck source=scripts/deps.sh
. "$ROOT/scripts/deps.sh"
ba_note_c_toolchain
ba_note_tools "cmake cmake"
ba_install_missing

build=$ROOT/build-play/$game
jobs=${BOARDAI_JOBS:-2}
mkdir -p "$ROOT/build-play"
echo "building boardai-$game (Release) in $build ..."
cmake -S "$ROOT" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBOARDAI_GAMES="$game" \
    -DBOARDAI_WERROR=OFF -DBOARDAI_BUILD_TESTS=OFF -DBOARDAI_BUILD_BENCH=OFF >"$build.log" 2>&1 ||
    { cat "$build.log" >&2; exit 1; }
cmake --build "$build" -j"$jobs" --target "boardai-$game" >>"$build.log" 2>&1 ||
    { tail -n 40 "$build.log" >&2; exit 1; }
exec "$build/examples/boardai-$game" "$@"
