#!/usr/bin/env bash
# scripts/arimaa-sharp-drift.py without Sharp: bot_Sharp's developer build is an outside engine
# that is not installed here, so a stand-in answers its evalPos with scores whose make-up is
# known: the final score is 100 points per piece the side to move has more than the other side,
# and PieceSquare is 7 (every other component is missing, so 0). The expected means by band are
# counted here, replaying the records move by move through the binding: at every turn start of
# the bot's, the pieces of each side. With --threats the stand-in also prints a threat for each
# square's piece (by its type and half of the board), and the split is counted the same way.
# The script's bands, means, intervals and threat split must match,
# and its own evaluation column must be a number; a bad --bands, a bot with no games, a binary
# that is not executable and a stand-in that answers too few positions are refused with a
# message; --help answers.
# Usage: tests/arimaa/sharp_drift_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-sharp-drift.py
records=$src/bench/data/arimaa-sharp4-r15.pgn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"

# The stand-in: `<it> evalPos FILE` prints, per board of FILE, "N-----..." and its components.
cat >"$tmp/sharp-standin" <<'PY'
#!/usr/bin/env python3
import os, sys
limit = int(os.environ.get("STANDIN_LIMIT", "1000000"))
boards = [b for b in open(sys.argv[2]).read().split(";") if b.strip()]
for i, b in enumerate(boards[:limit]):
    label, squares = b.split()
    gold = sum(c.isupper() for c in squares)
    silver = sum(c.islower() for c in squares)
    lead = gold - silver if label.endswith("g") else silver - gold
    print("%d------------------------------------------------" % i)
    print("PieceSquare: 7")
    if not os.environ.get("STANDIN_NOGRID"):
        # The threat on each square's piece: its type's place in RCDHME, plus one, doubled in
        # the enemy's half (a gold piece on ranks 5-8, a silver one on ranks 1-4).
        for row in range(8):
            cells = []
            for col in range(8):
                c = squares[row * 8 + col]
                v = 0 if c == "." else "RCDHME".index(c.upper()) + 1
                if c != "." and (row <= 3) == c.isupper():
                    v *= 2
                cells.append("%+5d" % v)
            print("  " + " ".join(cells))
    print("Final Score: %d" % (100 * lead))
    print()
PY
chmod +x "$tmp/sharp-standin"

# The records' games, for the two replays below: [{"white": name, "turns": [[label, move]]}].
cat >"$tmp/records.py" <<'PY'
import re


def read_games(path):
    games, cur = [], None
    for line in open(path):
        line = line.strip()
        if line.startswith("[White "):
            cur = {"white": line.split('"')[1], "turns": []}
            games.append(cur)
        elif cur is not None and re.match(r"\d+[gs] \S", line):
            cur["turns"].append(line.split(" ", 1))
    return games
PY

# The expected lines: "turns BAND N in G games  Sharp MEAN" for the bands 2, 3-10 and 11-, from
# the first 4 games of the records (the bot: Steps), each replayed move by move through the
# binding and its pieces counted at every turn start of the bot's (the records' capture tokens
# cannot be counted instead: a bot need not send them).
expected=$(BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python:$tmp python3 - "$records" <<'PY'
import sys
import boardai
from records import read_games
games = read_games(sys.argv[1])
bands = {"2": (2, 2), "3-10": (3, 10), "11-": (11, 10 ** 6)}
values = {b: [] for b in bands}
for n, g in enumerate(games[:4]):
    side = "g" if g["white"] == "Steps" else "s"
    pos = boardai.Game("arimaa").position()
    for label, move in g["turns"]:
        if pos.result != boardai.Result.ONGOING:
            break
        turn = int(label[:-1])
        if turn >= 2 and label[-1] == side:
            squares = pos.text.split("[", 1)[1][:64]
            mine = sum(c.isupper() == (side == "g") for c in squares if c != ".")
            lead = 2 * mine - sum(c != "." for c in squares)
            for b, (lo, hi) in bands.items():
                if lo <= turn <= hi:
                    values[b].append((100 * lead, n))
        pos.play(move)
for b in ("2", "3-10", "11-"):
    v = values[b]
    print("turns %-6s %4d in %3d games  Sharp %+6.0f" % (b, len(v), len({n for _, n in v}),
                                                        sum(x for x, _ in v) / len(v)))
PY
)
out=$(python3 "$script" "$records" --bot Steps --games 4 --bands 2,3-10,11- --boot 50 \
    --sharp-dev "$tmp/sharp-standin" --build "$build" 2>&1)
status=$?
[ $status -eq 0 ] || { echo "drift: exit status $status: $out"; fail=1; }
while IFS= read -r line; do
    grep -qF "$line" <<<"$out" || { echo "expected '$line' in: $out"; fail=1; }
done <<<"$expected"
[ "$(echo "$expected" | wc -l)" -eq 3 ] || { echo "expected three bands: $expected"; fail=1; }
# Each band: an interval around the mean, our evaluation's mean, and the components' means.
[ "$(grep -Ec '\(95 %, games resampled 50 times\)  ours +[+-][0-9]+$' <<<"$out")" -eq 3 ] ||
    { echo "intervals or ours: $out"; fail=1; }
[ "$(grep -c '^    Material +0 PieceSquare +7 TCScore +0 ' <<<"$out")" -eq 3 ] ||
    { echo "components: $out"; fail=1; }
grep -q "^Sharp's static view of Steps's [0-9]* turn starts in 4 games" <<<"$out" ||
    { echo "header: $out"; fail=1; }
# --threats: the stand-in's threats by side, type and half, counted in a second replay.
expected=$(BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python:$tmp python3 - "$records" <<'PY'
import sys
import boardai
from records import read_games
games = read_games(sys.argv[1])
sums, count = {}, 0
for g in games[:3]:
    side = "g" if g["white"] == "Steps" else "s"
    pos = boardai.Game("arimaa").position()
    for label, move in g["turns"]:
        if pos.result != boardai.Result.ONGOING:
            break
        if 3 <= int(label[:-1]) <= 10 and label[-1] == side:
            count += 1
            squares = pos.text.split("[", 1)[1][:64]
            for i, c in enumerate(squares):
                if c == ".":
                    continue
                mine = c.isupper() == (side == "g")
                own = (i // 8 >= 4) == c.isupper()
                v = "RCDHME".index(c.upper()) + 1
                v = v if own else 2 * v
                key = (mine, c.upper(), own)
                sums[key] = sums.get(key, 0) + (-v if mine else v)
        pos.play(move)
for mine, whose in ((True, "Steps's"), (False, "the enemy's")):
    print("    threats on %s pieces (own half/other half): %s" % (whose, " ".join(
        "%s %+.0f/%+.0f" % (t, sums.get((mine, t, True), 0) / count,
                            sums.get((mine, t, False), 0) / count) for t in "EMHDCR")))
PY
)
out=$(python3 "$script" "$records" --bot Steps --games 3 --bands 3-10 --boot 5 --threats \
    --sharp-dev "$tmp/sharp-standin" --build "$build" 2>&1)
while IFS= read -r line; do
    grep -qxF "$line" <<<"$out" || { echo "threats: expected '$line' in: $out"; fail=1; }
done <<<"$expected"
[ "$(echo "$expected" | wc -l)" -eq 2 ] || { echo "expected two threat lines: $expected"; fail=1; }
refused "no threat grid" "printed no threat on each square" env STANDIN_NOGRID=1 python3 \
    "$script" "$records" --bot Steps --games 1 --threats --sharp-dev "$tmp/sharp-standin" \
    --build "$build"

# A band with no turn is said so.
out=$(python3 "$script" "$records" --bot Steps --games 1 --bands 2,500- --boot 5 \
    --sharp-dev "$tmp/sharp-standin" --build "$build" 2>&1)
grep -q "^turns 500-   none$" <<<"$out" || { echo "empty band: $out"; fail=1; }

refused "bands" "'4-2' ends before it starts" python3 "$script" "$records" --bot Steps \
    --bands 2,4-2 --sharp-dev "$tmp/sharp-standin" --build "$build"
refused "bands text" "'x' is not a turn" python3 "$script" "$records" --bot Steps \
    --bands x --sharp-dev "$tmp/sharp-standin" --build "$build"
refused "no games" "no game of Nobody with a result" python3 "$script" "$records" --bot Nobody \
    --sharp-dev "$tmp/sharp-standin" --build "$build"
refused "not executable" "$tmp/none: not an executable" python3 "$script" "$records" \
    --bot Steps --sharp-dev "$tmp/none" --build "$build"
refused "short answer" "answered 5 of" env STANDIN_LIMIT=5 python3 "$script" "$records" \
    --bot Steps --games 2 --sharp-dev "$tmp/sharp-standin" --build "$build"
grep -q -- "--sharp-dev BINARY" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
