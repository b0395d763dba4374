#!/bin/bash
# The current build of a game against the same game's program at an earlier commit, at equal
# time per move: did a change make the engine stronger? Bounded by default; not part of
# scripts/test.sh.
#
#   scripts/strength-prev.sh GAME REV [options]
#       GAME   a built-in game (camelot, chess, kalah, ugolki, arimaa)
#       REV    the earlier commit, e.g. 3b5836c^ (the engine before the strength and Camelot
#              engine work) or HEAD~3
#     Builds REV's boardai-GAME (Release) in a temporary git worktree outside this checkout,
#     then plays `boardai-match --game GAME --a "cmd=NEW --protocol,time=MS"
#     --b "cmd=OLD --protocol,time=MS"`: engine A is this checkout's program, engine B the old
#     one, both spoken to through the common text protocol in the same way (docs/match.md, "An
#     engine that is another program"), so that neither side gains from how it is run.
#     --games N      games (default 200; pairs of games share a random opening, colours swapped)
#     --time MS      time per move for both (default 100)
#     --a CONFIG     more of engine A's configuration, e.g. selective=0 (default none)
#     --jobs J       worker processes (default 2)
#     --seed S       seed of the openings (default 1)
#     --sprt SPEC    stop early when an SPRT decides, e.g. elo0=0,elo1=20
#     --build DIR    this checkout's build folder (default build)
#     --csv FILE     one line per game
#     --keep DIR     build REV in DIR and keep it (default: a temporary folder, removed after)
# Needs a built boardai-match (cmake --build build). Measure on a quiet machine: a loaded one
# gives each side an unsteady share of a core.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }
case "${1:-}" in -h | --help) usage; exit 0 ;; esac
[ $# -ge 2 ] || { usage >&2; exit 2; }
GAME=$1
REV=$2
shift 2
GAMES=200 TIME=100 JOBS=2 SEED=1 SPRT="" BUILD=$ROOT/build CSV="" KEEP="" ACFG=""
while [ $# -gt 0 ]; do
    case "$1" in
    --games) GAMES=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --a) ACFG=",$2"; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --sprt) SPRT=$2; shift 2 ;;
    --build) BUILD=$2; shift 2 ;;
    --csv) CSV=$2; shift 2 ;;
    --keep) KEEP=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "strength-prev.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
MATCH=$BUILD/examples/match/boardai-match
NEW=$BUILD/examples/boardai-$GAME
for f in "$MATCH" "$NEW"; do
    [ -x "$f" ] || { echo "strength-prev.sh: no $f (build first: cmake --build build)" >&2; exit 1; }
done
git -C "$ROOT" rev-parse --verify --quiet "$REV^{commit}" >/dev/null ||
    { echo "strength-prev.sh: '$REV' is not a commit of this repository" >&2; exit 1; }

if [ -n "$KEEP" ]; then
    OLD=$KEEP
else
    OLD=$(mktemp -d "${TMPDIR:-/tmp}/boardai-prev.XXXXXX")
    trap 'git -C "$ROOT" worktree remove --force "$OLD" >/dev/null 2>&1 || rm -rf "$OLD"' EXIT
fi
if [ ! -d "$OLD/.git" ] && [ ! -f "$OLD/.git" ]; then
    rmdir "$OLD" 2>/dev/null || true
    git -C "$ROOT" worktree add --detach "$OLD" "$REV" >/dev/null
fi
echo "strength-prev.sh: building $GAME at $(git -C "$OLD" log -1 --format='%h %s' | cut -c1-70) in $OLD" >&2
cmake -S "$OLD" -B "$OLD/build" -DCMAKE_BUILD_TYPE=Release -DBOARDAI_BUILD_TESTS=OFF \
    -DBOARDAI_BUILD_BENCH=OFF >/dev/null
cmake --build "$OLD/build" -j2 --target "boardai-$GAME" >/dev/null
PROG=$OLD/build/examples/boardai-$GAME
[ -x "$PROG" ] || { echo "strength-prev.sh: $REV built no boardai-$GAME" >&2; exit 1; }

ARGS=(--game "$GAME" --a "cmd=$NEW --protocol,time=$TIME$ACFG" --b "cmd=$PROG --protocol,time=$TIME"
      --games "$GAMES" --jobs "$JOBS" --seed "$SEED")
[ -n "$SPRT" ] && ARGS+=(--sprt "$SPRT")
[ -n "$CSV" ] && ARGS+=(--csv "$CSV")
echo "strength-prev.sh: boardai-match ${ARGS[*]}" >&2
"$MATCH" "${ARGS[@]}"
