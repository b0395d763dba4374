/*
 * Camelot move generation's working state and move list: starting a generation, and adding a
 * move with the canonical encoding (one encoding per (start, end, captured set)).
 */
#include <string.h>

#include "camelot/genlist.h"
#include "camelot/params.h"

void cam_gen_init(cam_gen *gen, const ba_game *g, const cam_state *s, ba_move *moves, size_t cap)
{
    const ba_camelot_options *o = cam_options(g);
    gen->s = s;
    gen->side = s->side_to_move;
    gen->knight_rule = o->knight_canter_rule;
    gen->castle_limit = o->castle_moves_per_player;
    gen->moves = moves;
    gen->cap = cap;
    gen->n = 0;
    gen->err = BA_OK;
    gen->piece_first = 0;
    gen->only_from = CAM_NO_SQUARE;
    gen->canter_ok_ready = 0;
    gen->step_ok_ready = 0;
}

/* The squares a capture path jumped over: the middles of its legs that held an enemy piece when
 * the move began (canter legs leap friends; each enemy is jumped at most once). */
static void cam_path_captures(const cam_state *s, int side, const uint8_t *path, int len, cam_sqset *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 1; i < len; i++) {
        int a = path[i - 1], b = path[i];
        for (int d = 0; d < CAM_DIRS; d++) {
            if (cam_leap[a][d] == b) {
                int mid = cam_step[a][d];
                if (cam_is_enemy(s->board[mid], side)) cam_sqset_add(out, mid);
                break;
            }
        }
    }
}

/* 1 if path a is the canonical choice over path b (shorter, then bytewise smaller). */
static int cam_path_better(const uint8_t *a, int alen, const uint8_t *b, int blen)
{
    if (alen != blen) return alen < blen;
    return memcmp(a, b, (size_t)alen) < 0;
}

/* The captured set of the current piece's move i (kept, or rebuilt from its path). */
static void cam_move_captures(const cam_gen *gen, size_t i, cam_sqset *out)
{
    size_t k = i - gen->piece_first;
    if (k < CAM_GEN_CAPS) {
        *out = gen->caps[k];
        return;
    }
    const ba_move *m = &gen->moves[i];
    cam_path_captures(gen->s, gen->side, m->bytes, m->len, out);
}

void cam_gen_emit(cam_gen *gen, int kind, const uint8_t *path, int len, const cam_sqset *captured)
{
    if (gen->err != BA_OK) return;
    if (len < 2 || len > CAM_PATH_MAX) {
        gen->err = BA_ERR_INTERNAL;
        return;
    }
    int capture = kind == CAM_MOVE_JUMP || kind == CAM_MOVE_CHARGE;
    if (capture) {
        if (captured == NULL) {
            gen->err = BA_ERR_INTERNAL;
            return;
        }
        /* Move identity is (start, end, captured set): merge chains that differ only in order
         * or in the canter route. */
        for (size_t i = gen->piece_first; i < gen->n; i++) {
            ba_move *m = &gen->moves[i];
            if (m->tag != CAM_MOVE_JUMP && m->tag != CAM_MOVE_CHARGE) continue;
            if (m->bytes[0] != path[0] || m->bytes[m->len - 1] != path[len - 1]) continue;
            cam_sqset theirs;
            cam_move_captures(gen, i, &theirs);
            if (memcmp(captured, &theirs, sizeof theirs) != 0) continue;
            if (cam_path_better(path, len, m->bytes, m->len)) {
                memset(m, 0, sizeof *m);
                m->len = (uint8_t)len;
                m->tag = (uint8_t)kind;
                memcpy(m->bytes, path, (size_t)len);
            }
            return;
        }
    }
    ba_move *m = cam_gen_slot(gen, kind, len);
    if (!m) return;
    memcpy(m->bytes, path, (size_t)len);
    size_t k = gen->n - 1 - gen->piece_first;
    if (capture && k < CAM_GEN_CAPS) gen->caps[k] = *captured;
}
