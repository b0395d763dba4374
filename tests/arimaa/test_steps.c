/* The step game (search_by_steps): on many random positions the turns reachable by step-game
 * sequences are exactly the whole-turn generator's turns (same end positions, repetitions
 * included); a whole turn split into step-game moves ends where the turn does; the step game
 * passes the library's conformance checks; a search of it finds a goal; and the registry opens
 * it. */
#include <stdlib.h>
#include <string.h>

#include <boardai/boardai.h>

#include "arimaa_test_util.h"
#include "check_main.h"
#include "conformance.h"

/* ck_assert writes to the test runner for every check, too slow for the millions of steps
 * walked here: hot loops check with CHECK, which reports only a failure (through ck_abort). */
#define CHECK(cond)                                                                             \
    do {                                                                                        \
        if (!(cond)) ck_abort_msg("%s:%d: check failed: %s", __FILE__, __LINE__, #cond);        \
    } while (0)

static ba_game *step_game(void)
{
    ba_arimaa_options o;
    ba_arimaa_options_default(&o);
    o.search_by_steps = 1;
    ba_game *g = NULL;
    ck_assert_int_eq(ba_arimaa_create(&o, &g, NULL), BA_OK);
    return g;
}

/* A sorted set of hashes. */
typedef struct hset {
    uint64_t *v;
    size_t n, cap;
} hset;

static void hset_add(hset *s, uint64_t h)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 1024;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        CHECK(s->v != NULL);
    }
    s->v[s->n++] = h;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static size_t hset_finish(hset *s)
{
    if (s->n == 0) return 0; /* an immobilised side: no turns, no array */
    qsort(s->v, s->n, sizeof *s->v, cmp_u64);
    size_t k = 0;
    for (size_t i = 0; i < s->n; i++)
        if (k == 0 || s->v[k - 1] != s->v[i]) s->v[k++] = s->v[i];
    s->n = k;
    return k;
}

/* An open-addressing set of non-zero keys (the walk's transposition filter). */
typedef struct kset {
    uint64_t *v;
    size_t mask, n;
} kset;

static int kset_insert(kset *s, uint64_t key)
{
    if (!key) key = 1;
    if ((s->n + 1) * 2 > s->mask + 1 || !s->v) {
        kset bigger = {calloc(s->v ? (s->mask + 1) * 2 : 4096, sizeof(uint64_t)),
                       s->v ? s->mask * 2 + 1 : 4095, 0};
        CHECK(bigger.v != NULL);
        for (size_t i = 0; s->v && i <= s->mask; i++)
            if (s->v[i]) kset_insert(&bigger, s->v[i]);
        free(s->v);
        *s = bigger;
    }
    size_t i = (size_t)(key ^ (key >> 31)) & s->mask;
    while (s->v[i]) {
        if (s->v[i] == key) return 0;
        i = (i + 1) & s->mask;
    }
    s->v[i] = key;
    s->n++;
    return 1;
}

/* Depth-first over the step game from st (inside its turn), collecting the hash of every
 * position where the turn ends. `seen` prunes transpositions (hash with the step count). */
static void step_walk(const ba_game *g, const arm_state *st, const ba_history *hist, hset *ends,
                      kset *seen)
{
    ba_move moves[ARM_MAX_ACTIONS + 1];
    int n = g->generate(g, st, hist, moves, ARM_MAX_ACTIONS + 1);
    CHECK(n >= 0);
    for (int i = 0; i < n; i++) {
        arm_state child = *st;
        CHECK(g->apply(g, &child, &moves[i]) == BA_OK);
        if (child.side != st->side) {
            CHECK(child.steps == 0);
            hset_add(ends, child.hash);
            continue;
        }
        if (kset_insert(seen, g->hash(g, &child))) step_walk(g, &child, hist, ends, seen);
    }
}

/* Compares the step game's reachable turn ends with the turn generator's turns. */
static size_t compare_turns(const ba_game *g, const arm_state *st, const ba_history *hist)
{
    int cap = 600000;
    ba_move *turns = malloc((size_t)cap * sizeof *turns);
    CHECK(turns != NULL);
    int n = arm_generate_turns(st, hist, turns, (size_t)cap, 0);
    CHECK(n >= 0);
    hset want = {0}, ends = {0};
    kset seen = {0};
    for (int i = 0; i < n; i++) {
        arm_state next = *st;
        CHECK(arm_apply_move(&next, &turns[i]) == BA_OK);
        hset_add(&want, next.hash);
        /* The turn as step-game moves ends in the same position. */
        ba_move parts[5];
        int k = arm_turn_to_step_moves(st, &turns[i], parts);
        CHECK(k > 0);
        arm_state s2 = *st;
        for (int j = 0; j < k; j++) {
            CHECK(s2.side == st->side);
            CHECK(g->apply(g, &s2, &parts[j]) == BA_OK);
        }
        CHECK(s2.side != st->side);
        CHECK(s2.hash == next.hash);
        CHECK(memcmp(s2.board, next.board, 64) == 0);
    }
    CHECK((int)hset_finish(&want) == n); /* one move per resulting position */
    step_walk(g, st, hist, &ends, &seen);
    hset_finish(&ends);
    ck_assert_msg(ends.n == want.n, "step game reaches %zu turn ends, the turn generator %zu",
                  ends.n, want.n);
    ck_assert(want.n == 0 || memcmp(ends.v, want.v, want.n * sizeof *want.v) == 0);
    free(want.v);
    free(ends.v);
    free(seen.v);
    free(turns);
    return (size_t)n;
}

/* A random legal turn made of random step-game moves. */
static void random_turn(const ba_game *g, arm_state *st, unsigned *seed)
{
    int side = st->side;
    while (st->side == side) {
        ba_move moves[ARM_MAX_ACTIONS + 1];
        int n = g->generate(g, st, NULL, moves, ARM_MAX_ACTIONS + 1);
        CHECK(n > 0);
        CHECK(g->apply(g, st, &moves[rand_r(seed) % (unsigned)n]) == BA_OK);
    }
}

/* Positions from random games: random curated setups, then random turns. */
START_TEST(step_turns_equal_turn_generator_random_games)
{
    ba_game *g = step_game();
    unsigned seed = 12345;
    int positions = 0;
    for (int game = 0; game < 40; game++) {
        arm_state st;
        arm_clear(&st);
        for (int s = 0; s < 2; s++) {
            ba_move setups[BA_ARIMAA_SETUP_COUNT];
            ck_assert_int_eq(arm_generate_setups(&st, setups, BA_ARIMAA_SETUP_COUNT),
                             BA_ARIMAA_SETUP_COUNT);
            ck_assert_int_eq(arm_apply_move(&st, &setups[rand_r(&seed) % BA_ARIMAA_SETUP_COUNT]),
                             BA_OK);
        }
        int turns = 1 + (int)(rand_r(&seed) % 40);
        for (int t = 0; t < turns && arm_static_result(&st) == BA_RESULT_ONGOING; t++) {
            if (t % 8 == 7 || t == turns - 1) {
                compare_turns(g, &st, NULL);
                positions++;
            }
            random_turn(g, &st, &seed);
        }
    }
    ck_assert_int_ge(positions, 60);
    ba_game_destroy(g);
}
END_TEST

/* Sparse random positions: pieces anywhere (pushes, pulls, freezing and traps all over). */
START_TEST(step_turns_equal_turn_generator_sparse)
{
    ba_game *g = step_game();
    unsigned seed = 777;
    int positions = 0;
    while (positions < 300) {
        arm_state st;
        arm_clear(&st);
        st.phase = ARM_PHASE_PLAY;
        st.side = (uint8_t)(rand_r(&seed) & 1);
        int pieces = 4 + (int)(rand_r(&seed) % 20);
        for (int i = 0; i < pieces; i++) {
            int sq = (int)(rand_r(&seed) % 64);
            if (st.board[sq] != ARM_EMPTY) continue;
            int side = (int)(rand_r(&seed) & 1), type = (int)(rand_r(&seed) % ARM_TYPES);
            /* No rabbit on its goal rank, so the game is not over. */
            if (type == ARM_RABBIT && (arm_goal_rank(side) & arm_bit(sq))) continue;
            arm_put(&st, sq, side, type);
        }
        arm_captures(&st, NULL, NULL);
        st.hash = arm_hash_full(&st);
        if (!st.bb[0][ARM_RABBIT] || !st.bb[1][ARM_RABBIT]) continue;
        if (arm_static_result(&st) != BA_RESULT_ONGOING) continue;
        compare_turns(g, &st, NULL);
        positions++;
    }
    ba_game_destroy(g);
}
END_TEST

/* With a history that holds some turn ends twice, both refuse exactly those turns. */
START_TEST(step_turns_equal_turn_generator_with_repetitions)
{
    ba_game *g = step_game();
    arm_state st = at_pos('g', "Ed4 Ra2 Rh2 rb7 rg7 ed6 Mc2");
    ba_move turns[20000];
    int n = arm_generate_turns(&st, NULL, turns, 20000, 0);
    ck_assert_int_gt(n, 10);
    uint64_t hashes[8];
    for (int i = 0; i < 4; i++) {
        arm_state next = st;
        ck_assert_int_eq(arm_apply_move(&next, &turns[i * 3]), BA_OK);
        hashes[2 * i] = next.hash;
        hashes[2 * i + 1] = next.hash;
    }
    ba_history hist = {hashes, 8};
    size_t with = compare_turns(g, &st, &hist);
    ck_assert_uint_eq(with, (size_t)n - 4);
    ba_game_destroy(g);
}
END_TEST

START_TEST(step_moves_text_and_rules)
{
    ba_game *g = step_game();
    ba_pos *pos = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ba_error err;
    arm_state st = at_pos('g', "rb8 Eb7 Rd2 rh7");
    char text[BA_POS_TEXT_MAX];
    ck_assert_int_ge(arm_position_to_text(&st, text, sizeof text), 0);
    ck_assert_int_eq(ba_pos_set_text(pos, text, &err), BA_OK);
    /* No pass before a step; a step back to where the turn began is no move. */
    ck_assert_int_ne(ba_pos_play_text(pos, "pass", &err), BA_OK);
    ck_assert_int_eq(ba_pos_play_text(pos, "Eb7e", &err), BA_OK);
    ck_assert_int_eq(ba_pos_side_to_move(pos), 0);
    ck_assert_int_ne(ba_pos_play_text(pos, "Ec7w", &err), BA_OK);
    /* The position text inside a turn says so, and reads back to the same hash. */
    ck_assert_int_ge(ba_pos_text(pos, text, sizeof text), 0);
    ck_assert_ptr_nonnull(strstr(text, " steps 1 start "));
    ba_pos *copy = NULL;
    ck_assert_int_eq(ba_pos_new(g, &copy), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(copy, text, &err), BA_OK);
    ck_assert_uint_eq(ba_pos_hash(copy), ba_pos_hash(pos));
    ba_pos_free(copy);
    /* A push is one move of two steps; after four steps the turn is over. */
    ck_assert_int_eq(ba_pos_play_text(pos, "Ec7w", &err) == BA_OK, 0);
    ck_assert_int_eq(ba_pos_play_text(pos, "Rd2n", &err), BA_OK);
    ck_assert_int_eq(ba_pos_play_text(pos, "rh7s Ec7e", &err) == BA_OK, 0); /* not adjacent */
    ck_assert_int_eq(ba_pos_play_text(pos, "Rd3n", &err), BA_OK);
    ck_assert_int_eq(ba_pos_side_to_move(pos), 0);
    ck_assert_int_eq(ba_pos_play_text(pos, "Ec7w", &err), BA_OK);
    ck_assert_int_eq(ba_pos_side_to_move(pos), 1);
    ck_assert_int_ne(ba_pos_play_text(pos, "pass", &err), BA_OK);
    ck_assert_int_eq(((const arm_state *)ba_pos_state(pos))->steps, 0);
    /* Silver: one step, then a pass ends its turn. */
    ck_assert_int_eq(ba_pos_play_text(pos, "rh7w", &err), BA_OK);
    ck_assert_int_eq(ba_pos_play_text(pos, "pass", &err), BA_OK);
    ck_assert_int_eq(ba_pos_side_to_move(pos), 0);
    ba_pos_free(pos);
    ba_game_destroy(g);
}
END_TEST

START_TEST(step_game_conformance)
{
    ba_game *g = step_game();
    char msg[1024];
    ba_conformance_stats stats;
    int rc = ba_conformance_run(g, 7, 1, 14, &stats, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s", msg);
    rc = ba_search_equivalence_check(g, 11, 3, 3, 8, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s", msg);
    ba_game_destroy(g);
}
END_TEST

/* Plays Gold's turn in the step game from the pieces given, one searched step at a time, and
 * checks that the turn ends with Gold's goal: the search must see the goal within its depth. */
static void assert_turn_reaches_goal(ba_game *g, const char *pieces, int depth, int selective)
{
    ba_pos *pos = NULL;
    ba_engine *e = NULL;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ck_assert_int_eq(ba_engine_set(e, BA_OPT_SELECTIVE, selective), BA_OK);
    ba_error err;
    arm_state st = at_pos('g', pieces);
    char text[BA_POS_TEXT_MAX];
    ck_assert_int_ge(arm_position_to_text(&st, text, sizeof text), 0);
    ck_assert_int_eq(ba_pos_set_text(pos, text, &err), BA_OK);
    ba_engine_set(e, BA_OPT_DEPTH, depth);
    for (int i = 0; i < 4 && ba_pos_result(pos) == BA_RESULT_ONGOING; i++) {
        ck_assert_int_eq(ba_pos_side_to_move(pos), 0);
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
        ck_assert_int_eq(ba_pos_play(pos, &r.best, &err), BA_OK);
    }
    ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_WIN0);
    ba_engine_free(e);
    ba_pos_free(pos);
}

/* Gold's rabbit on d5 reaches d8 in three steps; the search must play it within its turn. */
START_TEST(step_search_finds_goal)
{
    ba_game *g = step_game();
    assert_turn_reaches_goal(g, "Rd5 Ee2 ra7 rh7 eb6", 3, 1);
    ba_game_destroy(g);
}
END_TEST

/* A position of the step game from its text. */
static ba_pos *position_of(ba_game *g, const char *text)
{
    ba_pos *pos = NULL;
    ba_error err;
    ck_assert_int_eq(ba_pos_new(g, &pos), BA_OK);
    ck_assert_int_eq(ba_pos_set_text(pos, text, &err), BA_OK);
    return pos;
}

/* The side to move's whole turn as the AEI session plays it: one search at @p depth steps, the
 * line's steps of that side, and a search again only if the line ends inside the turn. */
static void play_turn_as_aei(ba_game *g, ba_pos *pos, int depth)
{
    ba_engine *e = NULL;
    ba_error err;
    ck_assert_int_eq(ba_engine_new(g, &e), BA_OK);
    ba_engine_set(e, BA_OPT_DEPTH, depth);
    int side = ba_pos_side_to_move(pos);
    for (int i = 0; i < 5 && ba_pos_side_to_move(pos) == side; i++) {
        ba_search_result r;
        ck_assert_int_eq(ba_engine_search(e, pos, &r), BA_OK);
        for (int k = 0; k < r.pv_len && ba_pos_side_to_move(pos) == side; k++)
            ck_assert_int_eq(ba_pos_play(pos, &r.pv[k], &err), BA_OK);
    }
    ck_assert_int_ne(ba_pos_side_to_move(pos), side);
    ba_engine_free(e);
}

/* From a game lost to bot_Sharp (Gold's cat lost on move 16): Silver to move, Gold's cat on c5
 * frozen by Silver's camel on c4 beside the trap c6, which only Silver's pieces guard. Silver's
 * turn searched at 4 steps must take a gold piece (the cat, e.g. by the push Cc5n mc4n). With the
 * trap terms as they were (6 points a control unit, every exposed piece charged) the search kept
 * the threat and walked its elephant towards f3 instead (ed3e ee3n ee4e ra8s): the trap terms
 * swung by more than a cat from one elephant move, so the engine neither took free material nor,
 * as Gold, saw it as lost. */
START_TEST(step_search_takes_free_cat)
{
    ba_game *g = step_game();
    ba_pos *pos = position_of(g, "s [rrrr.rr...d.cd.rRr..h.hcD.C.ME....m........e..HDR...RCR..RRHRR..]");
    int cats_before = arm_popcount(((const arm_state *)ba_pos_state(pos))->bb[ARM_GOLD][ARM_CAT]);
    play_turn_as_aei(g, pos, 4);
    const arm_state *after = ba_pos_state(pos);
    ck_assert_int_eq(arm_popcount(after->bb[ARM_GOLD][ARM_CAT]), cats_before - 1);
    ba_pos_free(pos);
    ba_game_destroy(g);
}
END_TEST

/* From the sixth round's second game against bot_Sharp (Silver's turn 14): Gold's horse on d6
 * is frozen beside Silver's elephant on e6; a pull then a push (ee6n Hd6e He6e ee7s, or the
 * same by e5) puts it on f6, where nothing of Gold's guards it, and Gold's best answer takes back
 * a rabbit. The 6-step search played ee6n Hd6e rd7s da8e instead and kept the threat: a rabbit
 * was worth 275 points more than its material in the goal table, the threatened horse was
 * charged twice (threat and trap danger), and the plies a push or pull leaves at the horizon let
 * Gold's rabbit steps buy the goal table's thousands. With a push costing two steps of depth, the
 * 4-step search (Silver's turn exactly) must take the horse: bot_Sharp, searching 10 steps in
 * 20 s, plays that capture (ee6n Hd6e He6e ee7s) with +835. The 6-step search took it while a
 * push counted one ply; with the two-step count, 5 to 8 steps do not yet (docs/arimaa.md, "The
 * tenth round"), and 4 is the depth this test holds. */
START_TEST(step_search_takes_free_horse)
{
    /* Also with the attack-threat term at 30 and 40 % and with the hostage term beside it (both
     * off by default): while the enemy's hold on a trap was all or nothing, the dog step df5s
     * beside f3 lifted Gold's hold there and with it every charge on Silver's pieces near f3, and
     * the search played it instead of the capture. */
    static const int attack_pct[4] = {0, 30, 40, 30}, hostage_pct[4] = {0, 0, 0, 25};
    for (int i = 0; i < 4; i++) {
        int attack = attack_pct[i];
        ba_game *g = step_game();
        arm_game_params(g)->attack_threat_pct = attack;
        arm_game_params(g)->hostage_pct = hostage_pct[i];
        ba_pos *pos =
            position_of(g, "s [d.r.rr.rr.Mr..r....He.c.r....d........hE.R..h.Hm..CDCDR.RRR..RRR]");
        const arm_state *before = ba_pos_state(pos);
        ck_assert_int_eq(arm_popcount(before->bb[ARM_GOLD][ARM_HORSE]), 2);
        play_turn_as_aei(g, pos, 4);
        const arm_state *after = ba_pos_state(pos);
        ck_assert_msg(arm_popcount(after->bb[ARM_GOLD][ARM_HORSE]) == 1,
                      "attack_threat_pct=%d, hostage_pct=%d: the horse not taken", attack,
                      hostage_pct[i]);
        ck_assert_int_eq(arm_popcount(after->occ[ARM_SILVER]), 15); /* nothing of Silver's lost */
        ba_pos_free(pos);
        ba_game_destroy(g);
    }
}
END_TEST

/* From the same series (Silver's horse lost on move 12): Silver to move, its horse on d4 two
 * pushes from c3 by Gold's camel on d5. The 6-step search with the old trap weights kept the horse
 * there (db7s de6w cf5e rf6w) for trap-control points and Gold took it; Silver's turn must now
 * leave Gold no capture of the horse within Gold's next turn (the capture-threat detector's
 * two actions). */
START_TEST(step_search_saves_horse)
{
    ba_game *g = step_game();
    ba_pos *pos = position_of(g, "s [.rr...r..dcrrrh...r.dr.....M.c.....h.HEmR..DH.eR..C.DRCRRRR...R.]");
    arm_state threat;
    ck_assert_int_eq(arm_capture_threat(ba_pos_state(pos), ARM_GOLD, 2, &threat), 1);
    ck_assert_int_eq(arm_popcount(threat.bb[ARM_SILVER][ARM_HORSE]), 1); /* the horse would go */
    play_turn_as_aei(g, pos, 6);
    const arm_state *after = ba_pos_state(pos);
    ck_assert_int_eq(arm_popcount(after->bb[ARM_SILVER][ARM_HORSE]), 2);
    if (arm_capture_threat(after, ARM_GOLD, 2, &threat))
        ck_assert_int_eq(arm_popcount(threat.bb[ARM_SILVER][ARM_HORSE]), 2);
    ba_pos_free(pos);
    ba_game_destroy(g);
}
END_TEST

/* Quiescence's noisy moves at a turn start: the side to move's captures by one push or pull
 * (here the elephant's push of the rabbit on f5 onto f6), none of its simple steps; and none at
 * all when the opponent threatens a goal (the evaluation then sees the threat). */
START_TEST(step_noisy_captures_at_turn_start)
{
    arm_state st = at_pos('g', "Ee5 rf5 Ra2 rh8");
    ba_move moves[ARM_MAX_ACTIONS + 1];
    int n = arm_step_generate(NULL, &st, NULL, moves, ARM_MAX_ACTIONS + 1, 1);
    ck_assert_int_eq(n, 1);
    char text[BA_MOVE_TEXT_MAX];
    ck_assert_int_gt(arm_step_move_to_text(&st, &moves[0], text, sizeof text), 0);
    ck_assert_str_eq(text, "rf5n rf6x Ee5e");
    /* A silver rabbit on b2 reaches b1 in one step: Gold must defend, quiescence stands. */
    arm_state threat = at_pos('g', "Ee5 rf5 Ra2 rb2 rh8");
    ck_assert_int_eq(arm_step_threatened(&threat), 1);
    ck_assert_int_eq(arm_step_generate(NULL, &threat, NULL, moves, ARM_MAX_ACTIONS + 1, 1), 0);
}
END_TEST

/* The goal-threat extension is granted once a turn, at its start: here Silver's rabbit on b2
 * reaches b1 in one step, so Gold's turn start is extended; after a step of Gold that leaves the
 * threat (the elephant walks away), the threat still holds but the next step is not extended.
 * Extending every step of the defence made a whole defending turn free and multiplied the nodes
 * by 20 from 4 to 5 steps in a game position (docs/arimaa.md, "The sixth round"). */
START_TEST(step_goal_threat_extended_once_a_turn)
{
    ba_game *g = step_game();
    ck_assert(BA_GAME_HAS(g, extension));
    arm_state st = at_pos('g', "Ee5 rf5 Ra2 rb2 rh8");
    ck_assert_int_eq(arm_step_threatened(&st), 1);
    ck_assert_int_eq(g->extension(g, &st), 1);
    ba_error err;
    ba_move step;
    ck_assert_int_eq(arm_step_move_from_text(&st, NULL, "Ee5w", &step, &err), BA_OK);
    ck_assert_int_eq(arm_step_apply(&st, &step), BA_OK);
    ck_assert_int_eq(st.steps, 1);
    ck_assert_int_eq(arm_step_threatened(&st), 1);
    ck_assert_int_eq(g->extension(g, &st), 0);
    /* No threat, no extension, at a turn start either. */
    arm_state calm = at_pos('g', "Ee5 rf5 Ra2 rb7 rh8");
    ck_assert_int_eq(g->extension(g, &calm), 0);
    ba_game_destroy(g);
}
END_TEST

/* A push or pull is one move of two steps: the position it reaches costs a second step of depth
 * (extension -1), inside a turn and at the opponent's turn start when the push ends the turn; a
 * single step costs its one ply only. Gold's rabbit stays far from its goal, so no goal-threat
 * extension mixes in. */
static void play_step_text(arm_state *st, const char *text)
{
    ba_error err;
    ba_move m;
    ck_assert_int_eq(arm_step_move_from_text(st, NULL, text, &m, &err), BA_OK);
    ck_assert_int_eq(arm_step_apply(st, &m), BA_OK);
}

START_TEST(step_push_costs_two_steps_of_depth)
{
    ba_game *g = step_game();
    arm_state st = at_pos('g', "Ee5 rf5 Ra2 rb7 rh8");
    ck_assert_int_eq(g->extension(g, &st), 0);
    play_step_text(&st, "rf5e Ee5e"); /* the push: two steps */
    ck_assert_int_eq(st.steps, 2);
    ck_assert_int_eq(g->extension(g, &st), -1);
    play_step_text(&st, "Ra2e");
    ck_assert_int_eq(g->extension(g, &st), 0);
    play_step_text(&st, "Rb2e"); /* the fourth step ends Gold's turn */
    ck_assert_int_eq(st.side, ARM_SILVER);
    ck_assert_int_eq(g->extension(g, &st), 0);
    /* A push as the turn's last move: Silver's turn starts with the push's second step due. */
    arm_state end = at_pos('g', "Ee5 rf5 Ra2 rb7 rh8");
    play_step_text(&end, "Ra2e");
    play_step_text(&end, "Rb2e");
    play_step_text(&end, "rf5e Ee5e");
    ck_assert_int_eq(end.side, ARM_SILVER);
    ck_assert_int_eq(end.steps, 0);
    ck_assert_int_eq(g->extension(g, &end), -1);
    /* The registry's push_depth=1 is the old count, a push one ply; out of range is refused. */
    ba_error err;
    ba_game *old = NULL, *bad = NULL;
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,push_depth=1", &old, &err), BA_OK);
    ck_assert_int_eq(old->extension(old, &end), 0);
    ck_assert_int_ne(ba_game_open("arimaa:search_by_steps=1,push_depth=3", &bad, &err), BA_OK);
    ck_assert_ptr_null(bad);
    ck_assert_ptr_nonnull(strstr(err.message, "push_depth"));
    ba_game_destroy(old);
    ba_game_destroy(g);
}
END_TEST

/* A pass gives up the rest of its turn: the position it reaches costs those steps as depth
 * (extension 1 - k after a pass with k steps left), so that every line of N steps ends at the
 * same point of the turn cycle; a pass after the third step costs its one ply only. The
 * registry's pass_costs_rest=0 is the old count, a pass one ply. */
START_TEST(step_pass_costs_the_rest_of_the_turn)
{
    ba_game *g = step_game();
    for (int made = 1; made <= 3; made++) {
        arm_state st = at_pos('g', "Ee5 rf5 Ra2 rb7 rh8");
        const char *steps[3] = {"Ra2e", "Rb2e", "Rc2e"};
        for (int i = 0; i < made; i++) play_step_text(&st, steps[i]);
        ck_assert_int_eq(g->extension(g, &st), 0);
        play_step_text(&st, "pass");
        ck_assert_int_eq(st.side, ARM_SILVER);
        ck_assert_int_eq(st.pass_left, 4 - made);
        ck_assert_int_eq(g->extension(g, &st), 1 - (4 - made));
        /* The next step charges its ply only again. */
        arm_state next = st;
        play_step_text(&next, "rb7s");
        ck_assert_int_eq(next.pass_left, 0);
        ck_assert_int_eq(g->extension(g, &next), 0);
    }
    arm_state st = at_pos('g', "Ee5 rf5 Ra2 rb7 rh8");
    play_step_text(&st, "Ra2e");
    play_step_text(&st, "pass");
    ba_error err;
    ba_game *old = NULL, *bad = NULL;
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,pass_costs_rest=0", &old, &err), BA_OK);
    ck_assert_int_eq(old->extension(old, &st), 0);
    ck_assert_int_ne(ba_game_open("arimaa:search_by_steps=1,pass_costs_rest=2", &bad, &err), BA_OK);
    ck_assert_ptr_null(bad);
    ck_assert_ptr_nonnull(strstr(err.message, "pass_costs_rest"));
    ba_game_destroy(old);
    ba_game_destroy(g);
}
END_TEST

/* The order key of a step: a rabbit's step forward comes first (key 1, so the selective search
 * treats it as noisy and never reduces it) unless the registry's rabbit_forward_first=0, which
 * orders it as any quiet step (key 0, as an elephant's step and a rabbit's step sideways); a
 * capture weighs its material either way (docs/arimaa.md, "The thirty-eighth round"). */
static int step_key(const ba_game *g, const arm_state *st, const char *text)
{
    ba_error err;
    ba_move m;
    ck_assert_int_eq(arm_step_move_from_text(st, NULL, text, &m, &err), BA_OK);
    return g->order_key(g, st, &m);
}

START_TEST(step_rabbit_forward_first_is_a_knob)
{
    ba_game *g = step_game(), *quiet = NULL, *bad = NULL;
    ba_error err;
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,rabbit_forward_first=0", &quiet, &err),
                     BA_OK);
    /* Silver's dog on c3 (a trap) is held by its cat on c4 alone: Gold's horse on d4 pulls the
     * cat away east (Hd4e cc4e) and the dog falls. */
    arm_state st = at_pos('g', "Ee5 Ra2 Hd4 cc4 dc3 rb7 rh8");
    ck_assert_int_eq(step_key(g, &st, "Ra2n"), 1);
    ck_assert_int_eq(step_key(quiet, &st, "Ra2n"), 0);
    ck_assert_int_eq(step_key(g, &st, "Ra2e"), 0);
    ck_assert_int_eq(step_key(g, &st, "Ee5w"), 0);
    ck_assert_int_eq(step_key(quiet, &st, "Ee5w"), 0);
    ck_assert_int_eq(step_key(g, &st, "Hd4e cc4e"), 100);
    ck_assert_int_eq(step_key(quiet, &st, "Hd4e cc4e"), 100);
    /* Silver's rabbit steps forward southwards. */
    arm_state silver = at_pos('s', "Ee5 Ra2 rb7 rh8");
    ck_assert_int_eq(step_key(g, &silver, "rb7s"), 1);
    ck_assert_int_eq(step_key(quiet, &silver, "rb7s"), 0);
    ck_assert_int_eq(step_key(g, &silver, "rb7e"), 0);
    ck_assert_int_ne(ba_game_open("arimaa:search_by_steps=1,rabbit_forward_first=2", &bad, &err),
                     BA_OK);
    ck_assert_ptr_null(bad);
    ck_assert_ptr_nonnull(strstr(err.message, "rabbit_forward_first"));
    ba_game_destroy(quiet);
    ba_game_destroy(g);
}
END_TEST

/* With the extension once a turn the defence still has its steps: Silver's rabbit on d2 is one
 * step from d1 and Gold's elephant three steps away (freezing or pushing the rabbit needs two or
 * three of them). Gold's turn searched as the AEI session does, at 4 and at 6 steps, must leave
 * Silver no goal within its next turn. */
static void assert_defends_goal(ba_game *g, int depth)
{
    arm_state st = at_pos('g', "Ee4 Ra1 Rh1 Rb2 rd2 eh8 rg7 rh7 ma8");
    char text[BA_POS_TEXT_MAX];
    ck_assert_int_ge(arm_position_to_text(&st, text, sizeof text), 0);
    ba_pos *pos = position_of(g, text);
    ck_assert_int_le(arm_goal_steps(ba_pos_state(pos), ARM_SILVER, 4), 1);
    play_turn_as_aei(g, pos, depth);
    ck_assert_int_eq(ba_pos_result(pos), BA_RESULT_ONGOING);
    ck_assert_int_gt(arm_goal_steps(ba_pos_state(pos), ARM_SILVER, 4), 4);
    ba_pos_free(pos);
}

START_TEST(step_search_defends_goal)
{
    ba_game *g = step_game();
    for (int depth = 4; depth <= 6; depth += 2) assert_defends_goal(g, depth);
    ba_game_destroy(g);
}
END_TEST

/* The null move of the selective search (the registry's step_null): only at a turn start of
 * play, where it hands the whole turn over on the same board; inside a turn the pass is a move
 * of the game and no null move is tried (nor the position evaluated for one). step_null=2
 * charges the four steps given up as depth, as a pass is charged the rest of its turn. */
START_TEST(step_null_move_at_turn_start_only)
{
    ba_error err;
    ba_game *plain = step_game(), *one = NULL, *two = NULL, *bad = NULL;
    ck_assert(!BA_GAME_HAS(plain, make_null));
    ck_assert(!BA_GAME_HAS(plain, null_move_unsafe));
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,step_null=1", &one, &err), BA_OK);
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,step_null=2", &two, &err), BA_OK);
    ck_assert_int_ne(ba_game_open("arimaa:search_by_steps=1,step_null=3", &bad, &err), BA_OK);
    ck_assert_ptr_null(bad);
    ck_assert_ptr_nonnull(strstr(err.message, "step_null"));
    arm_state start = at_pos('g', "Ee5 rf5 Ra2 rb7 rh8");
    ck_assert_int_eq(two->null_move_unsafe(two, &start), 0);
    for (int mode = 1; mode <= 2; mode++) {
        ba_game *g = mode == 1 ? one : two;
        arm_state st = start;
        ck_assert_int_eq(g->make_null(g, &st), BA_OK);
        ck_assert_int_eq(st.side, ARM_SILVER);
        ck_assert_int_eq(st.steps, 0);
        ck_assert_mem_eq(st.board, start.board, sizeof st.board);
        /* The same position as a turn that ended there (Silver to move): the same hash. */
        arm_state other = at_pos('s', "Ee5 rf5 Ra2 rb7 rh8");
        ck_assert_uint_eq(g->hash(g, &st), g->hash(g, &other));
        ck_assert_int_eq(g->extension(g, &st), mode == 1 ? 0 : -3);
    }
    arm_state inside = start;
    play_step_text(&inside, "Ra2e");
    ck_assert_int_ne(two->null_move_unsafe(two, &inside), 0);
    arm_state copy = inside;
    ck_assert_int_eq(two->make_null(two, &copy), BA_ERR_ARG);
    ck_assert_mem_eq(&copy, &inside, sizeof copy);
    ba_game_destroy(one);
    ba_game_destroy(two);
    ba_game_destroy(plain);
}
END_TEST

/* With the null move the search still defends a goal one step away and still plays its own. */
START_TEST(step_search_with_null_move_defends_and_finds_goal)
{
    ba_error err;
    ba_game *g = NULL;
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,step_null=2", &g, &err), BA_OK);
    for (int depth = 6; depth <= 9; depth += 3) assert_defends_goal(g, depth);
    assert_turn_reaches_goal(g, "Rd5 Ee2 ra7 rh7 eb6 dg4 Hb2", 6, 1);
    ba_game_destroy(g);
}
END_TEST

/* The registry's rules parameter search_by_steps opens the step game (boardai-match plays it so):
 * its first moves after the setups are steps of one side; without it, whole turns. */
START_TEST(step_game_from_registry)
{
    ba_error err;
    ba_game *steps = NULL, *turns = NULL, *bad = NULL;
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1", &steps, &err), BA_OK);
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=0", &turns, &err), BA_OK);
    ck_assert_int_ne(ba_game_open("arimaa:search_by_steps=2", &bad, &err), BA_OK);
    ck_assert_ptr_nonnull(strstr(err.message, "search_by_steps"));
    ba_pos *ps = NULL, *pt = NULL;
    ck_assert_int_eq(ba_pos_new(steps, &ps), BA_OK);
    ck_assert_int_eq(ba_pos_new(turns, &pt), BA_OK);
    const char *setups[2] = {"Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Da2 Hb2 Cc2 Md2 Ee2 Cf2 Hg2 Dh2",
                             "ra7 mb7 dc7 ed7 he7 df7 hg7 ch7 ra8 rb8 rc8 rd8 ce8 rf8 rg8 rh8"};
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(ba_pos_play_text(ps, setups[i], &err), BA_OK);
        ck_assert_int_eq(ba_pos_play_text(pt, setups[i], &err), BA_OK);
    }
    /* One step keeps Gold to move in the step game; the turn game takes it as a whole turn. */
    ck_assert_int_eq(ba_pos_play_text(ps, "Ee2n", &err), BA_OK);
    ck_assert_int_eq(ba_pos_side_to_move(ps), 0);
    ck_assert_int_eq(ba_pos_play_text(pt, "Ee2n", &err), BA_OK);
    ck_assert_int_eq(ba_pos_side_to_move(pt), 1);
    ba_pos_free(ps);
    ba_pos_free(pt);
    /* The futility margin of the selective search: a hook only when it is set (without one the
     * core evaluates no interior node for pruning). */
    ck_assert_int_eq(BA_GAME_HAS(steps, futility_margin) != 0, ARM_STEP_FUTILITY_DEFAULT > 0);
    ba_game *fut = NULL;
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,step_futility=60", &fut, &err), BA_OK);
    ck_assert(BA_GAME_HAS(fut, futility_margin));
    arm_state st = at_pos('g', "Rd5 Ee2 ra7 rh7 eb6");
    ck_assert_int_eq(fut->futility_margin(fut, &st, 3), 180);
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,step_futility=0", &bad, &err), BA_OK);
    ck_assert(!BA_GAME_HAS(bad, futility_margin));
    ba_game_destroy(bad);
    ba_game_destroy(fut);
    ba_game_destroy(steps);
    ba_game_destroy(turns);
}
END_TEST

/* The selective search with the futility margin still plays a goal within its turn. */
START_TEST(step_search_with_futility_finds_goal)
{
    ba_error err;
    ba_game *g = NULL;
    ck_assert_int_eq(ba_game_open("arimaa:search_by_steps=1,step_futility=60", &g, &err), BA_OK);
    assert_turn_reaches_goal(g, "Rd5 Ee2 ra7 rh7 eb6 dg4 Hb2", 6, 1);
    ba_game_destroy(g);
}
END_TEST

Suite *ba_test_suite(void)
{
    Suite *s = suite_create("arimaa_steps");
    TCase *tc = tcase_create("steps");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, step_turns_equal_turn_generator_random_games);
    tcase_add_test(tc, step_turns_equal_turn_generator_sparse);
    tcase_add_test(tc, step_turns_equal_turn_generator_with_repetitions);
    tcase_add_test(tc, step_moves_text_and_rules);
    tcase_add_test(tc, step_game_conformance);
    tcase_add_test(tc, step_search_finds_goal);
    tcase_add_test(tc, step_search_takes_free_cat);
    tcase_add_test(tc, step_search_saves_horse);
    tcase_add_test(tc, step_search_takes_free_horse);
    tcase_add_test(tc, step_noisy_captures_at_turn_start);
    tcase_add_test(tc, step_goal_threat_extended_once_a_turn);
    tcase_add_test(tc, step_push_costs_two_steps_of_depth);
    tcase_add_test(tc, step_pass_costs_the_rest_of_the_turn);
    tcase_add_test(tc, step_rabbit_forward_first_is_a_knob);
    tcase_add_test(tc, step_search_defends_goal);
    tcase_add_test(tc, step_game_from_registry);
    tcase_add_test(tc, step_search_with_futility_finds_goal);
    tcase_add_test(tc, step_null_move_at_turn_start_only);
    tcase_add_test(tc, step_search_with_null_move_defends_and_finds_goal);
    suite_add_tcase(s, tc);
    return s;
}
