/*
 * boardai-tune-camelot: Texel tuning of Camelot's evaluation weights (docs/camelot-evaluation.md,
 * "Tuning").
 *
 * A position is kept as the raw counts each of Nolan's factors is computed from (tune_record.c),
 * so that the evaluation becomes base + sum of weight x feature, linear in every weight the
 * tuner fits; the fit (tune_fit.c) minimises the logistic loss of sigmoid(K x eval) against the
 * game results; tune_selfplay.c makes the positions from fast self-play games.
 */
#ifndef BOARDAI_TUNE_CAMELOT_H
#define BOARDAI_TUNE_CAMELOT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <boardai/boardai.h>
#include <boardai/camelot.h>

/* ---- one position as raw counts (tune_record.c) ---- */

/** One side's counts. Ranks are counted from the side's own castle row (0) as the advance
 *  table is; files A..L. */
typedef struct tc_side {
    int men, knights;
    int uncastled; /* Nolan's P: pieces on no castle square */
    int inside;    /* pieces in the opponent's castle */
    int rank[BA_CAMELOT_ADVANCE_RANKS];
    int file[BA_CAMELOT_CENTRE_FILES];
    int mobility, knight_support, man_support, exposed; /* the per-unit factors' counts */
} tc_side;

/** A labelled position: both sides' counts, the side to move, and the game's result from the
 *  side to move's view (1 win, 0.5 draw, 0 loss). */
typedef struct tc_record {
    tc_side side[2];
    int stm;
    double result;
    int game; /* the self-play game it came from (the held-out split is by game) */
} tc_record;

/** Reads the counts of the position @p pos (a Camelot game) into @p out; @p probe is a Camelot
 *  game whose per-unit weights (mobility, support, exposure) are all 1, made by
 *  tc_probe_game(). @return BA_OK or an error with @p err saying what was wrong. */
int tc_record_from_pos(const ba_pos *pos, const ba_game *probe, tc_record *out, ba_error *err);

/** Makes the probe game of tc_record_from_pos() (free it with ba_game_destroy()). */
int tc_probe_game(ba_game **out, ba_error *err);

/** The evaluation (points, side to move's view) of @p r under weights @p w and N @p knight_n,
 *  as the library computes it from the same counts (before its rounding to hundredths). */
double tc_eval(const tc_record *r, const ba_camelot_weights *w, double knight_n);

/** 1 when the position is not one the tuner learns from: a side has won (castle entry,
 *  wipe-out) or has no pieces. */
int tc_record_is_terminal(const tc_record *r);

/** Writes / reads one record as a text line. @return 0, or -1 (read: end of file or a malformed
 *  line, @p err says which). */
int tc_record_write(FILE *f, const tc_record *r);
int tc_record_read(FILE *f, tc_record *r, ba_error *err);

/* ---- the data set ---- */

typedef struct tc_set {
    tc_record *rec;
    size_t n, cap;
} tc_set;

/** Appends a copy of @p r. @return 0 or -1 (out of memory). */
int tc_set_push(tc_set *s, const tc_record *r);
void tc_set_free(tc_set *s);

/* ---- self-play (tune_selfplay.c) ---- */

typedef struct tc_selfplay_cfg {
    int games;          /* games to play */
    int depth;          /* search depth per move */
    int64_t nodes;      /* node limit per move, 0 = none */
    int random_plies;   /* random opening plies */
    int max_plies;      /* a game still going after this many plies counts as a draw */
    uint64_t seed;      /* the openings and the engines' seeds */
    double max_seconds; /* no new game starts after this long, 0 = no limit */
    const ba_game *game; /* the game the engines play (their weights) */
} tc_selfplay_cfg;

/** What tc_selfplay() did. */
typedef struct tc_selfplay_stats {
    int games, white_wins, black_wins, draws;
    size_t positions, skipped_noisy, skipped_terminal;
} tc_selfplay_stats;

/** Plays cfg->games games (deterministic for a seed when no time bound cuts it short) and
 *  appends every quiet position after the opening, labelled with its game's result.
 *  @return BA_OK or an error (@p err). */
int tc_selfplay(const tc_selfplay_cfg *cfg, tc_set *out, tc_selfplay_stats *stats, ba_error *err);

/* ---- the fit (tune_fit.c) ---- */

/** The weights the fit changes: advance ranks 1..14 (rank 0, the own castle row, and 15, the
 *  opponent's castle row, stay as given), the centre table as five mirrored pairs (B/K .. F/G;
 *  A/L stay), and the five per-unit and trading weights. The man's value stays the unit. */
enum {
    TC_P_ADVANCE = 0,                  /* advance[1..14] */
    TC_P_CENTRE = TC_P_ADVANCE + 14,   /* centre pairs B/K, C/J, D/I, E/H, F/G */
    TC_P_MOBILITY = TC_P_CENTRE + 5,
    TC_P_TRADING,
    TC_P_KNIGHT_SUPPORT,
    TC_P_MAN_SUPPORT,
    TC_P_EXPOSURE,
    TC_PARAMS
};

/** The name of parameter @p i ("advance[3]", "centre[C/J]", "mobility", ...). */
void tc_param_name(int i, char *buf, size_t cap);
/** Reads the fitted parameters out of @p w (centre pairs: the mean of the two). */
void tc_params_get(const ba_camelot_weights *w, double theta[TC_PARAMS]);
/** Writes @p theta into @p w, rounded to the integers of the API. */
void tc_params_set(ba_camelot_weights *w, const double theta[TC_PARAMS]);

/** The linear form of a record: eval = base + sum theta[i] * feat[i] (points). */
void tc_features(const tc_record *r, const ba_camelot_weights *w, double knight_n, double *base,
                 double feat[TC_PARAMS]);

/** The mean logistic loss of sigmoid(k * eval) against the results of records @p idx[0..n)
 *  (NULL: all of @p s), with @p w and @p knight_n. */
double tc_loss(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
               double knight_n, double k);

/** tc_loss() with the fitted parameters @p theta as they are (unrounded) in place of those of
 *  @p w. */
double tc_loss_theta(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
                     double knight_n, double k, const double theta[TC_PARAMS]);

/** The K that minimises tc_loss() for fixed weights (golden section on log K). */
double tc_fit_k(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
                double knight_n);

/** Fits the parameters of @p theta (start values in, the fit out, unrounded) by Newton's
 *  method on the logistic loss with scale @p k, plus lambda x sum (theta - prior)^2 / n_pos
 *  (a pull toward @p prior for rarely seen features; 0 = none). @p w supplies the weights the
 *  fit does not change and the material for trading. Parameters with @p fixed[i] != 0 keep
 *  their start value (@p fixed NULL: all are fitted). @return iterations used, or -1 when the
 *  Hessian is singular (a feature never varies; give lambda > 0). */
int tc_fit_newton(const tc_set *s, const size_t *idx, size_t n, const ba_camelot_weights *w,
                  double knight_n, double k, double lambda, const double prior[TC_PARAMS],
                  const unsigned char *fixed, double theta[TC_PARAMS]);

/** Marks the parameters of the comma-separated groups in @p list as fixed: advance, centre,
 *  mobility, trading, knight_support, man_support, exposure. @return 0, or -1 naming the
 *  unknown group in @p err. */
int tc_fix_groups(const char *list, unsigned char fixed[TC_PARAMS], ba_error *err);

#endif /* BOARDAI_TUNE_CAMELOT_H */
