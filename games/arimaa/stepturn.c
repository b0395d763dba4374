/* A whole turn chosen by the step search: the search of the step game (steps.c) from the turn's
 * start, its line replayed to the turn's end, and short searches for the steps the line lacks.
 * The AEI session (aei.c) and the turn game's search_move hook (the registry's step_search) both
 * choose their turns here, so that the terminal game, the common text protocol and boardai-match
 * search as the AEI program does. */
#include "arimaa_internal.h"

void arm_step_turn_limits(const ba_limits *in, int side, ba_limits *out, int64_t *hard_ms)
{
    *out = *in;
    int64_t soft_ms = 0;
    *hard_ms = 0;
    ba_time_budget(in, side, &soft_ms, hard_ms);
    if (*hard_ms > 4 * ARM_TURN_RESERVE_MS) out->max_ms = *hard_ms - ARM_TURN_RESERVE_MS;
}

int arm_turn_from_line(ba_engine *engine, const ba_pos *spos, const ba_search_result *res,
                       int64_t left_ms, ba_move *turn, int *from_line, uint64_t spent[2])
{
    ba_pos *line = NULL;
    int rc = ba_pos_clone(spos, &line);
    if (rc != BA_OK) return rc;
    int side = ba_pos_side_to_move(line);
    memset(turn, 0, sizeof *turn);
    turn->tag = BA_ARIMAA_TAG_TURN;
    int whole_line = 1;
    ba_move moves[ARM_MAX_ACTIONS + 1];
    for (int i = 0; ba_pos_side_to_move(line) == side && ba_pos_result(line) == BA_RESULT_ONGOING;
         i++) {
        ba_move m = BA_MOVE_NONE;
        if (i < res->pv_len) {
            m = res->pv[i];
        } else {
            /* The line ends inside the turn (a table cut-off shortens it, or a stop at a low
             * depth): a short search over the rest of the turn chooses the remaining steps,
             * rather than a pass that would waste them. */
            whole_line = 0;
            const arm_state *cur = ba_pos_state(line);
            ba_limits l;
            ba_limits_init(&l);
            l.depth = arm_steps_left(cur) + 1;
            /* An equal share of what is left for each step still to choose: the first of
             * several short searches must not spend it all. */
            int64_t share = left_ms / arm_steps_left(cur);
            l.movetime_ms = left_ms < 0 ? 100 : share > 1 ? share : 1;
            ba_search_result r;
            if (ba_engine_search_limits(engine, line, &l, &r) == BA_OK && !ba_move_is_none(&r.best)) {
                m = r.best;
                if (spent) {
                    spent[0] += r.time_ms;
                    spent[1] += r.nodes;
                }
                if (left_ms >= 0)
                    left_ms = left_ms > (int64_t)r.time_ms ? left_ms - (int64_t)r.time_ms : 0;
            } else {
                int n = ba_pos_moves(line, moves, ARM_MAX_ACTIONS + 1);
                if (n <= 0) break;
                m = moves[0];
            }
        }
        ba_error err;
        if (ba_pos_play(line, &m, &err) != BA_OK) {
            rc = BA_ERR_INTERNAL;
            break;
        }
        if (m.tag == BA_ARIMAA_TAG_STEP && turn->len + m.len <= 4) {
            memcpy(turn->bytes + turn->len, m.bytes, m.len);
            turn->len = (uint8_t)(turn->len + m.len);
        }
    }
    ba_pos_free(line);
    if (rc == BA_OK && turn->len == 0) rc = BA_ERR_INTERNAL;
    if (from_line) *from_line = whole_line;
    return rc;
}

/* The game of @p pos (turns) as the step game @p step_game: the position after the last setup
 * (or the first position @p pos knows) as text, then every turn since as its steps, so that the
 * step game's history holds every position where a repetition can matter. Setups never repeat,
 * so nothing is lost before them. */
static int arm_steps_of_turns(const ba_pos *pos, const ba_game *step_game, ba_pos **out)
{
    *out = NULL;
    ba_pos *walk = NULL, *spos = NULL;
    int rc = ba_pos_clone(pos, &walk);
    size_t ply = ba_pos_ply(pos), first = ply;
    /* Back to the first turn of play that the history holds. */
    while (rc == BA_OK && first > 0) {
        rc = ba_pos_undo(walk);
        if (rc != BA_OK) break;
        if (((const arm_state *)ba_pos_state(walk))->phase != ARM_PHASE_PLAY) {
            ba_move m;
            ba_error err;
            rc = ba_pos_move_at(pos, first - 1, &m);
            if (rc == BA_OK) rc = ba_pos_play(walk, &m, &err);
            break;
        }
        first--;
    }
    char text[BA_POS_TEXT_MAX];
    ba_error err;
    if (rc == BA_OK) rc = ba_pos_text(walk, text, sizeof text) < 0 ? BA_ERR_INTERNAL : BA_OK;
    if (rc == BA_OK) rc = ba_pos_new(step_game, &spos);
    if (rc == BA_OK) rc = ba_pos_set_text(spos, text, &err);
    for (size_t i = first; i < ply && rc == BA_OK; i++) {
        ba_move turn, parts[5];
        rc = ba_pos_move_at(pos, i, &turn);
        if (rc != BA_OK) break;
        int k = arm_turn_to_step_moves(ba_pos_state(walk), &turn, parts);
        if (k <= 0) rc = BA_ERR_INTERNAL;
        for (int j = 0; j < k && rc == BA_OK; j++) rc = ba_pos_play(spos, &parts[j], &err);
        if (rc == BA_OK) rc = ba_pos_play(walk, &turn, &err);
    }
    ba_pos_free(walk);
    if (rc != BA_OK) {
        ba_pos_free(spos);
        return rc;
    }
    *out = spos;
    return BA_OK;
}

int arm_search_turn(const ba_game *g, ba_engine *engine, const ba_pos *pos,
                    const ba_limits *limits, ba_search_result *result)
{
    const arm_state *st = ba_pos_state(pos);
    const arm_params *p = g->params;
    /* A setup is chosen from a short list by the turn game's own search. */
    if (st->phase != ARM_PHASE_PLAY || !p->step_game) return BA_ERR_UNSUPPORTED;
    ba_engine *steps = NULL;
    int rc = ba_engine_companion(engine, p->step_game, &steps);
    ba_pos *spos = NULL;
    if (rc == BA_OK) rc = arm_steps_of_turns(pos, p->step_game, &spos);
    if (rc != BA_OK) return rc;
    /* Without limits, the engine's settings: its time per move is the turn's. */
    ba_limits given;
    if (limits) {
        given = *limits;
    } else {
        ba_limits_init(&given);
        int64_t ms = 0;
        if (ba_engine_get(engine, BA_OPT_TIME_MS, &ms) == BA_OK && ms > 0) given.movetime_ms = ms;
    }
    ba_limits l;
    int64_t hard_ms = 0;
    arm_step_turn_limits(&given, st->side, &l, &hard_ms);
    ba_search_result res;
    rc = ba_engine_search_limits(steps, spos, &l, &res);
    /* The short searches that complete the turn report nothing: their depths and nodes start
     * again from zero, and the engine's progress is the main search's. */
    if (rc == BA_OK) rc = ba_engine_set_progress(steps, NULL, NULL);
    ba_move turn = BA_MOVE_NONE;
    int from_line = 0;
    uint64_t spent[2] = {0, 0}; /* the short searches' milliseconds and nodes */
    if (rc == BA_OK) {
        int64_t main_ms = (int64_t)res.time_ms;
        int64_t left_ms = hard_ms <= 0 ? -1 : hard_ms > main_ms ? hard_ms - main_ms : 0;
        rc = arm_turn_from_line(steps, spos, &res, left_ms, &turn, &from_line, spent);
    }
    ba_pos_free(spos);
    if (rc != BA_OK) return rc;
    /* The turn as the turn game lists it (its generator's encoding, which the steps' bytes need
     * not match): through its notation, as a controller would read it. */
    char text[BA_MOVE_TEXT_MAX];
    ba_error err;
    if (ba_pos_move_text(pos, &turn, text, sizeof text) < 0 ||
        ba_pos_parse_move(pos, text, &turn, &err) != BA_OK)
        return BA_ERR_INTERNAL;
    memset(result, 0, sizeof *result);
    result->best = turn;
    result->pv[0] = turn;
    result->pv_len = 1;
    result->score = res.score;
    result->depth = res.depth;
    result->nodes = res.nodes + spent[1];
    result->stopped = res.stopped;
    /* A proven value holds for the turn only when the turn is the proven line's. */
    result->proven = res.proven && from_line;
    result->time_ms = res.time_ms + spent[0];
    return BA_OK;
}
