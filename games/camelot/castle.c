/*
 * Camelot's castle rules that are not plain geometry:
 * - the own-castle obligation: a piece whose move ended in its own castle must leave it on its
 *   side's next turn (before any other obligation); [choice] with no way out it lapses;
 * - castle moves: a piece in the opponent's castle may step to the other castle square if it is
 *   empty, at most `castle_moves_per_player` times per player, and never when a capture is
 *   compulsory (a castle move is not a capture).
 * (Entering one's own castle only by a jump, and a move ending on entering the opponent's castle,
 * are enforced where plain moves, canters and jumps are generated.)
 */
#include "camelot/castle.h"

int cam_obliged_piece(const cam_state *s)
{
    int side = s->side_to_move;
    int sq = s->must_leave[side];
    if (sq == CAM_NO_SQUARE || sq >= CAM_SQUARES) return CAM_NO_SQUARE;
    if (!cam_is_own_castle(sq, side) || !cam_is_own(s->board[sq], side)) return CAM_NO_SQUARE;
    return sq;
}

void cam_gen_castle_moves(cam_gen *gen, int from, int capture_compulsory)
{
    if (capture_compulsory) return;
    if (gen->s->castle_moves[gen->side] >= gen->castle_limit) return;
    int other = (from == CAM_SQ_F1) ? CAM_SQ_G1 : (from == CAM_SQ_G1) ? CAM_SQ_F1
              : (from == CAM_SQ_F16) ? CAM_SQ_G16 : CAM_SQ_F16;
    if (gen->s->board[other] != CAM_EMPTY) return;
    uint8_t path[2] = {(uint8_t)from, (uint8_t)other};
    cam_gen_emit(gen, CAM_MOVE_CASTLE, path, 2, NULL);
}
