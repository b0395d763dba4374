/*
 * Camelot's end of the game, checked after every move, in this order (decisive rules first):
 *  1. two pieces of a side in the opponent's castle: that side wins (the side that just moved is
 *     looked at first);
 *  2. a side with no pieces against two or more: the other side wins;
 *  3. both sides with at most one piece: draw;
 *  4. the side to move has no legal move: it loses if the opponent has two or more pieces, else
 *     draw;
 *  5. third occurrence of the position (same board, side to move, castle-move counts and castle
 *     obligations, i.e. the same hash): draw (option repetition_draw);
 *  6. 100 plies without a capture or a castle entry: draw (option fifty_move_rule).
 */
#include <string.h>

#include "camelot/castle.h"
#include "camelot/endgame.h"
#include "camelot/movegen.h"
#include "camelot/params.h"

/* Pieces of `side` standing in the opponent's castle. */
static int cam_in_opp_castle(const cam_state *s, int side)
{
    int a = side == 0 ? CAM_SQ_F16 : CAM_SQ_F1;
    return cam_is_own(s->board[a], side) + cam_is_own(s->board[a + 1], side);
}


/* The results that do not need the list of moves (rules 1-3, 5, 6). */
static int cam_result_cheap(const cam_state *s)
{
    int mover = 1 - s->side_to_move;
    if (cam_in_opp_castle(s, mover) >= 2) return mover == 0 ? BA_RESULT_WIN0 : BA_RESULT_WIN1;
    if (cam_in_opp_castle(s, 1 - mover) >= 2) return mover == 0 ? BA_RESULT_WIN1 : BA_RESULT_WIN0;
    int n0 = s->piece_count[0], n1 = s->piece_count[1];
    if (n0 == 0 && n1 >= 2) return BA_RESULT_WIN1;
    if (n1 == 0 && n0 >= 2) return BA_RESULT_WIN0;
    if (n0 <= 1 && n1 <= 1) return BA_RESULT_DRAW;
    return BA_RESULT_ONGOING;
}

static int cam_result_repetition(const ba_game *g, const cam_state *s, const ba_history *hist)
{
    const ba_camelot_options *o = cam_options(g);
    if (o->repetition_draw && hist != NULL && hist->hashes != NULL) {
        /* Positions before the last capture or castle entry cannot recur (fewer pieces, or a
         * piece that never leaves the castle), so only the last quiet_plies entries count. */
        size_t window = s->quiet_plies < hist->count ? s->quiet_plies : hist->count;
        int seen = 0;
        for (size_t i = 0; i < window; i++)
            if (hist->hashes[hist->count - 1 - i] == s->hash && ++seen >= 2) return BA_RESULT_DRAW;
    }
    if (o->fifty_move_rule && s->quiet_plies >= 100) return BA_RESULT_DRAW;
    return BA_RESULT_ONGOING;
}

int cam_result(const ba_game *g, const cam_state *s, const ba_history *hist)
{
    int r = cam_result_cheap(s);
    if (r != BA_RESULT_ONGOING) return r;
    /* Any legal move, without listing them: the own-castle obligation only narrows the choice
     * to moves that exist anyway (or lapses), and a knight's canter that the knight rule
     * forbids lands where a jump exists, i.e. a Charge exists; so the side has a move iff it
     * has one by the piece rules. */
    if (!cam_side_has_move(g, s)) {
        int opp = 1 - s->side_to_move;
        if (s->piece_count[opp] >= 2) return opp == 0 ? BA_RESULT_WIN0 : BA_RESULT_WIN1;
        return BA_RESULT_DRAW;
    }
    return cam_result_repetition(g, s, hist);
}

int cam_game_over_without_movelist(const ba_game *g, const cam_state *s, const ba_history *hist)
{
    int r = cam_result_cheap(s);
    if (r != BA_RESULT_ONGOING) return r;
    return cam_result_repetition(g, s, hist);
}
