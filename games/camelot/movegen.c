/*
 * Camelot move generation: plain moves, canters, and the order in which the rules apply
 * (own-castle obligation, then compulsory capture, then everything else).
 *
 * Why a move always fits in a ba_move (BA_MOVE_MAX_BYTES = 62): a move is its start square plus
 * its landings. Canters and jumps keep the parity of file and rank, so every landing of a leaping
 * piece lies in the start square's parity class, which has at most 40 squares (the classes have
 * 40 squares each: tested in test_movegen.c). Canter paths are shortest paths (breadth-first), so
 * they never repeat a square: at most 39 canter landings. A jump removes an enemy piece and a side
 * has at most 14 pieces (the position parser enforces it): at most 14 jump landings. A plain move
 * or a castle move has one landing. So the longest move is 1 + 39 + 14 = 54 bytes. cam_gen_emit
 * still refuses (BA_ERR_INTERNAL) anything longer instead of writing past the move.
 *
 * No allocation: the generator's work space is one cam_gen on the caller's stack.
 */
#include <string.h>

#include "camelot/canter.h"
#include "camelot/castle.h"
#include "camelot/jumps.h"
#include "camelot/movegen.h"
#include "camelot/params.h"

static void cam_gen_plain(cam_gen *gen, int from)
{
    const uint8_t *board = gen->s->board;
    for (int d = 0; d < CAM_DIRS; d++) {
        int to = cam_step[from][d];
        if (to == CAM_NO_SQUARE || board[to] != CAM_EMPTY) continue;
        if (cam_is_own_castle(to, gen->side)) continue; /* own castle: entered only by a jump */
        uint8_t path[2] = {(uint8_t)from, (uint8_t)to};
        cam_gen_emit(gen, CAM_MOVE_PLAIN, path, 2);
    }
}

int cam_piece_can_jump(const cam_state *s, int sq)
{
    uint8_t p = s->board[sq];
    if (p == CAM_EMPTY) return 0;
    return cam_jump_from(s->board, (int)CAM_PIECE_SIDE(p), sq, CAM_NO_SQUARE);
}

int cam_side_can_jump(const cam_state *s, int side)
{
    for (int sq = 0; sq < CAM_SQUARES; sq++)
        if (cam_is_own(s->board[sq], side) && cam_jump_from(s->board, side, sq, CAM_NO_SQUARE)) return 1;
    return 0;
}

/* All moves of one piece that the normal turn allows. */
static void cam_gen_piece(cam_gen *gen, int sq, int capture_compulsory, int noisy_only)
{
    gen->piece_first = gen->n;
    if (cam_is_opp_castle(sq, gen->side)) {
        /* In the opponent's castle a piece never leaves: only the castle move remains. */
        if (!noisy_only) cam_gen_castle_moves(gen, sq, capture_compulsory);
        return;
    }
    cam_gen_jumps(gen, sq);
    if (CAM_PIECE_KIND(gen->s->board[sq]) != CAM_KNIGHT) {
        if (capture_compulsory || noisy_only) return;
        cam_gen_plain(gen, sq);
        cam_gen_canters(gen, sq);
        return;
    }
    /* A knight: one unrestricted canter search serves its Charges and, when no square it
     * reaches lets it jump (so the knight rule excludes nothing), its canters too. */
    uint8_t parent[CAM_SQUARES], order[CAM_SQUARES];
    int count = cam_canter_bfs(gen->s, gen->side, sq, 0, parent, order);
    int threatened = cam_gen_charges_bfs(gen, sq, parent, order, count);
    if (capture_compulsory || noisy_only) return;
    cam_gen_plain(gen, sq);
    if (threatened && gen->knight_rule)
        cam_gen_canters(gen, sq);
    else
        cam_emit_canters(gen, parent, order, count);
}

/* The moves of the piece that must leave its own castle (the obligation outranks every other
 * rule). It jumps out if it can; otherwise any move that takes it out (all its moves do: nothing
 * re-enters one's own castle except by a jump). Returns the number of moves found. */
static void cam_gen_obliged(cam_gen *gen, int sq)
{
    gen->piece_first = gen->n;
    if (cam_piece_can_jump(gen->s, sq)) {
        cam_gen_jumps(gen, sq);
        return;
    }
    if (CAM_PIECE_KIND(gen->s->board[sq]) == CAM_KNIGHT) cam_gen_charges(gen, sq);
    cam_gen_plain(gen, sq);
    cam_gen_canters(gen, sq);
}

int cam_piece_has_move(const ba_game *g, const cam_state *s, int sq)
{
    const uint8_t *board = s->board;
    int side = s->side_to_move;
    if (cam_is_opp_castle(sq, side)) {
        int other = (sq & 1) ? sq - 1 : sq + 1; /* F/G of the same castle */
        return s->castle_moves[side] < cam_options(g)->castle_moves_per_player && board[other] == CAM_EMPTY;
    }
    for (int d = 0; d < CAM_DIRS; d++) {
        int to = cam_step[sq][d];
        if (to == CAM_NO_SQUARE) continue;
        if (board[to] == CAM_EMPTY) {
            if (!cam_is_own_castle(to, side)) return 1; /* a plain move */
            continue;
        }
        int land = cam_leap[sq][d];
        if (land == CAM_NO_SQUARE || board[land] != CAM_EMPTY) continue;
        if (cam_is_enemy(board[to], side)) return 1; /* a jump */
        /* A canter; for a knight the knight rule may forbid stopping on `land`, but then it
         * can jump from there, so a Charge exists. */
        if (!cam_is_own_castle(land, side)) return 1;
    }
    return 0;
}

static int cam_generate(const ba_game *g, const cam_state *s, ba_move *moves, size_t cap, int noisy_only,
                        int only_from)
{
    cam_gen gen;
    cam_gen_init(&gen, g, s, moves, cap);
    gen.only_from = only_from;
    int obliged = cam_obliged_piece(s);
    /* [choice] With no way out the obligation lapses and the turn is played normally. */
    if (obliged != CAM_NO_SQUARE && cam_piece_has_move(g, s, obliged)) {
        if (only_from == CAM_NO_SQUARE || only_from == obliged) cam_gen_obliged(&gen, obliged);
        return gen.err != BA_OK ? gen.err : (int)gen.n;
    }
    /* One scan for the side's pieces (at most 14 in a legal position, but never trust that
     * here: the list has room for the whole board) and for the compulsory-capture test. */
    uint8_t pieces[CAM_SQUARES];
    int npieces = 0, compulsory = 0;
    for (int sq = 0; sq < CAM_SQUARES; sq++) {
        if (!cam_is_own(s->board[sq], gen.side)) continue;
        pieces[npieces++] = (uint8_t)sq;
        if (!compulsory && cam_jump_from(s->board, gen.side, sq, CAM_NO_SQUARE)) compulsory = 1;
    }
    for (int i = 0; i < npieces && gen.err == BA_OK; i++) {
        if (only_from != CAM_NO_SQUARE && pieces[i] != only_from) continue;
        cam_gen_piece(&gen, pieces[i], compulsory, noisy_only);
    }
    return gen.err != BA_OK ? gen.err : (int)gen.n;
}

int cam_generate_from(const ba_game *g, const cam_state *s, int from, ba_move *moves, size_t cap)
{
    return cam_generate(g, s, moves, cap, 0, from);
}

int cam_generate_legal(const ba_game *g, const cam_state *s, ba_move *moves, size_t cap)
{
    return cam_generate(g, s, moves, cap, 0, CAM_NO_SQUARE);
}

int cam_generate_noisy_moves(const ba_game *g, const cam_state *s, ba_move *moves, size_t cap)
{
    return cam_generate(g, s, moves, cap, 1, CAM_NO_SQUARE);
}
