#!/usr/bin/env bash
# boardai-arimaa --params LIST: the registry's parameters reach the evaluation of the terminal
# program's protocol (`eval` shows trap terms of 0 with trap_pct=0 in a position where they are
# not 0 by default) and the AEI session (which answers aeiok with them); a wrong list is refused
# with exit status 2 and the registry's message, with --aei as without; --help and --version
# answer beside --aei.
# Usage: tests/arimaa/params_program.sh <path of boardai-arimaa>
set -uo pipefail
prog=$1
fail=0
pos='g [.r...r....c..r.r.c..CrhR.....eM..E.R.....m.H......C......R..R.RR]'
traps_line() { printf 'position %s\neval\nquit\n' "$pos" | timeout 60 "$prog" --protocol "$@" | grep '^traps'; }

line=$(traps_line)
case $line in
"traps 0 0" | "") echo "default: eval said '$line', expected trap terms"; fail=1 ;;
esac
line=$(traps_line --params trap_pct=0)
[ "$line" = "traps 0 0" ] || { echo "--params trap_pct=0: eval said '$line'"; fail=1; }
line=$(traps_line --search turns --params trap_pct=0)
[ "$line" = "traps 0 0" ] || { echo "--search turns --params trap_pct=0: eval said '$line'"; fail=1; }

out=$(printf 'aei\nisready\nquit\n' | timeout 60 "$prog" --aei --params trap_pct=50,threat_pct=80)
case $out in
*aeiok*readyok*) ;;
*) echo "--aei --params: answered '$out'"; fail=1 ;;
esac

for args in "--protocol --params trap_pct=401" "--aei --params trap_pct=401" "--aei --params nosuch=1"; do
    # shellcheck disable=SC2086 # the words of $args are the options
    err=$(timeout 60 "$prog" $args 2>&1 >/dev/null </dev/null)
    status=$?
    [ "$status" -eq 2 ] || { echo "$args: exit status $status, expected 2"; fail=1; }
    case $err in
    *"trap_pct must be 0..400, got 401"* | *"no parameter 'nosuch'"*) ;;
    *) echo "$args: message '$err'"; fail=1 ;;
    esac
done
err=$(timeout 60 "$prog" --aei --depth 3 2>&1 >/dev/null </dev/null)
status=$?
[ "$status" -eq 2 ] || { echo "--aei --depth 3: exit status $status, expected 2"; fail=1; }
for args in "--aei --help" "--help --aei" "--aei --version"; do
    # shellcheck disable=SC2086 # the words of $args are the options
    out=$(timeout 60 "$prog" $args </dev/null 2>&1)
    status=$?
    case $status:$out in
    "0:Usage: boardai-arimaa"* | "0:boardai-arimaa "[0-9]*) ;;
    *) echo "$args: exit status $status, answered '$out'"; fail=1 ;;
    esac
done
[ "$fail" -eq 0 ] && echo ok
exit "$fail"
