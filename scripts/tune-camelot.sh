#!/usr/bin/env bash
# Fixes Camelot's knight parameter N by engine-versus-engine matches (docs/camelot-n-tuning.md):
#   1. sweep: B with N = 12, 13, ..., 20 against A with the current default N = 17.09;
#   2. confirm: the best N of the sweep (A) against each of Nolan's eight N (B), on new openings;
#   3. deeper: the best N against the default at a greater depth.
# Every stage writes its CSV, its table and (stages 1 and 2) a PNG plot into the output folder.
# With --ablate, instead: for each of Nolan's factors, the full evaluation (A) against the same
# with that factor at 0 (B: its weight, or for the tables 4 and 7 `advance=0`/`centre=0`), at
# --limit (default depth=3; e.g. time=100), --games each or an SPRT (--sprt elo0=0,elo1=20);
# one summary per factor and ablation.md (the table of docs/camelot-engine.md).
# With --texel, instead: Texel tuning (docs/camelot-evaluation.md, "Tuning"): boardai-tune-camelot
# plays --games self-play games at --depth (random openings, --seed), keeps every quiet position
# labelled with its game's result, fits K and then the weights (and X) on the logistic loss, and
# writes the positions (texel-positions.txt) and the report (texel.txt, with the weights as a C
# initializer) into the output folder. Defaults: 300 games at depth 2, at most 240 s of play; the
# advance and centre tables stay Nolan's unless --fix says otherwise (--fix none fits them too).
#
# Usage: scripts/tune-camelot.sh [--bin PATH] [--out DIR] [--jobs J] [--depth D] [--games G]
#          [--confirm-games G] [--deep-depth D] [--deep-games G] [--sweep LO:HI:STEP]
#        scripts/tune-camelot.sh --ablate [--limit KEY=V] [--games G] [--sprt SPEC]
#          [--factors a,b,...] [--bin PATH] [--out DIR] [--jobs J]
#        scripts/tune-camelot.sh --texel [--games G] [--depth D] [--seed S] [--max-seconds T]
#          [--load FILE] [--fix GROUPS] [--tuner PATH] [--out DIR]
# Defaults: depth 2, 100 games per sweep value, 200 per confirmation, depth 3 and 100 games for
# stage 3, N = 12:20:1, 4 random opening plies; about 5 minutes on 2 busy cores.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=""
OUT=$ROOT/build-match/tune-camelot
JOBS=$(nproc)
DEPTH=2
GAMES=100
CONFIRM_GAMES=200
DEEP_DEPTH=3
DEEP_GAMES=100
SWEEP=12:20:1
DEFAULT_N=17.09
NOLAN_N=12.27,14.68,16.09,17.09,17.87,18.50,19.04,19.50
ABLATE=0
TEXEL=0
TUNER=""
SEED=1
MAX_SECONDS=240
LOAD=""
FIX=""
GAMES_GIVEN=0
DEPTH_GIVEN=0
LIMIT=depth=3
SPRT=""
FACTORS=advance,mobility,trading,centre,knight_support,man_support,exposure,capture,leave_castle,castle_win,wipeout_win

while [ $# -gt 0 ]; do
    case $1 in
    --bin) BIN=$2; shift ;;
    --out) OUT=$2; shift ;;
    --jobs) JOBS=$2; shift ;;
    --depth) DEPTH=$2; DEPTH_GIVEN=1; shift ;;
    --games) GAMES=$2; GAMES_GIVEN=1; shift ;;
    --texel) TEXEL=1 ;;
    --tuner) TUNER=$2; shift ;;
    --seed) SEED=$2; shift ;;
    --max-seconds) MAX_SECONDS=$2; shift ;;
    --load) LOAD=$2; shift ;;
    --fix) FIX=$2; shift ;;
    --confirm-games) CONFIRM_GAMES=$2; shift ;;
    --deep-depth) DEEP_DEPTH=$2; shift ;;
    --deep-games) DEEP_GAMES=$2; shift ;;
    --sweep) SWEEP=$2; shift ;;
    --ablate) ABLATE=1 ;;
    --limit) LIMIT=$2; shift ;;
    --sprt) SPRT=$2; shift ;;
    --factors) FACTORS=$2; shift ;;
    -h | --help) sed -n '2,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
    shift
done

if [ "$TEXEL" -eq 1 ]; then
    if [ -z "$TUNER" ]; then
        for t in "$ROOT"/build/examples/tune-camelot/boardai-tune-camelot \
            "$ROOT"/build*/examples/tune-camelot/boardai-tune-camelot; do
            [ -x "$t" ] && { TUNER=$t; break; }
        done
    fi
    if [ -z "$TUNER" ] || [ ! -x "$TUNER" ]; then
        echo "error: boardai-tune-camelot not found; build it (cmake --build <dir> --target" \
            "boardai-tune-camelot) or give --tuner" >&2
        exit 1
    fi
    [ "$GAMES_GIVEN" -eq 1 ] || GAMES=300
    [ "$DEPTH_GIVEN" -eq 1 ] || DEPTH=2
    mkdir -p "$OUT"
    if [ -n "$LOAD" ]; then
        SOURCE=(--load "$LOAD")
    else
        SOURCE=(--games "$GAMES" --depth "$DEPTH" --seed "$SEED" --max-seconds "$MAX_SECONDS"
            --save "$OUT/texel-positions.txt")
    fi
    [ -n "$FIX" ] && SOURCE+=(--fix "$FIX")
    echo "+ $TUNER ${SOURCE[*]}" >&2
    # The play is bounded by --max-seconds; the fit takes seconds. The timeout is a backstop.
    timeout $((MAX_SECONDS + 600)) nice "$TUNER" "${SOURCE[@]}" | tee "$OUT/texel.txt"
    exit "${PIPESTATUS[0]}"
fi

if [ -z "$BIN" ]; then
    for b in "$ROOT"/build-match/examples/match/boardai-match "$ROOT"/build*/examples/match/boardai-match; do
        [ -x "$b" ] && { BIN=$b; break; }
    done
fi
if [ -z "$BIN" ] || [ ! -x "$BIN" ]; then
    echo "error: boardai-match not found; build it (cmake --build <dir> --target boardai-match)" \
        "or give --bin" >&2
    exit 1
fi
mkdir -p "$OUT"
run() { echo "+ $*" >&2; nice "$@"; }

if [ "$ABLATE" -eq 1 ]; then
    GAMES_ARG=(--games "$GAMES")
    [ -n "$SPRT" ] && GAMES_ARG=(--games "${GAMES}" --sprt "$SPRT")
    {
        echo "| factor set to 0 in B | games | A wins-draws-losses | Elo A - B | 95 % interval |"
        echo "|---|---:|---|---:|---|"
    } > "$OUT/ablation.md"
    IFS=, read -r -a LIST <<< "$FACTORS"
    for f in "${LIST[@]}"; do
        echo "== ablation: $f=0 (B) against the full evaluation (A), $LIMIT"
        run "$BIN" --game camelot --a "alg=alphabeta,$LIMIT" --b "alg=alphabeta,$LIMIT,$f=0" \
            "${GAMES_ARG[@]}" --jobs "$JOBS" --seed 7 --random-plies 4 --quiet \
            --csv "$OUT/ablate-$f.csv" --summary "$OUT/ablate-$f.txt" > /dev/null
        sed -n 's/^totals: games \([0-9]*\) wins \([0-9]*\) draws \([0-9]*\) losses \([0-9]*\).*/\1 \2-\3-\4/p' \
            "$OUT/ablate-$f.txt" > "$OUT/.t"
        read -r n wdl < "$OUT/.t"
        elo=$(sed -n 's/^Elo A - B: \([^ ]*\) *95% interval \(\[[^]]*\]\).*/\1 \2/p' "$OUT/ablate-$f.txt")
        echo "| $f | $n | $wdl | ${elo%% *} | ${elo#* } |" >> "$OUT/ablation.md"
    done
    rm -f "$OUT/.t"
    cat "$OUT/ablation.md"
    exit 0
fi

echo "== 1. sweep N=$SWEEP (B) against N=$DEFAULT_N (A), depth $DEPTH, $GAMES games per value"
run "$BIN" --game camelot --a "alg=alphabeta,depth=$DEPTH,N=$DEFAULT_N" \
    --b "alg=alphabeta,depth=$DEPTH" --tune "N=$SWEEP" --games "$GAMES" --jobs "$JOBS" \
    --seed 1 --random-plies 4 --csv "$OUT/sweep.csv" --summary "$OUT/sweep.txt" \
    --plot "$OUT/sweep.png"
BEST=$(sed -n 's/^best: N = \([0-9.]*\),.*/\1/p' "$OUT/sweep.txt")
[ -n "$BEST" ] || { echo "error: no best value in $OUT/sweep.txt" >&2; exit 1; }
echo "best N of the sweep: $BEST"

echo "== 2. N=$BEST (A) against Nolan's eight N (B), depth $DEPTH, $CONFIRM_GAMES games each"
run "$BIN" --game camelot --a "alg=alphabeta,depth=$DEPTH,N=$BEST" \
    --b "alg=alphabeta,depth=$DEPTH" --tune "N=$NOLAN_N" --games "$CONFIRM_GAMES" \
    --jobs "$JOBS" --seed 2 --random-plies 4 --csv "$OUT/confirm.csv" \
    --summary "$OUT/confirm.txt" --plot "$OUT/confirm.png"

echo "== 3. N=$BEST (A) against N=$DEFAULT_N (B), depth $DEEP_DEPTH, $DEEP_GAMES games"
run "$BIN" --game camelot --a "alg=alphabeta,depth=$DEEP_DEPTH,N=$BEST" \
    --b "alg=alphabeta,depth=$DEEP_DEPTH,N=$DEFAULT_N" --games "$DEEP_GAMES" --jobs "$JOBS" \
    --seed 3 --random-plies 4 --csv "$OUT/deep.csv" --summary "$OUT/deep.txt"
echo "results in $OUT"
