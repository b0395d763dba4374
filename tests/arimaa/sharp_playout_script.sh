#!/usr/bin/env bash
# scripts/arimaa-sharp-playout.py with this project's own AEI program as the engine (bot_Sharp is
# an outside engine that is not installed here): two games of Steps against Sharp are played out
# from Steps's turns 4 and 10 at a 2-step search, Gold's and Silver's starts alike (a Silver start
# is played mirrored: a wrong mirror would give the library turns it refuses, which stops the
# run). Every play-out must end (goal or elimination) within the bound, each result line must
# name its game, turn and start position, its result must agree with its last position as the
# binding reads it (won, and by whom; also with Steps's side played by a second engine, which
# gets its options, and whose play-outs, written as records, replay to their last positions),
# and the report's shares must be those counted here from the results file, its "ends" lines
# (how the play-outs ended, the pieces at their starts and ends) those worked out here from the
# last positions; a report of one of the turns (from the results gzipped) is that turn's lines
# alone; the same counts hold for the play-outs kept in bench/data. Then: a bound of 3 turns leaves every play-out unfinished; a
# results line whose position is not the records' is refused with its line; an engine whose turn
# the library refuses stops the run, naming the play-out's turn (the first with it on Steps's
# side, the second on the other), and so does one that ends; no results file without an engine,
# a second engine without the first, an option without a second engine or without '=',
# --records-out without an engine, a bad --turns, an engine command line with an unclosed quote
# and an engine that is not executable are refused; --help answers.
# Usage: tests/arimaa/sharp_playout_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-sharp-playout.py
records=$src/bench/data/arimaa-sharp4-r15.pgn
engine="$build/examples/boardai-arimaa --aei"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"

out=$(python3 "$script" "$records" --bot Steps --games 2 --turns 4,10 --results "$tmp/r.txt" \
    --engine "$engine" --depth 2 --max-turns 400 --boot 20 --build "$build" 2>"$tmp/err")
status=$?
[ $status -eq 0 ] || { echo "play-outs: exit status $status: $out $(cat "$tmp/err")"; fail=1; }
grep -q "^4/4 play-outs, .* s left$" "$tmp/err" || { echo "progress: $(cat "$tmp/err")"; fail=1; }
# Game 0 is Steps's as Gold, game 1 as Silver; each line: game, label, result, turns, position.
labels=$(awk '{ printf "%s:%s ", $1, $2 }' "$tmp/r.txt")
[ "$labels" = "0:4g 0:10g 1:4s 1:10s " ] || { echo "labels: $labels"; fail=1; }
awk '$3 !~ /^[01]$/ || $4 < 1 || $5 != substr($2, length($2)) { bad = 1 } END { exit bad }' \
    "$tmp/r.txt" || { echo "result lines: $(cat "$tmp/r.txt")"; fail=1; }
# Steps's side by a second engine (--bot-engine, at 1 step; the other side at 2), which logs
# what it is sent and is given an option (--bot-option); the play-outs go to --records-out.
cat >"$tmp/logged" <<SH
#!/usr/bin/env bash
tee -a "$tmp/bot.log" | $engine
SH
chmod +x "$tmp/logged"
python3 "$script" "$records" --bot Steps --games 2 --turns 4 --results "$tmp/two.txt" \
    --engine "$engine" --depth 2 --bot-engine "$tmp/logged" --bot-depth 1 \
    --bot-option selective=0 --records-out "$tmp/out.pgn" --max-turns 400 \
    --build "$build" >/dev/null 2>&1 || { echo "two engines: exit status $?"; fail=1; }
[ "$(wc -l <"$tmp/two.txt")" -eq 2 ] || { echo "two engines: $(cat "$tmp/two.txt")"; fail=1; }
options=$(grep "^setoption" "$tmp/bot.log" | sort -u | tr '\n' ';')
[ "$options" = "setoption name depth value 1;setoption name selective value 0;" ] ||
    { echo "the bot engine's options: $options"; fail=1; }
# The play-outs as records, read by the loss check's reader: one game a play-out, its turns the
# game's own up to the start (so its position there is the start's) and then the play-out's, its
# result BOT's, and replayed through the binding it ends in the play-out's last position.
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$records" \
    "$tmp/two.txt" "$tmp/out.pgn" <<'PY' || fail=1
import importlib.util, os, sys
import boardai
src, records, results, out = sys.argv[1:]
spec = importlib.util.spec_from_file_location("lc", os.path.join(src, "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
game = boardai.Game("arimaa")
rows = [line.rstrip("\n").split(" ", 4) for line in open(results)]
written = lc.read_records(out)
originals = [g for g in lc.read_records(records) if g[0].get("Result") in ("1-0", "0-1")]
if len(written) != len(rows):
    sys.exit("records-out: %d games for %d play-outs" % (len(written), len(rows)))
for (number, label, result, turns, texts), (tags, lines) in zip(rows, written):
    start, end = texts.split(" | ")
    original = originals[int(number)][1]
    cut = next(i for i, line in enumerate(original) if line.split()[0] == label)
    pos = game.position(lc.setup_board(lines))
    seen_start = None
    for i, line in enumerate(lines[2:], 2):
        if i == cut:
            seen_start = pos.text
        pos.play(lc.steps_played(line.split()[1:]))
    bot_gold = tags["White"] == "Steps"
    want = "1-0" if (result == "1") == bot_gold else "0-1"
    if lines[:cut] != original[:cut] or seen_start != start or len(lines) - cut != int(turns) \
            or pos.text != end or tags["Result"] != want or label not in tags["Event"]:
        sys.exit("records-out, play-out %s %s: %s" % (number, label, (tags, lines)))
PY
# Each line's result, checked on its last position through the binding: that position is won,
# by the start's side when the result is 1, and the side to move alternates with the turns.
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$tmp/r.txt" "$tmp/two.txt" \
    <<'PY' || fail=1
import sys
import boardai
game = boardai.Game("arimaa")
for line in (line for path in sys.argv[1:] for line in open(path)):
    _, label, result, turns, texts = line.rstrip("\n").split(" ", 4)
    start, end = texts.split(" | ")
    last = game.position(end)
    start_side = "gs".index(start[0])
    ok = (last.winner is not None and int(last.winner == start_side) == int(result)
          and "gs".index(end[0]) == (start_side + int(turns)) % 2)
    if not ok:
        sys.exit("play-out %s: result %s after %s turns, but the last position %s is %s"
                 % (label, result, turns, end, last.result))
PY
# Each turn's "ends" line, worked out again from the last positions: who won by the binding, a
# goal when the winner has a rabbit on its goal rank, an elimination when the loser has no rabbit,
# and the pieces each side has at the starts and at the ends.
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$tmp/r.txt" "$out" <<'PY' ||
import sys
import boardai
game = boardai.Game("arimaa")
lines, report = open(sys.argv[1]).read().splitlines(), sys.argv[2]
ends = [l.strip() for l in report.splitlines() if l.strip().startswith("ends:")]
for turn, got in zip((4, 10), ends):
    hows = {1: [], 0: []}
    army_sum = [0, 0, 0, 0]  # BOT's side's and the other's pieces at the starts, then the ends
    for line in lines:
        _, label, _, _, texts = line.split(" ", 4)
        if int(label[:-1]) != turn:
            continue
        start, end = texts.split(" | ")
        winner = game.position(end).winner
        bot = "gs".index(start[0])
        board = end.split("[")[1][:64]
        rabbit = "Rr"[winner]
        if rabbit in (board[:8] if winner == 0 else board[56:]):
            how = "goal"
        elif rabbit.swapcase() not in board:
            how = "elimination"
        else:
            how = "no move"
        hows[int(winner == bot)].append(how)
        for i, text in enumerate((start, end)):
            squares = text.split("[")[1][:64]
            army = (sum(c.isupper() for c in squares), sum(c.islower() for c in squares))
            army_sum[2 * i] += army[bot]
            army_sum[2 * i + 1] += army[1 - bot]
    n = len(hows[0]) + len(hows[1])
    parts = []
    for result, word in ((1, "won"), (0, "lost")):
        counts = ", ".join("%s %d" % (h, hows[result].count(h))
                           for h in ("goal", "elimination", "no move") if h in hows[result])
        parts.append("%s %d%s" % (word, len(hows[result]), " (%s)" % counts if counts else ""))
    want = ("ends: %s; pieces, start to end: BOT's side %.1f to %.1f, the other %.1f to %.1f"
            % (", ".join(parts), army_sum[0] / n, army_sum[2] / n, army_sum[1] / n,
               army_sum[3] / n))
    if got != want:
        sys.exit("turn %d: want '%s', got '%s'" % (turn, want, got))
if len(ends) != 2:
    sys.exit("want two 'ends' lines: %s" % report)
PY
    fail=1
for turn in 4 10; do
    want=$(awk -v t="$turn" '$2 + 0 == t { n++; won += $3; len += $4 }
        END { printf "turn %3d  %3d play-outs in %3d games, %3d unfinished  %5.1f %%", t, n, n, 0,
              100 * won / n }' "$tmp/r.txt")
    case $out in
    *"$want"*) ;;
    *) echo "turn $turn: want '$want' in: $out"; fail=1 ;;
    esac
done
# The report alone, from the results file: the same lines.
again=$(python3 "$script" "$records" --bot Steps --games 2 --turns 4,10 --results "$tmp/r.txt" \
    --boot 20 --build "$build")
[ "$again" = "$out" ] || { echo "report again: $again"; fail=1; }
# One turn of the two, from the gzipped results: that turn's line alone.
gzip -c "$tmp/r.txt" >"$tmp/r.txt.gz"
one=$(python3 "$script" "$records" --bot Steps --games 2 --turns 10 --results "$tmp/r.txt.gz" \
    --boot 20 --build "$build")
[ "$one" = "$(echo "$out" | awk '/^turn   4 / { skip = 2 } skip { skip--; next } { print }')" ] ||
    { echo "turn 10 alone: $one"; fail=1; }

# The play-outs kept in bench/data (25 games against Sharp at 4 steps, played out by Sharp at 4
# steps; docs/arimaa.md, "The twenty-eighth round"): the report's shares are those counted from
# the file (its game numbers those of the records, its positions theirs).
kept=$src/bench/data/arimaa-sharp-playout-r28.txt.gz
out=$(python3 "$script" "$src/bench/data/arimaa-sharp4-r28.pgn" --bot Steps --turns 10,18 \
    --results "$kept" --boot 20 --build "$build")
for turn in 10 18; do
    want=$(gzip -dc "$kept" | awk -v t="$turn" '
        $2 + 0 == t { n++; if ($3 != "-") { d++; won += $3 } }
        END { printf "turn %3d  %3d play-outs in %3d games, %3d unfinished  %5.1f %%",
              t, n, n, n - d, 100 * won / d }')
    case $out in
    *"$want"*) ;;
    *) echo "kept, turn $turn: want '$want' in: $out"; fail=1 ;;
    esac
done

# A 3-turn bound: nothing finishes.
out=$(python3 "$script" "$records" --bot Steps --games 1 --turns 4 --results "$tmp/short.txt" \
    --engine "$engine" --depth 1 --max-turns 3 --build "$build" 2>/dev/null)
unfinished="turn   4    1 play-outs in   1 games,   1 unfinished    no finished play-out"
case $out in
*"$unfinished  mean length 3 turns"*) ;;
*) echo "unfinished: $out"; fail=1 ;;
esac

# A position changed in the results file (its first square): refused, the line named.
sed '2s/ \[./ [R/' "$tmp/r.txt" >"$tmp/changed.txt"
refused "changed results" "line 2: game 0 turn 10g is not a turn start of the records" \
    python3 "$script" "$records" --bot Steps --games 2 --turns 4,10 --results "$tmp/changed.txt" \
    --build "$build"

# Engines that misbehave: a turn the library refuses (a rabbit stepping back), and one that
# ends when asked for a turn.
cat >"$tmp/backwards" <<'SH'
#!/usr/bin/env bash
while read -r line; do
    case $line in
    aei) echo aeiok ;;
    isready) echo readyok ;;
    go) echo "bestmove Ra2s" ;;
    quit) exit 0 ;;
    esac
done
SH
cat >"$tmp/mute" <<'SH'
#!/usr/bin/env bash
while read -r line; do
    case $line in aei) echo aeiok ;; isready) echo readyok ;; go) exit 0 ;; esac
done
SH
chmod +x "$tmp/backwards" "$tmp/mute"
refused "refused turn" "game 0 turn 4g: the library refuses the engine's turn 'Ra2s' (the \
play-out's turn 1)" python3 "$script" "$records" --bot Steps --games 1 --turns 4 \
    --results "$tmp/x.txt" --engine "$tmp/backwards" --build "$build"
# The same engine on Steps's side only, then on the other side only: its turn comes first, then
# second.
refused "bot engine" "'Ra2s' (the play-out's turn 1)" python3 "$script" "$records" --bot Steps \
    --games 1 --turns 4 --results "$tmp/x.txt" --engine "$engine" --bot-engine "$tmp/backwards" \
    --build "$build"
refused "other engine" "(the play-out's turn 2)" python3 "$script" "$records" --bot Steps \
    --games 1 --turns 4 --results "$tmp/x.txt" --engine "$tmp/backwards" --bot-engine "$engine" \
    --bot-depth 1 --build "$build"
refused "bot engine alone" "--engine, the other, is missing" python3 "$script" "$records" \
    --bot Steps --results "$tmp/r.txt" --bot-engine "$engine" --build "$build"
refused "bot option alone" "--bot-engine, which is missing" python3 "$script" "$records" \
    --bot Steps --results "$tmp/x.txt" --engine "$engine" --bot-option selective=0 \
    --build "$build"
refused "bad bot option" "--bot-option wants NAME=VALUE" python3 "$script" "$records" \
    --bot Steps --results "$tmp/x.txt" --engine "$engine" --bot-engine "$engine" \
    --bot-option selective --build "$build"
refused "records out alone" "--engine is missing" python3 "$script" "$records" --bot Steps \
    --results "$tmp/r.txt" --records-out "$tmp/m.pgn" --build "$build"
refused "mute engine" "game 0 turn 4g: the engine ended (waiting for 'bestmove')" python3 \
    "$script" "$records" --bot Steps --games 1 --turns 4 --results "$tmp/x.txt" \
    --engine "$tmp/mute" --build "$build"

refused "no results" "no such results file" python3 "$script" "$records" --bot Steps \
    --results "$tmp/none.txt" --build "$build"
refused "bad turns" "--turns wants turn numbers" python3 "$script" "$records" --bot Steps \
    --turns 4,x --results "$tmp/r.txt" --build "$build"
refused "setup turn" "--turns from 2" python3 "$script" "$records" --bot Steps --turns 1 \
    --results "$tmp/r.txt" --build "$build"
refused "not executable" "$tmp/none is not an executable" python3 "$script" "$records" \
    --bot Steps --results "$tmp/r.txt" --engine "$tmp/none aei" --build "$build"
refused "unclosed quote" "is not a command line" python3 "$script" "$records" --bot Steps \
    --results "$tmp/r.txt" --engine "'$tmp/none aei" --build "$build"
grep -q -- "--engine COMMAND" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
