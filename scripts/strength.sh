#!/bin/bash
# Measures libboardai's strength on an outside scale (issue 13 §4, issue 18 §3). Bounded by default; not part
# of scripts/test.sh. One subcommand per measurement:
#
#   scripts/strength.sh chess [options]
#       boardai-chess against Debian's stockfish limited with UCI_LimitStrength / UCI_Elo at
#       several levels, equal time per move, colours alternated, pairs of games sharing a random
#       opening; prints each level's score and Elo difference, then one Elo estimate for
#       boardai-chess with a 95% interval (maximum likelihood over all levels, logistic model).
#         --games N        games per level (default 20; even)
#         --levels "L..."  stockfish UCI_Elo levels (default "1350 1600 1900"; 1350 is its floor)
#         --movetime MS    time per move for both engines (default 100)
#         --grace MS       a move may overrun its time by this much before it loses (default 1000:
#                          on a loaded machine hiccups should not decide games; the worst overrun
#                          is reported)
#         --option N=V     a UCI option for boardai-chess (repeatable, e.g. Evaluation=classic)
#         --program PATH   the boardai-chess to measure (default: the build folder's)
#         --seed N         seed of the openings (default 1)
#         --pgn DIR        keep the games as DIR/chess-<level>.pgn (and chess-self.pgn)
#       Each level also reports how often each engine castled (from the games' SAN).
#
#   scripts/strength.sh chess-clock [options]
#       The time-management referee: boardai-chess plays games on a real clock (default 2 s +
#       0.05 s per side, the strict clock: no grace) against stockfish at UCI_Elo 1350, and the
#       script fails if boardai-chess lost any game on time. Reports its lowest clock left.
#         --games N (default 50), --time MS (2000), --inc MS (50), --elo N (1350; a stronger
#         opponent makes longer games), --option N=V, --program PATH
#
#   scripts/strength.sh chess-self [options]
#       boardai-chess with --option settings (engine A) against boardai-chess with
#       --opponent-option settings (engine B), equal time per move: e.g. the evaluation presets.
#         --games N (default 40), --movetime MS (100), --option N=V, --opponent-option N=V
#
#   scripts/strength.sh arimaa [options]
#       Arimaa's step search (the turn game's step_search=1) against its whole-turn search in
#       boardai-match: equal time per turn, colours alternated, pairs of games sharing a random
#       opening. With --aei and --sharp, then bot_Sharp at a 4-step search (its first sparring
#       level) through scripts/strength-arimaa.sh, which says more.
#         --games N (default 40), --movetime MS (200), --seed N (1), --build DIR (build)
#         --aei DIR --sharp BINARY   the AEI tools' checkout and a bot_Sharp binary, both built
#                                    outside this repository (measurement only)
#         --rounds N                 rounds against Sharp (default 2; ~2.5 min a game)
#
# Needs: apt-get install stockfish; a built boardai-chess (cmake --build build). Arimaa needs a
# built boardai-match.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }

[ $# -ge 1 ] || { usage >&2; exit 2; }
MODE=$1
shift

if [ "$MODE" = arimaa ]; then
    GAMES=40
    MOVETIME=200
    SEED=1
    BUILD=$ROOT/build
    AEI=""
    SHARP=""
    ROUNDS=2
    while [ $# -gt 0 ]; do
        case "$1" in
        --games) GAMES=$2; shift 2 ;;
        --movetime) MOVETIME=$2; shift 2 ;;
        --seed) SEED=$2; shift 2 ;;
        --build) BUILD=$2; shift 2 ;;
        --aei) AEI=$2; shift 2 ;;
        --sharp) SHARP=$2; shift 2 ;;
        --rounds) ROUNDS=$2; shift 2 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "strength.sh: unknown option $1" >&2; exit 2 ;;
        esac
    done
    if { [ -n "$AEI" ] && [ -z "$SHARP" ]; } || { [ -z "$AEI" ] && [ -n "$SHARP" ]; }; then
        echo "strength.sh: --aei and --sharp go together" >&2
        exit 2
    fi
    MATCH=$BUILD/examples/match/boardai-match
    if [ ! -x "$MATCH" ]; then
        echo "boardai-match not built in $BUILD: cmake -S $ROOT -B $BUILD && cmake --build $BUILD" >&2
        exit 1
    fi
    echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(uname -m), load: $(cut -d' ' -f1-3 /proc/loadavg); build $BUILD"
    echo "## the step search against the whole-turn search, $GAMES games, $MOVETIME ms a turn"
    "$MATCH" --game arimaa --a "time=$MOVETIME,step_search=1" --b "time=$MOVETIME" --games "$GAMES" \
        --random-plies 6 --max-plies 400 --jobs "$(nproc)" --seed "$SEED"
    if [ -n "$AEI" ] && [ -n "$SHARP" ]; then
        echo "## bot_Sharp at a 4-step search, $ROUNDS rounds"
        "$ROOT/scripts/strength-arimaa.sh" "$AEI" "$SHARP" --only sharp4 --rounds "$ROUNDS" \
            --tc 4s/16s/100/32s/60t --build "$BUILD"
    fi
    exit 0
fi
case "$MODE" in
chess) GAMES=20 ;;
chess-clock) GAMES=50 ;;
chess-self) GAMES=40 ;;
-h | --help) usage; exit 0 ;;
*) echo "strength.sh: unknown measurement '$MODE' (chess, chess-clock, chess-self, arimaa)" >&2; exit 2 ;;
esac
LEVELS="1350 1600 1900"
CLOCK_ELO=1350
MOVETIME=100
GRACE=1000
TIME=2000
INC=50
SEED=1
PROGRAM=""
PGNDIR=""
OPTS=()
OPP_OPTS=()
while [ $# -gt 0 ]; do
    case "$1" in
    --games) GAMES=$2; shift 2 ;;
    --levels) LEVELS=$2; shift 2 ;;
    --elo) CLOCK_ELO=$2; shift 2 ;;
    --movetime) MOVETIME=$2; shift 2 ;;
    --grace) GRACE=$2; shift 2 ;;
    --time) TIME=$2; shift 2 ;;
    --inc) INC=$2; shift 2 ;;
    --seed) SEED=$2; shift 2 ;;
    --option) OPTS+=(--uci-option "$2"); shift 2 ;;
    --opponent-option) OPP_OPTS+=(--opponent-option "$2"); shift 2 ;;
    --program) PROGRAM=$2; shift 2 ;;
    --pgn) PGNDIR=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "strength.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

if [ -z "$PROGRAM" ]; then
    for dir in "$ROOT"/build "$ROOT"/build-*; do
        if [ -x "$dir/examples/boardai-chess" ]; then
            PROGRAM=$dir/examples/boardai-chess
            break
        fi
    done
fi
if [ -z "$PROGRAM" ] || [ ! -x "$PROGRAM" ]; then
    echo "boardai-chess not built: cmake -S $ROOT -B $ROOT/build && cmake --build $ROOT/build" >&2
    exit 1
fi
STOCKFISH=$(command -v stockfish || true)
[ -n "$STOCKFISH" ] || STOCKFISH=/usr/games/stockfish
if [ "$MODE" != chess-self ] && [ ! -x "$STOCKFISH" ]; then
    # shellcheck source=scripts/deps.sh
    . "$ROOT/scripts/deps.sh"
    ba_missing_packages+=(stockfish)
    ba_install_missing
    STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
    [ -x "$STOCKFISH" ] || { echo "stockfish is not installed: apt-get install -y stockfish" >&2; exit 1; }
fi
# The referee is boardai-chess --match; engine A is the program measured (it may be another
# build than the referee's, e.g. an earlier version).
REF=(timeout 36000 "$PROGRAM" --match --uci "exec '$PROGRAM' --uci" "${OPTS[@]}")
SF=(--opponent-uci "$STOCKFISH" --opponent-option Threads=1 --opponent-option Hash=16)

# Elo estimate: maximum likelihood of one rating R against opponents of known ratings R_i under
# the logistic model E_i = 1 / (1 + 10^((R_i - R) / 400)); the 95% interval is R +- 1.96 / sqrt(I)
# with I the Fisher information sum_i N_i E_i (1 - E_i) (ln 10 / 400)^2 (draws count as half a
# point; the interval is then slightly conservative). Input lines: "level games points".
elo_estimate() {
    awk '
    { lvl[NR] = $1; n[NR] = $2; s[NR] = $3; tn += $2; ts += $3 }
    END {
        if (tn == 0) { print "no games"; exit }
        if (ts == 0 || ts == tn) { printf "all games %s: no finite estimate\n", ts == 0 ? "lost" : "won"; exit }
        k = log(10) / 400; r = 0; for (i = 1; i <= NR; i++) r += lvl[i] / NR
        for (it = 0; it < 200; it++) {
            f = 0; d = 0
            for (i = 1; i <= NR; i++) { e = 1 / (1 + exp((lvl[i] - r) * k)); f += s[i] - n[i] * e; d += n[i] * e * (1 - e) * k }
            step = f / d; if (step > 400) step = 400; if (step < -400) step = -400
            r += step; if (step < 0.01 && step > -0.01) break
        }
        info = 0; for (i = 1; i <= NR; i++) { e = 1 / (1 + exp((lvl[i] - r) * k)); info += n[i] * e * (1 - e) * k * k }
        se = 1 / sqrt(info)
        printf "Elo %.0f [%.0f, %.0f] (95%%) from %d games, %.1f points\n", r, r - 1.96 * se, r + 1.96 * se, tn, ts
    }'
}

# Elo difference of a score (points of games) with a 95% interval from the per-game variance.
elo_diff() {
    awk -v w="$1" -v l="$2" -v d="$3" '
    function elo(p) { if (p <= 0) return "-inf"; if (p >= 1) return "+inf"; return sprintf("%+.0f", -400 * log(1 / p - 1) / log(10)) }
    BEGIN {
        n = w + l + d; if (n == 0) { print "no games"; exit }
        p = (w + d / 2) / n
        var = (w * (1 - p) ^ 2 + d * (0.5 - p) ^ 2 + l * p ^ 2) / n
        se = sqrt(var / n)
        printf "score %.3f, Elo difference %s [%s, %s] (95%%)\n", p, elo(p), elo(p - 1.96 * se), elo(p + 1.96 * se)
    }'
}

# Castling of both engines in a PGN file: "A castled in a of n games, B in b".
castling() {
    awk '
    /^\[White "/ { a_white = ($0 ~ /engine A/); next }
    /^\[/ { next }
    /^$/ { next }
    {
        for (i = 1; i <= NF; i++) {
            if ($i ~ /^[0-9]+\.$/) continue
            if ($i ~ /^(1-0|0-1|1\/2-1\/2)$/) {
                games++; ca += a; cb += b; a = b = 0; ply = 0; continue
            }
            white = (ply % 2 == 0); ply++
            if ($i ~ /^O-O/) { if (white == a_white) a = 1; else b = 1 }
        }
    }
    END { if (games) printf "castled: engine A in %d of %d games (%.0f%%), engine B in %d (%.0f%%)\n", ca, games, 100 * ca / games, cb, 100 * cb / games }' "$1"
}

# Runs one match; prints its output and leaves "W L D" in $RESULT.
run_match() {
    local out
    out=$("${REF[@]}" "$@" --seed "$SEED") || true
    grep -v '^game ' <<<"$out" || true
    RESULT=$(echo "$out" | sed -n 's/^score: .*(+\([0-9]*\) -\([0-9]*\) =\([0-9]*\),.*/\1 \2 \3/p')
    [ -n "$RESULT" ] || { echo "strength.sh: the match did not finish" >&2; echo "$out" >&2; exit 1; }
    TIMELOSS=$(echo "$out" | sed -n 's/^illegal moves: .*time losses: \([0-9]*\),.*/\1/p')
}

if [ -z "$PGNDIR" ]; then
    PGNDIR=$(mktemp -d)
    trap 'rm -rf "$PGNDIR"' EXIT
fi
mkdir -p "$PGNDIR"
echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(uname -m), load: $(cut -d' ' -f1-3 /proc/loadavg); program $PROGRAM"
echo "# command: scripts/strength.sh $MODE --games $GAMES${OPTS[*]:+ ${OPTS[*]}}${OPP_OPTS[*]:+ ${OPP_OPTS[*]}}"
case "$MODE" in
chess)
    TABLE=""
    for level in $LEVELS; do
        echo "## stockfish UCI_Elo $level, $GAMES games, $MOVETIME ms a move"
        pgn=$PGNDIR/chess-$level.pgn
        run_match --games "$GAMES" --movetime "$MOVETIME" --grace "$GRACE" "${SF[@]}" \
            --opponent-option UCI_LimitStrength=true --opponent-option "UCI_Elo=$level" --pgn "$pgn"
        castling "$pgn"
        read -r w l d <<<"$RESULT"
        echo "level $level: +$w -$l =$d, $(elo_diff "$w" "$l" "$d")"
        TABLE+="$level $((w + l + d)) $(awk -v w="$w" -v d="$d" 'BEGIN { print w + d / 2 }')"$'\n'
    done
    echo "## boardai-chess on stockfish's UCI_Elo scale"
    printf '%s' "$TABLE" | elo_estimate
    ;;
chess-clock)
    echo "## $GAMES games at $TIME ms + $INC ms per side, no grace, against stockfish UCI_Elo $CLOCK_ELO"
    # Stockfish keeps 200 ms in reserve: with its 10 ms default it flags on a loaded machine, and
    # games it loses on time end before they test boardai-chess's clock handling.
    run_match --games "$GAMES" --time "$TIME" --inc "$INC" --grace 0 "${SF[@]}" \
        --opponent-option UCI_LimitStrength=true --opponent-option "UCI_Elo=$CLOCK_ELO" \
        --opponent-option "Move Overhead=200" --pgn "$PGNDIR/chess-clock.pgn"
    if [ "${TIMELOSS:-1}" != 0 ]; then
        echo "strength.sh: boardai-chess lost $TIMELOSS game(s) on time" >&2
        exit 1
    fi
    ;;
chess-self)
    echo "## engine A vs engine B (both $PROGRAM), $GAMES games, $MOVETIME ms a move"
    run_match --games "$GAMES" --movetime "$MOVETIME" --grace "$GRACE" --opponent-uci "exec '$PROGRAM' --uci" \
        "${OPP_OPTS[@]}" --pgn "$PGNDIR/chess-self.pgn"
    castling "$PGNDIR/chess-self.pgn"
    read -r w l d <<<"$RESULT"
    echo "engine A: +$w -$l =$d, $(elo_diff "$w" "$l" "$d")"
    ;;
esac
