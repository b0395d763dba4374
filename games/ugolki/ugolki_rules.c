/* Ugolki rules: start position, move generation (steps and leap chains on bitboards), applying
 * moves, and the end of the game (goal, equalising move, anti-blocking, ply cap, passes). */
#include <string.h>

#include "ugolki_rules.h"
#include "ugolki_zobrist.h"

#define FILE_A 0x0101010101010101ull
#define FILE_H 0x8080808080808080ull

/* The squares one step away from any square of @p from (orthogonally, and diagonally when
 * @p diagonal), each direction written out so that the hot loops need no switch; the file masks
 * stop a shift from wrapping round the board's edge. */
static inline uint64_t ug_around(uint64_t from, int diagonal)
{
    uint64_t east = (from << 1) & ~FILE_A, west = (from >> 1) & ~FILE_H;
    uint64_t to = (from << 8) | (from >> 8) | east | west;
    if (diagonal)
        to |= (east << 8) | (east >> 8) | (west << 8) | (west >> 8);
    return to;
}

/* The landing squares of one leap from any square of @p from over a piece of @p over. */
static inline uint64_t ug_leap_once(uint64_t from, uint64_t over, int diagonal)
{
    uint64_t to = ((((from << 8) & over) << 8)) | ((((from >> 8) & over) >> 8)) |
                  ((((from << 1) & ~FILE_A & over) << 1) & ~FILE_A) |
                  ((((from >> 1) & ~FILE_H & over) >> 1) & ~FILE_H);
    if (diagonal)
        to |= ((((from << 9) & ~FILE_A & over) << 9) & ~FILE_A) |
              ((((from << 7) & ~FILE_H & over) << 7) & ~FILE_H) |
              ((((from >> 7) & ~FILE_A & over) >> 7) & ~FILE_A) |
              ((((from >> 9) & ~FILE_H & over) >> 9) & ~FILE_H);
    return to;
}

uint64_t ug_step_targets(const ug_params *p, const ug_state *s, int from)
{
    return ug_around(1ull << from, p->directions == 8) & ~(s->occ[0] | s->occ[1]);
}

uint64_t ug_leap_targets(const ug_params *p, const ug_state *s, int from)
{
    /* Breadth-first over landing squares. The moving piece has left its square, so that square
     * is empty for the whole chain and the chain may pass through it, but not end there.
     * (Landings are an even number of files and ranks from the start, so a chain never stands
     * next to its start square and the vacated square is never leapt over.) */
    uint64_t piece = 1ull << from;
    uint64_t others = (s->occ[0] | s->occ[1]) & ~piece;
    uint64_t empty = ~others;
    uint64_t reached = piece;
    uint64_t frontier = piece;
    int diagonal = p->directions == 8;
    while (frontier) {
        uint64_t next = ug_leap_once(frontier, others, diagonal) & empty & ~reached;
        reached |= next;
        frontier = next;
    }
    return reached & ~piece;
}

int ug_has_move(const ug_params *p, const ug_state *s, int side)
{
    uint64_t occ = s->occ[0] | s->occ[1];
    int diagonal = p->directions == 8;
    /* A step, or a first leap. */
    return ((ug_around(s->occ[side], diagonal) | ug_leap_once(s->occ[side], occ, diagonal)) &
            ~occ) != 0;
}

void ug_state_set_board(ug_state *s, uint64_t white, uint64_t black)
{
    s->occ[0] = white;
    s->occ[1] = black;
    s->board_hash = 0;
    for (int side = 0; side < 2; side++)
        for (int sq = 0; sq < UG_SQUARES; sq++)
            if (s->occ[side] & (1ull << sq))
                s->board_hash ^= ug_zobrist[side * 64 + sq];
}

int ug_init(const ba_game *g, void *state)
{
    const ug_params *p = ug_params_of(g);
    ug_state s;
    memset(&s, 0, sizeof s);
    ug_state_set_board(&s, p->home[0], p->home[1]);
    memcpy(state, &s, sizeof s);
    return BA_OK;
}

int ug_side_to_move(const ba_game *g, const void *state)
{
    (void)g;
    const ug_state *s = state;
    return (int)(s->ply & 1u);
}

/* Moves a side has completed: White moves at even plies, Black at odd ones. */
static uint32_t ug_moves_made(const ug_state *s, int side)
{
    return side == 0 ? (s->ply + 1) / 2 : s->ply / 2;
}

int ug_state_status(const ug_params *p, const ug_state *s)
{
    int stm = (int)(s->ply & 1u);
    int white_done = s->occ[0] == p->home[1];
    int black_done = s->occ[1] == p->home[0];

    /* The goal. Black completing ends the game at once (White has had as many moves); White
     * completing first gives Black the equalising move, which draws if it completes too. */
    if (black_done)
        return white_done ? BA_RESULT_DRAW : BA_RESULT_WIN1;
    if (white_done)
        return stm == 0 ? BA_RESULT_WIN0 : BA_RESULT_ONGOING;

    /* Anti-blocking: the side that has just moved first (only it can newly break a rule). */
    for (int i = 0; i < 2; i++) {
        int side = i == 0 ? 1 - stm : stm;
        int lost = 0;
        if (s->flags & (side == 0 ? UG_FLAG_RETURN0 : UG_FLAG_RETURN1))
            lost = 1;
        if (p->opt.stay_limit > 0 && ug_moves_made(s, side) > (uint32_t)p->opt.stay_limit &&
            (s->occ[side] & p->home[side]))
            lost = 1;
        if (lost)
            return side == 0 ? BA_RESULT_WIN1 : BA_RESULT_WIN0;
    }

    if (p->opt.ply_cap > 0 && s->ply >= (uint32_t)p->opt.ply_cap)
        return BA_RESULT_DRAW;
    /* Passes: a pass followed by another side that cannot move either is a draw. */
    if ((s->flags & UG_FLAG_PASS) && !ug_has_move(p, s, stm))
        return BA_RESULT_DRAW;
    return BA_RESULT_ONGOING;
}

int ug_status(const ba_game *g, const void *state, const ba_history *hist)
{
    (void)hist;
    return ug_state_status(ug_params_of(g), state);
}

int ug_generate(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves,
                size_t cap)
{
    (void)hist;
    const ug_params *p = ug_params_of(g);
    const ug_state *s = state;
    if (ug_state_status(p, s) != BA_RESULT_ONGOING)
        return 0;
    int stm = (int)(s->ply & 1u);
    size_t n = 0;
    uint64_t pieces = s->occ[stm];
    while (pieces) {
        int from = __builtin_ctzll(pieces);
        pieces &= pieces - 1;
        uint64_t to = ug_step_targets(p, s, from) | ug_leap_targets(p, s, from);
        while (to) {
            int sq = __builtin_ctzll(to);
            to &= to - 1;
            if (n >= cap)
                return BA_ERR_BUFFER;
            ba_move *m = &moves[n++];
            memset(m, 0, sizeof *m);
            m->len = 2;
            m->bytes[0] = (uint8_t)from;
            m->bytes[1] = (uint8_t)sq;
        }
    }
    if (n == 0) {
        /* [choice] a side without a legal move passes. */
        if (cap < 1)
            return BA_ERR_BUFFER;
        memset(&moves[0], 0, sizeof moves[0]);
        moves[0].tag = UG_TAG_PASS;
        n = 1;
    }
    return (int)n;
}

int ug_apply(const ba_game *g, void *state, const ba_move *move)
{
    const ug_params *p = ug_params_of(g);
    ug_state *s = state;
    int stm = (int)(s->ply & 1u);
    uint32_t keep = s->flags & (UG_FLAG_RETURN0 | UG_FLAG_RETURN1);
    if (move->len == 0 && move->tag == UG_TAG_PASS) {
        s->ply++;
        s->flags = keep | UG_FLAG_PASS;
        return BA_OK;
    }
    if (move->len != 2 || move->bytes[0] >= UG_SQUARES || move->bytes[1] >= UG_SQUARES)
        return BA_ERR_ARG;
    int from = move->bytes[0], to = move->bytes[1];
    uint64_t fb = 1ull << from, tb = 1ull << to;
    if (!(s->occ[stm] & fb) || ((s->occ[0] | s->occ[1]) & tb))
        return BA_ERR_ARG;
    s->occ[stm] ^= fb | tb;
    s->board_hash ^= ug_zobrist[stm * 64 + from] ^ ug_zobrist[stm * 64 + to];
    /* Anti-blocking: moving a piece (back) into the own corner in a move numbered above the
     * limit loses. The move number is 1-based: White's k-th move is played at ply 2k - 2. */
    uint32_t move_number = s->ply / 2 + 1;
    if (p->opt.return_limit > 0 && move_number > (uint32_t)p->opt.return_limit &&
        (p->home[stm] & tb) && !(p->home[stm] & fb))
        keep |= stm == 0 ? UG_FLAG_RETURN0 : UG_FLAG_RETURN1;
    s->ply++;
    s->flags = keep;
    return BA_OK;
}
