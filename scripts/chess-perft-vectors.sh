#!/bin/bash
# Regenerates tests/chess/perft_random.txt: chess positions reached by seeded random play from
# the start position, with their perft counts computed by Debian's stockfish (`go perft N`), an
# engine independent of libboardai. The random moves are also chosen from stockfish's own list
# of legal moves (`go perft 1`), so nothing here depends on the code under test.
#
#   scripts/chess-perft-vectors.sh [COUNT [DEPTH [SEED]]]   (defaults 50, 4, 20261129)
#   OUT=file scripts/chess-perft-vectors.sh ...            (default tests/chess/perft_random.txt)
#
# Needs: apt-get install stockfish. The exact positions depend on bash's $RANDOM sequence for
# the seed, so the committed file is the record; regenerate it only to get new positions.
set -euo pipefail
COUNT=${1:-50}
DEPTH=${2:-4}
SEED=${3:-20261129}
SF=$(command -v stockfish || true)
[ -n "$SF" ] || SF=/usr/games/stockfish
[ -x "$SF" ] || { echo "stockfish not found (apt-get install stockfish)" >&2; exit 1; }
OUT=${OUT:-$(cd "$(dirname "$0")/.." && pwd)/tests/chess/perft_random.txt}

RANDOM=$SEED
coproc SFP { "$SF"; }
send() { printf '%s\n' "$*" >&"${SFP[1]}"; }

# legal_moves "<moves so far>": sets MOVES to stockfish's legal moves of that position.
legal_moves() {
    MOVES=()
    send "position startpos moves $1"
    send "go perft 1"
    local line
    while IFS= read -r line <&"${SFP[0]}"; do
        case "$line" in
        "Nodes searched:"*) break ;;
        [a-h][1-8][a-h][1-8]*:*) MOVES+=("${line%%:*}") ;;
        esac
    done
}
# fen_of "<moves>": sets FEN.
fen_of() {
    send "position startpos moves $1"
    send "d"
    local line
    while IFS= read -r line <&"${SFP[0]}"; do
        case "$line" in
        "Fen: "*) FEN=${line#Fen: } ;;
        "Checkers:"*) break ;;
        esac
    done
}
# perft_of "<fen>" depth: sets NODES.
perft_of() {
    send "position fen $1"
    send "go perft $2"
    local line
    while IFS= read -r line <&"${SFP[0]}"; do
        case "$line" in
        "Nodes searched: "*) NODES=${line#Nodes searched: }; break ;;
        esac
    done
}

{
    echo "# Chess perft test vectors: random positions, counts from Debian's stockfish ($("$SF" <<<quit | awk '{print $1, $2; exit}'))."
    echo "# Made by scripts/chess-perft-vectors.sh $COUNT $DEPTH $SEED: random play of 4..93 plies from the start"
    echo "# position (moves chosen among stockfish's legal moves), then stockfish's 'go perft $DEPTH'."
    echo "# Format: FEN;depth;nodes"
    made=0
    while [ "$made" -lt "$COUNT" ]; do
        plies=$((4 + RANDOM % 90))
        moves=""
        for ((i = 0; i < plies; i++)); do
            legal_moves "$moves"
            [ "${#MOVES[@]}" -gt 0 ] || break
            moves="$moves ${MOVES[RANDOM % ${#MOVES[@]}]}"
        done
        legal_moves "$moves"
        [ "${#MOVES[@]}" -gt 0 ] || continue # game over: perft is trivially 0
        fen_of "$moves"
        perft_of "$FEN" "$DEPTH"
        echo "$FEN;$DEPTH;$NODES"
        made=$((made + 1))
    done
} >"$OUT.tmp"
send quit
mv "$OUT.tmp" "$OUT"
echo "wrote $OUT" >&2
