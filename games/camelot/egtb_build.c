/*
 * Camelot endgame tables: the generator, by retrograde analysis (docs/camelot-endgames.md).
 *
 * Each ending is closed: a move that is not a capture keeps the three pieces, and every capture
 * ends the game (the attacker's wins, the defender's leaves one piece each, a draw). So the
 * positions of an ending and the moves between them form a finite graph, built once with the
 * game's own move generator (no second copy of the rules):
 *
 * 1. Forward pass, once per "unit" (a position without its castle counts: the moves do not
 *    depend on them, except that a castle move needs one left), and only for one unit of each
 *    pair of left-right mirror images (eg_canonical): every legal move is either
 *    decisive at once (a capture or the second piece entering the castle: a win for the
 *    attacker, a draw for the defender) or leads to another unit, a castle move marked as one.
 * 2. The edges are turned round (predecessor lists).
 * 3. Retrograde breadth-first pass over the positions (unit x castle counts): positions with a
 *    winning move are wins in 1, a defender without a move is lost in 0; a position all of whose
 *    moves lead to wins of the opponent is lost, one move after the slowest of them; a
 *    predecessor of a loss is a win one move after the fastest. Processing positions in order
 *    of distance makes every distance the exact minimax one (shortest win, longest loss).
 *    Positions never reached are draws: neither side can force anything from them.
 *
 * The 50-move rule and repetitions are left out of the table (see the probe).
 */
#include <stdlib.h>
#include <string.h>

#include "camelot/egtb.h"
#include "camelot/egtb_index.h"

#define EG_VALID 1u
#define EG_WIN 2u  /* the side to move has a move that wins at once */
#define EG_DRAW 4u /* the side to move has a move that draws at once (the defender's capture) */
#define EG_CASTLE 0x80000000u

typedef struct eg_graph {
    uint32_t units;
    uint8_t *flags;   /* per unit: EG_ */
    uint8_t *nplain;  /* moves to other units that are not castle moves */
    uint8_t *ncastle; /* castle moves to other units */
    uint32_t *roff;   /* predecessor list of unit v: redge[roff[v] .. roff[v + 1]) */
    uint32_t *redge;  /* predecessor unit | EG_CASTLE */
} eg_graph;

static void eg_graph_free(eg_graph *gr)
{
    free(gr->flags);
    free(gr->nplain);
    free(gr->ncastle);
    free(gr->roff);
    free(gr->redge);
}

/* The unit of pieces a, b (attacker), d (defender), side to move stm. */
static uint32_t eg_unit(int ending, int a, int b, int d, int stm)
{
    uint64_t pair = (uint64_t)cam_egtb_pair(ending, a, b);
    return (uint32_t)((pair * CAM_SQUARES + (uint64_t)d) * 2 + (uint64_t)stm);
}

/* The board's left-right mirror (files A..L reversed) maps the rules onto themselves (each castle
 * onto itself, F and G swapped), so a unit and its mirror image have the same value: only the
 * smaller of the two ("canonical") is solved, and the other is copied from it at the end. */
static int eg_mirror(int sq) { return cam_coord_sq[cam_sq_rank[sq]][CAM_FILES - 1 - cam_sq_file[sq]]; }

static uint32_t eg_canonical(int ending, uint32_t u)
{
    int a, b, d = (int)((u >> 1) % CAM_SQUARES);
    cam_egtb_pair_squares(ending, (u >> 1) / CAM_SQUARES, &a, &b);
    if (a == b) return u; /* no position */
    uint32_t m = eg_unit(ending, eg_mirror(a), eg_mirror(b), eg_mirror(d), (int)(u & 1));
    return m < u ? m : u;
}

/* The (canonical) unit after the piece on `from` moved to `to` in unit u's position (pieces a,
 * b, d). */
static uint32_t eg_successor(int ending, uint32_t u, int a, int b, int d, int from, int to)
{
    if (from == a) a = to;
    else if (from == b) b = to;
    else d = to;
    return eg_canonical(ending, eg_unit(ending, a, b, d, 1 - (int)(u & 1)));
}

/* Steps 1 and 2. */
static int eg_graph_build(int ending, eg_graph *gr, ba_error *err)
{
    const ba_game *g = ba_camelot_game();
    memset(gr, 0, sizeof *gr);
    gr->units = cam_egtb_units(ending);
    uint32_t n = gr->units;
    gr->flags = calloc(n, 1);
    gr->nplain = calloc(n, 1);
    gr->ncastle = calloc(n, 1);
    gr->roff = calloc((size_t)n + 1, sizeof *gr->roff);
    uint32_t *foff = calloc((size_t)n + 1, sizeof *foff);
    size_t cap = (size_t)n * 8, used = 0;
    uint32_t *fedge = malloc(cap * sizeof *fedge);
    ba_move *moves = malloc(g->max_moves * sizeof *moves);
    int rc = BA_OK;
    if (!gr->flags || !gr->nplain || !gr->ncastle || !gr->roff || !foff || !fedge || !moves) {
        rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory building the Camelot endgame tables");
        goto done;
    }
    ba_history none = {NULL, 0};
    for (uint32_t u = 0; u < n; u++) {
        foff[u] = (uint32_t)used;
        cam_state s;
        if (eg_canonical(ending, u) != u) continue;
        if (!cam_egtb_state(ending, (uint64_t)u * CAM_EGTB_SLICES, &s)) continue;
        gr->flags[u] = EG_VALID;
        int a, b, d = (int)((u >> 1) % CAM_SQUARES);
        cam_egtb_pair_squares(ending, (u >> 1) / CAM_SQUARES, &a, &b);
        int k = g->generate(g, &s, &none, moves, g->max_moves);
        if (k < 0) {
            rc = ba_error_set(err, BA_ERR_INTERNAL, "move generation failed in an endgame position");
            goto done;
        }
        int attacker = (u & 1) == 0;
        for (int i = 0; i < k; i++) {
            const ba_move *m = &moves[i];
            int from = m->bytes[0], to = m->bytes[m->len - 1];
            if (m->tag == CAM_MOVE_JUMP || m->tag == CAM_MOVE_CHARGE) {
                gr->flags[u] |= attacker ? EG_WIN : EG_DRAW;
                continue;
            }
            if (attacker && cam_castle_side(to) == 1 && cam_castle_side(from == a ? b : a) == 1) {
                gr->flags[u] |= EG_WIN; /* the second piece enters Black's castle */
                continue;
            }
            if (used == cap) {
                size_t ncap = cap * 2;
                uint32_t *t = realloc(fedge, ncap * sizeof *fedge);
                if (t == NULL) {
                    rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory building the Camelot endgame tables");
                    goto done;
                }
                fedge = t;
                cap = ncap;
            }
            uint32_t v = eg_successor(ending, u, a, b, d, from, to);
            int castle = m->tag == CAM_MOVE_CASTLE;
            fedge[used++] = v | (castle ? EG_CASTLE : 0u);
            if (castle) gr->ncastle[u]++;
            else gr->nplain[u]++;
            gr->roff[v + 1]++;
        }
    }
    foff[n] = (uint32_t)used;
    for (uint32_t v = 0; v < n; v++) gr->roff[v + 1] += gr->roff[v];
    gr->redge = malloc((used ? used : 1) * sizeof *gr->redge);
    if (gr->redge == NULL) {
        rc = ba_error_set(err, BA_ERR_NOMEM, "out of memory building the Camelot endgame tables");
        goto done;
    }
    /* Fill the predecessor lists from the back, with roff[v + 1] (the end of v's list) as v's
     * cursor, so that no second array of cursors is needed: afterwards it holds the start. */
    for (uint32_t u = n; u-- > 0;)
        for (uint32_t i = foff[u + 1]; i-- > foff[u];) {
            uint32_t v = fedge[i] & ~EG_CASTLE;
            gr->redge[--gr->roff[v + 1]] = u | (fedge[i] & EG_CASTLE);
        }
    /* roff[v + 1] now holds the start of v's list: shift back by one. */
    memmove(gr->roff, gr->roff + 1, (size_t)n * sizeof *gr->roff);
    gr->roff[n] = (uint32_t)used;
done:
    free(foff);
    free(fedge);
    free(moves);
    if (rc != BA_OK) eg_graph_free(gr);
    return rc;
}

/* Step 3: the values of ending `ending` into val (cam_egtb_size bytes, zeroed). */
static int eg_retrograde(int ending, const eg_graph *gr, uint8_t *val, ba_error *err)
{
    uint64_t size = cam_egtb_size(ending);
    uint8_t *cnt = calloc(size, 1);
    uint32_t *queue = malloc(size * sizeof *queue);
    if (cnt == NULL || queue == NULL) {
        free(cnt);
        free(queue);
        return ba_error_set(err, BA_ERR_NOMEM, "out of memory building the Camelot endgame tables");
    }
    uint64_t head = 0, tail = 0;
    /* Losses in 0 first, then wins in 1, so that the queue is in order of distance. */
    for (uint32_t u = 0; u < gr->units; u++) {
        if (!(gr->flags[u] & EG_VALID) || (gr->flags[u] & EG_WIN)) continue;
        int stm = (int)(u & 1);
        for (int c = 0; c < CAM_EGTB_SLICES; c++) {
            int mover_used = stm == 0 ? c / CAM_EGTB_CM : c % CAM_EGTB_CM;
            int k = gr->nplain[u] + (mover_used < CAM_EGTB_CM - 1 ? gr->ncastle[u] : 0);
            uint64_t p = (uint64_t)u * CAM_EGTB_SLICES + (uint64_t)c;
            cnt[p] = (uint8_t)k;
            /* No move at all: the defender loses (two pieces against it); the attacker draws
             * (one piece against it): the latter simply stays 0. */
            if (k == 0 && !(gr->flags[u] & EG_DRAW) && stm == 1) {
                val[p] = CAM_EGTB_LOSS;
                queue[tail++] = (uint32_t)p;
            }
        }
    }
    for (uint32_t u = 0; u < gr->units; u++) {
        if ((gr->flags[u] & (EG_VALID | EG_WIN)) != (EG_VALID | EG_WIN)) continue;
        for (int c = 0; c < CAM_EGTB_SLICES; c++) {
            uint64_t p = (uint64_t)u * CAM_EGTB_SLICES + (uint64_t)c;
            val[p] = 1;
            queue[tail++] = (uint32_t)p;
        }
    }
    int rc = BA_OK;
    while (head < tail) {
        uint32_t p = queue[head++];
        uint32_t v = p / CAM_EGTB_SLICES;
        int c = (int)(p % CAM_EGTB_SLICES);
        int lost = val[p] >= CAM_EGTB_LOSS;
        int dist = lost ? val[p] - CAM_EGTB_LOSS : val[p];
        if (dist + 1 > CAM_EGTB_WIN_MAX) {
            rc = ba_error_set(err, BA_ERR_INTERNAL, "an endgame distance does not fit in a byte");
            break;
        }
        for (uint32_t i = gr->roff[v]; i < gr->roff[v + 1]; i++) {
            uint32_t u = gr->redge[i] & ~EG_CASTLE;
            int pc = c;
            if (gr->redge[i] & EG_CASTLE) {
                /* The mover of u used one castle move more to reach v. */
                if ((u & 1) == 0) {
                    if (c / CAM_EGTB_CM == 0) continue;
                    pc = c - CAM_EGTB_CM;
                } else {
                    if (c % CAM_EGTB_CM == 0) continue;
                    pc = c - 1;
                }
            }
            uint64_t q = (uint64_t)u * CAM_EGTB_SLICES + (uint64_t)pc;
            if (val[q] != 0) continue;
            if (lost) {
                val[q] = (uint8_t)(dist + 1);
                queue[tail++] = (uint32_t)q;
            } else if (--cnt[q] == 0 && !(gr->flags[u] & EG_DRAW)) {
                val[q] = (uint8_t)(CAM_EGTB_LOSS + dist + 1);
                queue[tail++] = (uint32_t)q;
            }
        }
    }
    free(cnt);
    free(queue);
    /* The mirror images of the canonical units. */
    for (uint32_t u = 0; u < gr->units && rc == BA_OK; u++) {
        uint32_t c = eg_canonical(ending, u);
        if (c != u && (gr->flags[c] & EG_VALID))
            memcpy(val + (uint64_t)u * CAM_EGTB_SLICES, val + (uint64_t)c * CAM_EGTB_SLICES, CAM_EGTB_SLICES);
    }
    return rc;
}

int ba_camelot_egtb_build(unsigned endings, ba_camelot_egtb **out, ba_error *err)
{
    if (out == NULL) return ba_error_set(err, BA_ERR_ARG, "no place for the table (out is NULL)");
    *out = NULL;
    if (endings >= (1u << CAM_EGTB_ENDINGS))
        return ba_error_set(err, BA_ERR_ARG, "endings mask 0x%x names endings beyond the %d held",
                            endings, CAM_EGTB_ENDINGS);
    if (endings == 0) endings = (1u << CAM_EGTB_ENDINGS) - 1;
    ba_camelot_egtb *tb = calloc(1, sizeof *tb);
    if (tb == NULL) return ba_error_set(err, BA_ERR_NOMEM, "out of memory building the Camelot endgame tables");
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) {
        if (!(endings & (1u << e))) continue;
        tb->data[e] = calloc(cam_egtb_size(e), 1);
        if (tb->data[e] == NULL) {
            ba_camelot_egtb_free(tb);
            return ba_error_set(err, BA_ERR_NOMEM, "out of memory building the Camelot endgame tables");
        }
        eg_graph gr;
        int rc = eg_graph_build(e, &gr, err);
        if (rc == BA_OK) {
            rc = eg_retrograde(e, &gr, tb->data[e], err);
            eg_graph_free(&gr);
        }
        if (rc != BA_OK) {
            ba_camelot_egtb_free(tb);
            return rc;
        }
        cam_egtb_count(tb, e);
    }
    *out = tb;
    return BA_OK;
}
