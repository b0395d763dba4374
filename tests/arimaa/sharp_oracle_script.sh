#!/usr/bin/env bash
# scripts/arimaa-sharp-oracle.py without Sharp: its report on the scores kept in bench/data (21
# games against bot_Sharp at 4 steps, scored by Sharp at 8 steps: the first 11 of
# arimaa-sharp4-r15.pgn, then arimaa-sharp4-trap100.pgn), checked against the same costs
# summed straight from the scores file's lines (consecutive positions of a game, the first with
# Steps to move, both scored: before + after, the opponent's score being the negation); a scores
# file whose position differs from the records' is refused with the game named; the mirror that
# puts Silver's positions to Sharp as Gold's, on concrete positions and turns; --bands' means by
# band of turns, the bot's and its opponent's, against those counted from the scores file (a bad
# band is refused); no scores file and no Sharp is an error; --help answers.
# Usage: tests/arimaa/sharp_oracle_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-sharp-oracle.py
scores=$src/bench/data/arimaa-sharp-oracle-r17.txt.gz
r15=$src/bench/data/arimaa-sharp4-r15.pgn
trap100=$src/bench/data/arimaa-sharp4-trap100.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"

out=$(python3 "$script" "$r15" "$trap100" --games 11 --bot Steps --scores "$scores" --build "$build")
status=$?
[ $status -eq 0 ] || { echo "report: exit status $status: $out"; fail=1; }
# The side Steps plays in each game, in the records' order (White is Gold).
sides=$( { awk '/^\[White/ { g++; if (g <= 11) print ($0 ~ /"Steps"/) ? "g" : "s" }' "$r15"
           awk '/^\[White/ { print ($0 ~ /"Steps"/) ? "g" : "s" }' "$trap100"; } | tr -d '\n')
want=$(gzip -dc "$scores" | awk -v sides="$sides" '
    /^#/ { g++; prev = ""; next }
    {
        side = $2; score = (NF == 4) ? $4 : ""
        if (prev == substr(sides, g + 1, 1) && prev_score != "" && score != "") { n++; sum += prev_score + score }
        prev = side; prev_score = score
    }
    END { printf "%d turns of Steps'"'"'s in %d games: mean cost %.0f", n, g, sum / n }')
case $out in
*"$want of Sharp's points a turn"*) ;;
*) echo "costs: want '$want', got: $(printf '%s\n' "$out" | tail -n 1)"; fail=1 ;;
esac
case $out in
*"arimaa-sharp4-r15.pgn game 3 (Steps-Sharp4, 72 plies, 0-1): 31 turns of Steps's scored"*) ;;
*) echo "game 3 line: $out"; fail=1 ;;
esac

# --bands: the mean cost of the open turns (Sharp's score before within 5000) of turns 2-6 and
# 7 on, Steps's and its opponent's, counted from the scores file (a game's k-th position is the
# start of turn 2 + k/2).
out=$(python3 "$script" "$r15" "$trap100" --games 11 --bot Steps --scores "$scores" \
    --build "$build" --bands 2-6,7- --boot 20)
for band in 2-6 7-; do
    want=$(gzip -dc "$scores" | awk -v sides="$sides" -v band="$band" '
        BEGIN { split(band, b, "-"); lo = b[1]; hi = (b[2] == "") ? 1000 : b[2] }
        /^#/ { g++; k = 0; prev = ""; next }
        {
            side = $2; score = (NF == 4) ? $4 : ""
            turn = 2 + int((k - 1) / 2)
            if (prev != "" && prev_score != "" && score != "" && turn >= lo && turn <= hi &&
                prev_score < 5000 && prev_score > -5000) {
                if (prev == substr(sides, g + 1, 1)) { n++; sum += prev_score + score }
                else { on++; osum += prev_score + score }
            }
            prev = side; prev_score = score; k++
        }
        END { printf "turns %-6s %3d turns, mean cost %.0f [", band, n, sum / n
              printf "\n%3d turns, mean cost %.0f", on, osum / on }')
    first=${want%%$'\n'*}
    second=${want#*$'\n'}
    line=$(grep "^  turns $band " <<<"$out")
    case $line in
    *"$first"*"; opponent's $second") ;;
    *) echo "band $band: want '$first ... $second' in '$line'"; fail=1 ;;
    esac
done
refused "bad bands" "--bands: 'x' is not a turn" python3 "$script" "$r15" --bot Steps \
    --scores "$scores" --build "$build" --bands x

# One position changed (the first rabbit of the first position's board): refused, game named.
gzip -dc "$scores" | sed '1s/\[r/[./' >"$tmp/changed.txt"
out=$(python3 "$script" "$r15" "$trap100" --games 11 --bot Steps --scores "$tmp/changed.txt" \
    --build "$build" 2>&1)
status=$?
[ $status -ne 0 ] || { echo "changed scores: exit status 0"; fail=1; }
case $out in
*"arimaa-sharp4-r15.pgn game 1: its positions are not those of game 0 of"*) ;;
*) echo "changed scores: $out"; fail=1 ;;
esac
# Fewer games in the scores than in the records: refused.
out=$(python3 "$script" "$r15" "$trap100" --bot Steps --scores "$scores" --build "$build" 2>&1)
case $out in
*"holds 21 games, the records 30 of Steps's with a result"*) ;;
*) echo "game count: $out"; fail=1 ;;
esac

out=$(python3 - "$script" <<'EOF'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("oracle", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
pos = "s [r....rr...r.dcr.....EMm...d..eHr.rr.CRR.Dh.Hc.RDR.h.CR...RRR....]"
mirrored = m.mirror_board(pos)
# rank 1 (.RRR....) becomes rank 8 (.rrr....), colours swapped, Gold to move
assert mirrored == "g [.rrr....r.H.cr..dH.hC.rd.RR.crr...D..EhR....emM...R.DCR.R....RR.]", mirrored
assert m.mirror_board(mirrored) == pos
assert m.mirror_move("Ed4n rc6x hb3w Me5s") == "ed5s Rc3x Hb6w me4n", m.mirror_move("Ed4n rc6x")
for bad in ("Ed9n", "Xd4n"):
    try:
        m.mirror_move(bad)
    except ValueError:
        continue
    raise AssertionError("accepted " + bad)
print("mirror ok")
EOF
)
[ "$out" = "mirror ok" ] || { echo "mirror: $out"; fail=1; }

out=$(python3 "$script" "$r15" --bot Steps --scores "$tmp/none.txt" --build "$build" 2>&1)
status=$?
[ $status -eq 2 ] || { echo "no scores: exit status $status"; fail=1; }
case $out in
*"none.txt: no such scores file (score the records with --sharp first)"*) ;;
*) echo "no scores: $out"; fail=1 ;;
esac
grep -q "scores" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
