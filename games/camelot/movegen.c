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

#include "camelot/canter.h"
#include "camelot/castle.h"
#include "camelot/jumps.h"
#include "camelot/movegen.h"
#include "camelot/params.h"

/* step_ok[d] for class c of the generation's side to move: the squares of class c whose
 * neighbour in direction d is empty and outside the side's own castle (which only a jump
 * enters); for a constant c, so that every shift is by a constant. */
#define CAM_STEP_DC(d, c) ok[d] = cam_pc_shift(free_sq[(c) ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][d]) & CAM_PC_BOARD[c];
#define CAM_STEP_C(c)                                                                          \
    case c:                                                                                    \
        CAM_STEP_DC(0, c) CAM_STEP_DC(1, c) CAM_STEP_DC(2, c) CAM_STEP_DC(3, c)                \
        CAM_STEP_DC(4, c) CAM_STEP_DC(5, c) CAM_STEP_DC(6, c) CAM_STEP_DC(7, c) break;

/* The generation's step_ok of class c, computed on its first use (the same for every piece of
 * the class). */
static const uint64_t *gen_step_dirs(cam_gen *gen, int c)
{
    if (!((gen->step_ok_ready >> c) & 1u)) {
        const cam_state *s = gen->s;
        int side = gen->side;
        const uint64_t *own_castle = side == 0 ? CAM_PC_WHITE_CASTLE : CAM_PC_BLACK_CASTLE;
        uint64_t free_sq[4], *ok = gen->step_ok[c];
        for (int k = 0; k < 4; k++)
            free_sq[k] = CAM_PC_BOARD[k] & ~own_castle[k] & ~(s->pieces[0][0].c[k] | s->pieces[0][1].c[k]) &
                         ~(s->pieces[1][0].c[k] | s->pieces[1][1].c[k]);
        switch (c) {
            CAM_STEP_C(0) CAM_STEP_C(1) CAM_STEP_C(2) CAM_STEP_C(3)
        }
        gen->step_ok_ready |= 1u << c;
    }
    return gen->step_ok[c];
}
#undef CAM_STEP_C
#undef CAM_STEP_DC

static void cam_gen_plain(cam_gen *gen, int from)
{
    if (gen->err != BA_OK) return;
    /* The directions with an empty neighbour outside the own castle, all eight without a
     * branch each, read off the class's step_ok words (branches that follow the position were
     * often mispredicted, and a look at each neighbour's board square cost three loads a
     * direction). Then the moves in direction order, written straight into the list (a step
     * has no captures to merge). */
    int file = cam_sq_file[from], rank = cam_sq_rank[from], bit = CAM_PC_BIT(file, rank);
    const uint64_t *ok = gen_step_dirs(gen, CAM_PC_CLASS(file, rank));
    unsigned dirs = 0;
#pragma GCC unroll 8
    for (int d = 0; d < CAM_DIRS; d++)
        dirs |= (unsigned)((ok[d] >> bit) & 1u) << d;
    for (; dirs != 0; dirs &= dirs - 1) {
        ba_move *m = cam_gen_slot(gen, CAM_MOVE_PLAIN, 2);
        if (!m) return;
        m->bytes[0] = (uint8_t)from;
        m->bytes[1] = cam_step[from][__builtin_ctz(dirs)];
    }
}

int cam_piece_can_jump(const cam_state *s, int sq)
{
    uint8_t p = s->board[sq];
    if (p == CAM_EMPTY) return 0;
    return cam_jump_from(s->board, (int)CAM_PIECE_SIDE(p), sq, CAM_NO_SQUARE);
}

/* The squares (per parity class) from which a piece of `side` could jump: an enemy next to it
 * with an empty square beyond. From the state's piece sets, all squares at once; which of
 * them hold a piece of `side` (the compulsory-capture test, the pieces worth a jump search) is
 * the caller's question. Unrolled by hand so that every shift is by a constant. */
static void cam_jump_squares(const cam_state *s, int side, uint64_t *from_sq)
{
    uint64_t enemy[4], empty[4];
    for (int c = 0; c < 4; c++) {
        enemy[c] = s->pieces[1 - side][0].c[c] | s->pieces[1 - side][1].c[c];
        empty[c] = CAM_PC_BOARD[c] & ~enemy[c] & ~s->pieces[side][0].c[c] & ~s->pieces[side][1].c[c];
    }
#define CAM_JS_DC(d, c)                                                                        \
    j |= cam_pc_shift(enemy[(c) ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][d]) &               \
         cam_pc_shift(empty[c], -cam_pc_leap_off[d]);
#define CAM_JS_C(c)                                                                            \
    {                                                                                          \
        uint64_t j = 0;                                                                        \
        CAM_JS_DC(0, c) CAM_JS_DC(1, c) CAM_JS_DC(2, c) CAM_JS_DC(3, c)                        \
        CAM_JS_DC(4, c) CAM_JS_DC(5, c) CAM_JS_DC(6, c) CAM_JS_DC(7, c)                        \
        from_sq[c] = j & CAM_PC_BOARD[c];                                                      \
    }
    CAM_JS_C(0) CAM_JS_C(1) CAM_JS_C(2) CAM_JS_C(3)
#undef CAM_JS_C
#undef CAM_JS_DC
}

/* 1 if a piece of `side` (outside the opponent's castle, where pieces never move) can jump,
 * given cam_jump_squares. */
static int cam_any_jump(const cam_state *s, int side, const uint64_t *from_sq)
{
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    uint64_t any = 0;
    for (int c = 0; c < 4; c++)
        any |= (s->pieces[side][0].c[c] | s->pieces[side][1].c[c]) & ~opp_castle[c] & from_sq[c];
    return any != 0;
}

int cam_side_can_jump(const cam_state *s, int side)
{
    uint64_t from_sq[4];
    cam_jump_squares(s, side, from_sq);
    return cam_any_jump(s, side, from_sq);
}

#define CAM_HM_C(X, c) X(0, c) X(1, c) X(2, c) X(3, c) X(4, c) X(5, c) X(6, c) X(7, c)

/* How many of the side's pieces the quick look of cam_side_has_move tries one by one. */
#define CAM_HM_QUICK_PIECES 2

/* 1 if one of the first CAM_HM_QUICK_PIECES pieces of the side to move (in rectangle-bit
 * order, outside the opponent's castle) can step: an empty neighbour outside its own castle.
 * 0 means "not found this way", not "no move". The end-of-game test runs at every node and its
 * answer is almost always "yes, a step": one piece's eight neighbours (a constant mask per
 * square) against the empty squares answer it in a few word operations, where the test for
 * all pieces at once costs 32 shifts. */
static int cam_quick_step(const cam_state *s, int side)
{
    const cam_bb *own_men = &s->bb[side][0], *own_kn = &s->bb[side][1];
    const cam_bb *opp_men = &s->bb[1 - side][0], *opp_kn = &s->bb[1 - side][1];
    int tried = 0;
    for (int w = 0; w < 3; w++) {
        for (uint64_t bits = (own_men->w[w] | own_kn->w[w]) & ~CAM_BB_CASTLE[1 - side].w[w]; bits != 0;
             bits &= bits - 1) {
            int bit = 64 * w + __builtin_ctzll(bits);
            const cam_bb *around = &cam_around_bb[cam_coord_sq[bit / 12][bit % 12]];
            uint64_t free_sq = 0;
            for (int k = 0; k < 3; k++)
                free_sq |= around->w[k] & ~(own_men->w[k] | own_kn->w[k] | opp_men->w[k] | opp_kn->w[k]) &
                           ~CAM_BB_CASTLE[side].w[k];
            if (free_sq != 0)
                return 1;
            if (++tried == CAM_HM_QUICK_PIECES)
                return 0;
        }
    }
    return 0;
}

/* cam_side_has_move for all pieces at once (kept out of line: the quick look above answers
 * almost every call, and without this body inlined it needs few registers). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int cam_side_has_move_all(const ba_game *g, const cam_state *s)
{
    int side = s->side_to_move;
    const uint64_t *own_castle = side == 0 ? CAM_PC_WHITE_CASTLE : CAM_PC_BLACK_CASTLE;
    const uint64_t *opp_castle = side == 0 ? CAM_PC_BLACK_CASTLE : CAM_PC_WHITE_CASTLE;
    uint64_t free_sq[4], movers[4], castled = 0, castle_empty = 0;
    for (int c = 0; c < 4; c++) {
        uint64_t own = s->pieces[side][0].c[c] | s->pieces[side][1].c[c];
        uint64_t empty = CAM_PC_BOARD[c] & ~own & ~s->pieces[1 - side][0].c[c] & ~s->pieces[1 - side][1].c[c];
        free_sq[c] = empty & ~own_castle[c]; /* where a step may end */
        movers[c] = own & ~opp_castle[c];    /* a piece in the opponent's castle never leaves */
        castled |= own & opp_castle[c];
        castle_empty |= empty & opp_castle[c];
    }
    /* A step to a free square (almost always there: looked for first, alone), else a jump
     * (cam_side_can_jump, the compulsory-capture test), else a castle move (a piece in the
     * opponent's castle, its other square empty, a castle move left); for all pieces at once.
     * No canter is looked for: a canter leaps an own piece next to its landing square, and that
     * piece could step there (the landing is empty and not its own castle; a piece in the
     * opponent's castle, which never leaves, stands on the board's edge, where no canter passes
     * it), so whenever a canter exists a step does too. */
    uint64_t any = 0;
#define CAM_HM_STEP(d, c) any |= movers[c] & cam_pc_shift(free_sq[(c) ^ cam_pc_step_xor[d]], -cam_pc_step_off[c][d]);
    CAM_HM_C(CAM_HM_STEP, 0) CAM_HM_C(CAM_HM_STEP, 1) CAM_HM_C(CAM_HM_STEP, 2) CAM_HM_C(CAM_HM_STEP, 3)
#undef CAM_HM_STEP
    if (any != 0 || cam_side_can_jump(s, side))
        return 1;
    return castled != 0 && castle_empty != 0 && s->castle_moves[side] < cam_options(g)->castle_moves_per_player;
}
#undef CAM_HM_C

int cam_side_has_move(const ba_game *g, const cam_state *s)
{
    return cam_quick_step(s, s->side_to_move) || cam_side_has_move_all(g, s);
}

/* All moves of one piece that the normal turn allows. `from_sq`: the squares a jump exists
 * from (cam_jump_squares). */
static void cam_gen_piece(cam_gen *gen, int sq, int capture_compulsory, int noisy_only,
                          const uint64_t *from_sq)
{
    gen->piece_first = gen->n;
    if (cam_is_opp_castle(sq, gen->side)) {
        /* In the opponent's castle a piece never leaves: only the castle move remains. */
        if (!noisy_only) cam_gen_castle_moves(gen, sq, capture_compulsory);
        return;
    }
    /* The jump search only for a piece on a square from which a jump exists. */
    int file = cam_sq_file[sq], rank = cam_sq_rank[sq];
    if ((from_sq[CAM_PC_CLASS(file, rank)] >> CAM_PC_BIT(file, rank)) & 1) cam_gen_jumps(gen, sq);
    if (CAM_PIECE_KIND(gen->s->board[sq]) != CAM_KNIGHT) {
        if (capture_compulsory || noisy_only) return;
        cam_gen_plain(gen, sq);
        cam_gen_canters(gen, sq);
        return;
    }
    /* A knight: one unrestricted canter search serves its Charges and, when no square it
     * reaches lets it jump (so the knight rule excludes nothing), its canters too. When only
     * captures are wanted, the search runs only if a flood of its canters over the piece sets
     * (far cheaper) reaches a square it could start jumping from: else it has no Charge. */
    int captures_only = capture_compulsory || noisy_only;
    uint64_t starts = cam_charge_starts(gen->s, gen->side, sq);
    if (captures_only && (starts == 0 || (cam_gen_canter_reach_class(gen, sq) & starts) == 0))
        return;
    uint8_t parent[CAM_SQUARES], order[CAM_SQUARES];
    int count = cam_gen_canter_bfs(gen, sq, 0, parent, order);
    int threatened = starts != 0 && cam_gen_charges_bfs(gen, sq, parent, order, count, starts);
    if (captures_only) return;
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
    /* The compulsory-capture test on the piece sets; then the side's pieces in square order
     * (the order the moves are listed in), read off the rectangle bitboards: a square's bit
     * there is rank * 12 + file and squares are numbered rank by rank, file by file, so bit
     * order is square order. Three words hold every piece, where a scan of the board eight
     * squares at a time ended an inner loop at every word with a piece in it (mispredicted
     * often). */
    uint64_t from_sq[4];
    cam_jump_squares(s, gen.side, from_sq);
    int compulsory = cam_any_jump(s, gen.side, from_sq);
    /* Captures only and no piece can jump: only a knight's Charge can capture, so the men
     * are skipped. */
    uint64_t men_mask = noisy_only && !compulsory ? 0 : ~(uint64_t)0;
    const cam_bb *men = &s->bb[gen.side][0], *knights = &s->bb[gen.side][1];
    for (int w = 0; w < 3 && gen.err == BA_OK; w++) {
        for (uint64_t mine = (men->w[w] & men_mask) | knights->w[w]; mine != 0 && gen.err == BA_OK;
             mine &= mine - 1) {
            int bit = 64 * w + __builtin_ctzll(mine);
            int sq = cam_coord_sq[bit / CAM_FILES][bit % CAM_FILES];
            if (only_from != CAM_NO_SQUARE && sq != only_from) continue;
            cam_gen_piece(&gen, sq, compulsory, noisy_only, from_sq);
        }
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
