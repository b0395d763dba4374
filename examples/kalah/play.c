/* The terminal game: you are South (pits 1-6, kalah 7 in the 1986 program's numbering), the
 * computer is North (pits 8-13, kalah 14). Your move is a pit number from 1 to 6; anything else
 * is rejected with a message. The level rises after each game you win and falls after each game
 * you lose, from the 1986 program's Beginner/Average Player/Expert up to perfect play. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kalah_cli.h"

const kcli_level kcli_levels[] = {
    {"Beginner", 3, 0},     {"Average Player", 4, 0}, {"Expert", 5, 0},
    {"Advanced", 8, 0},     {"Master", 12, 0},        {"Grandmaster", 18, 5000},
    {"Perfect", 0, 10000}, /* the solver; the Grandmaster search if a move is not proven in time */
};
const int kcli_level_count = (int)(sizeof kcli_levels / sizeof kcli_levels[0]);

/* The Perfect level proves its moves once at most this many seeds are left in the pits. */
#define KCLI_SOLVE_SEEDS 36

typedef struct play_ctx {
    const ba_game *g;
    const kcli_options *o;
    FILE *in, *out;
    int m;
    int level; /* 1-based */
    ba_engine *engine;
    ba_kalah_solver *solver; /* made for the first Perfect game, kept: its tables carry over */
} play_ctx;

static void show(play_ctx *c, const ba_pos *pos)
{
    char buf[BA_RENDER_MAX];
    if (ba_pos_render(pos, buf, sizeof buf) >= 0)
        fprintf(c->out, "\n%s\n", buf);
}

/* Reads a line without its newline; 0 at the end of input. */
static int read_line(play_ctx *c, char *buf, size_t cap)
{
    if (fgets(buf, (int)cap, c->in) == NULL)
        return 0;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] != '\n' && !feof(c->in)) {
        int ch;
        while ((ch = fgetc(c->in)) != EOF && ch != '\n')
            ;
        buf[0] = '\0'; /* too long: treated as a bad answer */
        return 1;
    }
    while (n > 0 && isspace((unsigned char)buf[n - 1]))
        buf[--n] = '\0';
    return 1;
}

static const char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

/* The human's move: a pit number 1..m. Returns 1 with *move, 0 to quit. */
static int human_move(play_ctx *c, const ba_pos *pos, ba_move *move)
{
    char line[256];
    for (;;) {
        fprintf(c->out, "Your move (1-%d): ", c->m);
        fflush(c->out);
        if (!read_line(c, line, sizeof line))
            return 0;
        const char *t = trim(line);
        if (strcmp(t, "quit") == 0 || strcmp(t, "q") == 0)
            return 0;
        int pit = 0, ok = *t != '\0';
        for (const char *p = t; *p && ok; p++) {
            if (!isdigit((unsigned char)*p) || pit > 100)
                ok = 0;
            else
                pit = pit * 10 + (*p - '0');
        }
        if (!ok || pit < 1 || pit > c->m) {
            fprintf(c->out, "Please answer with one of your pit numbers, 1 to %d "
                            "(or 'quit').\n", c->m);
            continue;
        }
        char text[16];
        snprintf(text, sizeof text, "%d", pit);
        ba_error err;
        if (ba_pos_parse_move(pos, text, move, &err) != BA_OK) {
            fprintf(c->out, "Pit %d is empty: choose a pit with seeds.\n", pit);
            continue;
        }
        return 1;
    }
}

static int engine_move(play_ctx *c, const ba_pos *pos, int depth, int64_t time_ms, ba_move *move)
{
    if (c->engine == NULL) {
        if (ba_engine_new(c->g, &c->engine) != BA_OK)
            return BA_ERR_NOMEM;
        if (c->o->hash_mb > 0)
            ba_engine_set(c->engine, BA_OPT_TT_MB, c->o->hash_mb);
    }
    ba_engine_set(c->engine, BA_OPT_DEPTH, depth);
    ba_engine_set(c->engine, BA_OPT_TIME_MS, time_ms);
    ba_search_result r;
    int rc = ba_engine_search(c->engine, pos, &r);
    if (rc == BA_OK)
        *move = r.best;
    return rc;
}

/* Seeds still in the pits, from the position text ("pits / store / pits / store / side"). */
static int seeds_in_pits(const ba_pos *pos)
{
    char text[BA_POS_TEXT_MAX];
    if (ba_pos_text(pos, text, sizeof text) < 0)
        return 1000;
    int field = 0, sum = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '/') {
            field++;
        } else if (isdigit((unsigned char)*p) && (field == 0 || field == 2)) {
            sum += atoi(p);
            while (isdigit((unsigned char)p[1]))
                p++;
        }
    }
    return sum;
}

static int computer_move(play_ctx *c, const ba_pos *pos, ba_move *move)
{
    const kcli_level *lv = &kcli_levels[c->level - 1];
    if (lv->depth > 0)
        return engine_move(c, pos, lv->depth, lv->time_ms, move);
    if (seeds_in_pits(pos) > KCLI_SOLVE_SEEDS) {
        /* Too many seeds for a quick proof (Kalah(6,4)'s start takes the solver ~40 s): play
         * the strongest search until the position is small enough to solve. */
        const kcli_level *gm = &kcli_levels[kcli_level_count - 2];
        return engine_move(c, pos, gm->depth, gm->time_ms, move);
    }
    if (c->solver == NULL) {
        ba_kalah_solve_options so = ba_kalah_solve_options_default();
        so.max_time_ms = (uint64_t)lv->time_ms;
        so.db_mb = 16; /* a database built in about a second, kept for the whole session */
        if (c->o->hash_mb > 0)
            so.tt_mb = (size_t)c->o->hash_mb;
        if (ba_kalah_solver_new(c->g, &so, &c->solver, NULL) != BA_OK)
            return BA_ERR_NOMEM;
    }
    ba_kalah_solution sol;
    if (ba_kalah_solver_solve(c->solver, ba_pos_state(pos), &sol, NULL) == BA_OK && sol.exact &&
        !ba_move_is_none(&sol.best)) {
        *move = sol.best;
        return BA_OK;
    }
    /* Not proven in time (a big board early on): play the strongest search instead. */
    const kcli_level *gm = &kcli_levels[kcli_level_count - 2];
    return engine_move(c, pos, gm->depth, gm->time_ms, move);
}

static int start_position(play_ctx *c, ba_pos *pos)
{
    ba_pos_reset(pos);
    if (!c->o->computer_first)
        return BA_OK;
    char text[BA_POS_TEXT_MAX];
    int n = ba_pos_text(pos, text, sizeof text);
    if (n <= 0)
        return BA_ERR_INTERNAL;
    text[n - 1] = 'n'; /* the same board with North to move */
    return ba_pos_set_text(pos, text, NULL);
}

/* Plays one game. Returns its BA_RESULT_ value, or -1 when the player quits. */
static int one_game(play_ctx *c, ba_pos *pos)
{
    char mv[16];
    while (ba_pos_result(pos) == BA_RESULT_ONGOING) {
        int side = ba_pos_side_to_move(pos);
        ba_move move;
        if (side == 0) {
            show(c, pos);
            if (!human_move(c, pos, &move))
                return -1;
        } else {
            if (computer_move(c, pos, &move) != BA_OK) {
                fprintf(stderr, "boardai-kalah: the search failed\n");
                return -2;
            }
            ba_pos_move_text(pos, &move, mv, sizeof mv);
            fprintf(c->out, "I play %s.\n", mv);
        }
        ba_error err;
        if (ba_pos_play(pos, &move, &err) != BA_OK) {
            fprintf(stderr, "boardai-kalah: %s\n", err.message);
            return -2;
        }
        if (ba_pos_result(pos) == BA_RESULT_ONGOING && ba_pos_side_to_move(pos) == side)
            fprintf(c->out, side == 0 ? "Your last seed is in your kalah: move again.\n"
                                      : "My last seed is in my kalah: I move again.\n");
    }
    show(c, pos);
    return ba_pos_result(pos);
}

/* The two stores, read from the position text ("pits / store / pits / store / side"). */
static void stores(const ba_pos *pos, int *south, int *north)
{
    char text[BA_POS_TEXT_MAX];
    if (ba_pos_text(pos, text, sizeof text) < 0)
        return;
    int field = 0;
    for (const char *p = text; *p; p++) {
        if (*p != '/')
            continue;
        field++;
        if (field == 1)
            *south = atoi(p + 1);
        else if (field == 3)
            *north = atoi(p + 1);
    }
}

int kcli_play(const ba_game *g, const kcli_options *o, FILE *in, FILE *out)
{
    play_ctx c;
    memset(&c, 0, sizeof c);
    c.g = g;
    c.o = o;
    c.in = in;
    c.out = out;
    c.m = o->rules.pits;
    c.level = o->level;
    ba_pos *pos;
    if (ba_pos_new(g, &pos) != BA_OK) {
        fprintf(stderr, "boardai-kalah: out of memory\n");
        return 1;
    }
    fprintf(out,
            "Kalah(%d,%d)%s. You are South: your pits are 1-%d along the bottom, your kalah is "
            "%d on the right.\nI am North: pits %d-%d along the top, my kalah %d on the left.\n"
            "Type a pit number to sow its seeds, or 'quit'.\n",
            o->rules.pits, o->rules.seeds, o->rules.empty_capture ? " with empty capture" : "",
            c.m, c.m + 1, c.m + 2, 2 * c.m + 1, 2 * c.m + 2);
    int status = 0;
    for (;;) {
        fprintf(out, "Level: %s.\n", kcli_levels[c.level - 1].name);
        if (start_position(&c, pos) != BA_OK) {
            status = 1;
            break;
        }
        int result = one_game(&c, pos);
        if (result == -2)
            status = 1;
        if (result < 0)
            break;
        int south = 0, north = 0;
        stores(pos, &south, &north);
        if (result == BA_RESULT_WIN0) {
            fprintf(out, "You win, %d to %d!\n", south, north);
            if (c.level < kcli_level_count)
                c.level++;
        } else if (result == BA_RESULT_WIN1) {
            fprintf(out, "I win, %d to %d.\n", north, south);
            if (c.level > 1)
                c.level--;
        } else {
            fprintf(out, "A draw, %d each.\n", south);
        }
        fprintf(out, "Another game? (y/n): ");
        fflush(out);
        char line[64];
        if (!read_line(&c, line, sizeof line) || tolower((unsigned char)*trim(line)) != 'y')
            break;
    }
    fprintf(out, "\n");
    ba_pos_free(pos);
    ba_engine_free(c.engine);
    ba_kalah_solver_free(c.solver);
    return status;
}
