#!/usr/bin/env bash
# boardai-match --game-lib: plays the outside Connect Four (tests/external/connect4.c built as a
# shared object) and refuses bad shared objects and names with a clear message.
# Usage: match_game_lib.sh BOARDAI_MATCH CONNECT4_SO OTHER_SO_WITHOUT_ENTRY
set -u
BIN=$1 SO=$2 OTHER=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

timeout 300 "$BIN" --game-lib "$SO" --game connect4 --a alg=alphabeta,depth=5 \
    --b alg=alphabeta,depth=1 --games 8 --jobs 1 --seed 3 --quiet >"$T/out" 2>"$T/err" ||
    fail "the match failed: $(cat "$T/err")"
line=$(grep '^totals:' "$T/out") || fail "no totals: $(cat "$T/out")"
read -r _ _ games _ wins _ draws _ losses _ failed <<<"$line"
[ "$games" = 8 ] && [ "$failed" = 0 ] || fail "expected 8 games and none failed: $line"
[ "$wins" -gt "$losses" ] || fail "depth 5 did not beat depth 1: $line"
grep -q '^game: connect4' "$T/out" || fail "the summary does not name connect4"

expect_error() { # NEEDLE ARGS...
    local needle=$1
    shift
    if timeout 60 "$BIN" "$@" --a depth=1 --games 2 --quiet >"$T/o" 2>"$T/e"; then
        fail "accepted: $*"
    fi
    grep -q -- "$needle" "$T/e" || fail "no '$needle' in: $(cat "$T/e")"
}
expect_error "does not export boardai_game_open" --game-lib "$OTHER" --game connect4
expect_error "cannot load" --game-lib "$T/none.so" --game connect4
expect_error "one game, connect4" --game-lib "$SO" --game checkers
expect_error "without parameters" --game-lib "$SO" --game connect4:rows=7
echo "match --game-lib: ok ($line)"
