#!/usr/bin/env bash
# scripts/arimaa-step-shares.py. From records: two short games written here (legal: the binding
# plays them), whose shares are counted by hand (a push's enemy step and a capture note are not
# the mover's steps; a play-out counts from its start; the turns outside the range are not
# counted); gzipped, the same.
# With --search: each turn listed is the one the binding's step search plays at that depth from
# that position (searched again here), the positions are Steps's turn starts of the range (replayed
# again here), and the shares are the listed turns' steps. Bad input is refused.
# Usage: tests/arimaa/step_shares_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-step-shares.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=script_util.sh
. "$(dirname "$0")/script_util.sh"

cat >"$tmp/two.pgn" <<'EOF'
[White "A"]
[Black "B"]
[Result "1-0"]

1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2
1s ra7 hb7 cc7 ed7 me7 cf7 hg7 rh7 ra8 rb8 rc8 dd8 de8 rf8 rg8 rh8
2g Hb2n Rb1n Ee2n Ee3n
2s ed7s ed6s ed5s hb7s
3g Ee4n Ee5n Hb3n Hb4n
3s ed4s Md2e ed3s rh7s
4g Me2n Me3n Me4n Me5w

[White "A"]
[Black "C"]
[Event "play-out of game 1 of x.pgn from turn 3g"]
[Result "0-1"]

1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2
1s ra7 hb7 cc7 ed7 me7 cf7 hg7 rh7 ra8 rb8 rc8 dd8 de8 rf8 rg8 rh8
2g Ee2n Ee3n Ee4n Ee5n
2s rh7s
3g Md2n Md3n Dh2n Dh3n
3s cc7s cc6x
4g
EOF
# By hand, turns 2 and 3 (the play-out from its turn 3; the cat steps onto c6 alone and is taken):
#   A: 2g H1 R1 E2, 3g E2 H2, play-out 3g M2 D2: 12 steps, E 4 M 2 H 3 D 2 R 1;
#   B: 2s E3 H1, 3s E2 R1 (Md2e is Gold's camel pushed): 7 steps, E 5 H 1 R 1;
#   C: 3s C1 (cc6x is the capture's note).
cat >"$tmp/want" <<'EOF'
two.pgn A: 3 turns, 12 steps: E 33.3% M 16.7% H 25.0% D 16.7% C 0.0% R 8.3%
two.pgn B: 2 turns, 7 steps: E 71.4% M 0.0% H 14.3% D 0.0% C 0.0% R 14.3%
two.pgn C: 1 turns, 1 steps: E 0.0% M 0.0% H 0.0% D 0.0% C 100.0% R 0.0%
EOF
# The records are legal: the binding plays every turn (a capture noted where it takes one).
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$tmp/two.pgn" <<'PY' ||
import importlib.util, os, sys
import boardai
spec = importlib.util.spec_from_file_location("lc", os.path.join(sys.argv[1], "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
for tags, turns in lc.read_records(sys.argv[2]):
    pos = boardai.Game("arimaa").position(lc.setup_board(turns))
    for line in turns[2:]:
        if not line.split()[1:]:
            break
        before = sum(c.isalpha() for c in pos.text.split("[", 1)[1][:64])
        pos.play(lc.steps_played(line.split()[1:]))
        after = sum(c.isalpha() for c in pos.text.split("[", 1)[1][:64])
        if (before - after) != line.count("x"):
            sys.exit("%s: %d pieces taken" % (line, before - after))
PY
    { echo "the records written here are not legal"; fail=1; }
python3 "$script" "$tmp/two.pgn" --from-turn 2 --to-turn 3 >"$tmp/got" 2>&1 || fail=1
diff "$tmp/want" "$tmp/got" || { echo "records, turns 2 to 3"; fail=1; }
gzip -c "$tmp/two.pgn" >"$tmp/two.pgn.gz"
python3 "$script" "$tmp/two.pgn.gz" --from-turn 2 --to-turn 3 | sed 's/^two.pgn.gz /two.pgn /' |
    diff "$tmp/want" - || { echo "gzipped records"; fail=1; }
# Turn 4 alone: only A's camel in the first game (the play-out's turn 4 is empty: its end).
python3 "$script" "$tmp/two.pgn" --from-turn 4 --to-turn 4 >"$tmp/got4" 2>&1 || fail=1
want4="two.pgn A: 1 turns, 4 steps: E 0.0% M 100.0% H 0.0% D 0.0% C 0.0% R 0.0%"
[ "$(cat "$tmp/got4")" = "$want4" ] || { echo "turn 4: $(cat "$tmp/got4")"; fail=1; }

# --search: depth 2, two settings, Steps's turn starts of turn 12 in the games of the 28th round.
records=$src/bench/data/arimaa-sharp4-r28.pgn
python3 "$script" "$records" --from-turn 12 --to-turn 12 --search 2 --bot Steps --setting - \
    --setting loose_rabbit_pct=200 --list --build "$build" >"$tmp/search" 2>"$tmp/search.err" ||
    { echo "--search: $(cat "$tmp/search.err")"; fail=1; }
grep -q "positions, .* s spent, about .* s left" "$tmp/search.err" ||
    { echo "--search progress: $(cat "$tmp/search.err")"; fail=1; }
BOARDAI_LIB=$build/lib PYTHONPATH=$src/bindings/python python3 - "$src" "$records" \
    "$tmp/search" <<'PY' || fail=1
import importlib.util, os, re, sys
import boardai
src, records, out = sys.argv[1:]
spec = importlib.util.spec_from_file_location("lc", os.path.join(src, "scripts",
                                                                  "arimaa-loss-check.py"))
lc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lc)
starts = []
for tags, turns in lc.read_records(records):
    if "Steps" not in (tags["White"], tags["Black"]):
        continue
    pos = boardai.Game("arimaa").position(lc.setup_board(turns))
    for line in turns[2:]:
        label, *tokens = line.split()
        if pos.winner is not None or int(label[:-1]) > 12:
            break
        if label == ("12g" if tags["White"] == "Steps" else "12s"):
            starts.append(pos.text)
        pos.play(lc.steps_played(tokens))
lines = open(out).read().splitlines()
for setting in ("-", "loose_rabbit_pct=200"):
    game = boardai.Game("arimaa:step_search=1" + ("" if setting == "-" else "," + setting))
    listed = [l for l in lines if l.startswith(setting + " ")]
    if [l.split(": ")[0][len(setting) + 1:] for l in listed] != starts or not starts:
        sys.exit("%s: the positions listed are not Steps's %d turn starts" % (setting, len(starts)))
    counts = {}
    for line in listed:
        text, steps = line[len(setting) + 1:].split(": ")
        pos = game.position(text)
        turn = boardai.Engine(game, depth=2, threads=1).search(pos).best
        if turn != steps or not steps:
            sys.exit("%s at %s: listed '%s', the search plays '%s'" % (setting, text, steps, turn))
        gold = text.startswith("g")
        for token in steps.split():
            if token[0].isupper() == gold:
                counts[token[0].upper()] = counts.get(token[0].upper(), 0) + 1
    total = sum(counts.values())
    want = "Steps, search 2 steps, %s: %d turns, %d steps: %s" % (
        setting, len(starts), total,
        " ".join("%s %.1f%%" % (t, 100.0 * counts.get(t, 0) / total) for t in "EMHDCR"))
    if want not in lines:
        sys.exit("want '%s' in:\n%s" % (want, "\n".join(l for l in lines if "search" in l)))
PY

# Bad input.
sed 's/^3g Ee4n/3g Ee4q/' "$tmp/two.pgn" >"$tmp/bad.pgn"
refused "a bad step" "bad.pgn, turn 3g: step 'Ee4q' is not a piece" python3 "$script" \
    "$tmp/bad.pgn" --from-turn 2 --to-turn 3
refused "no turn in range" "no turn 10 to 20 in the records" python3 "$script" "$tmp/two.pgn"
refused "turn 1" "2 <= FROM <= TO" python3 "$script" "$tmp/two.pgn" --from-turn 1
refused "a range upside down" "2 <= FROM <= TO" python3 "$script" "$tmp/two.pgn" \
    --from-turn 5 --to-turn 4
refused "--search without --bot" "--search needs" python3 "$script" "$tmp/two.pgn" --search 2
refused "--bot without --search" "go with --search" python3 "$script" "$tmp/two.pgn" --bot A
refused "no file" "arimaa-step-shares: " python3 "$script" "$tmp/none.pgn"
refused "a bad setting" "--setting nosuch=1" python3 "$script" "$records" --from-turn 12 \
    --to-turn 12 --search 1 --bot Steps --setting nosuch=1 --build "$build"
refused "no turn of the bot" "no turn start of Nobody" python3 "$script" "$records" \
    --search 1 --bot Nobody --build "$build"
grep -q -- "--to-turn" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
