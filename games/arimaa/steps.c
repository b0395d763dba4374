/* The step game (ba_arimaa_options::search_by_steps): the vtable's moves are single steps, pushes
 * and pulls (one unit each) and a pass, and the side to move stays the same until its turn ends
 * after four steps or a pass. A search then deepens step by step, as Bomb and Sharp did, instead
 * of a whole turn (tens of thousands of children) at a time.
 *
 * The rules that concern whole turns are applied where a turn can end: a turn may not end where
 * it started, nor in a third repetition. A move that brings the position back to the turn's start
 * before the turn ends is not listed either: whatever the rest of the turn reaches, the same steps
 * reach from the start, so no turn is lost and a wasted detour is never searched. */
#include "arimaa_internal.h"
#include "arimaa_zobrist.h"

/* ---- repetitions ------------------------------------------------------------------------------- */

/* Which end-of-turn hashes the history already holds twice. A 1024-bit filter built in one pass
 * answers "certainly not" for nearly every probe; only a hit counts the history exactly. */
typedef struct arm_rep {
    const ba_history *hist;
    uint64_t once[16], twice[16];
    int any;
} arm_rep;

static unsigned arm_rep_bit(uint64_t h) { return (unsigned)(h >> 54); }

static void arm_rep_init(arm_rep *r, const ba_history *hist)
{
    memset(r, 0, sizeof *r);
    r->hist = hist;
    if (!hist || !hist->hashes || hist->count < 2) return;
    for (size_t i = 0; i < hist->count; i++) {
        unsigned b = arm_rep_bit(hist->hashes[i]);
        uint64_t m = 1ull << (b & 63);
        if (r->once[b >> 6] & m) {
            r->twice[b >> 6] |= m;
            r->any = 1;
        }
        r->once[b >> 6] |= m;
    }
}

/* 1 when a turn ending in a position of hash h (side to move switched) would be a third one. */
static int arm_rep_banned(const arm_rep *r, uint64_t h)
{
    if (!r->any) return 0;
    unsigned b = arm_rep_bit(h);
    if (!(r->twice[b >> 6] & (1ull << (b & 63)))) return 0;
    int seen = 0;
    for (size_t i = 0; i < r->hist->count; i++)
        if (r->hist->hashes[i] == h && ++seen >= 2) return 1;
    return 0;
}

/* ---- hashing and making moves ------------------------------------------------------------------ */

uint64_t arm_step_hash(const arm_state *st)
{
    if (st->steps == 0) return st->hash;
    /* splitmix64's finaliser over the start and the step count, folded into the position. */
    uint64_t z = st->turn_start + 0x9E3779B97F4A7C15ull * (uint64_t)st->steps;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return st->hash ^ z ^ (z >> 31);
}

static void arm_end_turn(arm_state *st)
{
    st->hash = arm_hash_after_turn(st);
    st->side ^= 1;
    st->steps = 0;
    st->turn_start = 0;
}

int arm_step_apply(arm_state *st, const ba_move *m)
{
    if (m->tag == BA_ARIMAA_TAG_SETUP) return arm_apply_move(st, m);
    if (st->phase != ARM_PHASE_PLAY) return BA_ERR_ARG;
    if (m->tag == BA_ARIMAA_TAG_PASS) {
        if (st->steps == 0 || m->len != 0) return BA_ERR_ARG;
        int left = 4 - st->steps;
        arm_end_turn(st);
        st->last_len = 0;
        st->pass_left = (uint8_t)left;
        return BA_OK;
    }
    if (m->tag != BA_ARIMAA_TAG_STEP || m->len < 1 || m->len > 2 || st->steps + m->len > 4)
        return BA_ERR_ARG;
    arm_state next = *st;
    if (next.steps == 0) next.turn_start = next.hash;
    for (int i = 0; i < m->len; i++) {
        int from = m->bytes[i] >> 2, dir = m->bytes[i] & 3, to = arm_step_to(from, dir);
        if (to < 0 || next.board[from] == ARM_EMPTY || next.board[to] != ARM_EMPTY) return BA_ERR_ARG;
        arm_make_step(&next, from, dir, NULL, NULL);
    }
    next.steps = (uint8_t)(next.steps + m->len);
    next.last_len = m->len;
    next.pass_left = 0;
    if (next.steps == 4) arm_end_turn(&next);
    *st = next;
    return BA_OK;
}

/* ---- generation -------------------------------------------------------------------------------- */

static void arm_fill_step(ba_move *m, const arm_action *a)
{
    memset(m, 0, sizeof *m);
    m->tag = BA_ARIMAA_TAG_STEP;
    m->len = a->n;
    m->bytes[0] = a->step[0];
    if (a->n == 2) m->bytes[1] = a->step[1];
}

/* The hash after action a, and whether it captured an enemy piece. A simple step that cannot
 * capture (it does not enter a trap, and no friend of it stands on a trap beside its square) gets
 * its hash from two key updates; anything else is made on a copy. */
static uint64_t arm_action_hash(const arm_state *st, const arm_action *a, int *captured)
{
    int side = st->side;
    *captured = 0;
    if (a->n == 1) {
        int from = a->step[0] >> 2, to = arm_step_to(from, a->step[0] & 3);
        uint64_t risky_from = arm_neighbours(ARM_TRAPS & st->occ[side]);
        if (!(ARM_TRAPS & arm_bit(to)) && !(risky_from & arm_bit(from))) {
            const uint64_t *keys = arm_zobrist_piece[side][st->board[from] & 7];
            return st->hash ^ keys[from] ^ keys[to];
        }
    }
    arm_state child = *st;
    arm_apply_action(&child, a);
    *captured = arm_popcount(child.occ[side ^ 1]) < arm_popcount(st->occ[side ^ 1]);
    return child.hash;
}

int arm_step_threatened_m(arm_goal_memo *memo, const arm_state *st)
{
    if (st->phase != ARM_PHASE_PLAY) return 0;
    int me = st->side, left = arm_steps_left(st);
    /* The opponent's goal in its coming turn (it moves 4 steps after our `left`), unless we
     * reach ours first. */
    if (arm_goal_steps_m(memo, st, me ^ 1, 4) > 4) return 0;
    return arm_goal_steps_m(memo, st, me, left) > left;
}

int arm_step_threatened(const arm_state *st) { return arm_step_threatened_m(NULL, st); }

int arm_step_extension(arm_goal_memo *memo, const arm_state *st, int push_depth,
                       int pass_costs_rest)
{
    /* A push or pull is one move of the step game but two of the turn's four steps: it costs
     * two steps of depth, so that a search of N steps sees N steps of play whatever it pushes.
     * Counted as one, a line of two pushes ended the turn after two plies and left the
     * opponent two steps of its own turn before the horizon: the 4- and 5-step searches then
     * judged a capture by the opponent's half turn (docs/arimaa.md, "Depth in steps"). */
    int cost = st->last_len == 2 ? 1 - push_depth : 0;
    /* A pass gives up the steps left in its turn: charged as depth, as Sharp counts a move that
     * ends the turn, every line of N steps ends at the same point of the turn cycle. Counted
     * as one ply, a line that spent its four steps (however aimlessly) left the opponent fewer
     * steps before the horizon than one that passed early, so the search preferred wandering
     * steps that hid the opponent's last step (docs/arimaa.md, "The fourteenth round"). */
    if (pass_costs_rest && st->pass_left > 1) cost -= st->pass_left - 1;
    /* Once a turn, at its start: extending every step of the defence made the whole defending
     * turn free, and a goal threat that lasts through it (every step still threatened) then
     * cost a full turn of extra depth per threat, which multiplied the nodes by 20 from 4 to 5
     * steps in a game position (docs/arimaa.md). A threat that the side's own step creates
     * inside its turn is not extended: it is a step of its choice. */
    return cost + (st->steps == 0 && arm_step_threatened_m(memo, st));
}

int arm_step_make_null(arm_state *st, int charge_turn)
{
    if (arm_step_null_unsafe(st)) return BA_ERR_ARG;
    arm_end_turn(st);
    st->last_len = 0;
    st->pass_left = (uint8_t)(charge_turn ? 4 : 0);
    return BA_OK;
}

int arm_step_null_unsafe(const arm_state *st)
{
    return st->phase != ARM_PHASE_PLAY || st->steps != 0;
}

/* 1 when the side to move may end its turn now by passing. */
static int arm_pass_legal(const arm_state *st, const arm_rep *rep)
{
    return st->steps > 0 && st->hash != st->turn_start &&
           !arm_rep_banned(rep, arm_hash_after_turn(st));
}

int arm_step_generate(arm_goal_memo *memo, const arm_state *st, const ba_history *hist,
                      ba_move *moves, size_t cap, int noisy)
{
    if (st->phase != ARM_PHASE_PLAY) return noisy ? 0 : arm_generate_setups(st, moves, cap);
    if (st->steps == 0 && arm_static_result(st) != BA_RESULT_ONGOING) return 0;
    /* Quiescence at a turn start looks at the captures the side to move can make with its first
     * action: most pieces are lost to one push or pull onto a trap, and a leaf that ends our turn
     * next to such a capture must not be valued as safe. Under a goal threat it stands on the
     * evaluation (which sees the threat): forcing a capture there would hide quiet defences. */
    if (noisy && st->steps == 0 && arm_step_threatened_m(memo, st)) return 0;
    arm_rep rep;
    arm_rep_init(&rep, hist);
    uint64_t start = st->steps ? st->turn_start : st->hash;
    int left = arm_steps_left(st);
    arm_action acts[ARM_MAX_ACTIONS];
    int n = arm_actions(st, st->side, left, acts);
    size_t count = 0;
    for (int i = 0; i < n; i++) {
        /* A simple step moves only the mover's piece, so it can never capture an enemy one. */
        if (noisy && acts[i].n == 1) continue;
        int captured;
        uint64_t h = arm_action_hash(st, &acts[i], &captured);
        if (h == start) continue;
        if (noisy && !captured) continue;
        if (st->steps + acts[i].n == 4 && arm_rep_banned(&rep, h ^ arm_zobrist_silver_to_move))
            continue;
        if (moves) {
            if (count >= cap) return BA_ERR_BUFFER;
            arm_fill_step(&moves[count], &acts[i]);
        }
        count++;
    }
    /* At a goal threat quiescence does not stand pat (see arm_step_threatened): passing is then
     * one of its moves, so that it weighs ending the turn against the captures. */
    if ((!noisy || arm_step_threatened_m(memo, st)) && arm_pass_legal(st, &rep)) {
        if (moves) {
            if (count >= cap) return BA_ERR_BUFFER;
            memset(&moves[count], 0, sizeof moves[count]);
            moves[count].tag = BA_ARIMAA_TAG_PASS;
        }
        count++;
    }
    return (int)count;
}

int arm_step_status(const arm_state *st, const ba_history *hist)
{
    if (st->phase != ARM_PHASE_PLAY) return BA_RESULT_ONGOING;
    const int lose = st->side == ARM_GOLD ? BA_RESULT_WIN1 : BA_RESULT_WIN0;
    if (st->steps == 0) {
        int r = arm_static_result(st);
        if (r != BA_RESULT_ONGOING) return r;
        arm_rep rep;
        arm_rep_init(&rep, hist);
        arm_action acts[ARM_MAX_ACTIONS];
        int n = arm_actions(st, st->side, 4, acts);
        if (n == 0) return lose; /* immobilised */
        if (!rep.any) return BA_RESULT_ONGOING;
        /* One action then a pass is a turn (an action always changes the position): the first
         * whose end is no third repetition proves a legal turn. The filter answers almost every
         * probe, so this costs no sort of the history, which the search's turn-start nodes
         * would otherwise pay at each visit once the game has a position twice. */
        for (int i = 0; i < n; i++) {
            int captured;
            uint64_t h = arm_action_hash(st, &acts[i], &captured);
            if (!arm_rep_banned(&rep, h ^ arm_zobrist_silver_to_move)) return BA_RESULT_ONGOING;
        }
        int can = arm_has_legal_turn(st, hist);
        if (can < 0) return can;
        return can ? BA_RESULT_ONGOING : lose;
    }
    arm_rep rep;
    arm_rep_init(&rep, hist);
    if (arm_pass_legal(st, &rep)) return BA_RESULT_ONGOING;
    /* Inside a turn with no way to finish it (every ending is a third repetition): this path
     * is no legal turn, which the side to move must not choose. */
    int n = arm_step_generate(NULL, st, hist, NULL, 0, 0);
    if (n < 0) return n;
    return n > 0 ? BA_RESULT_ONGOING : lose;
}

/* ---- text -------------------------------------------------------------------------------------- */

int arm_step_move_to_text(const arm_state *st, const ba_move *m, char *buf, size_t cap)
{
    if (m->tag == BA_ARIMAA_TAG_PASS) {
        if (!buf || cap < 5) return BA_ERR_BUFFER;
        memcpy(buf, "pass", 5);
        return 4;
    }
    if (m->tag != BA_ARIMAA_TAG_STEP) return arm_move_to_text(st, m, buf, cap);
    ba_move turn = *m;
    turn.tag = BA_ARIMAA_TAG_TURN;
    return arm_move_to_text(st, &turn, buf, cap);
}

/* The tokens of a move text without capture tokens, one space apart. */
static void arm_normalise(const char *text, char *out, size_t cap)
{
    size_t n = 0;
    const char *p = text;
    out[0] = '\0';
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        const char *q = p;
        while (*q && *q != ' ' && *q != '\t' && *q != '\r' && *q != '\n') q++;
        size_t len = (size_t)(q - p);
        if (len > 0 && !(len == 4 && p[3] == 'x')) {
            if (n + len + 2 > cap) return;
            if (n) out[n++] = ' ';
            memcpy(out + n, p, len);
            n += len;
            out[n] = '\0';
        }
        p = q;
    }
}

int arm_step_move_from_text(const arm_state *st, const ba_history *hist, const char *text,
                            ba_move *out, ba_error *err)
{
    if (!text) return ba_error_set(err, BA_ERR_ARG, "no move text");
    if (st->phase != ARM_PHASE_PLAY) return arm_move_from_text(st, hist, text, out, err);
    if (st->steps == 0 && arm_static_result(st) != BA_RESULT_ONGOING)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over");
    char want[BA_MOVE_TEXT_MAX], have[BA_MOVE_TEXT_MAX];
    arm_normalise(text, want, sizeof want);
    if (!want[0]) return ba_error_set(err, BA_ERR_PARSE, "empty move");
    ba_move moves[ARM_MAX_ACTIONS + 1];
    int n = arm_step_generate(NULL, st, hist, moves, ARM_MAX_ACTIONS + 1, 0);
    if (n < 0) return ba_error_set(err, n, "move generation failed");
    for (int i = 0; i < n; i++) {
        char t[BA_MOVE_TEXT_MAX];
        if (arm_step_move_to_text(st, &moves[i], t, sizeof t) < 0) continue;
        arm_normalise(t, have, sizeof have);
        if (strcmp(have, want) == 0) {
            *out = moves[i];
            return BA_OK;
        }
    }
    return ba_error_set(err, BA_ERR_ILLEGAL,
                        "'%.60s' is not a legal move of the step game here (one step, a push or "
                        "pull as its two steps, or 'pass' to end the turn)",
                        want);
}

/* ---- whole turns as step-game moves ------------------------------------------------------------ */

static int arm_split(const arm_state *st, const uint8_t *steps, int n, ba_move *out, int depth)
{
    if (n == 0) return depth;
    arm_action acts[ARM_MAX_ACTIONS];
    int k = arm_actions(st, st->side, n, acts);
    for (int i = 0; i < k; i++) {
        const arm_action *a = &acts[i];
        if (a->step[0] != steps[0] || (a->n == 2 && a->step[1] != steps[1])) continue;
        arm_state next = *st;
        arm_apply_action(&next, a);
        int r = arm_split(&next, steps + a->n, n - a->n, out, depth + 1);
        if (r > 0) {
            arm_fill_step(&out[depth], a);
            return r;
        }
    }
    return 0;
}

int arm_turn_to_step_moves(const arm_state *st, const ba_move *turn, ba_move out[5])
{
    if (turn->tag != BA_ARIMAA_TAG_TURN || turn->len < 1 || turn->len > 4) return BA_ERR_ILLEGAL;
    int k = arm_split(st, turn->bytes, turn->len, out, 0);
    if (k <= 0) return BA_ERR_ILLEGAL;
    if (turn->len < 4) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].tag = BA_ARIMAA_TAG_PASS;
        k++;
    }
    return k;
}
