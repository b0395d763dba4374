#!/usr/bin/env bash
# Times boardai-arimaa's step search at a fixed depth on game positions, for one build or several
# run in turn position by position (so that a change of the machine's load falls on all alike):
# the nodes and milliseconds of each search, then each build's totals and its time as a ratio of
# the first build's. Same nodes in two builds means the same tree (a pure speed change).
# Measurement only; not part of scripts/test.sh.
#
# Usage: scripts/arimaa-step-bench.sh [options] BUILD[:PARAMS][@OPTIONS] [...]
#   BUILD            a build folder holding examples/boardai-arimaa
#   PARAMS           the game's registry parameters for that run (boardai-arimaa --params), so
#                    that one build measures settings, e.g. build build:step_null=2
#   OPTIONS          engine options for that run, NAME=VALUE,... (the protocol's setoption, e.g.
#                    build@threads=2: the time to the same depth with two search threads)
# Options:
#   --depth N        the protocol's search depth (default 6: 7 steps of the AEI's depth)
#   --positions F    one position a line, "g|s [text]" (default bench/data/arimaa-game-positions.txt)
#   --repeat K       rounds over the positions (default 2)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; }
DEPTH=6
POSITIONS=$ROOT/bench/data/arimaa-game-positions.txt
REPEAT=2
BUILDS=()
while [ $# -gt 0 ]; do
    case $1 in
    --help | -h) usage; exit 0 ;;
    --depth) DEPTH=$2; shift 2 ;;
    --positions) POSITIONS=$2; shift 2 ;;
    --repeat) REPEAT=$2; shift 2 ;;
    -*) echo "arimaa-step-bench.sh: unknown option '$1'" >&2; exit 2 ;;
    *) BUILDS+=("$1"); shift ;;
    esac
done
if [ ${#BUILDS[@]} -eq 0 ]; then
    usage >&2
    exit 2
fi
for b in "${BUILDS[@]}"; do
    d=${b%%@*}
    d=${d%%:*}
    [ -x "$d/examples/boardai-arimaa" ] || { echo "arimaa-step-bench.sh: $d/examples/boardai-arimaa is not built" >&2; exit 1; }
done
# The setoption lines of a BUILD[:PARAMS][@OPTIONS] argument (none without @).
options() {
    [ "${1#*@}" != "$1" ] || return 0
    local pair
    IFS=, read -ra pairs <<<"${1#*@}"
    for pair in "${pairs[@]}"; do
        printf 'setoption %s %s\n' "${pair%%=*}" "${pair#*=}"
    done
}
# The program of a BUILD[:PARAMS][@OPTIONS] argument, with its parameters.
program() {
    local arg=${1%%@*}
    local dir=${arg%%:*} params=
    [ "$dir" = "$arg" ] || params=${arg#*:}
    if [ -n "$params" ]; then
        "$dir/examples/boardai-arimaa" --protocol --params "$params"
    else
        "$dir/examples/boardai-arimaa" --protocol
    fi
}
[ -f "$POSITIONS" ] || { echo "arimaa-step-bench.sh: no positions file $POSITIONS" >&2; exit 1; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A NODES TIME
total=$(grep -vc '^#' "$POSITIONS" || true)
for ((r = 1; r <= REPEAT; r++)); do
    k=0
    while read -r side text; do
        case $side in '#'* | '') continue ;; esac
        k=$((k + 1))
        for b in "${BUILDS[@]}"; do
            out=$({ options "$b"; printf 'position %s %s\ngo depth %s\nquit\n' "$side" "$text" "$DEPTH"; } |
                program "$b" 2>&1)
            if grep -q '^error' <<<"$out"; then
                echo "arimaa-step-bench.sh: $b: $(grep -m1 '^error' <<<"$out")" >&2
                exit 1
            fi
            line=$(grep '^info depth' <<<"$out" | tail -1)
            n=$(sed -n 's/.* nodes \([0-9]*\).*/\1/p' <<<"$line")
            t=$(sed -n 's/.* time \([0-9]*\).*/\1/p' <<<"$line")
            [ -n "$n" ] && [ -n "$t" ] || { echo "arimaa-step-bench.sh: no search line from $b for '$text'" >&2; exit 1; }
            echo "round $r position $k/$total  $b  nodes $n  ms $t"
            NODES[$b]=$(( ${NODES[$b]:-0} + n ))
            TIME[$b]=$(( ${TIME[$b]:-0} + t ))
        done
    done <"$POSITIONS"
done
first=${BUILDS[0]}
echo
echo "| build | nodes | ms | time vs the first |"
echo "|---|---:|---:|---:|"
for b in "${BUILDS[@]}"; do
    ratio=$(awk -v a="${TIME[$b]}" -v f="${TIME[$first]}" 'BEGIN { printf "%.3f", f ? a / f : 0 }')
    echo "| $b | ${NODES[$b]} | ${TIME[$b]} | $ratio |"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
