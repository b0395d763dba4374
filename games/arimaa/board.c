/* Arimaa board primitives: placing and moving pieces with the hash kept in step, trap captures,
 * freezing, and the end-of-turn checks that need no move generation. */
#include "arimaa_board.h"

#include "arimaa_zobrist.h"

char arm_piece_letter(int side, int type)
{
    static const char letters[2][ARM_TYPES + 1] = {"RCDHME", "rcdhme"};
    return letters[side & 1][type];
}

int arm_parse_square(const char *text)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return -1;
    return (text[1] - '1') * 8 + (text[0] - 'a');
}

void arm_square_name(int sq, char out[2])
{
    out[0] = (char)('a' + (sq & 7));
    out[1] = (char)('1' + (sq >> 3));
}

static uint64_t arm_phase_key(const arm_state *st)
{
    uint64_t h = st->side == ARM_SILVER ? arm_zobrist_silver_to_move : 0;
    if (st->phase < ARM_PHASE_PLAY) h ^= arm_zobrist_setup[st->phase];
    return h;
}

void arm_clear(arm_state *st)
{
    memset(st, 0, sizeof *st);
    memset(st->board, ARM_EMPTY, sizeof st->board);
    st->phase = ARM_PHASE_SETUP_GOLD;
    st->side = ARM_GOLD;
    st->hash = arm_phase_key(st);
}

void arm_put(arm_state *st, int sq, int side, int type)
{
    uint64_t b = arm_bit(sq);
    st->bb[side][type] |= b;
    st->occ[side] |= b;
    st->board[sq] = (uint8_t)(side * 8 + type);
    st->hash ^= arm_zobrist_piece[side][type][sq];
}

void arm_remove(arm_state *st, int sq)
{
    int p = st->board[sq];
    int side = p >> 3, type = p & 7;
    uint64_t b = arm_bit(sq);
    st->bb[side][type] &= ~b;
    st->occ[side] &= ~b;
    st->board[sq] = ARM_EMPTY;
    st->hash ^= arm_zobrist_piece[side][type][sq];
}

void arm_move_piece(arm_state *st, int from, int to)
{
    int p = st->board[from];
    int side = p >> 3, type = p & 7;
    uint64_t b = arm_bit(from) | arm_bit(to);
    st->bb[side][type] ^= b;
    st->occ[side] ^= b;
    st->board[to] = (uint8_t)p;
    st->board[from] = ARM_EMPTY;
    st->hash ^= arm_zobrist_piece[side][type][from] ^ arm_zobrist_piece[side][type][to];
}

int arm_captures(arm_state *st, int *sq_out, uint8_t *piece_out)
{
    int n = 0;
    for (int s = 0; s < 2; s++) {
        /* A piece on a trap needs a friend beside it; everything else on a trap goes. */
        uint64_t doomed = ARM_TRAPS & st->occ[s] & ~arm_neighbours(st->occ[s]);
        while (doomed) {
            int sq = arm_lsb(doomed);
            doomed &= doomed - 1;
            if (sq_out) sq_out[n] = sq;
            if (piece_out) piece_out[n] = st->board[sq];
            arm_remove(st, sq);
            n++;
        }
    }
    return n;
}

int arm_make_step(arm_state *st, int from, int dir, int *cap_sq, uint8_t *cap_piece)
{
    int to = arm_step_to(from, dir);
    arm_move_piece(st, from, to);
    /* A step can only leave unguarded the piece it moves (onto a trap) or a friend of it on a
     * trap beside the square it left; every state keeps no unguarded piece on a trap (each step
     * ends with its captures, and positions from text are refused with one). Most steps touch
     * no trap, and the goal and capture searches make millions of them. */
    if (!(ARM_TRAPS & (arm_bit(to) | arm_neighbours(arm_bit(from))))) return 0;
    return arm_captures(st, cap_sq, cap_piece);
}

void arm_apply_action(arm_state *st, const arm_action *a)
{
    for (int i = 0; i < a->n; i++) arm_make_step(st, a->step[i] >> 2, a->step[i] & 3, NULL, NULL);
}

uint64_t arm_frozen_among(const arm_state *st, int s, uint64_t among)
{
    /* Only a piece with an enemy beside it and no friend can be frozen; the neighbours of the
     * stronger enemies are made only for a type with such a piece (callgrind; docs/arimaa.md, the
     * thirty-sixth round). */
    int e = s ^ 1;
    uint64_t candidates = st->occ[s] & among & arm_neighbours(st->occ[e]);
    if (candidates) candidates &= ~arm_neighbours(st->occ[s]);
    uint64_t frozen = 0;
    uint64_t stronger = 0; /* enemy pieces stronger than the current type */
    for (int t = ARM_TYPES - 1; t >= 0 && candidates; t--) {
        uint64_t here = st->bb[s][t] & candidates;
        if (here && stronger) frozen |= here & arm_neighbours(stronger);
        stronger |= st->bb[e][t];
    }
    return frozen;
}

uint64_t arm_frozen(const arm_state *st, int s) { return arm_frozen_among(st, s, ~0ull); }

uint64_t arm_hash_full(const arm_state *st)
{
    uint64_t h = arm_phase_key(st);
    for (int s = 0; s < 2; s++)
        for (int t = 0; t < ARM_TYPES; t++)
            for (uint64_t b = st->bb[s][t]; b; b &= b - 1) h ^= arm_zobrist_piece[s][t][arm_lsb(b)];
    return h;
}

uint64_t arm_hash_after_turn(const arm_state *st)
{
    /* Only play turns reach here: the side key flips, the phase stays "play". */
    return st->hash ^ arm_zobrist_silver_to_move;
}

int arm_state_valid(const arm_state *st)
{
    uint64_t all = 0;
    for (int s = 0; s < 2; s++) {
        uint64_t occ = 0;
        for (int t = 0; t < ARM_TYPES; t++) {
            if (st->bb[s][t] & all) return 0;
            all |= st->bb[s][t];
            occ |= st->bb[s][t];
            for (uint64_t b = st->bb[s][t]; b; b &= b - 1)
                if (st->board[arm_lsb(b)] != s * 8 + t) return 0;
        }
        if (occ != st->occ[s]) return 0;
    }
    for (int sq = 0; sq < 64; sq++)
        if ((st->board[sq] == ARM_EMPTY) != !(all & arm_bit(sq))) return 0;
    if (st->side > 1 || st->phase > ARM_PHASE_PLAY) return 0;
    return st->hash == arm_hash_full(st);
}

int arm_static_result(const arm_state *st)
{
    if (st->phase != ARM_PHASE_PLAY) return BA_RESULT_ONGOING;
    int mover = st->side ^ 1, opp = st->side;
    static const int win[2] = {BA_RESULT_WIN0, BA_RESULT_WIN1};
    /* The official order: mover's goal, opponent's goal, opponent eliminated, mover eliminated. */
    if (st->bb[mover][ARM_RABBIT] & arm_goal_rank(mover)) return win[mover];
    if (st->bb[opp][ARM_RABBIT] & arm_goal_rank(opp)) return win[opp];
    if (!st->bb[opp][ARM_RABBIT]) return win[mover];
    if (!st->bb[mover][ARM_RABBIT]) return win[opp];
    return BA_RESULT_ONGOING;
}
