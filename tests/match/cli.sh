#!/usr/bin/env bash
# tests/match/cli.sh BOARDAI_MATCH "GAMES" HAVE_MPI: boardai-match as a program: options and
# errors, determinism across worker counts, crash isolation with a replayable report, replay of
# one game, results kept when interrupted, SPRT stopping, openings file, tuning and its plot.
set -u
BIN=$1
GAMES=${2:-}
T=$(mktemp -d "${TMPDIR:-/tmp}/match-cli.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
has_game() { case " $GAMES " in *" $1 "*) return 0 ;; esac; return 1; }
has_game kalah || { echo "SKIP: this test plays Kalah, which is not built"; exit 77; }

# ---- options ----
"$BIN" --help >"$T/help" || fail "--help exit status"
grep -q '^Usage: boardai-match' "$T/help" || fail "--help has no usage line"
grep -q '^  kalah' "$T/help" || fail "--help does not list kalah"
"$BIN" --version | grep -q '^boardai-match [0-9]' || fail "--version"
expect_usage_error() { # expect exit 2 and a message on stderr naming $1
    local what=$1; shift
    "$BIN" "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    [ $rc -eq 2 ] || fail "$*: exit status $rc, expected 2"
    grep -q -- "$what" "$T/err" || fail "$*: stderr does not name '$what': $(cat "$T/err")"
    [ ! -s "$T/out" ] || fail "$*: wrote to stdout"
}
expect_usage_error "no-such" --no-such
expect_usage_error "--game is required" --a depth=2
expect_usage_error "unknown game 'go'" --game go --a depth=2
expect_usage_error "minimax" --game kalah --a alg=minimax,depth=2
expect_usage_error "search limit" --game kalah --a alg=alphabeta
expect_usage_error "no evaluation parameter 'N'" --game kalah --a depth=2,N=3
expect_usage_error "--games" --game kalah --a depth=2 --games zero
expect_usage_error "elo0 < elo1" --game kalah --a depth=2 --sprt elo0=5,elo1=0
expect_usage_error "--plot" --game kalah --a depth=2 --plot "$T/x.png"
expect_usage_error "cannot open" --game kalah --a depth=2 --openings "$T/none.txt"

# ---- a match; determinism across worker counts ----
# Fields that decide a game (not its time or which worker played it).
decisive() { # CSV -> sorted "index result a_score plies moves"
    python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in sorted(rows, key=lambda r: int(r["index"])):
    print(r["index"], r["a_config"], r["b_config"], r["a_side"], r["result"], r["a_score"], r["plies"], r["status"], r["moves"])
' "$1"
}
"$BIN" --game kalah --a depth=4 --b depth=2 --games 24 --jobs 1 --seed 7 --csv "$T/j1.csv" \
    >"$T/j1.out" 2>"$T/j1.err" || fail "jobs 1 run: $(cat "$T/j1.err")"
"$BIN" --game kalah --a depth=4 --b depth=2 --games 24 --jobs 2 --seed 7 --csv "$T/j2.csv" \
    >"$T/j2.out" 2>"$T/j2.err" || fail "jobs 2 run"
grep -q 'games/s' "$T/j2.err" || fail "no progress on stderr"
grep -q 'left' "$T/j2.err" || fail "no time left in the progress"
[ "$(grep '^totals:' "$T/j1.out")" = "$(grep '^totals:' "$T/j2.out")" ] ||
    fail "totals differ between --jobs 1 and 2"
decisive "$T/j1.csv" >"$T/j1.dec"
decisive "$T/j2.csv" >"$T/j2.dec"
cmp -s "$T/j1.dec" "$T/j2.dec" || fail "games differ between --jobs 1 and --jobs 2"
[ "$(wc -l <"$T/j1.dec")" -eq 24 ] || fail "expected 24 CSV lines"
# The CSV agrees with the summary: A's points.
pts=$(python3 -c '
import csv, sys
print(sum(float(r["a_score"]) for r in csv.DictReader(open(sys.argv[1]))))' "$T/j1.csv")
grep -q "^score A: $pts / 24" "$T/j1.out" || fail "summary score is not the CSV's $pts"
grep -q '^Elo A - B: .*95% interval' "$T/j1.out" || fail "no Elo line"
# A different seed gives other openings.
"$BIN" --game kalah --a depth=4 --b depth=2 --games 24 --seed 8 --csv "$T/s8.csv" --quiet \
    >/dev/null || fail "seed 8 run"
decisive "$T/s8.csv" >"$T/s8.dec"
cmp -s "$T/j1.dec" "$T/s8.dec" && fail "seeds 7 and 8 gave the same games"

# ---- replay of one game ----
line5=$(grep '^5 ' "$T/j1.dec" | cut -d' ' -f9-)
"$BIN" --game kalah --a depth=4 --b depth=2 --seed 7 --game-index 5 --quiet >"$T/r5.out" ||
    fail "--game-index"
grep -q "^moves: $line5\$" "$T/r5.out" || fail "replayed game 5 differs from the match's"

# ---- a crashing worker: reported with seed and moves, the rest goes on ----
"$BIN" --game kalah --a depth=3 --b depth=2 --games 8 --seed 7 --inject-crash 3 \
    --csv "$T/crash.csv" --quiet >"$T/crash.out" 2>"$T/crash.err"
rc=$?
[ $rc -eq 1 ] || fail "a crashed game should give exit status 1, got $rc"
grep -q 'game 3 (seed 7) crash: worker crashed: signal' "$T/crash.err" || fail "crash not reported: $(cat "$T/crash.err")"
grep -q '^  moves: ' "$T/crash.err" || fail "crash report has no moves"
grep -q -- '--game-index 3' "$T/crash.err" || fail "crash report has no replay command"
grep -q '^totals: games 7 .* failed 1$' "$T/crash.out" || fail "crash totals: $(grep totals "$T/crash.out")"
[ "$(grep -c ',crash,' "$T/crash.csv")" -eq 1 ] || fail "crash not in the CSV"
[ "$(tail -n +2 "$T/crash.csv" | wc -l)" -eq 8 ] || fail "CSV should hold all 8 games"

# ---- an engine breaking a rule: reported with its moves, the rest goes on ----
"$BIN" --game kalah --a depth=3 --b depth=2 --games 6 --seed 7 --inject-illegal 2 \
    --csv "$T/ill.csv" --quiet >"$T/ill.out" 2>"$T/ill.err"
rc=$?
[ $rc -eq 1 ] || fail "an illegal move should give exit status 1, got $rc"
grep -q "game 2 (seed 7) illegal: engine A (south) played an illegal move" "$T/ill.err" ||
    fail "illegal move not reported: $(cat "$T/ill.err")"
grep -q '^totals: games 5 .* failed 1$' "$T/ill.out" || fail "illegal totals"
[ "$(grep -c ',illegal,' "$T/ill.csv")" -eq 1 ] || fail "illegal game not in the CSV"

# ---- interrupted: the finished games are in the CSV ----
"$BIN" --game kalah --a depth=7 --b depth=6 --games 100000 --jobs 2 --csv "$T/int.csv" \
    --quiet >"$T/int.out" 2>"$T/int.err" &
pid=$!
sleep 3
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "interrupted run: exit status $rc, expected 130"
n=$(tail -n +2 "$T/int.csv" | wc -l)
[ "$n" -gt 0 ] || fail "no game written before the interrupt"
grep -q "^totals: games $n " "$T/int.out" || fail "summary after ^C does not count the $n CSV games"
python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert all(r["status"] == "ok" and r["moves"] for r in rows), "a partial line"' "$T/int.csv" ||
    fail "CSV after interrupt is not whole"

# ---- SPRT stops early ----
"$BIN" --game kalah --a depth=6 --b depth=1 --games 2000 --sprt elo0=0,elo1=50 --quiet \
    >"$T/sprt.out" || fail "sprt run"
grep -q 'H1 accepted' "$T/sprt.out" || fail "SPRT did not accept H1: $(cat "$T/sprt.out")"
g=$(sed -n 's/^totals: games \([0-9]*\).*/\1/p' "$T/sprt.out")
[ "$g" -lt 2000 ] || fail "SPRT did not stop early ($g games)"

# ---- openings file: position texts and move lists ----
printf '# comment\n6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / n\n3 10\n' >"$T/open.txt"
"$BIN" --game kalah --a depth=2 --games 4 --openings "$T/open.txt" --csv "$T/open.csv" --quiet \
    >/dev/null || fail "openings run"
python3 -c '
import csv, sys
rows = sorted(csv.DictReader(open(sys.argv[1])), key=lambda r: int(r["index"]))
assert rows[0]["moves"].startswith("[ 6 6 6 6 6 6 / 0 / 6 6 6 6 6 6 / 0 / n ]"), rows[0]["moves"]
assert rows[0]["opening_plies"] == "0"
assert rows[2]["moves"].startswith("3 10 "), rows[2]["moves"]
assert rows[2]["opening_plies"] == "2" and rows[3]["opening_plies"] == "2"' "$T/open.csv" ||
    fail "openings not applied"
printf 'not-a-move\n' >"$T/bad.txt"
"$BIN" --game kalah --a depth=2 --games 2 --openings "$T/bad.txt" --quiet >"$T/bad.out" 2>"$T/bad.err"
[ $? -eq 1 ] || fail "a bad opening should fail the games"
grep -q 'opening' "$T/bad.err" || fail "bad opening not reported"

# ---- tuning and the plot ----
if has_game camelot; then
    "$BIN" --game camelot --a depth=1 --games 4 --tune N=14:16:1 --csv "$T/tune.csv" \
        --plot "$T/tune.png" --quiet >"$T/tune.out" 2>"$T/tune.err"
    rc=$?
    if command -v gnuplot >/dev/null; then
        [ $rc -eq 0 ] || fail "tune run: $(cat "$T/tune.err")"
        head -c 8 "$T/tune.png" | od -An -c | grep -q 'P   N   G' || fail "--plot wrote no PNG"
    fi
    [ "$(grep -c '^        1[456] ' "$T/tune.out")" -eq 3 ] || fail "tune table: $(cat "$T/tune.out")"
    grep -q '^best: N = ' "$T/tune.out" || fail "no best value"
    [ "$(grep -c '^N,1[456],' "$T/tune.csv")" -eq 12 ] || fail "tune CSV"
    # a weights preset per engine (a word value): tuned against nolan, the CSV names both
    "$BIN" --game camelot --a depth=1,weights=tuned --b depth=1,weights=nolan --games 2 \
        --csv "$T/weights.csv" --quiet >"$T/weights.out" 2>"$T/weights.err" ||
        fail "weights=tuned run: $(cat "$T/weights.err")"
    grep -q 'weights=tuned' "$T/weights.csv" || fail "the CSV does not name weights=tuned"
    expect_usage_error "weights must be one of nolan, tuned" --game camelot --a depth=1,weights=best
fi
echo "ok"
