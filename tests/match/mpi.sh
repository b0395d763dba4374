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
export OMPI_MCA_plm_rsh_agent= OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none
export OMPI_MCA_rmaps_base_oversubscribe=1
ARGS=(--game kalah --a alg=alphabeta,depth=3 --b alg=alphabeta,depth=2 --games 20 --seed 11 --quiet)
"$BIN" "${ARGS[@]}" --jobs 2 --csv "$T/single.csv" >"$T/single.out" 2>"$T/single.err" ||
    fail "single-process run: $(cat "$T/single.err")"
root=()
[ "$(id -u)" -eq 0 ] && root=(--allow-run-as-root)
timeout 300 mpirun "${root[@]}" --oversubscribe -np 4 "$BIN" "${ARGS[@]}" --csv "$T/mpi.csv" \
    >"$T/mpi.out" 2>"$T/mpi.err" || fail "mpirun: $(cat "$T/mpi.err")"
cat "$T/mpi.out"
s=$(grep '^totals:' "$T/single.out")
m=$(grep '^totals:' "$T/mpi.out")
[ -n "$s" ] && [ "$s" = "$m" ] || fail "totals differ: single '$s', mpirun '$m'"
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
