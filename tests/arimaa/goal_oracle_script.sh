#!/usr/bin/env bash
# scripts/arimaa-goal-oracle.py without Sharp: bot_Sharp's developer build is an outside engine
# that is not installed here, so a stand-in answers its runGoalPosesTest mode the way Sharp does
# (it stops at the first position whose `cangoal` it disagrees with, naming its index and its
# own steps), by a rule whose answers are known: a rabbit of the side to move one row from its
# goal with the goal square empty goals in 1 step, two rows from it with both squares ahead
# empty in 2, and nothing else goals. The script must report every goal, in file order, with
# both sides of each position, once; skip positions no rabbit can goal from and finished games;
# keep only as many positions without a goal as --max-negative says; and refuse a missing file,
# a line without a position, a binary that is not executable and a stand-in that stops without
# naming a position, each with a message. --help answers.
# Usage: tests/arimaa/goal_oracle_script.sh <source dir>
set -uo pipefail
src=$1
fail=0
script=$src/scripts/arimaa-goal-oracle.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"

cat >"$tmp/sharp-standin" <<'PY'
#!/usr/bin/env python3
import os, re, sys
records = [r for r in open(sys.argv[2]).read().split(";") if r.strip()]
print("runGoalPosesTest " + sys.argv[2])
if os.environ.get("STANDIN_MUTE"):
    sys.exit(1)
for i, record in enumerate(records):
    side = re.search(r"^\d+([gs])$", record, re.M).group(1)
    squares = re.search(r"^([rcdhmeRCDHME.]{64})$", record, re.M).group(1)
    assert re.search(r"^cangoal = false$", record, re.M)
    rabbit, ahead = ("R", -8) if side == "g" else ("r", 8)
    steps = 5
    for sq, c in enumerate(squares):
        if c != rabbit:
            continue
        rows = sq // 8 if side == "g" else 7 - sq // 8
        path = [sq + ahead * k for k in range(1, rows + 1)]
        if rows <= 2 and all(squares[p] == "." for p in path):
            steps = min(steps, rows)
    if steps <= 4:
        print("Idx: %d\nTree: %d\n%s\nFATAL ERROR:\nFailed on goal test" % (i, steps, record))
        sys.exit(1)
print("Passed all goal tests")
PY
chmod +x "$tmp/sharp-standin"

# Gold to move or not, the same squares: a7/a2 one row from goal; b6 two rows; c6 blocked by a
# dog on c7 and h5/d4 further; the fourth has no rabbit within four rows; the fifth is finished.
p1='........R......e................................rE..............'
p2='.......e.........R.............r....................E...........'
p3='.......e..d.......R................r................E...........'
p4='.....r.....................e.......E......................R.....'
p5='R..............e................................rE..............'
cat >"$tmp/positions.txt" <<EOF
# side [squares], and a scores line, and a repeat
g [$p1]
7 s [$p2] -120
g [$p3]
s [$p4]
g [$p5]
g [$p2]
EOF
want="g [$p1] 1
s [$p1] 1
g [$p2] 2
s [$p2] 5
g [$p3] 5
s [$p3] 5"

out=$(python3 "$script" "$tmp/positions.txt" --sharp-dev "$tmp/sharp-standin" --out "$tmp/goals.txt" 2>"$tmp/err")
status=$?
[ $status -eq 0 ] || { echo "run: exit status $status: $out $(cat "$tmp/err")"; fail=1; }
got=$(grep -v '^#' "$tmp/goals.txt")
[ "$got" = "$want" ] || { printf 'goals:\n%s\nwanted:\n%s\n' "$got" "$want"; fail=1; }
grep -q "^# .*by steps 1-4 and none: 2 1 0 0 3\.$" "$tmp/goals.txt" || { echo "header: $(head -3 "$tmp/goals.txt")"; fail=1; }
[ "$out" = "6 positions asked; Sharp finds a goal in 3; 6 written (steps 1-4, none: 2 1 0 0 3)" ] ||
    { echo "summary: $out"; fail=1; }

out=$(python3 "$script" "$tmp/positions.txt" --sharp-dev "$tmp/sharp-standin" --max-negative 0 2>/dev/null)
[ "$(echo "$out" | grep -v '^#' | grep -c .)" = 4 ] || { echo "--max-negative 0: $out"; fail=1; }
grep -q " 5$" <<<"$out" && { echo "--max-negative 0 kept a position without a goal: $out"; fail=1; }
out=$(python3 "$script" "$tmp/positions.txt" --sharp-dev "$tmp/sharp-standin" --max-negative 1 2>/dev/null)
[ "$(grep -c ' 5$' <<<"$out")" = 1 ] || { echo "--max-negative 1: $out"; fail=1; }

refused "missing file" "$tmp/none.txt: no such file" python3 "$script" "$tmp/none.txt" \
    --sharp-dev "$tmp/sharp-standin"
printf 'g [%s]\nthis is no position\n' "$p1" >"$tmp/bad.txt"
refused "bad line" "bad.txt:2: no position" python3 "$script" "$tmp/bad.txt" \
    --sharp-dev "$tmp/sharp-standin"
refused "not executable" "$tmp/none: not an executable" python3 "$script" "$tmp/positions.txt" \
    --sharp-dev "$tmp/none"
refused "mute stand-in" "stopped without naming the position" env STANDIN_MUTE=1 python3 \
    "$script" "$tmp/positions.txt" --sharp-dev "$tmp/sharp-standin"
grep -q -- "--sharp-dev BINARY" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
