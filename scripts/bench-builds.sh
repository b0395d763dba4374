#!/usr/bin/env bash
# Times every game's program (examples/boardai-<game>) in two or more builds at a fixed depth from
# the start of play (Arimaa: the first of bench/data/arimaa-game-positions.txt, a middle-game
# position), the builds run in turn game by game and round by round so that a change of the
# machine's load falls on all alike. Prints each search's nodes and milliseconds, then a table of
# each build's time per game as a ratio of the first build's. Same nodes in two builds means the
# same tree: a pure speed change (a table size, a compiler flag, a faster function).
# Measurement only; not part of scripts/test.sh. Run it on a quiet machine.
#
# Usage: scripts/bench-builds.sh [options] BUILD BUILD...
#   BUILD            a build folder holding examples/boardai-<game> for every game measured
# Options:
#   --games LIST     game=depth,... (default chess=13,kalah=20,ugolki=10,camelot=9,arimaa=9:
#                    about a second a search on a 2026 laptop core)
#   --repeat K       rounds (default 3)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }
GAMES=chess=13,kalah=20,ugolki=10,camelot=9,arimaa=9
REPEAT=3
BUILDS=()
while [ $# -gt 0 ]; do
    case $1 in
    --help | -h) usage; exit 0 ;;
    --games) GAMES=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    -*) echo "bench-builds.sh: unknown option '$1'" >&2; exit 2 ;;
    *) BUILDS+=("$1"); shift ;;
    esac
done
if [ ${#BUILDS[@]} -lt 1 ]; then
    usage >&2
    exit 2
fi
[[ $REPEAT =~ ^[1-9][0-9]*$ ]] || { echo "bench-builds.sh: --repeat must be a positive number, not '$REPEAT'" >&2; exit 2; }
IFS=, read -ra PAIRS <<<"$GAMES"
NAMES=()
for pair in "${PAIRS[@]}"; do
    game=${pair%%=*} depth=${pair#*=}
    [[ $game =~ ^[a-z]+$ && $depth =~ ^[1-9][0-9]*$ && $pair == *=* ]] ||
        { echo "bench-builds.sh: --games wants game=depth,..., not '$pair'" >&2; exit 2; }
    for b in "${BUILDS[@]}"; do
        [ -x "$b/examples/boardai-$game" ] || { echo "bench-builds.sh: $b/examples/boardai-$game is not built" >&2; exit 1; }
    done
    NAMES+=("$game")
done
ARIMAA_POSITION=$(grep -v '^#' "$ROOT/bench/data/arimaa-game-positions.txt" | sed -n 1p)

# The protocol lines of one search of game at depth.
commands() {
    [ "$1" != arimaa ] || echo "position $ARIMAA_POSITION"
    printf 'go depth %s\nquit\n' "$2"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A NODES TIME
for ((r = 1; r <= REPEAT; r++)); do
    for pair in "${PAIRS[@]}"; do
        game=${pair%%=*} depth=${pair#*=}
        for b in "${BUILDS[@]}"; do
            out=$(commands "$game" "$depth" | "$b/examples/boardai-$game" --protocol 2>&1)
            line=$(grep '^info depth' <<<"$out" | tail -1 || true)
            n=$(sed -n 's/.* nodes \([0-9]*\).*/\1/p' <<<"$line")
            t=$(sed -n 's/.* time \([0-9]*\).*/\1/p' <<<"$line")
            [ -n "$n" ] && [ -n "$t" ] ||
                { echo "bench-builds.sh: no search line from $b/examples/boardai-$game: $(head -3 <<<"$out")" >&2; exit 1; }
            echo "round $r/$REPEAT  $game depth $depth  $b  nodes $n  ms $t"
            NODES[$game,$b]=$(( ${NODES[$game,$b]:-0} + n ))
            TIME[$game,$b]=$(( ${TIME[$game,$b]:-0} + t ))
        done
    done
done
first=${BUILDS[0]}
echo
echo "| game | build | nodes | ms | time vs the first |"
echo "|---|---|---:|---:|---:|"
for game in "${NAMES[@]}"; do
    for b in "${BUILDS[@]}"; do
        ratio=$(awk -v a="${TIME[$game,$b]}" -v f="${TIME[$game,$first]}" 'BEGIN { printf "%.3f", f ? a / f : 0 }')
        echo "| $game | $b | ${NODES[$game,$b]} | ${TIME[$game,$b]} | $ratio |"
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
