/* Helpers shared by the Camelot rules tests (test_rules*.c, test_movegen*.c, test_notation*.c,
 * test_position*.c): set up a position from a piece list, list the legal moves as text. */
#ifndef BA_TEST_CAMELOT_RULES_UTIL_H
#define BA_TEST_CAMELOT_RULES_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boardai/engine.h"
#include "boardai/position.h"
#include "camelot/apply.h"
#include "camelot/board.h"
#include "camelot/canter.h"
#include "camelot/castle.h"
#include "camelot/movegen.h"
#include "camelot/notation.h"
#include "camelot/postext.h"
#include "camelot/zobrist.h"

#define CAMT_MAX_MOVES 8192 /* the game's max_moves (games/camelot/vtable.c) */

/* Sets s to an empty board with the pieces of `pieces` ("K C6, M D6, m E7, k F8": K/M a white
 * knight/man, k/m a black one, then the square), `side` to move, no castle moves used, no
 * obligation, no quiet plies. Fails the test on bad input. */
static inline void camt_setup(cam_state *s, const char *pieces, int side)
{
    memset(s, 0, sizeof *s);
    s->must_leave[0] = s->must_leave[1] = CAM_NO_SQUARE;
    s->side_to_move = (uint8_t)side;
    const char *p = pieces;
    while (*p) {
        while (*p == ' ' || *p == ',') p++;
        if (!*p) break;
        uint8_t piece = *p == 'K' ? CAM_WHITE_KNIGHT : *p == 'M' ? CAM_WHITE_MAN : *p == 'k' ? CAM_BLACK_KNIGHT
                      : *p == 'm' ? CAM_BLACK_MAN : 0;
        ck_assert_msg(piece != 0, "camt_setup: bad piece letter in '%s'", p);
        p++;
        while (*p == ' ') p++;
        int sq;
        ck_assert_msg(cam_square_from_text(p, &sq, &p, NULL) == BA_OK, "camt_setup: bad square in '%s'", pieces);
        ck_assert_msg(s->board[sq] == CAM_EMPTY, "camt_setup: square used twice in '%s'", pieces);
        s->board[sq] = piece;
    }
    cam_state_finish(s);
}

static inline int camt_sq(const char *text)
{
    int sq = -1;
    ck_assert_msg(cam_square_from_text(text, &sq, NULL, NULL) == BA_OK, "bad square %s", text);
    return sq;
}

/* The legal moves (vtable generate, empty history) as texts in generation order, each followed
 * by a space, into buf. Returns the count. */
static inline int camt_moves_text(const ba_game *g, const cam_state *s, char *buf, size_t cap)
{
    ba_move *moves = malloc(CAMT_MAX_MOVES * sizeof *moves);
    ck_assert_ptr_nonnull(moves);
    ba_history h = {NULL, 0};
    int n = g->generate(g, s, &h, moves, CAMT_MAX_MOVES);
    ck_assert_msg(n >= 0, "generate failed: %d", n);
    size_t pos = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        char t[BA_MOVE_TEXT_MAX];
        ck_assert_int_ge(cam_move_to_text(s, &moves[i], t, sizeof t), 0);
        size_t l = strlen(t);
        ck_assert_msg(pos + l + 2 < cap, "move list too long for the test buffer");
        memcpy(buf + pos, t, l);
        pos += l;
        buf[pos++] = ' ';
        buf[pos] = '\0';
    }
    free(moves);
    return n;
}

/* 1 if the move written `text` (full canonical form) is among the legal moves. */
static inline int camt_has(const ba_game *g, const cam_state *s, const char *text)
{
    char buf[65536];
    char key[BA_MOVE_TEXT_MAX + 2];
    camt_moves_text(g, s, buf, sizeof buf);
    snprintf(key, sizeof key, "%s ", text);
    /* match at the start or after a space */
    for (const char *p = strstr(buf, key); p != NULL; p = strstr(p + 1, key))
        if (p == buf || p[-1] == ' ') return 1;
    return 0;
}

static inline int camt_count(const ba_game *g, const cam_state *s)
{
    char buf[65536];
    return camt_moves_text(g, s, buf, sizeof buf);
}

/* Parses `text` with the vtable (empty history); returns the code and fills err. */
static inline int camt_parse(const ba_game *g, const cam_state *s, const char *text, ba_move *out, ba_error *err)
{
    ba_history h = {NULL, 0};
    return g->move_from_text(g, s, &h, text, out, err);
}

/* Plays `text` on s (must be legal). */
static inline void camt_play(const ba_game *g, cam_state *s, const char *text)
{
    ba_move m;
    ba_error err;
    int rc = camt_parse(g, s, text, &m, &err);
    ck_assert_msg(rc == BA_OK, "playing %s: %s", text, err.message);
    ck_assert_int_eq(g->apply(g, s, &m), BA_OK);
}

/* Searches pos to `depth` with the selective search on or off; fails the test unless the search
 * succeeds, and returns its result. */
static inline ba_search_result camt_search(const ba_game *g, ba_pos *pos, int selective, int depth)
{
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, selective), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
    ba_engine_free(e);
    return r;
}

#endif
