#!/usr/bin/env bash
# tests/kalah/grade.sh BOARDAI_KALAH: `boardai-kalah grade` as a program. Every graded move is
# also checked inside the program (the best move's exact value must equal the position's own
# solved value, or it fails with an internal error), so a clean run on a small board checks the
# sign rules of extra turns and game ends on hundreds of positions.
set -u
BIN=$1
T=$(mktemp -d "${TMPDIR:-/tmp}/kalah-grade.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$BIN" --help | grep -q 'boardai-kalah grade' || fail "--help does not mention grade"
for bad in "--levels 0-2" "--levels 3-1" "--levels 1-99" "--levels x" "--games 0"; do
    # shellcheck disable=SC2086
    "$BIN" grade $bad >"$T/out" 2>"$T/err"
    rc=$?
    [ $rc -eq 2 ] || fail "grade $bad: exit status $rc, expected 2"
    grep -q -- "${bad%% *}" "$T/err" || fail "grade $bad: stderr does not name the option"
    [ ! -s "$T/out" ] || fail "grade $bad: wrote to stdout"
done

timeout 250 "$BIN" grade --pits 4 --seeds 3 --games 3 --levels 1-3 --seed 7 >"$T/table" \
    2>"$T/err" || fail "grade exit status $?: $(cat "$T/err")"
cat "$T/table"
rows=$(grep -c '^| [1-3] ' "$T/table")
[ "$rows" -eq 3 ] || fail "expected 3 level rows, got $rows"
# | level | search | games | graded | losing | share | lost per game |
awk -F'|' '/^\| [1-3] / {
    games = $4 + 0; graded = $5 + 0; losing = $6 + 0
    if (games != 3) { print "games " games " != 3"; exit 1 }
    if (graded <= 0) { print "no move graded"; exit 1 }
    if (losing < 0 || losing > graded) { print "losing " losing " of " graded; exit 1 }
}' "$T/table" || fail "bad row"
grep -q '^Kalah(4,3), 2 random opening plies, seed 7' "$T/table" || fail "no summary line"
echo "grade: ok"
