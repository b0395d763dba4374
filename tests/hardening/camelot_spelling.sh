#!/usr/bin/env bash
# boardai-camelot spells its variant options as the game registry does (`--N 16.09` is
# `camelot:N=16.09`), and still accepts the deprecated spellings without a word.
# Usage: tests/hardening/camelot_spelling.sh <path of boardai-camelot>
set -uo pipefail
prog=$1
fail=0
errfile=$(mktemp "${TMPDIR:-/tmp}/camelot-spelling.XXXXXX")
trap 'rm -f "$errfile"' EXIT
session() { printf 'result\nquit\n' | timeout 60 "$prog" --protocol "$@"; }

# Accepted, with nothing on stderr: the registry's spellings and the deprecated ones.
for args in "--N 16.09" "--knight-n 16.09" "--castle_moves 3" "--castle-moves 3" \
    "--fifty_move_rule 0" "--no-fifty" "--repetition_draw 0" "--no-repetition" "--weights nolan" \
    "--N 12.27 --castle_moves 0 --fifty_move_rule 0 --repetition_draw 1"; do
    # shellcheck disable=SC2086
    out=$(session $args 2>"$errfile") || { echo "$args: refused"; fail=1; }
    if [ -s "$errfile" ]; then
        echo "$args: wrote on stderr: $(cat "$errfile")"
        fail=1
    fi
    [ "$out" = ongoing ] || { echo "$args: 'result' said '$out'"; fail=1; }
done

# Refused by the registry, which names the parameter in the registry's spelling, whichever
# spelling was typed; exit status 2.
for args in "--N abc" "--knight-n abc" "--N 5000" "--castle-moves 999"; do
    # shellcheck disable=SC2086
    err=$(session $args 2>&1 >/dev/null)
    status=$?
    [ $status -eq 2 ] || { echo "$args: exit status $status, expected 2"; fail=1; }
    case $args in
    *castle*) want=castle_moves ;;
    *) want=N ;;
    esac
    grep -q "\\b$want\\b" <<<"$err" || { echo "$args: the error does not name $want: $err"; fail=1; }
done

# --help lists the registry's spellings and marks the old ones deprecated.
help=$("$prog" --help)
for opt in "--N REAL" "--castle_moves N" "--fifty_move_rule" "--repetition_draw" "--weights NAME"; do
    grep -q -- "$opt" <<<"$help" || { echo "--help does not list $opt"; fail=1; }
done
grep -- "--knight-n" <<<"$help" | grep -q deprecated || { echo "--help: --knight-n not marked deprecated"; fail=1; }
exit $fail
