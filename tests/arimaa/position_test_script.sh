#!/usr/bin/env bash
# scripts/arimaa-position-test.py without Sharp (--list): the positions it chooses from the
# scores kept in bench/data are the bot's open turn starts (counted again here straight from the
# scores file's lines: Steps to move, scored, |score| < 5000), one in every N; each setting's
# turn is a legal turn of its position (replayed through the Python binding), with the depth it
# completed (4 at depth 4, with the selective search or the exact one) and the mean; --min-cost
# keeps the turns that cost more (counted again from the scores file's lines too); a setting's
# parameters reach the engine (at depth 4 on the first position, the defaults and
# blocking_pct=0 play different turns); a time limit runs;
# bad limits, Sharp as a chooser without --sharp or at a depth it refuses, an unknown parameter
# and a missing scores file are refused with a message; --help
# answers.
# Usage: tests/arimaa/position_test_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-position-test.py
scores=$src/bench/data/arimaa-sharp-oracle-r17.txt.gz
r15=$src/bench/data/arimaa-sharp4-r15.pgn
trap100=$src/bench/data/arimaa-sharp4-trap100.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 "$script" "$r15" "$trap100" --games 11 --bot Steps --scores "$scores" --build "$build" \
    --list --every 40 --setting 4 --setting 4:blocking_pct=0 >"$tmp/list.txt" 2>&1
status=$?
[ $status -eq 0 ] || { echo "list: exit status $status: $(cat "$tmp/list.txt")"; fail=1; }
sides=$( { awk '/^\[White/ { g++; if (g <= 11) print ($0 ~ /"Steps"/) ? "g" : "s" }' "$r15"
           awk '/^\[White/ { print ($0 ~ /"Steps"/) ? "g" : "s" }' "$trap100"; } | tr -d '\n')
open=$(gzip -dc "$scores" | awk -v sides="$sides" '
    /^#/ { g++; next }
    $2 == substr(sides, g + 1, 1) && NF == 4 && $4 < 5000 && $4 > -5000 { n++ }
    END { print n }')
want=$(( (open + 39) / 40 ))
first=$(head -n 1 "$tmp/list.txt")
[ "$first" = "$want positions of Steps's (one open turn start in every 40)" ] ||
    { echo "count: want $want of $open, got: $first"; fail=1; }
lines=$(grep -c '^4\(:blocking_pct=0\)\? game .* (depth 4, [0-9]* nodes/s)$' "$tmp/list.txt")
[ "$lines" -eq $((2 * want)) ] || { echo "turn lines: $lines, want $((2 * want))"; fail=1; }
grep -q '^4:blocking_pct=0: mean depth 4.0 steps (4 to 4)$' "$tmp/list.txt" ||
    { echo "mean depth: $(grep 'mean depth' "$tmp/list.txt")"; fail=1; }
# --min-cost: the open turn starts whose turn played cost more than 1500 (Sharp's score before
# plus its score of the next position, the opponent's view), counted again from the lines.
blunders=$(gzip -dc "$scores" | awk -v sides="$sides" '
    /^#/ { g++; pending = ""; next }
    pending != "" && NF == 4 && pending + $4 > 1500 { n++ }
    { pending = "" }
    $2 == substr(sides, g + 1, 1) && NF == 4 && $4 < 5000 && $4 > -5000 { pending = $4 }
    END { print n }')
out=$(python3 "$script" "$r15" "$trap100" --games 11 --bot Steps --scores "$scores" \
    --build "$build" --list --min-cost 1500 --setting 4 2>&1 | head -n 1)
[ "$out" = "$blunders positions of Steps's (one open turn start in every 1 of those whose turn played cost more than 1500)" ] ||
    { echo "min-cost: want $blunders, got: $out"; fail=1; }
[ "$blunders" -gt 20 ] || { echo "min-cost: only $blunders blunders counted"; fail=1; }
# A time limit: each search stops within it, having completed some depth.
out=$(python3 "$script" "$r15" "$trap100" --games 11 --bot Steps --scores "$scores" \
    --build "$build" --list --every 100 --setting 0.2s 2>&1)
case $out in
*"0.2s: mean depth "*) ;;
*) echo "time limit: $out"; fail=1 ;;
esac
# The exact alpha-beta (4x) completes its depth too.
out=$(python3 "$script" "$r15" "$trap100" --games 11 --bot Steps --scores "$scores" \
    --build "$build" --list --every 100 --setting 4x 2>&1)
case $out in
*"4x: mean depth 4.0 steps (4 to 4)"*) ;;
*) echo "exact: $out"; fail=1 ;;
esac

out=$(BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$tmp/list.txt" <<'PY'
import re, sys
import boardai
game = boardai.Game("arimaa")
first = {}
for line in open(sys.argv[1]).read().splitlines()[1:]:
    if " mean depth " in line:
        continue
    m = re.match(r"(\S+) game (\d+) (\S+) (. \[.{64}\]): (.*) \(depth \d+, \d+ nodes/s\)$", line)
    assert m, line
    setting, _, _, text, turn = m.groups()
    pos = game.position(text)
    pos.play(turn)  # raises on an illegal turn
    assert pos.side_to_move != game.position(text).side_to_move, line
    first.setdefault(setting, turn)
assert first["4"] != first["4:blocking_pct=0"], first
print("turns ok")
PY
)
[ "$out" = "turns ok" ] || { echo "turns: $out"; fail=1; }

refused() { # <what> <expected text> <args...>
    local what=$1 text=$2
    shift 2
    out=$(python3 "$script" "$r15" --bot Steps --build "$build" "$@" 2>&1)
    status=$?
    [ $status -ne 0 ] || { echo "$what: exit status 0"; fail=1; }
    case $out in *"$text"*) ;; *) echo "$what: $out"; fail=1 ;; esac
}
limits="a setting is LIMIT or LIMIT:PARAMS, LIMIT a depth of 1..64 steps (8, or 8x for the exact alpha-beta) or seconds such as 2s"
for bad in x:trap_pct=1 0 65 0s 2m 0x 65x; do
    refused "bad setting $bad" "$limits, not '$bad'" --scores "$scores" --list --games 11 \
        --setting "$bad"
done
refused "sharp:D out of range" "sharp:D takes a depth D of 4..20 steps, not 'sharp:3'" \
    --scores "$scores" --list --games 11 --setting sharp:3
refused "sharp:D without Sharp" "setting sharp:4: Sharp chooses only with --sharp" \
    --scores "$scores" --list --games 11 --setting sharp:4
refused "unknown parameter" "setting 4:no_such=1:" --scores "$scores" --list --games 11 \
    --setting 4:no_such=1
refused "no scores" "none.txt: no such scores file" --scores "$tmp/none.txt" --list
refused "no mode" "one of the arguments --sharp --list is required" --scores "$scores"
grep -q "LIMIT\[:PARAMS\]" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
