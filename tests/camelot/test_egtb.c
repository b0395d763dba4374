/*
 * Camelot endgame tables (docs/camelot-endgames.md): the tables against an independent slow
 * reference (the library's exact alpha-beta on the game without tables) on hundreds of random
 * positions of each ending, concrete positions for each rule worked out by hand, the search
 * using the table, and the file's checks.
 *
 * The tables are built once for the whole suite (an unchecked fixture runs in the parent
 * process, before the tests fork). Under the sanitizers only the two-men ending is built (all
 * three take minutes there; the code is the same for each ending), and the tests of the other
 * two run in the normal build.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_main.h"
#include "test_rules_util.h"
#include "test_util.h"
#include "camelot/egtb.h"
#include "camelot/egtb_index.h"

#if defined(__SANITIZE_ADDRESS__)
#define EGTB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EGTB_SANITIZED 1
#endif
#endif
#ifndef EGTB_SANITIZED
#define EGTB_SANITIZED 0
#endif

static ba_camelot_egtb *tb;

static void build_tables(void)
{
    ba_error err;
    int rc = ba_camelot_egtb_build(EGTB_SANITIZED ? 1u : 0u, &tb, &err);
    if (rc != BA_OK) {
        fprintf(stderr, "building the tables failed: %s\n", err.message);
        tb = NULL;
    }
}

static void free_tables(void)
{
    ba_camelot_egtb_free(tb);
    tb = NULL;
}

/* The table's answer for a position text, from the probe. */
static ba_camelot_egtb_result probe_text(const ba_game *g, const char *text, int want_rc)
{
    ck_assert_ptr_nonnull(tb);
    cam_state s;
    ba_error err;
    ck_assert_msg(g->position_from_text(g, &s, text, &err) == BA_OK, "%s: %s", text, err.message);
    ba_camelot_egtb_result r = {-1, -1};
    int rc = ba_camelot_egtb_probe(tb, g, &s, &r, &err);
    ck_assert_msg(rc == want_rc, "%s: probe gave %d (%s), not %d", text, rc, rc ? err.message : "", want_rc);
    return r;
}

/* The score of an exact (non-selective) alpha-beta search to `depth` of game g (no table). */
static int reference_score(const ba_game *g, const char *text, int depth)
{
    ba_pos *p = bt_new_pos(g, text);
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, 0), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_DEPTH, depth), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_TT_MB, 4), BA_OK);
    ba_search_result r;
    ck_assert_int_eq(ba_engine_search(e, p, &r), BA_OK);
    ba_engine_free(e);
    ba_pos_free(p);
    return r.score;
}

/* The score a search gives a table result for the side to move `stm`. */
static int table_score(ba_camelot_egtb_result r, int stm)
{
    if (r.result == BA_RESULT_DRAW) return 0;
    return ba_result_winner(r.result) == stm ? BA_SCORE_WIN - r.plies : -(BA_SCORE_WIN - r.plies);
}

/* Random positions of ending e, each as the attacker White and mirrored (the attacker Black):
 * a table result within the reference's horizon is the reference's exact score; any other
 * (a draw, or a longer win) has no proven score within the horizon. Half the positions are
 * drawn among those decided within the horizon, so that both kinds are well covered. */
#define REF_DEPTH 5
#define REF_SHORT 60
#define REF_OTHER 60
static void check_against_reference(int e)
{
    ck_assert_ptr_nonnull(tb);
    const ba_game *g = ba_camelot_game();
    uint64_t rng = 0x1234u + (uint64_t)e;
    int n_short = 0, n_other = 0, tries = 0;
    while ((n_short < REF_SHORT || n_other < REF_OTHER) && tries++ < 2000000) {
        uint64_t idx = bt_lcg_next(&rng) % cam_egtb_size(e);
        cam_state s;
        if (!cam_egtb_state(e, idx, &s)) continue;
        if (g->status(g, &s, NULL) != BA_RESULT_ONGOING) continue;
        uint8_t x = tb->data[e][idx];
        int dist = x == 0 ? 0 : x < CAM_EGTB_LOSS ? x : x - CAM_EGTB_LOSS;
        int in_horizon = x != 0 && dist <= REF_DEPTH;
        if (in_horizon ? n_short >= REF_SHORT : n_other >= REF_OTHER) continue;
        if (in_horizon) n_short++;
        else n_other++;
        for (int mirror = 0; mirror < 2; mirror++) {
            cam_state m = s;
            if (mirror) {
                memset(m.board, 0, sizeof m.board);
                for (int sq = 0; sq < CAM_SQUARES; sq++)
                    if (s.board[sq] != CAM_EMPTY)
                        m.board[cam_mirror_square(sq)] = CAM_PIECE(1 - CAM_PIECE_SIDE(s.board[sq]), CAM_PIECE_KIND(s.board[sq]));
                m.side_to_move = (uint8_t)(1 - s.side_to_move);
                m.castle_moves[0] = s.castle_moves[1];
                m.castle_moves[1] = s.castle_moves[0];
                cam_state_finish(&m);
            }
            char text[BA_POS_TEXT_MAX];
            ck_assert_int_gt(g->position_to_text(g, &m, text, sizeof text), 0);
            ba_camelot_egtb_result r = probe_text(g, text, BA_OK);
            int want = table_score(r, m.side_to_move);
            int got = reference_score(g, text, REF_DEPTH);
            if (in_horizon)
                ck_assert_msg(got == want, "%s: table %d, reference %d", text, want, got);
            else
                ck_assert_msg(got > -BA_SCORE_WIN_MIN && got < BA_SCORE_WIN_MIN,
                              "%s: table %d, but the reference proves %d", text, want, got);
        }
    }
    ck_assert_int_eq(n_short, REF_SHORT);
    ck_assert_int_eq(n_other, REF_OTHER);
}

START_TEST(reference_two_men) { check_against_reference(0); }
END_TEST
START_TEST(reference_man_and_knight) { check_against_reference(1); }
END_TEST
START_TEST(reference_two_knights) { check_against_reference(2); }
END_TEST

/* ---- concrete positions, one per rule (worked out by hand from the rules) ---- */

/* The probe's answer for a position set up by hand (camt_setup), with the castle moves used,
 * the castle obligation and the quiet plies given. */
static int probe_setup(const ba_game *g, const char *pieces, int side, int used_white, int used_black,
                       const char *must_leave, int quiet, ba_camelot_egtb_result *r)
{
    cam_state s;
    camt_setup(&s, pieces, side);
    s.castle_moves[0] = (uint8_t)used_white;
    s.castle_moves[1] = (uint8_t)used_black;
    if (must_leave != NULL) {
        int sq = camt_sq(must_leave);
        s.must_leave[cam_castle_owner(sq)] = (uint8_t)sq;
    }
    s.quiet_plies = (uint16_t)quiet;
    cam_state_finish(&s);
    ck_assert_ptr_nonnull(tb);
    return ba_camelot_egtb_probe(tb, g, &s, r, NULL);
}

static void expect(const char *pieces, int side, int used_white, int used_black, const char *must_leave,
                   int quiet, int result, int plies)
{
    ba_camelot_egtb_result r;
    int rc = probe_setup(ba_camelot_game(), pieces, side, used_white, used_black, must_leave, quiet, &r);
    ck_assert_msg(rc == BA_OK, "%s: not answered (%d)", pieces, rc);
    ck_assert_msg(r.result == result && r.plies == plies, "%s (%s to move): result %d in %d, not %d in %d",
                  pieces, side ? "black" : "white", r.result, r.plies, result, plies);
}

/* White has a piece in Black's castle; the second steps in: a win in 1. With Black to move,
 * Black's lone man far away cannot stop it: a loss in 2. Colours mirrored: the same. */
START_TEST(win_by_castle_entry)
{
    expect("M F16, M G15, m A8", 0, 0, 0, NULL, 0, BA_RESULT_WIN0, 1);
    expect("M F16, M G15, m A8", 1, 0, 0, NULL, 0, BA_RESULT_WIN0, 2);
    expect("m F1, m G2, M A9", 1, 0, 0, NULL, 0, BA_RESULT_WIN1, 1);
}
END_TEST

/* White's E5 jumps Black's last piece on E6 (E7 empty): two pieces against none, a win in 1. */
START_TEST(win_by_capture)
{
    expect("M E5, M L10, m E6", 0, 0, 0, NULL, 0, BA_RESULT_WIN0, 1);
    expect("M E5, M L10, k E6", 0, 0, 0, NULL, 0, BA_RESULT_WIN0, 1); /* a lone knight: the same */
}
END_TEST

/* The same pieces with Black to move: Black must jump E5 (E4 empty), leaving one piece each: a
 * draw. The defender holds. */
START_TEST(defender_holds_by_capture)
{
    expect("M E5, M L10, m E6", 1, 0, 0, NULL, 0, BA_RESULT_DRAW, 0);
}
END_TEST

/* White's man on F1 ended its move there (by a jump): it must leave now, before White may
 * capture with E5. Its moves (E2, F2, G2) leave E5 en prise, Black jumps it: a draw, where the
 * same position without the obligation is a win in 1. */
START_TEST(obligation_to_leave_the_own_castle)
{
    expect("M F1, M E5, m E6", 0, 0, 0, "F1", 0, BA_RESULT_DRAW, 0);
    expect("M F1, M E5, m E6", 0, 0, 0, NULL, 0, BA_RESULT_WIN0, 1);
    ck_assert_int_eq(reference_score(ba_camelot_game(), "2/8/10/12/12/12/12/12/12/12/4m7/4M7/12/10/8/M1 w 0 0 F1 0", 3), 0);
    /* The obligation pending for the side that has just moved (from the capture that made the
     * ending): Black steps next to E5 (E7-E6); White must first leave F1, and Black jumps E5. */
    expect("M F1, M E5, m E7", 1, 0, 0, "F1", 0, BA_RESULT_DRAW, 0);
    ck_assert_int_eq(reference_score(ba_camelot_game(), "2/8/10/12/12/12/12/12/12/4m7/12/4M7/12/10/8/M1 b 0 0 F1 0", 3), 0);
}
END_TEST

/* Black's lone man stands in White's castle: it can never leave, and its only moves are castle
 * moves to the other square, two per game. Then it has no move, and a side without a move
 * against two pieces loses. With none used: a loss in 4 (castle move, White, castle move,
 * White); one used: 2; White to move: one more. */
START_TEST(castle_moves_are_counted)
{
    expect("M A8, M L8, m F1", 1, 0, 0, NULL, 0, BA_RESULT_WIN0, 4);
    expect("M A8, M L8, m F1", 1, 0, 1, NULL, 0, BA_RESULT_WIN0, 2);
    expect("M A8, M L8, m F1", 0, 0, 0, NULL, 0, BA_RESULT_WIN0, 5);
    expect("M A8, M L8, m F1", 1, 0, 2, NULL, 0, BA_RESULT_WIN0, 0); /* over: no move */
    /* White's own castle moves do not help Black. */
    expect("M A8, M L8, m F1", 1, 2, 0, NULL, 0, BA_RESULT_WIN0, 4);
}
END_TEST

/* The 50-move rule: the loss in 4 above is answered while it ends before the rule draws (quiet
 * plies + 4 <= 100), not beyond; without the rule it is answered whatever the count. */
START_TEST(fifty_move_horizon)
{
    expect("M A8, M L8, m F1", 1, 0, 0, NULL, 96, BA_RESULT_WIN0, 4);
    ba_camelot_egtb_result r;
    ck_assert_int_eq(probe_setup(ba_camelot_game(), "M A8, M L8, m F1", 1, 0, 0, NULL, 97, &r), BA_ERR_RANGE);
    ba_camelot_options o = ba_camelot_options_default();
    o.fifty_move_rule = 0;
    ba_game *g = NULL;
    ck_assert_int_eq(ba_camelot_create(&o, &g, NULL), BA_OK);
    ck_assert_int_eq(probe_setup(g, "M A8, M L8, m F1", 1, 0, 0, NULL, 97, &r), BA_OK);
    ck_assert_int_eq(r.plies, 4);
    ba_game_destroy(g);
}
END_TEST

/* Not in the tables: other material, other castle or canter rules. */
START_TEST(other_positions_are_not_answered)
{
    ba_camelot_egtb_result r;
    ba_error err;
    ck_assert_int_eq(probe_setup(ba_camelot_game(), "M A8, M L8, m F1, m A12", 1, 0, 0, NULL, 0, &r), BA_ERR_RANGE);
    cam_state s;
    ck_assert_int_eq(ba_camelot_game()->init(ba_camelot_game(), &s), BA_OK);
    ck_assert_int_eq(ba_camelot_egtb_probe(tb, ba_camelot_game(), &s, &r, &err), BA_ERR_RANGE);
    ck_assert_ptr_nonnull(strstr(err.message, "not two pieces against one"));
    ba_camelot_options o = ba_camelot_options_default();
    o.castle_moves_per_player = 3;
    ba_game *g = NULL;
    ck_assert_int_eq(ba_camelot_create(&o, &g, NULL), BA_OK);
    ck_assert_int_eq(probe_setup(g, "M A8, M L8, m F1", 1, 0, 0, NULL, 0, &r), BA_ERR_RANGE);
    ba_game_destroy(g);
    ck_assert_int_eq(ba_camelot_egtb_probe(NULL, ba_camelot_game(), &s, &r, NULL), BA_ERR_ARG);
    ck_assert_int_eq(ba_camelot_egtb_attach((ba_game *)(uintptr_t)ba_camelot_game(), tb, NULL), BA_ERR_ARG);
}
END_TEST

/* ---- the search with a table attached ---- */

/* The longest win of each ending is far beyond a 1-ply search, yet with the table attached the
 * search scores it exactly (every child is probed); without it, nothing is proven. */
START_TEST(search_scores_probed_positions_exactly)
{
    ck_assert_ptr_nonnull(tb);
    ba_game *g = NULL;
    ck_assert_int_eq(ba_camelot_create(NULL, &g, NULL), BA_OK);
    ck_assert_int_eq(ba_camelot_egtb_attach(g, tb, NULL), BA_OK);
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) {
        ba_camelot_egtb_stats st;
        if (tb->data[e] == NULL) continue; /* not built under the sanitizers */
        ck_assert_int_eq(ba_camelot_egtb_stats_get(tb, e, &st), BA_OK);
        ck_assert_int_gt(st.longest, 10);
        ck_assert_int_eq(reference_score(g, st.longest_text, 1), BA_SCORE_WIN - st.longest);
        int plain = reference_score(ba_camelot_game(), st.longest_text, 1);
        ck_assert_int_lt(plain, BA_SCORE_WIN_MIN);
    }
    ck_assert_int_eq(ba_camelot_egtb_attach(g, NULL, NULL), BA_OK);
    ba_camelot_egtb_stats st;
    ck_assert_int_eq(ba_camelot_egtb_stats_get(tb, 0, &st), BA_OK);
    ck_assert_int_lt(reference_score(g, st.longest_text, 1), BA_SCORE_WIN_MIN);
    ba_game_destroy(g);
}
END_TEST

/* The counts add up, and wins, draws and losses all occur. */
START_TEST(stats_add_up)
{
    ck_assert_ptr_nonnull(tb);
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) {
        ba_camelot_egtb_stats st;
        if (tb->data[e] == NULL) continue; /* not built under the sanitizers */
        ck_assert_int_eq(ba_camelot_egtb_stats_get(tb, e, &st), BA_OK);
        ck_assert_uint_eq(st.wins + st.draws + st.losses, st.positions);
        ck_assert_uint_gt(st.wins, 0);
        ck_assert_uint_gt(st.draws, 0);
        ck_assert_uint_gt(st.losses, 0);
    }
    ba_camelot_egtb_stats st;
    ck_assert_int_eq(ba_camelot_egtb_stats_get(tb, 3, &st), BA_ERR_RANGE);
}
END_TEST

/* ---- the file ---- */

static char *temp_path(void)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/ba_egtb_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    return path;
}

static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static void expect_parse_error(const uint8_t *data, size_t len, const char *words)
{
    ba_camelot_egtb *t = NULL;
    ba_error err;
    ck_assert_int_eq(ba_camelot_egtb_load_memory(data, len, &t, &err), BA_ERR_PARSE);
    ck_assert_ptr_null(t);
    ck_assert_msg(strstr(err.message, words) != NULL, "'%s' does not say '%s'", err.message, words);
}

START_TEST(file_round_trip_and_faults)
{
    ck_assert_ptr_nonnull(tb);
    char *path = temp_path();
    ck_assert_int_eq(ba_camelot_egtb_save(tb, path, NULL), BA_OK);
    ba_camelot_egtb *back = NULL;
    ck_assert_int_eq(ba_camelot_egtb_load(path, &back, NULL), BA_OK);
    for (int e = 0; e < CAM_EGTB_ENDINGS; e++) {
        ck_assert((back->data[e] == NULL) == (tb->data[e] == NULL));
        if (tb->data[e] == NULL) continue;
        ck_assert_int_eq(memcmp(back->data[e], tb->data[e], cam_egtb_size(e)), 0);
        ck_assert_int_eq(back->stats[e].longest, tb->stats[e].longest);
        ck_assert_uint_eq(back->stats[e].wins, tb->stats[e].wins);
    }
    ba_camelot_egtb_free(back);

    size_t len;
    uint8_t *buf = read_all(path, &len);
    remove(path);
    expect_parse_error(buf, 0, "not a Camelot endgame table");
    expect_parse_error(buf, 40, "truncated");
    expect_parse_error(buf, len - 1, "truncated");
    expect_parse_error(buf, len / 2, "truncated");
    uint8_t *more = malloc(len + 1);
    ck_assert_ptr_nonnull(more);
    memcpy(more, buf, len);
    more[len] = 0;
    expect_parse_error(more, len + 1, "trailing");
    free(more);
    buf[len - 12345] ^= 1; /* one value changed */
    expect_parse_error(buf, len, "checksum");
    buf[len - 12345] ^= 1;
    buf[8] = 2; /* version */
    expect_parse_error(buf, len, "version");
    buf[8] = 1;
    buf[0] = 'X';
    expect_parse_error(buf, len, "magic");
    buf[0] = 'B';
    buf[12] = 0x10; /* endings */
    expect_parse_error(buf, len, "corrupt header");
    free(buf);

    ba_error err;
    ck_assert_int_eq(ba_camelot_egtb_load("/nonexistent/dir/x.tb", &back, &err), BA_ERR_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "cannot open"));
    ck_assert_int_eq(ba_camelot_egtb_save(tb, "/nonexistent/dir/x.tb", &err), BA_ERR_STATE);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("camelot_egtb");
    TCase *tc = tcase_create("egtb");
    tcase_add_unchecked_fixture(tc, build_tables, free_tables);
    tcase_set_timeout(tc, 0);
    tcase_add_test(tc, win_by_castle_entry);
    tcase_add_test(tc, win_by_capture);
    tcase_add_test(tc, defender_holds_by_capture);
    tcase_add_test(tc, obligation_to_leave_the_own_castle);
    tcase_add_test(tc, castle_moves_are_counted);
    tcase_add_test(tc, fifty_move_horizon);
    tcase_add_test(tc, other_positions_are_not_answered);
    tcase_add_test(tc, search_scores_probed_positions_exactly);
    tcase_add_test(tc, stats_add_up);
    tcase_add_test(tc, file_round_trip_and_faults);
    tcase_add_test(tc, reference_two_men);
    if (!EGTB_SANITIZED) {
        tcase_add_test(tc, reference_man_and_knight);
        tcase_add_test(tc, reference_two_knights);
    }
    suite_add_tcase(s, tc);
    return s;
}
