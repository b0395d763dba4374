/*
 * Camelot's selective-search hooks (docs/camelot-engine.md, "Selective search"): the null move,
 * when passing is unsafe, the futility margin and which moves are noisy.
 *
 * Why a pass is unsafe when a capture is compulsory (or a piece must leave its own castle): the
 * null-move test assumes that the side to move has a move at least as good as passing. Under
 * compulsory capture the side to move has no choice but a capture, and Nolan's exposure trap
 * (factor 10) exists exactly because such a forced capture can be worse than doing nothing: the
 * capturing piece lands where it is taken back with interest. A pass there would claim a freedom
 * the rules deny, and prune lines in which the side is in fact in trouble. The same holds for
 * the own-castle obligation. With three or fewer pieces a side is in the endgame, where being
 * forced to move matters most (Nolan: most endings are not drawn), so no pass there either.
 *
 * The same compulsion shapes the futility margin and the noisy moves below: a node or a move
 * that changes who must capture next is never judged by the static value alone.
 */
#include "camelot/castle.h"
#include "camelot/movegen.h"
#include "camelot/selective.h"

int cam_make_null(const ba_game *g, void *state)
{
    (void)g;
    cam_state *s = state;
    int side = s->side_to_move;
    /* The pass is a turn of `side`: its castle obligation (if any) lapses, as after any move. */
    if (s->must_leave[side] != CAM_NO_SQUARE) {
        s->hash ^= cam_zobrist_misc[(side == 0 ? 4 : 6) + (s->must_leave[side] & 1)];
        s->must_leave[side] = CAM_NO_SQUARE;
    }
    if (s->quiet_plies < UINT16_MAX)
        s->quiet_plies++;
    s->side_to_move = (uint8_t)(1 - side);
    s->hash ^= cam_zobrist_misc[0];
    return BA_OK;
}

int cam_null_move_unsafe(const ba_game *g, const void *state)
{
    (void)g;
    const cam_state *s = state;
    int side = s->side_to_move;
    if (s->piece_count[side] <= 3)
        return 1;
    if (cam_obliged_piece(s) != CAM_NO_SQUARE)
        return 1;
    return cam_side_can_jump(s, side);
}

/* Only noisy moves: a capture is compulsory, or a piece must leave its own castle (and can:
 * without a way out the obligation lapses). The core then neither prunes the node nor stands pat
 * in quiescence, since doing nothing is exactly what the rules forbid here. */
int cam_noisy_only(const ba_game *g, const void *state)
{
    const cam_state *s = state;
    int obliged = cam_obliged_piece(s);
    if (obliged != CAM_NO_SQUARE && cam_piece_has_move(g, s, obliged))
        return 1;
    return cam_side_can_jump(s, s->side_to_move);
}

/* A node is sharp when a capture decides its next ply: the side to move must capture (or must
 * leave its own castle), or the opponent could capture at once if the side to move did nothing,
 * i.e. a piece of the side to move is exposed. The static value ignores both: the capture (or
 * the exposure trap that a forced capture may walk into) is worth a man or more, far beyond any
 * futility margin, so neither futility pruning nor its reverse may judge the node by it. */
static int cam_node_sharp(const cam_state *s)
{
    int side = s->side_to_move;
    return cam_obliged_piece(s) != CAM_NO_SQUARE || cam_side_can_jump(s, side) ||
           cam_side_can_jump(s, 1 - side);
}

/* A quiet move changes Nolan's evaluation mostly through advance (a long canter can gain some
 * 40 points), mobility and the support terms: half a man per ply (5,000 hundredths) is a wide
 * margin. At a sharp node the margin is 0, which tells the core not to prune by it there. */
int cam_futility_margin(const ba_game *g, const void *state, int depth)
{
    (void)g;
    if (cam_node_sharp(state))
        return 0;
    return 5000 * depth;
}

/* Captures, leaving one's own castle (factors 12 and 11) and entering the opponent's castle
 * (half of a castle win) change the game sharply: never reduced nor pruned as quiet. So do the
 * quiet moves that change who can capture next: a move that offers the opponent a capture (a
 * sacrifice, or Nolan's exposure trap, factor 10: the opponent must take, on our terms), one
 * that saves an exposed piece, and one that threatens a capture of our own. Under compulsory
 * capture such a move forces the reply, like a check in chess, so its value is a capture's,
 * not a quiet move's. */
int cam_move_noisy(const ba_game *g, const void *state, const ba_move *move)
{
    (void)g;
    const cam_state *s = state;
    if (move->tag == CAM_MOVE_JUMP || move->tag == CAM_MOVE_CHARGE)
        return 1;
    if (move->len < 2)
        return 0;
    int side = s->side_to_move, from = move->bytes[0], to = move->bytes[move->len - 1];
    if (from >= CAM_SQUARES || to >= CAM_SQUARES)
        return 0;
    if (cam_is_own_castle(from, side))
        return 1;
    if (cam_is_opp_castle(to, side))
        return !cam_is_opp_castle(from, side);
    /* A plain move or canter only moves one piece from `from` to `to` (castle moves stay in the
     * opponent's castle, where nothing can be jumped): the board and the piece sets after it
     * (the capture test reads both), without the rest of the move's bookkeeping, are all the
     * capture test needs. */
    cam_state t = *s;
    uint8_t piece = t.board[from];
    cam_state_piece_sets(&t, piece, from, -1);
    cam_state_piece_sets(&t, piece, to, 1);
    t.board[to] = piece;
    t.board[from] = CAM_EMPTY;
    if (cam_side_can_jump(&t, 1 - side) != cam_side_can_jump(s, 1 - side))
        return 1;
    return cam_side_can_jump(&t, side);
}
