#!/usr/bin/env bash
# scripts/arimaa-captures.py on records kept in bench/data: the play-outs of the twenty-ninth
# round (counted from each play-out's start) and the games against Sharp of the twenty-eighth
# (from turn 2, and from turn 10). Each side's count must be the pieces it had at the first turn
# counted less those at the end, as the binding replays the records; every capture a record notes
# ("Rf6x") in a turn counted must be listed, for that game and turn, on that trap, as the home
# trap of the side it is (c3 and f3 Gold's, c6 and f6 Silver's); the report's lines must sum the
# list; gzipped records give the same. A record with a step from an empty square, and one whose
# note names another trap, are refused with the game and turn; a bot with no game, --from-turn 1
# and a missing file are refused; --help answers. --trap-states is checked against the
# evaluation's home-guard charge.
# Usage: tests/arimaa/captures_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-captures.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"

check() { # check <records> <from turn>: the counts and the list against the binding's replay
    local records=$1 from=$2
    python3 "$script" "$records" --bot Steps --from-turn "$from" --list --build "$build" \
        >"$tmp/out" 2>"$tmp/err" || { echo "$records: $(cat "$tmp/err")"; fail=1; return; }
    BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$records" "$from" \
        "$tmp/out" <<'PY' || fail=1
import importlib.util, os, re, sys
import boardai
src, records, first, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
spec = importlib.util.spec_from_file_location("lc", os.path.join(src, "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
game = boardai.Game("arimaa")
lines = open(out).read().splitlines()
listed = [l for l in lines if " taken on " in l]
want = {"Steps": 0, "other": 0}
notes = 0
name = os.path.basename(records)
for n, (tags, turns) in enumerate(lc.read_records(records), 1):
    if "Steps" not in (tags.get("White"), tags.get("Black")):
        continue
    gold = tags["White"] == "Steps"
    start = re.search(r"from turn (\d+[gs])", tags.get("Event", ""))
    start = start.group(1) if start else "%dg" % first
    key = lambda label: (int(label[:-1]), label[-1] == "s")
    pos = game.position(lc.setup_board(turns))
    army = None
    for line in turns[2:]:
        label, *tokens = line.split()
        if army is None and key(label) >= key(start):
            army = [sum(c.isupper() for c in pos.text[3:67]),
                    sum(c.islower() for c in pos.text[3:67])]
        if pos.winner is not None:
            break
        pos.play(lc.steps_played(tokens))
        if key(label) < key(start):
            continue
        for t in tokens:
            if re.match(r"[RCDHMErcdhme][a-h][1-8]x$", t):
                notes += 1
                own = t[2] == ("3" if t[0].isupper() else "6")
                entry = "%s game %d turn %s: %s taken on %s (%s home trap)" % (
                    name, n, label, t[0], t[1:3], "its own" if own else "the enemy's")
                if entry not in listed:
                    sys.exit("%s: not listed" % entry)
    if army is None:
        continue
    end = [sum(c.isupper() for c in pos.text[3:67]), sum(c.islower() for c in pos.text[3:67])]
    lost = [army[0] - end[0], army[1] - end[1]]
    want["Steps"] += lost[0] if gold else lost[1]
    want["other"] += lost[1] if gold else lost[0]
total = {"Steps": 0, "other": 0}
for l in lines:
    m = re.match(r"(Steps's pieces|the other side's), at .* home traps: (\d+) ", l)
    if m:
        total["Steps" if m.group(1).startswith("Steps") else "other"] += int(m.group(2))
if total != want or len(listed) != sum(want.values()) or notes == 0:
    sys.exit("%s from %d: counted %s, the replay %s, listed %d, notes %d"
             % (records, first, total, want, len(listed), notes))
PY
}
check "$src/bench/data/arimaa-playouts-r29-ours.pgn" 2
check "$src/bench/data/arimaa-sharp4-r28.pgn" 2
check "$src/bench/data/arimaa-sharp4-r28.pgn" 10

# One concrete capture: Gold's rabbit pulled onto f6 by Silver's dog in the play-out of game 1.
python3 "$script" "$src/bench/data/arimaa-playouts-r29-ours.pgn" --bot Steps --list \
    --build "$build" >"$tmp/list"
grep -qx "arimaa-playouts-r29-ours.pgn game 1 turn 16s: R taken on f6 (the enemy's home trap)" \
    "$tmp/list" || { echo "the capture of 16s: $(head -3 "$tmp/list")"; fail=1; }

# The same records gzipped (as bench/data keeps the larger ones): the same report.
gzip -c "$src/bench/data/arimaa-playouts-r29-ours.pgn" >"$tmp/records.pgn.gz"
python3 "$script" "$tmp/records.pgn.gz" --bot Steps --list --build "$build" |
    sed 's/^records.pgn.gz /arimaa-playouts-r29-ours.pgn /' >"$tmp/list.gz.txt"
cmp -s "$tmp/list" "$tmp/list.gz.txt" ||
    { echo "gzipped records: $(head -3 "$tmp/list.gz.txt")"; fail=1; }

# --trap-states: the state of each home trap of Steps's at the other side's turn starts, checked
# against the evaluation's own charge for it (explain's home_guards line, with home_guard_points
# 100 and home_guard_tied_pct 50: per trap, 100 a guard short of two when outranked, 50 when
# tied) on every such position; and the table's pieces taken must be the captures the list has
# of Steps's pieces on its own home traps in the other side's turns.
python3 "$script" "$src/bench/data/arimaa-playouts-r29-ours.pgn" --bot Steps --list \
    --trap-states --build "$build" >"$tmp/states" || { echo "--trap-states refused"; fail=1; }
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$tmp/states" <<'PY' ||
import importlib.util, os, re, sys
import boardai
src, out = sys.argv[1], sys.argv[2]
def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(src, "scripts", file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
lc = load("lc", "arimaa-loss-check.py")
caps = load("caps", "arimaa-captures.py")
sys.path.insert(0, os.path.join(src, "tests", "arimaa"))
from playout_turns import counted_turn_starts
game = boardai.Game("arimaa")
charged = boardai.Game("arimaa:home_guard_points=100,home_guard_tied_pct=50")
records = os.path.join(src, "bench", "data", "arimaa-playouts-r29-ours.pgn")
checked = short = 0
games = list(lc.read_records(records))
for tags, gold, label, pos in counted_turn_starts(lc, game, games):
    if (label[-1] == "g") != gold:
        board = list(pos.text.split("[", 1)[1][:64])
        want = 0
        for trap in (("c3", "f3") if gold else ("c6", "f6")):
            state, guards = caps.trap_state(board, trap, gold)
            if state in ("outranked", "tied") and guards < 2:
                want += (2 - guards) * (100 if state == "outranked" else 50)
        line = [l for l in charged.position(pos.text).explain().splitlines()
                if l.startswith("home_guards ")][0].split()
        got = -int(line[1] if gold else line[2])
        if got != want:
            sys.exit("turn %s of %s: trap_state says %d, the evaluation %d (%s)"
                     % (label, tags["Event"], want, got, pos.text))
        checked += 1
        short += want > 0
text = open(out).read()
table = [l for l in text.splitlines() if re.match(r"  (outranked|tied|held|no piece)", l)]
taken = sum(int(l.split()[-2]) for l in table)
listed = 0
for l in text.splitlines():
    m = re.search(r"turn (\d+)([gs]): ([RCDHMErcdhme]) taken on .* \(its own home trap\)", l)
    if m:
        game_no = int(l.split(" game ")[1].split()[0])
        gold = games[game_no - 1][0]["White"] == "Steps"
        steps_piece = m.group(3).isupper() == gold
        other_turn = (m.group(2) == "g") != gold
        listed += steps_piece and other_turn
turns = int(re.search(r"\((\d+) trap-turns\)", text).group(1))
if len(table) != 7 or taken != listed or taken == 0 or turns != 2 * checked or checked < 500 \
        or short < 100:
    sys.exit("table %d rows, taken %d, listed %d, trap-turns %d, positions %d, short %d"
             % (len(table), taken, listed, turns, checked, short))
PY
    fail=1

# --chances: each side's turn starts with a capture credited, recounted here from the
# evaluation's explain (the capture_threat line of the side to move) on every counted turn start
# of the play-outs; the turns that took an enemy piece, credited or not, must be the turns the
# list has such a capture in.
python3 "$script" "$src/bench/data/arimaa-playouts-r29-ours.pgn" --bot Steps --list \
    --chances --build "$build" >"$tmp/chances" || { echo "--chances refused"; fail=1; }
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$tmp/chances" <<'PY' ||
import importlib.util, os, re, sys
import boardai
src, out = sys.argv[1], sys.argv[2]
spec = importlib.util.spec_from_file_location("lc", os.path.join(src, "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
sys.path.insert(0, os.path.join(src, "tests", "arimaa"))
from playout_turns import counted_turn_starts
game = boardai.Game("arimaa")
records = os.path.join(src, "bench", "data", "arimaa-playouts-r29-ours.pgn")
games = list(lc.read_records(records))
want = {True: [0, 0], False: [0, 0]}  # Steps moving or not: turn starts, credited
for tags, gold, label, pos in counted_turn_starts(lc, game, games):
    mine = (label[-1] == "g") == gold
    words = [l.split() for l in pos.explain().splitlines() if l.startswith("capture_threat ")][0]
    want[mine][0] += 1
    want[mine][1] += int(words[1] if label[-1] == "g" else words[2]) > 0
text = open(out).read()
took = {True: set(), False: set()}  # (game, turn) where the side moving took an enemy piece
for l in text.splitlines():
    m = re.match(r".* game (\d+) turn (\d+)([gs]): ([RCDHMErcdhme]) taken on", l)
    if m:
        gold = games[int(m.group(1)) - 1][0]["White"] == "Steps"
        mover_gold = m.group(3) == "g"
        if m.group(4).isupper() != mover_gold:
            took[mover_gold == gold].add((m.group(1), m.group(2) + m.group(3)))
for mine, who in ((True, "Steps"), (False, "the other side")):
    m = re.search(r"^%s's chances to take: (\d+) turn starts, a capture credited at (\d+) "
                  r"\([0-9.]+%%\), taken in (\d+) of those \([0-9.]+%%\); (\d+) turns took a "
                  r"piece with none credited$" % re.escape(who), text, re.M)
    if not m:
        sys.exit("no --chances line for %s" % who)
    starts, credited, converted, unseen = (int(g) for g in m.groups())
    if [starts, credited] != want[mine] or converted + unseen != len(took[mine]) or \
            credited == 0 or converted == 0 or converted > credited:
        sys.exit("%s: %s, recounted %s, turns taking %d" % (who, m.group(0), want[mine],
                                                          len(took[mine])))
PY
    fail=1

# --escapes: at Steps's first turn (from turn 2) after which the other side is credited with a
# capture, Steps's legal turns and those after which none is credited, recounted here from the
# binding's moves and explain; Steps as Gold in one short game and as Silver in the other.
for white in Steps Sharp4; do
    black=$([ $white = Steps ] && echo Sharp4 || echo Steps)
    printf '[White "%s"]\n[Black "%s"]\n[Result "1-0"]\n\n%s\n%s\n%s\n%s\n%s\n%s\n\n' \
        "$white" "$black" "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2" \
        "1s ra7 hb7 rc7 ed7 he7 cf7 mg7 rh7 ra8 cb8 rc8 dd8 de8 rf8 rg8 rh8" \
        "2g Ee2n Ee3n Ee4n Ee5n" "2s ed7s ed6s ed5s ed4s" \
        "$([ $white = Steps ] && echo "3g Re1n Rd1e Rc1e Re2n" || echo "3g Dh2n")" "3s ed3n"
done >"$tmp/escapes.pgn"
python3 "$script" "$tmp/escapes.pgn" --bot Steps --escapes --build "$build" >"$tmp/escapes" \
    2>"$tmp/escapes.err" || { echo "--escapes refused: $(cat "$tmp/escapes.err")"; fail=1; }
grep -q '^arimaa-captures: 2/2 games, [0-9]* s spent, about 0 s left$' "$tmp/escapes.err" ||
    { echo "--escapes: no progress on stderr: $(cat "$tmp/escapes.err")"; fail=1; }
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$tmp/escapes.pgn" \
    "$tmp/escapes" <<'PY' ||
import importlib.util, os, re, sys
import boardai
src, records, out = sys.argv[1:]
spec = importlib.util.spec_from_file_location("lc", os.path.join(src, "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
game = boardai.Game("arimaa")
text = open(out).read()
rows = 0
for number, (tags, turns) in enumerate(lc.read_records(records), 1):
    mine = "g" if tags["White"] == "Steps" else "s"
    pos = game.position(lc.setup_board(turns))
    for line in turns[2:]:
        label, *tokens = line.split()
        before = pos.copy()
        pos.play(lc.steps_played(tokens))
        threat = [l.split() for l in pos.explain().splitlines() if l.startswith("capture_threat ")]
        if label[-1] != mine or int(threat[0][1 if pos.text.startswith("g") else 2]) <= 0:
            continue
        legal = before.moves()
        safe = kept = 0
        own = lambda p: sum(1 for c in p.text.split("[", 1)[1][:64]
                            if c.isalpha() and c.isupper() == (mine == "g"))
        for move in legal:
            after = before.copy().play(move)
            words = [l.split() for l in after.explain().splitlines()
                     if l.startswith("capture_threat ")][0]
            if int(words[1 if after.text.startswith("g") else 2]) <= 0:
                safe += 1
                kept += own(after) == own(before)
        want = "game %d turn %s: %d of %d turns leave no capture credited (%d of them lose no " \
               "piece)" % (number, label, safe, len(legal), kept)
        if want not in text or safe == 0 or safe == len(legal):
            sys.exit("--escapes: want '%s' in:\n%s" % (want, text))
        rows += 1
        break
if rows != 2 or not re.search(r"^Steps's first turn leaving the other side a capture: 2 games;",
                              text, re.M):
    sys.exit("--escapes: %d rows recounted, output:\n%s" % (rows, text))
PY
    fail=1

# Broken records: a step from an empty square, a note of a capture on another trap.
first=$(awk '/^\[/ && seen { exit } /^\[/ { head = 1 } { print } /^1[6-9]s / { seen = 1 }' \
    "$src/bench/data/arimaa-playouts-r29-ours.pgn")
echo "$first" | sed 's/^16s Re5n dd5e/16s Re4n dd5e/' >"$tmp/empty.pgn"
refused "a step from an empty square" "game 1: turn 16s: step 'Re4n'" python3 "$script" \
    "$tmp/empty.pgn" --bot Steps --build "$build"
echo "$first" | sed 's/^16s Re5n dd5e Re6e Rf6x/16s Re5n dd5e Re6e Rc6x/' >"$tmp/note.pgn"
refused "a wrong note" "game 1: turn 16s notes the captures [('R', 'c6')]" python3 "$script" \
    "$tmp/note.pgn" --bot Steps --build "$build"
refused "no game" "no game of Nobody" python3 "$script" \
    "$src/bench/data/arimaa-sharp4-r28.pgn" --bot Nobody --build "$build"
refused "turn 1" "--from-turn counts from turn 2" python3 "$script" \
    "$src/bench/data/arimaa-sharp4-r28.pgn" --bot Steps --from-turn 1 --build "$build"
refused "no file" "arimaa-captures: " python3 "$script" "$tmp/none.pgn" --bot Steps \
    --build "$build"
grep -q -- "--from-turn" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
