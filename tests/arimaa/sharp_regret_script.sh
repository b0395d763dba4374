#!/usr/bin/env bash
# scripts/arimaa-sharp-regret.py with this project's own AEI program as both the engine under test
# and the referee (bot_Sharp is an outside engine that is not installed here): Steps's turns 4 and 5
# of two games (Gold's and Silver's starts alike; a Silver start is given mirrored). Each results
# line is checked against searches made here, in one AEI session of our own with the positions
# mirrored by this test's own code: the engine's turn is the one a fresh search at its depth
# chooses, the referee's turn likewise at its depth, each score the referee's score of the position
# after the turn (the library playing it), the cost their difference; the report's mean, median,
# share and band lines are those counted here. A second run reads the referee's part from
# --reference (the referee is then asked to search only the positions after the engine's turns, and
# the file is not added to); with the engine at the referee's own depth every turn is the referee's
# (and with the reference's scores moved by 7 here, costs -7); --compare prints the mean difference
# of the scores after the two runs' turns (not of the costs); --clip bounds every score; a turn that
# ends the game is scored -CLIP without asking the referee; a gzipped results file reads the same;
# so do the screens kept in bench/data, and --trap-split's two parts are those the evaluation's own
# home-guard charge gives. Then: no results file without an engine, --engine without --referee,
# --reference without --engine, a bad --turns, an engine that is not executable, a results line that
# is not one, whose position is not the records' or whose cost is not its scores' difference are
# refused with what was wrong; --engine-option's AEI option reaches the engine, and one that is
# not NAME=VALUE or comes without --engine is refused; --games keeps the games' numbers in the
# whole of the records; a reader that closes the pipe ends the report quietly; --help answers.
# Usage: tests/arimaa/sharp_regret_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-sharp-regret.py
records=$src/bench/data/arimaa-sharp4-r15.pgn
engine="$build/examples/boardai-arimaa --aei"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"
common=(--bot Steps --games 2 --turns 4-5 --boot 20 --build "$build")

out=$(python3 "$script" "$records" "${common[@]}" --results "$tmp/r.txt" --engine "$engine" \
    --engine-depth 1 --referee "$engine" --depth 2 --reference "$tmp/ref.txt" 2>"$tmp/err")
status=$?
[ $status -eq 0 ] || { echo "run: exit status $status: $out $(cat "$tmp/err")"; fail=1; }
grep -q "^4/4 positions, .* s left$" "$tmp/err" || { echo "progress: $(cat "$tmp/err")"; fail=1; }
labels=$(awk '{ printf "%s:%s ", $1, $2 }' "$tmp/r.txt")
[ "$labels" = "0:4g 0:5g 1:4s 1:5s " ] || { echo "labels: $labels"; fail=1; }
[ "$(wc -l <"$tmp/ref.txt")" -eq 4 ] || { echo "reference: $(cat "$tmp/ref.txt")"; fail=1; }

# Every line against searches made here: a session of our own, each position given after
# newgame (which forgets the last search), Silver's mirrored by this test's own code.
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$build" "$tmp/r.txt" \
    "$tmp/ref.txt" "$out" <<'PY' || fail=1
import importlib.util, os, re, statistics, subprocess, sys
import boardai
src, build, results, reference, report = sys.argv[1:]
spec = importlib.util.spec_from_file_location("lc", os.path.join(src, "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
game = boardai.Game("arimaa")
aei = subprocess.Popen([os.path.join(build, "examples", "boardai-arimaa"), "--aei"],
                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

def flip_piece(c):
    return c.swapcase()

def mirrored(text):
    squares = text.split("[")[1][:64]
    ranks = [squares[i:i + 8] for i in range(0, 64, 8)][::-1]
    return "".join(flip_piece(c) for c in "".join(ranks))

def unmirror(turn):
    out = []
    for step in turn.split():
        direction = {"n": "s", "s": "n"}.get(step[3:], step[3:])
        out.append(flip_piece(step[0]) + step[1] + str(9 - int(step[2])) + direction)
    return " ".join(out)

def search(text, depth):
    flip = text[0] == "s"
    squares = mirrored(text) if flip else text.split("[")[1][:64]
    aei.stdin.write("newgame\nsetoption name depth value %d\nsetposition g [%s]\ngo\n"
                    % (depth, squares.replace(".", " ")))
    aei.stdin.flush()
    score = None
    for line in aei.stdout:
        if line.startswith("info score "):
            score = int(line.split()[2])
        if line.startswith("bestmove "):
            turn = line.split(" ", 1)[1].strip()
            return (unmirror(turn) if flip else turn), score

def after(text, turn):
    pos = game.position(text)
    pos.play(lc.steps_played(turn.split()))
    return pos.text

aei.stdin.write("aei\n")
aei.stdin.flush()
costs = []
refs = {line.split(" | ")[2].strip(): line.split(" | ") for line in open(reference)}
for line in open(results):
    head, theirs, start = line.rstrip("\n").split(" | ")
    number, label, base, score, cost, mine = head.split(" ", 5)
    want_mine, _ = search(start, 1)
    want_theirs, _ = search(start, 2)
    want_score = search(after(start, mine), 2)[1]
    want_base = search(after(start, theirs), 2)[1]
    got = (mine, theirs, int(score), int(base), int(cost))
    want = (want_mine, want_theirs, want_score, want_base, want_score - want_base)
    if got != want:
        sys.exit("%s %s: got %s, searched here %s" % (number, label, got, want))
    if refs[start][:2] != [base, theirs]:
        sys.exit("%s %s: the reference file has %s" % (number, label, refs[start]))
    costs.append(int(cost))
aei.stdin.write("quit\n")
aei.stdin.close()
aei.wait()
mean = "mean %.0f" % statistics.mean(costs)
first = re.search(r"4 positions in 2 games: (mean -?\d+)", report)
median = re.search(r"median (-?[\d.]+); no worse than the referee's own turn at ([\d.]+) %", report)
band = re.search(r"turns   2-9          4 positions, mean cost +(-?\d+)", report)
want_share = "%.1f" % (100.0 * sum(c <= 0 for c in costs) / len(costs))
if not first or first.group(1) != mean or not median or \
        float(median.group(1)) != statistics.median(costs) or median.group(2) != want_share or \
        not band or "mean %s" % band.group(1) != mean:
    sys.exit("report: want %s, median %s, share %s: %s" % (mean, statistics.median(costs),
                                                          want_share, report))
PY

# Again with the reference kept: the referee (logging what it is sent) searches only the
# positions after the engine's turns; at the referee's own depth the engine's turns are its own.
cat >"$tmp/logged" <<SH
#!/usr/bin/env bash
tee -a "$tmp/referee.log" | $engine
SH
chmod +x "$tmp/logged"
# The reference's scores are moved by 7 here: read, not searched again, they make every cost -7,
# and the comparison, of the scores after the turns, does not see them.
awk -F' [|] ' '{ printf "%d | %s | %s\n", $1 + 7, $2, $3 }' "$tmp/ref.txt" >"$tmp/ref7.txt"
out2=$(python3 "$script" "$records" "${common[@]}" --results "$tmp/r2.txt" --engine "$engine" \
    --engine-depth 2 --referee "$tmp/logged" --depth 2 --reference "$tmp/ref7.txt" \
    --compare "$tmp/r.txt" 2>/dev/null) || { echo "second run: exit status $?"; fail=1; }
[ "$(wc -l <"$tmp/ref7.txt")" -eq 4 ] ||
    { echo "reference added to: $(cat "$tmp/ref7.txt")"; fail=1; }
asked=$(grep -c "^go" "$tmp/referee.log")
turns=$(wc -l <"$tmp/r2.txt")
if [ "$asked" -lt 1 ] || [ "$asked" -gt "$turns" ]; then
    echo "the referee searched $asked positions for $turns turns"; fail=1
fi
awk -F' [|] ' '{ split($1, h, " "); if (h[5] != -7 || substr($1, index($1, h[6])) != $2) bad = 1 }
    END { exit bad }' "$tmp/r2.txt" || { echo "own depth: $(cat "$tmp/r2.txt")"; fail=1; }
want=4
diff_mean=$(awk 'NR == FNR { s[$1 " " $2] = $4; next } { n++; d += s[$1 " " $2] - $4 }
    END { printf "%.0f", d / n }' "$tmp/r2.txt" "$tmp/r.txt")
case $out2 in
*"on the $want positions both have: mean difference $diff_mean "*) ;;
*) echo "compare: want $diff_mean over $want: $out2"; fail=1 ;;
esac

# --engine-option reaches the engine: depth=1 set that way (the engine logging what it is sent)
# chooses the turns --engine-depth 1 chose, the referee's part read from the reference.
cat >"$tmp/engine-logged" <<SH
#!/usr/bin/env bash
tee -a "$tmp/engine.log" | $engine
SH
chmod +x "$tmp/engine-logged"
cp "$tmp/ref.txt" "$tmp/ref-opt.txt"
python3 "$script" "$records" "${common[@]}" --results "$tmp/opt.txt" --engine "$tmp/engine-logged" \
    --engine-option depth=1 --referee "$engine" --depth 2 --reference "$tmp/ref-opt.txt" \
    >/dev/null 2>&1 || { echo "engine option: exit status $?"; fail=1; }
grep -qx "setoption name depth value 1" "$tmp/engine.log" ||
    { echo "engine option: not sent: $(cat "$tmp/engine.log")"; fail=1; }
cmp -s <(cut -d'|' -f1-2 "$tmp/opt.txt") <(cut -d'|' -f1-2 "$tmp/r.txt") ||
    { echo "engine option: $(cat "$tmp/opt.txt")"; fail=1; }

# The report alone, from the results gzipped: the same lines.
gzip -c "$tmp/r.txt" >"$tmp/r.txt.gz"
again=$(python3 "$script" "$records" "${common[@]}" --results "$tmp/r.txt.gz")
[ "$again" = "$out" ] || { echo "report again: $again"; fail=1; }

# The screens kept in bench/data (docs/arimaa.md, "The thirty-second round": our search at 4 and at
# 8 steps on the turns 10 to 18 of the turn-10 play-outs, bot_Sharp at 4 steps the referee): the
# report's mean cost and the paired difference are those counted from the files.
kept=$src/bench/data
out=$(python3 "$script" "$kept/arimaa-playouts-r31-depth8-again.pgn.gz" \
    "$kept/arimaa-playouts-r30-depth8.pgn.gz" --bot Steps --boot 20 --build "$build" \
    --results "$kept/arimaa-sharp-regret-r32-depth4.txt.gz" \
    --compare "$kept/arimaa-sharp-regret-r32-depth8.txt.gz")
want=$(gzip -dc "$kept/arimaa-sharp-regret-r32-depth4.txt.gz" |
    awk '{ n++; c += $5 } END { printf "%d positions in 50 games: mean %.0f ", n, c / n }')
diff_mean=$(awk 'NR == FNR { s[$1 " " $2] = $4; next } { n++; d += s[$1 " " $2] - $4 }
    END { printf "on the %d positions both have: mean difference %.0f ", n, d / n }' \
    <(gzip -dc "$kept/arimaa-sharp-regret-r32-depth4.txt.gz") \
    <(gzip -dc "$kept/arimaa-sharp-regret-r32-depth8.txt.gz"))
case $out in
*"$want"*"$diff_mean"*) ;;
*) echo "kept: want '$want' and '$diff_mean' in: $out"; fail=1 ;;
esac

# --trap-split and --moves on the kept screen at 8 steps, worked out here. A turn leaves a home
# trap thin where the evaluation's own charge for it (explain's home_guards, home_guard_points 1
# and home_guard_tied_pct 100) is not 0 for Steps's side after it; the two parts' counts and mean
# costs must be those. The costliest quarter's share of the cost and what each side's turns do
# (elephant, rabbit, pieces taken and lost) come from the step tokens and the boards the binding
# gives after the turns.
out=$(python3 "$script" "$kept/arimaa-playouts-r31-depth8-again.pgn.gz" \
    "$kept/arimaa-playouts-r30-depth8.pgn.gz" --bot Steps --boot 20 --build "$build" \
    --results "$kept/arimaa-sharp-regret-r32-depth8.txt.gz" --trap-split --moves)
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" \
    "$kept/arimaa-sharp-regret-r32-depth8.txt.gz" "$out" <<'PY' || fail=1
import gzip, importlib.util, os, sys
import boardai
src, results, report = sys.argv[1:]
spec = importlib.util.spec_from_file_location("lc", os.path.join(src, "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
charged = boardai.Game("arimaa:home_guard_points=1,home_guard_tied_pct=100")

def played(start, turn):
    pos = charged.position(start)
    pos.play(lc.steps_played(turn.split()))
    return pos

def thin(start, turn):
    lines = played(start, turn).explain().splitlines()
    line = [l for l in lines if l.startswith("home_guards ")][0].split()
    return int(line[1] if start[0] == "g" else line[2]) != 0

def army(text, upper):
    return sum(1 for c in text.split("[")[1][:64] if c.isalpha() and c.isupper() == upper)

rows = []
for line in gzip.open(results, "rt"):
    head, theirs, start = line.rstrip("\n").split(" | ")
    fields = head.split(" ", 5)
    rows.append((int(fields[4]), fields[5], theirs, start))
want = []
parts = ([], [])
for cost, mine, theirs, start in rows:
    parts[0 if thin(start, mine) and not thin(start, theirs) else 1].append(cost)
for part, name in zip(parts, ("leaves none", "the other turns")):
    want.append("%s: %d, mean cost %.0f " % (name, len(part), sum(part) / len(part)))
rows.sort(key=lambda r: r[0])
top = rows[len(rows) * 3 // 4:]
share = 100.0 * sum(r[0] for r in top) / sum(r[0] for r in rows)
want.append("the costliest quarter of the turns: %d, mean cost %.0f, %.0f %% of the whole cost"
            % (len(top), sum(r[0] for r in top) / len(top), share))
for name, part in (("all", rows), ("the costliest quarter", top)):
    for who, i in (("engine", 1), ("referee", 2)):
        e = r = taken = lost = 0
        for row in part:
            start, turn = row[3], row[i]
            gold = start[0] == "g"
            pieces = [t[0] for t in turn.split() if len(t) == 4 and t[3] in "nsew"]
            e += ("E" if gold else "e") in pieces
            r += ("R" if gold else "r") in pieces
            end = played(start, turn).text
            taken += army(start, not gold) - army(end, not gold)
            lost += army(start, gold) - army(end, gold)
        n = len(part)
        want.append("%s %s %.1f%% %.1f%% %.2f %.2f" % (name, who, 100.0 * e / n, 100.0 * r / n,
                                                       taken / n, lost / n))
got = " | ".join(" ".join(l.split()) for l in report.splitlines()) + " "
missing = [w for w in want if " ".join(w.split()) not in got]
if missing:
    sys.exit("--trap-split, --moves: want %s in: %s" % (missing, report))
PY

# A turn that ends the game (Steps's goal at turn 45 of game 8 of the twenty-eighth round's games)
# is not searched by the referee: the side that moves next has lost, -CLIP.
: >"$tmp/referee.log"
python3 "$script" "$src/bench/data/arimaa-sharp4-r28.pgn" --bot Steps --games 9 --turns 45 \
    --results "$tmp/goal.txt" --engine "$engine" --engine-depth 1 --referee "$tmp/logged" \
    --depth 2 --clip 500 --build "$build" >/dev/null 2>&1 ||
    { echo "goal: exit status $?"; fail=1; }
goal=$(grep "^8 45s " "$tmp/goal.txt" | cut -d' ' -f1-5)
[ "$goal" = "8 45s -500 -500 0" ] || { echo "goal: $(cat "$tmp/goal.txt")"; fail=1; }
[ "$(grep -c "^go" "$tmp/referee.log")" -eq "$(wc -l <"$tmp/goal.txt")" ] ||
    { echo "goal: the referee searched $(grep -c "^go" "$tmp/referee.log") positions"; fail=1; }

# Scores cut to +-1.
python3 "$script" "$records" "${common[@]}" --turns 4 --results "$tmp/c.txt" --engine "$engine" \
    --engine-depth 1 --referee "$engine" --depth 2 --clip 1 >/dev/null 2>&1 ||
    { echo "clip: exit status $?"; fail=1; }
awk '$3 < -1 || $3 > 1 || $4 < -1 || $4 > 1 { bad = 1 } END { exit bad || NR != 2 }' "$tmp/c.txt" ||
    { echo "clip: $(cat "$tmp/c.txt")"; fail=1; }

# --games takes the first games of each record file, and each game keeps its number in the whole
# of the records: the second file's first game is game 20 (the first file holds 20). A results
# file so made reads without --games; under --games a line of a game not taken is passed over.
two=$src/bench/data/arimaa-playouts-r29-ours.pgn
python3 "$script" "$records" "$two" --bot Steps --games 1 --turns 4 --boot 20 --build "$build" \
    --results "$tmp/g.txt" --engine "$engine" --engine-depth 1 --referee "$engine" --depth 1 \
    >/dev/null 2>&1 || { echo "games: exit status $?"; fail=1; }
[ "$(cut -d' ' -f1 "$tmp/g.txt" | tr '\n' ' ')" = "0 20 " ] || { echo "games: $(cat "$tmp/g.txt")"; fail=1; }
python3 "$script" "$records" "$two" --bot Steps --boot 20 --build "$build" \
    --results "$tmp/g.txt" >/dev/null 2>&1 || { echo "games: read without --games: $?"; fail=1; }
{ cat "$tmp/g.txt"; sed -n '1s/^0 /5 /p' "$tmp/g.txt"; } >"$tmp/g5.txt"
games_out=$(python3 "$script" "$records" "$two" --bot Steps --games 1 --turns 4 --boot 20 \
    --build "$build" --results "$tmp/g5.txt" 2>&1) || { echo "games: $games_out"; fail=1; }
case $games_out in *"2 positions in 2 games"*) ;; *) echo "games: $games_out"; fail=1 ;; esac
refused "games: a line of a game not taken" "g5.txt line 3: game 5 turn" \
    python3 "$script" "$records" "$two" --bot Steps --boot 20 --build "$build" --results "$tmp/g5.txt"

# Refused, with what was wrong.
refused "no results" "no such results file" \
    python3 "$script" "$records" --bot Steps --results "$tmp/none.txt" --build "$build"
refused "engine alone" "--engine and --referee go together" \
    python3 "$script" "$records" --bot Steps --results "$tmp/x.txt" --engine "$engine" \
    --build "$build"
refused "reference alone" "--engine is missing" \
    python3 "$script" "$records" --bot Steps --results "$tmp/r.txt" --reference "$tmp/ref.txt" \
    --build "$build"
refused "bad turns" "'x' is not a turn number" \
    python3 "$script" "$records" --bot Steps --results "$tmp/r.txt" --turns x --build "$build"
refused "backward band" "ends before it begins" \
    python3 "$script" "$records" --bot Steps --results "$tmp/r.txt" --turns 9-5 --build "$build"
refused "not executable" "is not an executable" \
    python3 "$script" "$records" --bot Steps --results "$tmp/x.txt" --engine "$records" \
    --referee "$engine" --build "$build"
echo "0 4g 1 2 3 Ra2n" >"$tmp/bad.txt"
refused "broken line" "bad.txt line 1: not '<game> <turn>" \
    python3 "$script" "$records" "${common[@]}" --results "$tmp/bad.txt"
sed '1s/\[r/[./' "$tmp/r.txt" >"$tmp/moved.txt"
refused "wrong position" "moved.txt line 1: game 0 turn 4g is not a turn start" \
    python3 "$script" "$records" "${common[@]}" --results "$tmp/moved.txt"
awk 'NR == 1 { $5 = $5 + 1 } { print }' "$tmp/r.txt" >"$tmp/cost.txt"
refused "wrong cost" "cost.txt line 1: the cost is not the difference" \
    python3 "$script" "$records" "${common[@]}" --results "$tmp/cost.txt"
refused "bad option" "--engine-option wants NAME=VALUE" \
    python3 "$script" "$records" "${common[@]}" --results "$tmp/x.txt" --engine "$engine" \
    --engine-option depth --referee "$engine"
refused "option alone" "--engine-option sets an option of --engine" \
    python3 "$script" "$records" "${common[@]}" --results "$tmp/r.txt" --engine-option time=1
# A reader that stops reading (| head) ends the report quietly, with SIGPIPE's status, as for cat.
python3 "$script" "$records" "${common[@]}" --results "$tmp/r.txt.gz" 2>"$tmp/pipe.err" | true
status=${PIPESTATUS[0]}
[ "$status" -eq 141 ] && [ ! -s "$tmp/pipe.err" ] ||
    { echo "closed pipe: exit status $status: $(cat "$tmp/pipe.err")"; fail=1; }
help=$(python3 "$script" --help) || { echo "--help: exit status $?"; fail=1; }
case $help in *"--reference FILE"*) ;; *) echo "--help: $help"; fail=1 ;; esac

[ $fail -eq 0 ] && echo ok
exit $fail
