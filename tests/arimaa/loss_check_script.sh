#!/usr/bin/env bash
# scripts/arimaa-loss-check.py on the first five records of the fifteenth round against
# bot_Sharp (bench/data/arimaa-sharp4-r15.pgn: 20 games, all lost with the goal open whatever the
# last turn, docs/arimaa.md; the pieces taken counted against the records' own capture tokens),
# on the first of them with Gold's 21st turn replaced by a one-step turn that lets Silver's
# rabbit in (tests/arimaa/missed-defence.pgn: Silver's reply reaches the goal, and the turn played
# in the game is one that stops it), then on broken records: a bad setup token and a turn the
# rules refuse are reported game by game with the library's message and the run goes on; a bot
# with no game in the records is an error (exit status 1); --help answers.
# Usage: tests/arimaa/loss_check_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-loss-check.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(python3 "$script" "$src/bench/data/arimaa-sharp4-r15.pgn" --bot Steps --games 5 --build "$build")
want="5 games of Steps, 5 lost: the goal could not be stopped at the last turn in 5, a turn that stopped it was missed in 0, no goal open in 0, not replayed 0"
[ "$(printf '%s\n' "$out" | tail -n 1)" = "$want" ] || { echo "summary: $(printf '%s\n' "$out" | tail -n 1)"; fail=1; }
case $out in
*"game 5 (Steps-Sharp4, 82 plies, g): the opponent's goal is open after 41g: 0 of 1785 turns"*) ;;
*) echo "game 5: $out"; fail=1 ;;
esac
# The opponent's turns that took a piece of Steps's, counted from the records' capture tokens
# (every one of them comes before the goal), and the ones the evaluation saw coming (34 of 35).
taken=$(awk '/^\[White/ { g++; bot = ($0 ~ /"Steps"/) ? "g" : "s" }
    g <= 5 && /^[0-9]+[gs] / && substr($1, length($1)) != bot {
        for (i = 2; i <= NF; i++)
            if ($i ~ /x$/ && ((bot == "g") == ($i ~ /^[A-Z]/))) { n++; break }
    }
    END { print n }' "$src/bench/data/arimaa-sharp4-r15.pgn")
case $out in
*"in the lost games, $taken turns of the opponent's took a piece of Steps's; after Steps's turn before, its evaluation credited the opponent a capture threat in 34"*) ;;
*) echo "pieces ($taken taken in the records): $out"; fail=1 ;;
esac

out=$(python3 "$script" "$src/tests/arimaa/missed-defence.pgn" --bot Bot --build "$build")
case $out in
*"game 1 (Bot-Other, 42 plies, g): the opponent's goal is open after 21g: "[1-9]*" of "*"turns there would have stopped it"*"a turn that stopped it was missed in 1,"*) ;;
*) echo "missed defence: $out"; fail=1 ;;
esac

setup_gold='1g Ra1 Rb1 Rc1 Dd1 Re1 Rf1 Dg1 Rh1 Ra2 Hb2 Cc2 Hd2 Ee2 Cf2 Mg2 Rh2'
setup_silver='1s da7 hb7 cc7 md7 ee7 cf7 hg7 dh7 ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8'
{
    printf '[White "Bot"]\n[Black "Other"]\n[PlyCount "5"]\n[ResultCode "g"]\n[Result "0-1"]\n\n'
    printf '1g Xa1 Rb1\n%s\n2g Ra2n\n0-1\n\n' "$setup_silver"
    printf '[White "Bot"]\n[Black "Other"]\n[PlyCount "5"]\n[ResultCode "g"]\n[Result "0-1"]\n\n'
    printf '%s\n%s\n2g Ra2n Ra3n Ra4n Ra5n\n2s Ra5n\n0-1\n\n' "$setup_gold" "$setup_silver"
} >"$tmp/bad.pgn"
out=$(python3 "$script" "$tmp/bad.pgn" --bot Bot --build "$build")
status=$?
[ $status -eq 0 ] || { echo "broken records: exit status $status"; fail=1; }
case $out in
*"game 1 (Bot-Other, 5 plies, g): cannot replay: setup: setup token 'Xa1'"*) ;;
*) echo "bad setup token not reported: $out"; fail=1 ;;
esac
case $out in
*"game 2 (Bot-Other, 5 plies, g): cannot replay: turn 2s: "?*) ;;
*) echo "refused turn not reported: $out"; fail=1 ;;
esac
case $out in
*"2 games of Bot, 2 lost: "*"not replayed 2") ;;
*) echo "broken records' summary: $out"; fail=1 ;;
esac

err=$(python3 "$script" "$tmp/bad.pgn" --bot Nobody --build "$build" 2>&1 >/dev/null)
status=$?
[ $status -eq 1 ] && [[ $err == *"no game of Nobody"* ]] || { echo "unknown bot: status $status, '$err'"; fail=1; }
grep -q -- "--bot" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
