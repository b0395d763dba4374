#!/bin/bash
# Plays boardai-chess against Debian's fairymax at a short time control and prints the score.
# Bounded (not part of the default tests): the number of games and the clock are flags.
#
#   scripts/chess-match.sh [--games N] [--time MS] [--inc MS] [--grace MS] [--seed N] [--pgn FILE]
#                          [--build DIR]
#
# Defaults: 100 games, 2000 ms + 50 ms per side (about 10 to 15 minutes in all), and a grace of
# 1000 ms before a flag falls: on a loaded, shared machine a process can lose the CPU for a
# moment, and such hiccups should not decide games (--grace 0 for strict clocks). Pairs of games
# share a random 4-ply opening, boardai-chess white in one and black in the other. The referee
# is boardai-chess --match itself: it checks every move with libboardai's rules, keeps both
# clocks and reports illegal moves, crashes, hangs and time losses; it exits non-zero if
# boardai-chess made an illegal move or crashed.
# Needs: apt-get install fairymax; a built boardai-chess (cmake --build <build dir>).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
GAMES=100
TIME=2000
INC=50
GRACE=1000
SEED=1
PGN=""
BUILD=""
while [ $# -gt 0 ]; do
    case "$1" in
    --games) GAMES=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --inc) INC=$2; shift 2 ;;
    --grace) GRACE=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --pgn) PGN=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    -h | --help) sed -n 2,16p "$0"; exit 0 ;;
    *) echo "chess-match.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
FAIRYMAX=$(command -v fairymax || true)
[ -n "$FAIRYMAX" ] || FAIRYMAX=/usr/games/fairymax
if [ ! -x "$FAIRYMAX" ]; then
    echo "fairymax is not installed: apt-get install -y fairymax" >&2
    exit 1
fi
PROG=""
for dir in $BUILD "$ROOT"/build-chess "$ROOT"/build; do
    if [ -x "$dir/examples/boardai-chess" ]; then
        PROG=$dir/examples/boardai-chess
        break
    fi
done
if [ -z "$PROG" ]; then
    echo "boardai-chess not built: cmake -S $ROOT -B $ROOT/build && cmake --build $ROOT/build" >&2
    exit 1
fi
ARGS=(--match --games "$GAMES" --time "$TIME" --inc "$INC" --grace "$GRACE" --seed "$SEED" --xboard "exec '$FAIRYMAX'")
[ -z "$PGN" ] || ARGS+=(--pgn "$PGN")
exec "$PROG" "${ARGS[@]}"
