/* Static exchange evaluation: what a capture wins or loses on its square once both sides have
 * recaptured with their least valuable pieces for as long as it pays (the swap algorithm, as
 * described on the Chess Programming Wiki, "SEE - The Swap Algorithm"). Sliders behind a piece
 * that takes join in (x-rays); pins are ignored, as in most engines. */
#include "chess_internal.h"

/* Centipawns; the king's value only makes "the king captures into a defended square" lose. */
static const int see_value[CHS_NTYPES] = {100, 320, 330, 500, 950, 20000};

static int max_int(int a, int b) { return a > b ? a : b; }

/* The least valuable piece of @p set (which is not empty): its bit, its type in *type. */
static chs_bb least_valuable(const chs_board *b, chs_bb set, int *type)
{
    for (int t = CHS_PAWN; t < CHS_KING; t++) {
        chs_bb x = set & b->piece[t];
        if (x) {
            *type = t;
            return x & (0 - x);
        }
    }
    *type = CHS_KING;
    return set & (0 - set);
}

int chs_see(const chs_board *b, chs_move m)
{
    const int from = CHS_FROM(m), to = CHS_TO(m), promo = CHS_PROMO(m);
    const uint8_t mover = b->sq[from], victim = b->sq[to];
    if (!mover)
        return 0;
    chs_bb occ = b->color[0] | b->color[1];
    int gain[40];
    gain[0] = victim ? see_value[CHS_TYPE(victim)] : 0;
    if (!victim && CHS_TYPE(mover) == CHS_PAWN && to == b->ep) {
        gain[0] = see_value[CHS_PAWN];
        occ ^= chs_bit(to ^ 8); /* the pawn taken en passant stands behind the target square */
    }
    int on_square = see_value[CHS_TYPE(mover)]; /* what the next capture on `to` takes */
    if (promo) {
        gain[0] += see_value[promo] - see_value[CHS_PAWN];
        on_square = see_value[promo];
    }
    occ ^= chs_bit(from);
    int side = CHS_COLOR(mover) ^ 1, d = 0;
    chs_bb attackers = (chs_attackers(b, to, occ, 0) | chs_attackers(b, to, occ, 1)) & occ;
    while (d < 38) {
        chs_bb mine = attackers & b->color[side];
        if (!mine)
            break;
        int type;
        chs_bb bit = least_valuable(b, mine, &type);
        if (type == CHS_KING && (attackers & b->color[side ^ 1]))
            break; /* the king may not take a defended piece */
        d++;
        gain[d] = on_square - gain[d - 1]; /* side takes what stands on the square */
        on_square = see_value[type];
        occ ^= bit;
        attackers = (chs_attackers(b, to, occ, 0) | chs_attackers(b, to, occ, 1)) & occ;
        side ^= 1;
    }
    /* Back from the last capture: each side may stop taking when going on loses. */
    while (d > 0) {
        gain[d - 1] = -max_int(-gain[d - 1], gain[d]);
        d--;
    }
    return gain[0];
}

int chs_capture_loses(const chs_board *b, chs_move m)
{
    const uint8_t mover = b->sq[CHS_FROM(m)], victim = b->sq[CHS_TO(m)];
    if (!mover || CHS_PROMO(m))
        return 0;
    /* Taking a piece worth at least the taker never loses material: skip the exchange. */
    int victim_value = victim ? see_value[CHS_TYPE(victim)] : see_value[CHS_PAWN];
    if (victim_value >= see_value[CHS_TYPE(mover)])
        return 0;
    return chs_see(b, m) < 0;
}
