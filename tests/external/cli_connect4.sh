#!/usr/bin/env bash
# Drives cli_connect4 (an outside game's program on the installed front end) through pipes:
# --help, --version, a bad option, and a protocol session with `go depth 6` and a bad move.
# Usage: cli_connect4.sh PROGRAM
set -u
prog=$1
fail() { echo "cli_connect4: $*" >&2; exit 1; }

"$prog" --help | grep -qi 'usage' || fail "--help shows no usage"
"$prog" --help | grep -q -- '--protocol' || fail "--help does not list --protocol"
"$prog" --version | grep -q 'libboardai' || fail "--version does not name libboardai"
"$prog" --no-such-option 2>/dev/null </dev/null
[ $? -eq 2 ] || fail "a bad option does not exit with status 2"

out=$(printf 'moves\ngo depth 6\nplay h\nplay d\nresult\nquit\n' | timeout 120 "$prog" --protocol) ||
    fail "the protocol session failed"
echo "$out"
first=$(echo "$out" | sed -n 1p)
[ "$(echo "$first" | tr ' ' '\n' | sort | tr '\n' ' ')" = "a b c d e f g " ] ||
    fail "moves: '$first' is not the seven columns"
grep -q '^info depth 6 ' <<<"$out" || fail "no info line at depth 6"
grep -Eq '^bestmove [a-g] score -?[0-9]+ value ' <<<"$out" || fail "no bestmove"
grep -q "^error: play 'h'" <<<"$out" || fail "the bad move h got no error"
[ "$(echo "$out" | tail -n 1)" = "ongoing" ] || fail "play d was not played quietly"
echo "cli_connect4: ok"
