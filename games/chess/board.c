/* Chess move generation (legal, bitboards), making moves and the fast perft.
 *
 * Legality is decided while generating, not by trying moves: the king never steps onto an
 * attacked square (tested with the king lifted off the board, so sliders see through it); in
 * check only captures of the checker or blocks are generated (in double check king moves only);
 * pinned pieces move only along the line of their pin; en passant, whose legality depends on two
 * pawns leaving a line at once, is tested by removing both and looking for attackers. */
#include "chess_internal.h"

#if defined(__GNUC__)
#define CHS_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define CHS_ALWAYS_INLINE static inline
#endif

#define RANK_1 0x00000000000000FFULL
#define RANK_3 0x0000000000FF0000ULL
#define RANK_6 0x0000FF0000000000ULL
#define RANK_8 0xFF00000000000000ULL
#define NOT_A 0xFEFEFEFEFEFEFEFEULL
#define NOT_H 0x7F7F7F7F7F7F7F7FULL

/* Castling rights lost when a piece leaves or arrives at a square (rook and king homes). */
static const uint8_t castle_clear[64] = {
    [0] = CHS_WQ, [4] = CHS_WK | CHS_WQ, [7] = CHS_WK,
    [56] = CHS_BQ, [60] = CHS_BK | CHS_BQ, [63] = CHS_BK,
};

/* Squares strictly between @p a and @p b when they share a line, else 0. */
static chs_bb between(int a, int b)
{
    for (int t = 0; t < 4; t++) {
        if (chs_lines[t][a].both & chs_bit(b))
            return chs_line_att(&chs_lines[t][a], chs_bit(b)) & chs_line_att(&chs_lines[t][b], chs_bit(a));
    }
    return 0;
}

/* The whole line through @p a and @p b (both included) when aligned, else 0. */
static chs_bb line_through(int a, int b)
{
    for (int t = 0; t < 4; t++) {
        if (chs_lines[t][a].both & chs_bit(b))
            return chs_lines[t][a].both | chs_bit(a);
    }
    return 0;
}

int chs_king_square(const chs_board *b, int color)
{
    chs_bb k = b->piece[CHS_KING] & b->color[color];
    return k ? chs_lsb(k) : -1;
}

int chs_in_check(const chs_board *b)
{
    int k = chs_king_square(b, b->stm);
    if (k < 0)
        return 0;
    return chs_attackers(b, k, b->color[0] | b->color[1], b->stm ^ 1) != 0;
}

void chs_put(chs_board *b, int sq, uint8_t code)
{
    b->sq[sq] = code;
    b->piece[CHS_TYPE(code)] |= chs_bit(sq);
    b->color[CHS_COLOR(code)] |= chs_bit(sq);
    b->hash ^= chs_zobrist_piece[code][sq];
}

static inline void take_off(chs_board *b, int sq)
{
    uint8_t code = b->sq[sq];
    b->sq[sq] = 0;
    b->piece[CHS_TYPE(code)] ^= chs_bit(sq);
    b->color[CHS_COLOR(code)] ^= chs_bit(sq);
    b->hash ^= chs_zobrist_piece[code][sq];
}

static inline void shift_piece(chs_board *b, int from, int to)
{
    uint8_t code = b->sq[from];
    chs_bb ft = chs_bit(from) | chs_bit(to);
    b->sq[from] = 0;
    b->sq[to] = code;
    b->piece[CHS_TYPE(code)] ^= ft;
    b->color[CHS_COLOR(code)] ^= ft;
    b->hash ^= chs_zobrist_piece[code][from] ^ chs_zobrist_piece[code][to];
}

uint64_t chs_compute_hash(const chs_board *b)
{
    uint64_t h = 0;
    for (int s = 0; s < 64; s++)
        if (b->sq[s])
            h ^= chs_zobrist_piece[b->sq[s]][s];
    h ^= chs_zobrist_castle[b->castling & 15];
    if (b->ep != CHS_NO_EP)
        h ^= chs_zobrist_ep[b->ep & 7];
    if (b->stm)
        h ^= chs_zobrist_side;
    return h;
}

void chs_make(chs_board *b, chs_move m)
{
    const int from = CHS_FROM(m), to = CHS_TO(m), promo = CHS_PROMO(m);
    const int us = b->stm;
    const uint8_t code = b->sq[from];
    const int type = CHS_TYPE(code);
    const int old_ep = b->ep;

    b->hash ^= chs_zobrist_castle[b->castling];
    if (old_ep != CHS_NO_EP) {
        b->hash ^= chs_zobrist_ep[old_ep & 7];
        b->ep = CHS_NO_EP;
    }
    b->halfmove++;
    if (b->sq[to]) {
        take_off(b, to);
        b->halfmove = 0;
    }
    if (type == CHS_PAWN) {
        b->halfmove = 0;
        if (to == old_ep) {
            take_off(b, us == CHS_WHITE ? to - 8 : to + 8);
        } else if ((to ^ from) == 16) {
            /* Record the en-passant square only when an enemy pawn could take there, so that
             * positions compare (and hash) equal when the capture is impossible anyway. */
            int ep = (from + to) >> 1;
            if (chs_pawn_att[us][ep] & b->piece[CHS_PAWN] & b->color[us ^ 1]) {
                b->ep = (uint8_t)ep;
                b->hash ^= chs_zobrist_ep[ep & 7];
            }
        }
        if (promo) {
            take_off(b, from);
            chs_put(b, to, CHS_CODE(us, promo));
        } else {
            shift_piece(b, from, to);
        }
    } else {
        shift_piece(b, from, to);
        if (type == CHS_KING && (to - from == 2 || from - to == 2)) {
            if (to > from)
                shift_piece(b, to + 1, to - 1); /* h-rook to f */
            else
                shift_piece(b, to - 2, to + 1); /* a-rook to d */
        }
    }
    b->castling &= (uint8_t)~(castle_clear[from] | castle_clear[to]);
    b->hash ^= chs_zobrist_castle[b->castling];
    if (us == CHS_BLACK)
        b->fullmove++;
    b->stm = (uint8_t)(us ^ 1);
    b->hash ^= chs_zobrist_side;
}

/* Is the en-passant capture from @p from onto b->ep legal (own king not attacked after)? */
static int ep_capture_legal(const chs_board *b, int from, int ksq)
{
    const int us = b->stm, them = us ^ 1;
    const int ep = b->ep;
    const int capsq = us == CHS_WHITE ? ep - 8 : ep + 8;
    const chs_bb opp = b->color[them] ^ chs_bit(capsq);
    const chs_bb occ = ((b->color[0] | b->color[1]) ^ chs_bit(from) ^ chs_bit(capsq)) | chs_bit(ep);
    if (chs_rook_att(ksq, occ) & (b->piece[CHS_ROOK] | b->piece[CHS_QUEEN]) & opp)
        return 0;
    if (chs_bishop_att(ksq, occ) & (b->piece[CHS_BISHOP] | b->piece[CHS_QUEEN]) & opp)
        return 0;
    if (chs_knight_att[ksq] & b->piece[CHS_KNIGHT] & opp)
        return 0;
    if (chs_pawn_att[us][ksq] & b->piece[CHS_PAWN] & opp)
        return 0;
    return 1;
}

int chs_ep_legal(const chs_board *b)
{
    if (b->ep == CHS_NO_EP)
        return 0;
    int ksq = chs_king_square(b, b->stm);
    if (ksq < 0)
        return 0;
    chs_bb cand = chs_pawn_att[b->stm ^ 1][b->ep] & b->piece[CHS_PAWN] & b->color[b->stm];
    while (cand) {
        int from = chs_lsb(cand);
        cand &= cand - 1;
        if (ep_capture_legal(b, from, ksq))
            return 1;
    }
    return 0;
}

void chs_normalize_ep(chs_board *b)
{
    if (b->ep != CHS_NO_EP && !chs_ep_legal(b)) {
        b->hash ^= chs_zobrist_ep[b->ep & 7];
        b->ep = CHS_NO_EP;
    }
}

#define ADD(f, t, p)                                                                               \
    do {                                                                                           \
        if (!count_only)                                                                           \
            list[n] = CHS_MOVE((f), (t), (p));                                                     \
        n++;                                                                                       \
    } while (0)

#define ADD_PROMOS(f, t)                                                                           \
    do {                                                                                           \
        if (count_only) {                                                                          \
            n += 4;                                                                                \
        } else {                                                                                   \
            list[n++] = CHS_MOVE((f), (t), CHS_QUEEN);                                             \
            list[n++] = CHS_MOVE((f), (t), CHS_KNIGHT);                                            \
            list[n++] = CHS_MOVE((f), (t), CHS_ROOK);                                              \
            list[n++] = CHS_MOVE((f), (t), CHS_BISHOP);                                            \
        }                                                                                          \
    } while (0)

/* Pawn moves onto the squares of @p tos, all made by the same shift @p delta. */
#define PAWN_SET(tos, delta)                                                                       \
    do {                                                                                           \
        chs_bb promo_ = (tos) & (RANK_1 | RANK_8);                                                 \
        chs_bb plain_ = (tos) & ~(RANK_1 | RANK_8);                                                \
        if (count_only) {                                                                          \
            n += chs_popcount(plain_) + 4 * chs_popcount(promo_);                                  \
        } else {                                                                                   \
            while (plain_) {                                                                       \
                int t_ = chs_lsb(plain_);                                                          \
                plain_ &= plain_ - 1;                                                              \
                list[n++] = CHS_MOVE(t_ - (delta), t_, 0);                                         \
            }                                                                                      \
            while (promo_) {                                                                       \
                int t_ = chs_lsb(promo_);                                                          \
                promo_ &= promo_ - 1;                                                              \
                ADD_PROMOS(t_ - (delta), t_);                                                      \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* Moves of one piece from @p from onto @p tos. */
#define PIECE_SET(from, tos)                                                                       \
    do {                                                                                           \
        chs_bb tt_ = (tos);                                                                        \
        if (count_only) {                                                                          \
            n += chs_popcount(tt_);                                                                \
        } else {                                                                                   \
            while (tt_) {                                                                          \
                int t_ = chs_lsb(tt_);                                                             \
                tt_ &= tt_ - 1;                                                                    \
                list[n++] = CHS_MOVE((from), t_, 0);                                               \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* The generator; mode and count_only are constants at every call, so each use is specialised. */
CHS_ALWAYS_INLINE int gen_impl(const chs_board *b, chs_move *list, int mode, int count_only)
{
    const int us = b->stm, them = us ^ 1;
    const chs_bb own = b->color[us], opp = b->color[them], occ = own | opp;
    const chs_bb kings = b->piece[CHS_KING] & own;
    int n = 0;
    if (!kings)
        return 0; /* not a legal position; FEN parsing refuses it */
    const int ksq = chs_lsb(kings);
    const chs_bb checkers = chs_attackers(b, ksq, occ, them);

    /* King moves, tested with the king lifted off the board. */
    chs_bb kt = chs_king_att[ksq] & ~own;
    if (mode == CHS_GEN_NOISY && !checkers)
        kt &= opp;
    const chs_bb occ_nok = occ ^ kings;
    while (kt) {
        int to = chs_lsb(kt);
        kt &= kt - 1;
        if (!chs_attackers(b, to, occ_nok, them))
            ADD(ksq, to, 0);
    }
    if (checkers & (checkers - 1))
        return n; /* double check: only the king moves */

    /* Squares the other pieces may go to: anywhere not own, or block/capture a single checker.
     * In quiescence (noisy) a side in check still gets every evasion: standing pat in check
     * is not safe, so check evasions count as noisy (a frontier check extension). */
    chs_bb target = checkers ? (checkers | between(ksq, chs_lsb(checkers))) : ~own;
    const int noisy = mode == CHS_GEN_NOISY && !checkers;
    chs_bb piece_target = noisy ? (target & opp) : target;

    /* Pinned pieces: exactly one own piece between the king and an enemy slider on its line. */
    const chs_bb rq = (b->piece[CHS_ROOK] | b->piece[CHS_QUEEN]);
    const chs_bb bq = (b->piece[CHS_BISHOP] | b->piece[CHS_QUEEN]);
    chs_bb pinned = 0;
    chs_bb snipers = (((chs_lines[0][ksq].both | chs_lines[1][ksq].both) & rq) |
                      ((chs_lines[2][ksq].both | chs_lines[3][ksq].both) & bq)) & opp;
    while (snipers) {
        int s = chs_lsb(snipers);
        snipers &= snipers - 1;
        chs_bb btw = between(ksq, s) & occ;
        if (btw && !(btw & (btw - 1)) && (btw & own))
            pinned |= btw;
    }

    /* Knights (a pinned knight can never move). */
    chs_bb pcs = b->piece[CHS_KNIGHT] & own & ~pinned;
    while (pcs) {
        int from = chs_lsb(pcs);
        pcs &= pcs - 1;
        PIECE_SET(from, chs_knight_att[from] & piece_target);
    }
    /* Diagonal sliders. */
    pcs = bq & own;
    while (pcs) {
        int from = chs_lsb(pcs);
        pcs &= pcs - 1;
        chs_bb t = chs_bishop_att(from, occ) & piece_target;
        if (pinned & chs_bit(from))
            t &= line_through(ksq, from);
        PIECE_SET(from, t);
    }
    /* Straight sliders. */
    pcs = rq & own;
    while (pcs) {
        int from = chs_lsb(pcs);
        pcs &= pcs - 1;
        chs_bb t = chs_rook_att(from, occ) & piece_target;
        if (pinned & chs_bit(from))
            t &= line_through(ksq, from);
        PIECE_SET(from, t);
    }

    /* Pawns: unpinned ones set-wise, pinned ones one by one along their pin line. */
    const chs_bb pawns = b->piece[CHS_PAWN] & own;
    const chs_bb empty = ~occ;
    chs_bb free_pawns = pawns & ~pinned;
    if (us == CHS_WHITE) {
        chs_bb push1 = (free_pawns << 8) & empty;
        chs_bb push2 = ((push1 & RANK_3) << 8) & empty & target;
        push1 &= target;
        chs_bb capl = (free_pawns << 7) & NOT_H & opp & target;
        chs_bb capr = (free_pawns << 9) & NOT_A & opp & target;
        if (noisy) {
            push1 &= RANK_8;
            push2 = 0;
        }
        PAWN_SET(push1, 8);
        PAWN_SET(push2, 16);
        PAWN_SET(capl, 7);
        PAWN_SET(capr, 9);
    } else {
        chs_bb push1 = (free_pawns >> 8) & empty;
        chs_bb push2 = ((push1 & RANK_6) >> 8) & empty & target;
        push1 &= target;
        chs_bb capl = (free_pawns >> 9) & NOT_H & opp & target;
        chs_bb capr = (free_pawns >> 7) & NOT_A & opp & target;
        if (noisy) {
            push1 &= RANK_1;
            push2 = 0;
        }
        PAWN_SET(push1, -8);
        PAWN_SET(push2, -16);
        PAWN_SET(capl, -9);
        PAWN_SET(capr, -7);
    }
    chs_bb pinned_pawns = pawns & pinned;
    while (pinned_pawns) {
        int from = chs_lsb(pinned_pawns);
        pinned_pawns &= pinned_pawns - 1;
        int up = us == CHS_WHITE ? 8 : -8;
        chs_bb t = chs_pawn_att[us][from] & opp;
        if (!(occ & chs_bit(from + up))) {
            t |= chs_bit(from + up);
            int rank = from >> 3;
            if ((us == CHS_WHITE ? rank == 1 : rank == 6) && !(occ & chs_bit(from + 2 * up)))
                t |= chs_bit(from + 2 * up);
        }
        t &= target & line_through(ksq, from);
        if (noisy)
            t &= opp | RANK_1 | RANK_8;
        while (t) {
            int to = chs_lsb(t);
            t &= t - 1;
            if (chs_bit(to) & (RANK_1 | RANK_8))
                ADD_PROMOS(from, to);
            else
                ADD(from, to, 0);
        }
    }
    /* En passant. */
    if (b->ep != CHS_NO_EP) {
        chs_bb cand = chs_pawn_att[them][b->ep] & pawns;
        while (cand) {
            int from = chs_lsb(cand);
            cand &= cand - 1;
            if (ep_capture_legal(b, from, ksq))
                ADD(from, b->ep, 0);
        }
    }
    /* Castling: rights, empty squares between king and rook, king not in check and not
     * passing through or landing on an attacked square. */
    if (mode == CHS_GEN_ALL && !checkers) {
        const int base = us == CHS_WHITE ? 0 : 56;
        const int k_right = us == CHS_WHITE ? CHS_WK : CHS_BK;
        const int q_right = us == CHS_WHITE ? CHS_WQ : CHS_BQ;
        if ((b->castling & k_right) && !(occ & ((chs_bb)0x60 << base)) &&
            !chs_attackers(b, base + 5, occ, them) && !chs_attackers(b, base + 6, occ, them))
            ADD(base + 4, base + 6, 0);
        if ((b->castling & q_right) && !(occ & ((chs_bb)0x0E << base)) &&
            !chs_attackers(b, base + 3, occ, them) && !chs_attackers(b, base + 2, occ, them))
            ADD(base + 4, base + 2, 0);
    }
    return n;
}

int chs_generate(const chs_board *b, chs_move *list, int mode)
{
    if (mode == CHS_GEN_NOISY)
        return gen_impl(b, list, CHS_GEN_NOISY, 0);
    return gen_impl(b, list, CHS_GEN_ALL, 0);
}

int chs_count_legal(const chs_board *b)
{
    return gen_impl(b, NULL, CHS_GEN_ALL, 1);
}

/* Perft with bulk counting: the last ply is counted, not played. */
static uint64_t perft_plain(const chs_board *b, int depth)
{
    if (depth <= 1)
        return depth <= 0 ? 1 : (uint64_t)gen_impl(b, NULL, CHS_GEN_ALL, 1);
    chs_move list[CHS_MAX_MOVES];
    int n = gen_impl(b, list, CHS_GEN_ALL, 0);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        chs_board c = *b;
        chs_make(&c, list[i]);
        total += perft_plain(&c, depth - 1);
    }
    return total;
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
/* The same perft compiled for CPUs with the POPCNT instruction, chosen at run time: the
 * default x86-64 target has to count bits in software, which halves perft speed. */
__attribute__((target("popcnt"))) static uint64_t perft_popcnt(const chs_board *b, int depth)
{
    if (depth <= 1)
        return depth <= 0 ? 1 : (uint64_t)gen_impl(b, NULL, CHS_GEN_ALL, 1);
    chs_move list[CHS_MAX_MOVES];
    int n = gen_impl(b, list, CHS_GEN_ALL, 0);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        chs_board c = *b;
        chs_make(&c, list[i]);
        total += perft_popcnt(&c, depth - 1);
    }
    return total;
}
#define CHS_HAVE_POPCNT_PERFT 1
#endif

uint64_t chs_perft(const chs_board *b, int depth)
{
#ifdef CHS_HAVE_POPCNT_PERFT
    if (__builtin_cpu_supports("popcnt"))
        return perft_popcnt(b, depth);
#endif
    return perft_plain(b, depth);
}
