/* Lengthens the principal variation of a completed alpha-beta depth with the table's best moves:
 * a line whose search ended in a table cut-off has a PV only down to that node. */
#include "game_checked.h"
#include "search.h"

void bac_pv_extend(bac_search *s, ba_search_result *res, int max_len)
{
    const ba_game *g = s->g;
    if (!s->eng->tt.slots || res->pv_len <= 0)
        return;
    /* The walk reuses the frames and path of the finished iteration; a failure here must not
     * turn a completed search into an aborted one. */
    int saved_abort = s->abort, saved_error = s->error;
    int len = 0;
    for (; len < res->pv_len; len++) {
        s->f[len].hash = g->hash(g, s->f[len].state);
        if (len + 1 >= s->nframes || bac_make_child(s, len, &res->pv[len]) < 0)
            break;
    }
    if (len == res->pv_len) {
        while (len < max_len && len < BA_MAX_PV && len + 1 < s->nframes) {
            bac_frame *f = &s->f[len];
            f->hash = g->hash(g, f->state);
            ba_history h;
            h.hashes = s->path;
            h.count = s->hist_len + (size_t)len;
            if (bac_game_status(g, f->state, &h) != BA_RESULT_ONGOING)
                break;
            /* hash ^ salt: the entry of any game, or the move-only entry of a history game */
            bac_tt_entry e;
            if (!bac_tt_probe(&s->eng->tt, f->hash ^ s->key_salt, &e) ||
                e.move == BAC_TT_NO_MOVE || e.flag == BAC_TT_UPPER)
                break;
            int n = bac_generate(s, len, 0);
            if (n <= 0 || e.move >= (uint32_t)n)
                break;
            res->pv[len] = f->moves[e.move];
            if (bac_make_child(s, len, &res->pv[len]) < 0)
                break;
            len++;
        }
        res->pv_len = len;
    }
    s->abort = saved_abort;
    s->error = saved_error;
}
