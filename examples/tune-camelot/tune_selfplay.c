/*
 * The tuner's data: fast self-play games from random openings, every quiet position after the
 * opening labelled with its game's result. Quiet means no capture is legal (captures are
 * compulsory, so a position with one is mid-exchange and its static value misleads the fit).
 * One engine plays both sides at a fixed depth (or node count) with a per-game seed and the
 * deterministic option, so a run is reproducible for a seed.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prog_util.h"
#include "tune.h"

/* 1 when a legal move of the position captures ('x' in its WCF text: a jump or a Charge). */
static int has_capture(const ba_pos *pos, const ba_move *moves, int n)
{
    for (int i = 0; i < n; i++) {
        char text[BA_MOVE_TEXT_MAX];
        if (ba_pos_move_text(pos, &moves[i], text, sizeof text) >= 0 && strchr(text, 'x'))
            return 1;
    }
    return 0;
}

/* One game. Its positions go to @p out with the result filled in at the end. */
static int play_game(const tc_selfplay_cfg *cfg, int index, ba_engine *engine, const ba_game *probe,
                     ba_move *moves, tc_set *out, tc_selfplay_stats *st, ba_error *err)
{
    ba_pos *pos = NULL;
    int rc = ba_pos_new(cfg->game, &pos);
    if (rc != BA_OK)
        return ba_error_set(err, rc, "cannot make a position");
    uint64_t rng = cfg->seed * 1000003ull + (uint64_t)index;
    size_t first = out->n;
    ba_engine_clear(engine);
    ba_engine_set(engine, BA_OPT_SEED, (int64_t)(prog_next_random(&rng) >> 2));
    for (int ply = 0; ply < cfg->max_plies && ba_pos_result(pos) == BA_RESULT_ONGOING; ply++) {
        int n = ba_pos_moves(pos, moves, cfg->game->max_moves);
        if (n <= 0) {
            rc = ba_error_set(err, BA_ERR_STATE, "game %d: no moves in an unfinished game", index);
            goto end;
        }
        ba_move move;
        if (ply < cfg->random_plies) {
            move = moves[prog_next_random(&rng) % (uint64_t)n];
        } else {
            if (has_capture(pos, moves, n)) {
                st->skipped_noisy++;
            } else {
                tc_record r;
                if ((rc = tc_record_from_pos(pos, probe, &r, err)) != BA_OK)
                    goto end;
                r.game = index;
                if (tc_record_is_terminal(&r))
                    st->skipped_terminal++;
                else if (tc_set_push(out, &r) != 0) {
                    rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory after %zu positions", out->n);
                    goto end;
                }
            }
            ba_search_result res;
            if ((rc = ba_engine_search(engine, pos, &res)) != BA_OK) {
                ba_error_set(err, rc, "game %d: the search failed", index);
                goto end;
            }
            move = res.best;
        }
        if ((rc = ba_pos_play(pos, &move, err)) != BA_OK)
            goto end;
    }
    int result = ba_pos_result(pos), winner = ba_result_winner(result);
    st->games++;
    st->white_wins += winner == 0;
    st->black_wins += winner == 1;
    st->draws += winner < 0; /* drawn, or still going at max_plies */
    for (size_t i = first; i < out->n; i++) {
        tc_record *r = &out->rec[i];
        r->result = winner < 0 ? 0.5 : winner == r->stm ? 1.0 : 0.0;
    }
    st->positions += out->n - first;
end:
    ba_pos_free(pos);
    return rc;
}

int tc_selfplay(const tc_selfplay_cfg *cfg, tc_set *out, tc_selfplay_stats *stats, ba_error *err)
{
    memset(stats, 0, sizeof *stats);
    ba_game *probe = NULL;
    ba_engine *engine = NULL;
    ba_move *moves = malloc(cfg->game->max_moves * sizeof *moves);
    if (!moves)
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory for the move list");
    int rc = tc_probe_game(&probe, err);
    if (rc != BA_OK) {
        free(moves);
        return rc;
    }
    if ((rc = ba_engine_new(cfg->game, &engine)) != BA_OK) {
        ba_error_set(err, rc, "cannot make an engine");
        goto end;
    }
    if ((rc = ba_engine_set(engine, BA_OPT_DETERMINISTIC, 1)) != BA_OK ||
        (rc = ba_engine_set(engine, BA_OPT_DEPTH, cfg->depth)) != BA_OK ||
        (rc = ba_engine_set(engine, BA_OPT_NODES, cfg->nodes)) != BA_OK ||
        (rc = ba_engine_set(engine, BA_OPT_TT_MB, 16)) != BA_OK) {
        ba_error_set(err, rc, "engine options refused (depth %d, nodes %lld)", cfg->depth,
                     (long long)cfg->nodes);
        goto end;
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int g = 0; g < cfg->games; g++) {
        if (cfg->max_seconds > 0 && prog_seconds_since(&t0) > cfg->max_seconds)
            break;
        if ((rc = play_game(cfg, g, engine, probe, moves, out, stats, err)) != BA_OK)
            break;
    }
end:
    ba_engine_free(engine);
    ba_game_destroy(probe);
    free(moves);
    return rc;
}
