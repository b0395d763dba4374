/* Helpers shared by the Arimaa test suites: building positions from piece lists, playing turns. */
#ifndef ARIMAA_TEST_UTIL_H
#define ARIMAA_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arimaa/arimaa_internal.h"

/* A play-phase position from a side ('g' or 's') and a list like "Ee4 rd5 Ra1". */
static inline arm_state at_pos(char side, const char *pieces)
{
    arm_state st;
    arm_clear(&st);
    st.phase = ARM_PHASE_PLAY;
    st.side = side == 'g' ? ARM_GOLD : ARM_SILVER;
    const char *p = pieces;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        const char *letters = "RCDHMErcdhme";
        const char *l = strchr(letters, p[0]);
        ck_assert_msg(l != NULL, "bad test piece '%c'", p[0]);
        int idx = (int)(l - letters);
        int sq = arm_parse_square(p + 1);
        ck_assert_msg(sq >= 0, "bad test square in '%s'", p);
        arm_put(&st, sq, idx / 6, idx % 6);
        p += 3;
    }
    st.hash = arm_hash_full(&st);
    for (int s = 0; s < 2; s++)
        ck_assert_msg(!(ARM_TRAPS & st.occ[s] & ~arm_neighbours(st.occ[s])),
                      "test position '%s' has an unguarded piece on a trap", pieces);
    return st;
}

/* Parses a turn; BA_OK when legal. */
static inline int at_parse(const arm_state *st, const char *text, ba_move *out, ba_error *err)
{
    ba_move m = BA_MOVE_NONE;
    int rc = arm_move_from_text(st, NULL, text, &m, err);
    if (out) *out = m;
    return rc;
}

static inline int at_legal(const arm_state *st, const char *text)
{
    ba_error err;
    return at_parse(st, text, NULL, &err) == BA_OK;
}

/* Plays a turn that must be legal and returns the new state. */
static inline arm_state at_play(const arm_state *st, const char *text)
{
    ba_move m;
    ba_error err = {0, ""};
    int rc = at_parse(st, text, &m, &err);
    ck_assert_msg(rc == BA_OK, "'%s' should be legal: %s", text, err.message);
    arm_state next = *st;
    ck_assert_int_eq(arm_apply_move(&next, &m), BA_OK);
    ck_assert(arm_state_valid(&next));
    return next;
}

/* The piece on a square as a letter, or '.'. */
static inline char at_on(const arm_state *st, const char *square)
{
    int p = st->board[arm_parse_square(square)];
    return p == ARM_EMPTY ? '.' : arm_piece_letter(p >> 3, p & 7);
}

/* A random play-phase position (rand_r, so reproducible from the seed): 4..17 pieces, or 16..31
 * when dense, rabbits placed near their goal so that most positions have goals and captures to
 * find; pieces left unguarded on traps are removed. Both sides keep a rabbit, the game goes on. */
static inline arm_state at_random_position(unsigned *seed, int dense)
{
    for (;;) {
        arm_state st;
        arm_clear(&st);
        st.phase = ARM_PHASE_PLAY;
        st.side = (uint8_t)(rand_r(seed) & 1);
        int pieces = dense ? 16 + (int)(rand_r(seed) % 16) : 4 + (int)(rand_r(seed) % 14);
        for (int i = 0; i < pieces; i++) {
            int side = (int)(rand_r(seed) & 1);
            int type = (int)(rand_r(seed) % 3) == 0 ? ARM_RABBIT : (int)(rand_r(seed) % ARM_TYPES);
            /* Rabbits near their goal, so that most positions have something to find. */
            int rank = type == ARM_RABBIT ? (side == ARM_GOLD ? 3 + (int)(rand_r(seed) % 4)
                                                              : 1 + (int)(rand_r(seed) % 4))
                                          : (int)(rand_r(seed) % 8);
            int sq = rank * 8 + (int)(rand_r(seed) % 8);
            if (st.board[sq] != ARM_EMPTY) continue;
            arm_put(&st, sq, side, type);
        }
        arm_captures(&st, NULL, NULL);
        st.hash = arm_hash_full(&st);
        if (st.bb[0][ARM_RABBIT] && st.bb[1][ARM_RABBIT] && arm_static_result(&st) == BA_RESULT_ONGOING)
            return st;
    }
}

#endif
