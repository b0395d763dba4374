#!/usr/bin/env bash
# tests/match/mpi.sh BOARDAI_MATCH "GAMES" HAVE_MPI: `mpirun -np 4 boardai-match` gives the same
# totals and the same games as a single-process run of the same seeds (Kalah at depth 3/2).
# Skipped (exit 77) when boardai-match was built without MPI or mpirun is absent.
set -u
BIN=$1
GAMES=${2:-}
HAVE_MPI=${3:-OFF}
case " $GAMES " in *" kalah "*) ;; *) echo "SKIP: Kalah is not built"; exit 77 ;; esac
if [ "$HAVE_MPI" != "ON" ]; then
    echo "SKIP: boardai-match was built without MPI (apt-get install libopenmpi-dev openmpi-bin)"
    exit 77
fi
if ! command -v mpirun >/dev/null; then
    echo "SKIP: mpirun not found (apt-get install openmpi-bin)"
    exit 77
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/match-mpi.XXXXXX")
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# One machine, loopback only: no ssh launcher, shared memory between ranks.
export OMPI_MCA_plm_rsh_agent="" OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
# Under AddressSanitizer: OpenMPI's own allocations are still live at exit (MPI_Finalize keeps
# them), which LeakSanitizer would report; this test checks MPI totals, not OpenMPI's memory.
mpi_env=(env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0")
ARGS=(--game kalah --a "alg=alphabeta,depth=3" --b "alg=alphabeta,depth=2" --games 20 --seed 11 --quiet)
"$BIN" "${ARGS[@]}" --jobs 2 --csv "$T/single.csv" >"$T/single.out" 2>"$T/single.err" ||
    fail "single-process run: $(cat "$T/single.err")"
root=()
[ "$(id -u)" -eq 0 ] && root=(--allow-run-as-root)
timeout 300 "${mpi_env[@]}" mpirun "${root[@]}" --oversubscribe -np 4 "$BIN" "${ARGS[@]}" --csv "$T/mpi.csv" \
    >"$T/mpi.out" 2>"$T/mpi.err" || fail "mpirun: $(cat "$T/mpi.err")"
cat "$T/mpi.out"
s=$(grep '^totals:' "$T/single.out")
m=$(grep '^totals:' "$T/mpi.out")
[ -n "$s" ] || fail "no totals line"
[ "$s" = "$m" ] || fail "totals differ: single '$s', mpirun '$m'"
[ "$(grep -c '^totals:' "$T/mpi.out")" -eq 1 ] || fail "more than one rank printed a summary"
decisive() {
    python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in sorted(rows, key=lambda r: int(r["index"])):
    print(r["index"], r["a_side"], r["result"], r["plies"], r["status"], r["moves"])
' "$1"
}
decisive "$T/single.csv" >"$T/single.dec"
decisive "$T/mpi.csv" >"$T/mpi.dec"
[ "$(wc -l <"$T/mpi.dec")" -eq 20 ] || fail "mpirun CSV has $(wc -l <"$T/mpi.dec") games"
cmp -s "$T/single.dec" "$T/mpi.dec" || fail "games differ between the runs"
ranks=$(python3 -c '
import csv, sys
print(len({r["rank"] for r in csv.DictReader(open(sys.argv[1]))}))' "$T/mpi.csv")
[ "$ranks" -ge 2 ] || fail "all games were played by one rank"
echo "ok: $m, games played on $ranks ranks"

# A --tune sweep is one run after another: each value's games must stay with that value.
case " $GAMES " in
*" camelot "*)
    TUNE=(--game camelot --a "depth=1" --b "depth=1" --tune "N=14,17" --games 6 --seed 5 --quiet)
    "$BIN" "${TUNE[@]}" --jobs 2 --csv "$T/tune1.csv" >"$T/tune1.out" 2>&1 || fail "tune single"
    timeout 300 "${mpi_env[@]}" mpirun "${root[@]}" --oversubscribe -np 3 "$BIN" "${TUNE[@]}" --csv "$T/tune3.csv" \
        >"$T/tune3.out" 2>"$T/tune3.err" || fail "tune mpirun: $(cat "$T/tune3.err")"
    tune_dec() {
        python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in sorted(rows, key=lambda r: (float(r["tune_value"]), int(r["index"]))):
    print(r["tune_value"], r["index"], r["result"], r["plies"], r["moves"])
' "$1"
    }
    tune_dec "$T/tune1.csv" >"$T/tune1.dec"
    tune_dec "$T/tune3.csv" >"$T/tune3.dec"
    [ "$(wc -l <"$T/tune3.dec")" -eq 12 ] || fail "tune under mpirun: $(wc -l <"$T/tune3.dec") games"
    cmp -s "$T/tune1.dec" "$T/tune3.dec" || fail "tune games differ under mpirun"
    diff <(grep -E '^ +1[47] ' "$T/tune1.out") <(grep -E '^ +1[47] ' "$T/tune3.out") ||
        fail "tune tables differ under mpirun"
    echo "ok: --tune under mpirun -np 3 gives the single-process table"
    ;;
esac
