#!/usr/bin/env bash
# boardai-camelot --weights nolan|tuned: the protocol's `eval` names the preset in play, and an
# unknown preset is refused with exit status 2 and a message listing the presets.
# Usage: tests/camelot/weights_program.sh <path of boardai-camelot>
set -uo pipefail
prog=$1
fail=0
first_eval_line() { printf 'eval\nquit\n' | timeout 60 "$prog" --protocol "$@" | head -n 1; }

line=$(first_eval_line)
[ "$line" = "weights tuned (N = 17.09)" ] || { echo "default: eval said '$line'"; fail=1; }
line=$(first_eval_line --weights nolan)
[ "$line" = "weights nolan (N = 17.09)" ] || { echo "--weights nolan: eval said '$line'"; fail=1; }
line=$(first_eval_line --weights tuned)
[ "$line" = "weights tuned (N = 17.09)" ] || { echo "--weights tuned: eval said '$line'"; fail=1; }

err=$(timeout 60 "$prog" --protocol --weights best 2>&1 >/dev/null </dev/null)
status=$?
[ "$status" -eq 2 ] || { echo "--weights best: exit status $status, expected 2"; fail=1; }
case $err in
*"nolan, tuned"*) ;;
*) echo "--weights best: message '$err' does not list the presets"; fail=1 ;;
esac
[ "$fail" -eq 0 ] && echo ok
exit "$fail"
