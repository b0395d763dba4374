/*
 * A Camelot position as the raw counts of Nolan's factors, and the evaluation recomputed from
 * them. The piece counts come from the position text (docs/camelot-rules.md, "Position text");
 * the four per-unit factors (mobility, knight and man support, exposure) from the library's
 * breakdown under a probe game whose weights for them are 1, so the tuner never re-implements
 * the factors' geometry. A test checks that tc_eval() equals the engine's evaluation.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tune.h"

int tc_probe_game(ba_game **out, ba_error *err)
{
    ba_camelot_options o = ba_camelot_options_default();
    o.weights.mobility = o.weights.knight_support = o.weights.man_support = 1;
    o.weights.exposure = 1;
    return ba_camelot_create(&o, out, err);
}

/* The first file of rank r (0-based) and its number of squares (the board's shape). */
static int rank_first_file(int r)
{
    return r == 0 || r == 15 ? 5 : r == 1 || r == 14 ? 2 : r == 2 || r == 13 ? 1 : 0;
}

static int rank_width(int r)
{
    return r == 0 || r == 15 ? 2 : r == 1 || r == 14 ? 8 : r == 2 || r == 13 ? 10 : 12;
}

static void count_piece(tc_record *r, int side, int knight, int file, int rank)
{
    tc_side *s = &r->side[side];
    s->men += !knight;
    s->knights += knight;
    /* Rank 0 and 15 hold only the castle squares (F1 G1, F16 G16). */
    int castle_owner = rank == 0 ? 0 : rank == 15 ? 1 : -1;
    s->uncastled += castle_owner < 0;
    s->inside += castle_owner == 1 - side;
    s->rank[side == 0 ? rank : 15 - rank]++;
    s->file[file]++;
}

/* Reads the board field of a position text ("2/8/10/.../2 w ..."). */
static int parse_board(const char *text, tc_record *r, ba_error *err)
{
    const char *p = text;
    for (int rank = 15; rank >= 0; rank--) {
        int file = rank_first_file(rank), end = file + rank_width(rank);
        while (*p && *p != '/' && *p != ' ') {
            if (*p >= '1' && *p <= '9') {
                char *next;
                long run = strtol(p, &next, 10);
                file += (int)run;
                p = next;
                continue;
            }
            int side = *p == 'M' || *p == 'K' ? 0 : *p == 'm' || *p == 'k' ? 1 : -1;
            if (side < 0 || file >= end)
                return ba_error_set(err, BA_ERR_PARSE, "position text: unexpected '%c' on rank %d",
                                    *p, rank + 1);
            count_piece(r, side, *p == 'K' || *p == 'k', file, rank);
            file++;
            p++;
        }
        if (file != end)
            return ba_error_set(err, BA_ERR_PARSE, "position text: rank %d has %d squares, not %d",
                                rank + 1, file - rank_first_file(rank), rank_width(rank));
        if (rank > 0 && *p++ != '/')
            return ba_error_set(err, BA_ERR_PARSE, "position text: rank %d ends early", rank + 1);
    }
    return BA_OK;
}

int tc_record_from_pos(const ba_pos *pos, const ba_game *probe, tc_record *out, ba_error *err)
{
    memset(out, 0, sizeof *out);
    char text[512];
    if (ba_pos_text(pos, text, sizeof text) < 0)
        return ba_error_set(err, BA_ERR_BUFFER, "position text does not fit in %zu bytes",
                            sizeof text);
    int rc = parse_board(text, out, err);
    if (rc != BA_OK)
        return rc;
    out->stm = ba_pos_side_to_move(pos);
    /* The probe game has the same rules; its breakdown of this state counts the per-unit
     * factors (terms are hundredths of a point, one point per unit). */
    ba_camelot_breakdown b;
    if (ba_camelot_evaluate_breakdown(probe, ba_pos_state(pos), &b) != BA_OK)
        return ba_error_set(err, BA_ERR_ARG, "the probe game cannot evaluate this position");
    for (int side = 0; side < 2; side++) {
        tc_side *s = &out->side[side];
        s->mobility = b.terms[side][BA_CAMELOT_F_MOBILITY] / BA_CAMELOT_EVAL_SCALE;
        s->knight_support = b.terms[side][BA_CAMELOT_F_KNIGHT_SUPPORT] / BA_CAMELOT_EVAL_SCALE;
        s->man_support = b.terms[side][BA_CAMELOT_F_MAN_SUPPORT] / BA_CAMELOT_EVAL_SCALE;
        s->exposed = b.terms[side][BA_CAMELOT_F_EXPOSURE] / BA_CAMELOT_EVAL_SCALE;
    }
    return BA_OK;
}

int tc_record_is_terminal(const tc_record *r)
{
    for (int side = 0; side < 2; side++) {
        const tc_side *s = &r->side[side];
        if (s->men + s->knights == 0 || s->inside >= 2)
            return 1;
    }
    return 0;
}

/* Factor 1 of one side, points. */
static double material(const tc_side *s, const ba_camelot_weights *w, double knight_n)
{
    double k = s->knights > 0 ? ba_camelot_knight_value(knight_n, w, s->uncastled) : 0.0;
    return (double)s->men * w->man + s->knights * k;
}

/* Factor 6 of a side with material @p own against @p opp (the library's rule for opp = 0). */
static double trading_ratio(double own, double opp, const ba_camelot_weights *w)
{
    return own / (opp > 0.0 ? opp : (double)w->man);
}

/* One side's terms without trading. */
static double side_terms(const tc_side *s, const tc_side *o, const ba_camelot_weights *w,
                         double knight_n)
{
    double t = material(s, w, knight_n);
    if (s->inside >= 2)
        t += w->castle_win;
    if (o->men + o->knights == 0 && s->men + s->knights >= 2)
        t += w->wipeout_win;
    for (int i = 0; i < BA_CAMELOT_ADVANCE_RANKS; i++)
        t += (double)w->advance[i] * s->rank[i];
    for (int i = 0; i < BA_CAMELOT_CENTRE_FILES; i++)
        t += (double)w->centre[i] * s->file[i];
    t += (double)w->mobility * s->mobility + (double)w->knight_support * s->knight_support +
         (double)w->man_support * s->man_support + (double)w->exposure * s->exposed;
    return t;
}

double tc_eval(const tc_record *r, const ba_camelot_weights *w, double knight_n)
{
    const tc_side *me = &r->side[r->stm], *opp = &r->side[1 - r->stm];
    double m_me = material(me, w, knight_n), m_opp = material(opp, w, knight_n);
    double trade = w->trading * (trading_ratio(m_me, m_opp, w) - trading_ratio(m_opp, m_me, w));
    return side_terms(me, opp, w, knight_n) - side_terms(opp, me, w, knight_n) + trade;
}

int tc_record_write(FILE *f, const tc_record *r)
{
    if (fprintf(f, "%d %d %.1f", r->game, r->stm, r->result) < 0)
        return -1;
    for (int side = 0; side < 2; side++) {
        const tc_side *s = &r->side[side];
        fprintf(f, " | %d %d %d %d %d %d %d %d", s->men, s->knights, s->uncastled, s->inside,
                s->mobility, s->knight_support, s->man_support, s->exposed);
        for (int i = 0; i < BA_CAMELOT_ADVANCE_RANKS; i++)
            fprintf(f, " %d", s->rank[i]);
        for (int i = 0; i < BA_CAMELOT_CENTRE_FILES; i++)
            fprintf(f, " %d", s->file[i]);
    }
    return fputc('\n', f) == EOF ? -1 : 0;
}

/* Reads one integer field; @return 0 or -1. */
static int next_int(char **p, int *out)
{
    char *end;
    long v = strtol(*p, &end, 10);
    if (end == *p || v < -1000000 || v > 1000000)
        return -1;
    *out = (int)v;
    *p = end;
    return 0;
}

int tc_record_read(FILE *f, tc_record *r, ba_error *err)
{
    char line[1024];
    if (!fgets(line, sizeof line, f))
        return -1;
    memset(r, 0, sizeof *r);
    char *p = line, *end = line;
    int ok = next_int(&p, &r->game) == 0 && next_int(&p, &r->stm) == 0 && r->stm >= 0 &&
             r->stm <= 1;
    r->result = ok ? strtod(p, &end) : 0.0;
    ok = ok && end != p && (r->result == 0.0 || r->result == 0.5 || r->result == 1.0);
    if (ok)
        p = end;
    for (int side = 0; side < 2 && ok; side++) {
        tc_side *s = &r->side[side];
        while (*p == ' ')
            p++;
        ok = *p++ == '|';
        int *fields[] = {&s->men,      &s->knights,        &s->uncastled,   &s->inside,
                         &s->mobility, &s->knight_support, &s->man_support, &s->exposed};
        for (size_t i = 0; i < sizeof fields / sizeof fields[0] && ok; i++)
            ok = next_int(&p, fields[i]) == 0;
        for (int i = 0; i < BA_CAMELOT_ADVANCE_RANKS && ok; i++)
            ok = next_int(&p, &s->rank[i]) == 0;
        for (int i = 0; i < BA_CAMELOT_CENTRE_FILES && ok; i++)
            ok = next_int(&p, &s->file[i]) == 0;
    }
    if (!ok) {
        ba_error_set(err, BA_ERR_PARSE, "malformed record line: %.60s", line);
        return -1;
    }
    return 0;
}

int tc_set_push(tc_set *s, const tc_record *r)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        tc_record *grown = realloc(s->rec, cap * sizeof *grown);
        if (!grown)
            return -1;
        s->rec = grown;
        s->cap = cap;
    }
    s->rec[s->n++] = *r;
    return 0;
}

void tc_set_free(tc_set *s)
{
    free(s->rec);
    s->rec = NULL;
    s->n = s->cap = 0;
}
