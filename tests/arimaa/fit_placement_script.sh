#!/usr/bin/env bash
# scripts/arimaa-fit-placement.py on twelve games of bot_Sharp against itself with Sharp's scores
# of their positions (bench/data/arimaa-sharp-scored-12.txt): fitted to the scores and to the
# results, by square and separable, with the other terms' scales (--terms); the table comes out
# as 4 classes of 32 numbers, and the zero of each class (its home-rank edge square) is 0; the
# same file gzipped gives the same fit. Then
# bad input: files without scores cannot be fitted to scores, a line that is not a position is
# reported with its file and line, a missing file and a broken gzip file are reported, a term
# percent outside 0..400 is refused, a bad option too (exit status 2); --help answers.
# Usage: tests/arimaa/fit_placement_script.sh <source dir> <build dir>
set -uo pipefail
src=$1
build=$2
fail=0
script=$src/scripts/arimaa-fit-placement.py
scored=$src/bench/data/arimaa-sharp-scored-12.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The table's initialiser: four rows of 32 whole numbers, each starting with the zero.
table_ok() {
    printf '%s\n' "$1" | awk '/\.place = \{/ { on = 1; next }
        on && /^ *\{/ { gsub(/[{} ]/, ""); sub(/,$/, ""); n = split($0, v, ",");
                        rows++; if (n != 32 || v[1] != "0") bad = 1
                        for (i = 1; i <= n; i++) if (v[i] !~ /^-?[0-9]+$/) bad = 1 }
        END { exit !(rows == 4 && !bad) }'
}

for args in "" "--target result" "--shape separable" "--terms --holdout 4"; do
    # shellcheck disable=SC2086
    out=$(python3 "$script" "$scored" --build "$build" $args 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || ! table_ok "$out"; then
        echo "fit $args (exit $rc): $out"
        fail=1
    fi
    case "$args $out" in
    "--terms"*"term scales (percent, material the unit): blocking_pct="*) ;;
    "--terms"*) echo "fit $args: no term scales: $out"; fail=1 ;;
    "--target result"*) case $out in *"Sharp's scores"*) echo "result fit used scores"; fail=1 ;; esac ;;
    *) case $out in *"Sharp's scores: P(Gold wins)"*"the targets' own entropy"*) ;;
       *) echo "score fit $args: $out"; fail=1 ;; esac ;;
    esac
done

# A gzipped file (bench/data keeps the long runs so) reads as the plain one.
gzip -c "$scored" > "$tmp/scored.txt.gz"
plain=$(python3 "$script" "$scored" --build "$build" 2>/dev/null)
zipped=$(python3 "$script" "$tmp/scored.txt.gz" --build "$build" 2>/dev/null)
[ -n "$plain" ] && [ "$plain" = "$zipped" ] || { echo "gzipped: $zipped"; fail=1; }

# The unscored games have no scores to fit to, but their results can be fitted.
out=$(python3 "$script" "$src/bench/data/arimaa-sharp-selfplay-12.txt" --build "$build" 2>&1)
rc=$?
case "$rc $out" in
"1 "*"positions with Sharp's scores: too few"*) ;;
*) echo "unscored, scores (exit $rc): $out"; fail=1 ;;
esac
out=$(python3 "$script" "$src/bench/data/arimaa-sharp-selfplay-12.txt" --build "$build" --target result 2>&1)
table_ok "$out" || { echo "unscored, results: $out"; fail=1; }

head -n 3 "$scored" > "$tmp/bad.txt"
echo "1 g [not a board] 12" >> "$tmp/bad.txt"
out=$(python3 "$script" "$tmp/bad.txt" --build "$build" 2>&1)
rc=$?
case "$rc $out" in
"1 "*"bad.txt:4: not '<0|1> <g|s> [board] [score]'"*) ;;
*) echo "bad line (exit $rc): $out"; fail=1 ;;
esac
sed -n 1p "$scored" | sed 's/\] .*/] 12x/' > "$tmp/badscore.txt"
out=$(python3 "$script" "$tmp/badscore.txt" --build "$build" 2>&1)
rc=$?
case "$rc $out" in
"1 "*"badscore.txt:1: not"*) ;;
*) echo "bad score (exit $rc): $out"; fail=1 ;;
esac
out=$(python3 "$script" "$tmp/missing.txt" --build "$build" 2>&1)
rc=$?
case "$rc $out" in
"1 "*"missing.txt: [Errno 2] No such file"*) ;;
*) echo "missing file (exit $rc): $out"; fail=1 ;;
esac
printf 'not gzip\n' > "$tmp/broken.txt.gz"
out=$(python3 "$script" "$tmp/broken.txt.gz" --build "$build" 2>&1)
rc=$?
case "$rc $out" in
"1 arimaa-fit-terms: "*"broken.txt.gz: "*) ;;
*) echo "broken gzip (exit $rc): $out"; fail=1 ;;
esac
out=$(python3 "$script" "$scored" --build "$build" --params trap_pct=500 2>&1)
rc=$?
case "$rc $out" in
"1 arimaa-fit-placement: --params: trap_pct=500: not a whole number in 0..400"*) ;;
*) echo "bad percent (exit $rc): $out"; fail=1 ;;
esac
out=$(python3 "$script" "$scored" --build "$build" --ridge -1 2>&1)
[ $? -eq 2 ] || { echo "--ridge -1: $out"; fail=1; }
grep -q "placement table" <<<"$(python3 "$script" --help)" || { echo "--help"; fail=1; }

[ $fail -eq 0 ] && echo ok
exit $fail
