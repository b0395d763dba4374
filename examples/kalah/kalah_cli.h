/* boardai-kalah: the parts of the program and what they share. */
#ifndef BOARDAI_KALAH_CLI_H
#define BOARDAI_KALAH_CLI_H

#include <stdint.h>
#include <stdio.h>

#include <boardai/boardai.h>

/* Settings from the command line. */
typedef struct kcli_options {
    ba_kalah_options rules;
    int level;            /* 1-based, see kcli_levels */
    int computer_first;   /* the computer (North) opens the game */
    int64_t hash_mb;      /* transposition table of engine and solver */
    int64_t db_mb;        /* solver: endgame database budget */
    int db_seeds;         /* solver: -1 automatic */
    int64_t time_ms;      /* solver (solve command): time limit, 0 none; play: per perfect move */
    int quiet;            /* solve: no progress line */
    const char *db_file;  /* solve: endgame database file to load, or to save after the solve */
    const char *position; /* solve: a position text instead of the start */
    int grade_games;      /* grade: games per level */
    int grade_first, grade_last; /* grade: the levels graded */
    int random_plies;     /* grade: random opening plies of each game */
    int64_t grade_seed;   /* grade: seed of the openings */
} kcli_options;

/* One level of the terminal game: a search depth, or depth 0 for perfect play (the solver). */
typedef struct kcli_level {
    const char *name;
    int depth;
    int64_t time_ms;
} kcli_level;

extern const kcli_level kcli_levels[];
extern const int kcli_level_count;

/* `boardai-kalah solve`: prints the value and the best move. Returns the exit status. */
int kcli_solve(const ba_game *g, const kcli_options *o);

/* `boardai-kalah grade`: each level's moves against the solver's exact values (a Markdown table
 * on stdout, progress on stderr). Returns the exit status. */
int kcli_grade(const ba_game *g, const kcli_options *o);

/* The terminal game against the AI. Returns the exit status. */
int kcli_play(const ba_game *g, const kcli_options *o, FILE *in, FILE *out);

#endif
