#!/usr/bin/env bash
# boardai-camelot-egtb and boardai-camelot --egtb, through the real programs: build the two-men
# table into a file, probe a position worked out with it (White: men on A5 and F1, Black's man on
# F3, White to move: a win in 47 plies), let boardai-camelot's search score it from the file
# ("value win 47" at depth 2, where the search alone proves nothing), and refuse a truncated
# file with a message and a non-zero exit status.
# Usage: tests/camelot/egtb_program.sh <boardai-camelot-egtb> <boardai-camelot>
set -uo pipefail
egtb=$1
camelot=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail=0
pos='2/8/10/12/12/12/12/12/12/12/12/M11/12/4m5/8/M1 w 0 0 - 0'

timeout 600 "$egtb" build "$dir/mm.tb" --endings mm || { echo "build failed"; exit 1; }
out=$(timeout 60 "$egtb" probe "$dir/mm.tb" "$pos")
[ "$out" = "white wins in 47 plies" ] || { echo "probe said '$out'"; fail=1; }
line=$(printf 'position %s\ngo depth 2\nquit\n' "$pos" | timeout 60 "$camelot" --egtb "$dir/mm.tb" --protocol | grep '^bestmove')
case $line in
*"value win 47") ;;
*) echo "with the table: '$line'"; fail=1 ;;
esac
line=$(printf 'position %s\ngo depth 2\nquit\n' "$pos" | timeout 60 "$camelot" --protocol | grep '^bestmove')
case $line in
*"value win"*) echo "without the table the search proved '$line'"; fail=1 ;;
esac

head -c 1000 "$dir/mm.tb" > "$dir/short.tb"
err=$(timeout 60 "$egtb" stats "$dir/short.tb" 2>&1 >/dev/null)
status=$?
[ "$status" -ne 0 ] || { echo "a truncated file was accepted"; fail=1; }
case $err in
*truncated*) ;;
*) echo "truncated file: message '$err'"; fail=1 ;;
esac
err=$(timeout 60 "$camelot" --egtb "$dir/short.tb" --protocol 2>&1 </dev/null >/dev/null)
[ $? -ne 0 ] || { echo "boardai-camelot accepted a truncated file"; fail=1; }
case $err in
*truncated*) ;;
*) echo "boardai-camelot, truncated file: message '$err'"; fail=1 ;;
esac
[ "$fail" -eq 0 ] && echo ok
exit "$fail"
