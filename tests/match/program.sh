#!/usr/bin/env bash
# tests/match/program.sh BOARDAI_MATCH BOARDAI_KALAH: engines that are other programs (cmd=),
# spoken to in the common text protocol through pipes: the same games as in-process engines,
# and every way a program can fail (not found, silent, illegal move) ends its game with a
# message while the match goes on, within bounded time.
set -u
BIN=$1
KALAH=$2
T=$(mktemp -d "${TMPDIR:-/tmp}/match-program.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
decisive() { # CSV -> "index a_side result plies status moves", sorted by index
    python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in sorted(rows, key=lambda r: int(r["index"])):
    print(r["index"], r["a_side"], r["result"], r["plies"], r["status"], r["moves"])
' "$1"
}
column() { # CSV FIELD -> that field of every row
    python3 -c '
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    print(r[sys.argv[2]])
' "$1" "$2"
}

# ---- a program plays the same games as the library in-process (depth limits are exact) ----
"$BIN" --game kalah --a depth=4 --b depth=3 --games 12 --jobs 2 --seed 5 --quiet \
    --csv "$T/inproc.csv" >/dev/null || fail "in-process run"
"$BIN" --game kalah --a depth=4 --b "cmd=$KALAH --protocol,depth=3" --games 12 --jobs 2 \
    --seed 5 --quiet --csv "$T/prog.csv" >"$T/prog.out" || fail "cmd= run"
decisive "$T/inproc.csv" >"$T/inproc.dec"
decisive "$T/prog.csv" >"$T/prog.dec"
[ "$(wc -l <"$T/prog.dec")" -eq 12 ] || fail "expected 12 games"
cmp -s "$T/inproc.dec" "$T/prog.dec" || fail "a cmd= engine played other games: $(diff "$T/inproc.dec" "$T/prog.dec" | head -4)"
grep -q "failed 0" "$T/prog.out" || fail "failures with a working program"
grep -q "B: cmd=$KALAH --protocol,depth=3" "$T/prog.out" || fail "the summary does not show the command"
# settings reach the program as setoption lines
"$BIN" --game kalah --a depth=2 --b "cmd=tee -a $T/input.log | $KALAH --protocol,depth=2,tt=1" \
    --games 2 --jobs 1 --quiet >"$T/opt.out" || fail "tt=1 run"
grep -q "failed 0" "$T/opt.out" || fail "tt=1 (setoption hash 1) failed"
grep -q "^setoption hash 1$" "$T/input.log" || fail "no setoption line: $(head -3 "$T/input.log")"
grep -q "^position startpos moves [0-9 ]*$" "$T/input.log" || fail "no position line"
grep -q "^go depth 2$" "$T/input.log" || fail "no go line"
grep -q "^quit$" "$T/input.log" || fail "no quit at the end of a game"

# ---- a command that does not exist ----
"$BIN" --game kalah --a depth=2 --b "cmd=$T/no-such-program,depth=2" --games 2 --jobs 1 \
    --quiet --csv "$T/missing.csv" >"$T/missing.out" 2>"$T/missing.err"
grep -q "failed 2" "$T/missing.out" || fail "a missing program did not fail its games"
column "$T/missing.csv" message | grep -q "exit status 127" ||
    fail "no exit status in the message: $(column "$T/missing.csv" message)"

# ---- a program that never answers: bounded by its time plus the grace period ----
start=$(date +%s)
"$BIN" --game kalah --a depth=2 --b "cmd=sleep 60,time=50" --games 1 --jobs 1 --quiet \
    --csv "$T/silent.csv" >/dev/null 2>&1
took=$(( $(date +%s) - start ))
[ "$took" -lt 30 ] || fail "a silent program held the match for $took s"
column "$T/silent.csv" message | grep -q "did not answer in time" ||
    fail "silent program: $(column "$T/silent.csv" message)"

# ---- a program that plays a move no one can play ----
cat >"$T/liar.sh" <<'EOS'
#!/bin/sh
while read -r line; do
    case $line in go*) echo "bestmove 99" ;; quit) exit 0 ;; esac
done
EOS
chmod +x "$T/liar.sh"
"$BIN" --game kalah --a depth=2 --b "cmd=$T/liar.sh,depth=2" --games 2 --jobs 1 --quiet \
    --csv "$T/liar.csv" >/dev/null 2>&1
column "$T/liar.csv" status | grep -q "illegal" || fail "an illegal move is not 'illegal': $(column "$T/liar.csv" status)"
column "$T/liar.csv" message | grep -q "the program played '99'" ||
    fail "illegal move message: $(column "$T/liar.csv" message)"

# ---- configurations a program engine cannot take ----
"$BIN" --game kalah --a depth=2 --b "cmd=$KALAH --protocol,depth=2,seeds=4" --games 2 \
    >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q "takes no evaluation parameter" "$T/err" || fail "eval parameter with cmd=: $(cat "$T/err")"
"$BIN" --game kalah --a depth=2 --b "cmd=$KALAH --protocol,depth=2" --tune x=1:2:1 --games 2 \
    >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q "cmd= engine" "$T/err" || fail "--tune with cmd=: $(cat "$T/err")"
echo "ok"
