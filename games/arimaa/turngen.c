/* Whole-turn generation: every distinct position a side can reach with 1 to 4 steps, each once.
 *
 * A turn is a sequence of actions (a simple step, a push or a pull). The generator walks them
 * depth first and keeps a hash set of the positions met inside the turn, with the most steps left
 * each was met with. A position met again with no more steps left is neither emitted again nor
 * expanded again: everything reachable from it has been (or is being) explored. So each resulting
 * position is emitted once, with the step sequence met first, and transposed step orders cost
 * only a probe. The start position is in the set from the start: a turn never ends where it
 * began. Third-time repetitions are filtered by comparing the end-of-turn hash with the history's
 * positions that already occurred twice. */
#include <stdlib.h>

#include "arimaa_internal.h"
#include "arimaa_zobrist.h"

/* ---- actions ---------------------------------------------------------------------------------- */

static inline uint8_t arm_step_byte(int from, int dir) { return (uint8_t)(from << 2 | dir); }

/* Per piece at most 13 actions: with k adjacent weaker enemies and 4 - k empty squares it has
 * <= 4 - k steps, <= k (4 - k) pulls and <= 3k pushes, whose sum peaks at 13 (k = 3). */
int arm_actions(const arm_state *st, int s, int max_steps, arm_action *out)
{
    return arm_actions_of(st, s, max_steps, ~0ull, out);
}

int arm_actions_of(const arm_state *st, int s, int max_steps, uint64_t movers, arm_action *out)
{
    int e = s ^ 1, n = 0;
    uint64_t empty = ~(st->occ[0] | st->occ[1]);
    uint64_t mobile = st->occ[s] & movers;
    mobile &= ~arm_frozen_among(st, s, mobile);
    /* Rabbits never step backwards on their own. */
    int back = s == ARM_GOLD ? ARM_SOUTH : ARM_NORTH;
    for (uint64_t b = mobile; b; b &= b - 1) {
        int sq = arm_lsb(b);
        int type = st->board[sq] & 7;
        for (int d = 0; d < 4; d++) {
            int to = arm_step_to(sq, d);
            if (to < 0 || !(empty & arm_bit(to))) continue;
            if (type == ARM_RABBIT && d == back) continue;
            out[n].n = 1;
            out[n].step[0] = arm_step_byte(sq, d);
            out[n].step[1] = 0;
            n++;
        }
        if (type == ARM_RABBIT || max_steps < 2) continue;
        uint64_t victims = arm_neighbours(arm_bit(sq)) & arm_weaker(st, e, type);
        for (uint64_t v = victims; v; v &= v - 1) {
            int vsq = arm_lsb(v);
            /* Pulls: step away into an empty square, the victim follows into sq. */
            for (int d = 0; d < 4; d++) {
                int to = arm_step_to(sq, d);
                if (to < 0 || !(empty & arm_bit(to))) continue;
                out[n].n = 2;
                out[n].step[0] = arm_step_byte(sq, d);
                out[n].step[1] = arm_step_byte(vsq, arm_dir_between(vsq, sq));
                n++;
            }
            /* Pushes: the victim steps to an empty square beside it, the pusher follows. */
            for (int d = 0; d < 4; d++) {
                int to = arm_step_to(vsq, d);
                if (to < 0 || !(empty & arm_bit(to))) continue;
                out[n].n = 2;
                out[n].step[0] = arm_step_byte(vsq, d);
                out[n].step[1] = arm_step_byte(sq, arm_dir_between(sq, vsq));
                n++;
            }
        }
    }
    return n;
}

/* ---- the turn search -------------------------------------------------------------------------- */

/* One hash-set entry, 16 bytes so that a probe touches one cache line. */
typedef struct arm_slot {
    uint64_t key;
    uint32_t idx; /* index of the emitted move, or ARM_NOT_EMITTED */
    uint8_t rem;  /* most steps left this position was met with */
    uint8_t pad[3];
} arm_slot;

typedef struct arm_gen {
    arm_slot *slots;  /* open addressing; key 0 = empty (a zero hash is stored as 1) */
    size_t mask, used;
    const uint64_t *banned; /* end-of-turn hashes already seen twice (sorted) */
    size_t banned_count;
    ba_move *out;
    size_t cap, count;
    int stop_at_first;
    int find;           /* find mode: look for the turn ending in *target_state */
    uint64_t target;
    const arm_state *target_state;
    int max_steps;      /* 4, or in find mode the length of the step sequence being matched */
    int err;
    uint8_t path[4];
} arm_gen;

#define ARM_NOT_EMITTED 0xFFFFFFFFu

static void arm_table_free(arm_gen *g)
{
    free(g->slots);
    g->slots = NULL;
}

static int arm_table_init(arm_gen *g, size_t size)
{
    g->slots = calloc(size, sizeof *g->slots);
    if (!g->slots) return BA_ERR_NOMEM;
    g->mask = size - 1;
    g->used = 0;
    return BA_OK;
}

static size_t arm_table_slot(const arm_gen *g, uint64_t key)
{
    size_t i = (size_t)(key ^ (key >> 29)) & g->mask;
    while (g->slots[i].key && g->slots[i].key != key) i = (i + 1) & g->mask;
    return i;
}

static int arm_table_grow(arm_gen *g)
{
    arm_gen bigger = *g;
    if (arm_table_init(&bigger, (g->mask + 1) * 2) != BA_OK) return BA_ERR_NOMEM;
    for (size_t i = 0; i <= g->mask; i++) {
        if (!g->slots[i].key) continue;
        bigger.slots[arm_table_slot(&bigger, g->slots[i].key)] = g->slots[i];
        bigger.used++;
    }
    arm_table_free(g);
    g->slots = bigger.slots;
    g->mask = bigger.mask;
    return BA_OK;
}

/* Records (key, left). Returns 1 if the key is new, 0 if it was met before with fewer steps left
 * (updated), -1 if it was met with at least as many (nothing to do), or an error. *slot receives
 * the entry's slot (valid until the next insertion). */
static int arm_table_visit(arm_gen *g, uint64_t key, int left, size_t *slot)
{
    if (!key) key = 1;
    size_t i = arm_table_slot(g, key);
    if (g->slots[i].key) {
        if (g->slots[i].rem >= left) return -1;
        g->slots[i].rem = (uint8_t)left;
        *slot = i;
        return 0;
    }
    if ((g->used + 1) * 2 > g->mask + 1) {
        if (arm_table_grow(g) != BA_OK) return BA_ERR_NOMEM;
        i = arm_table_slot(g, key);
    }
    g->slots[i].key = key;
    g->slots[i].rem = (uint8_t)left;
    g->slots[i].idx = ARM_NOT_EMITTED;
    g->used++;
    *slot = i;
    return 1;
}

static int arm_is_banned(const arm_gen *g, uint64_t h)
{
    size_t lo = 0, hi = g->banned_count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (g->banned[mid] < h) lo = mid + 1;
        else hi = mid;
    }
    return lo < g->banned_count && g->banned[lo] == h;
}

static void arm_fill_move(ba_move *m, const uint8_t *path, int depth)
{
    memset(m, 0, sizeof *m);
    m->tag = BA_ARIMAA_TAG_TURN;
    m->len = (uint8_t)depth;
    memcpy(m->bytes, path, (size_t)depth);
}

/* A new end position: emit it. Returns 1 to stop the whole search (error or first turn found). */
static int arm_emit(arm_gen *g, uint64_t hash, int depth, size_t slot)
{
    if (g->banned_count && arm_is_banned(g, hash ^ arm_zobrist_silver_to_move)) return 0;
    if (g->find) {
        if (hash == g->target) {
            arm_fill_move(g->out, g->path, depth);
            g->count = 1;
        }
        return 0;
    }
    if (g->out) {
        if (g->count >= g->cap) {
            g->err = BA_ERR_BUFFER;
            return 1;
        }
        arm_fill_move(&g->out[g->count], g->path, depth);
        g->slots[slot].idx = (uint32_t)g->count;
    }
    g->count++;
    return g->stop_at_first;
}

/* An end position met again by a shorter path: its move takes the shorter step sequence, so
 * that each turn is written with as few steps as possible (no step there and back). */
static void arm_shorten(arm_gen *g, uint64_t hash, int depth, size_t slot)
{
    if (g->find) {
        if (hash == g->target && g->count) arm_fill_move(g->out, g->path, depth);
        return;
    }
    if (g->out && g->slots[slot].idx != ARM_NOT_EMITTED)
        arm_fill_move(&g->out[g->slots[slot].idx], g->path, depth);
}

/* Find mode: can `a` still become `b` in `left` steps? Each step sets exactly one piece bit (the
 * square it enters) and clears one (the square it leaves) plus at most two captures (the trap it
 * enters, the trap beside the square it leaves). So the bits b has and a lacks need a step each,
 * and the bits a has and b lacks at most three per step. */
static int arm_may_reach(const arm_state *a, const arm_state *b, int left)
{
    int missing = 0, extra = 0;
    for (int s = 0; s < 2; s++) {
        for (int t = 0; t < ARM_TYPES; t++) {
            missing += arm_popcount(b->bb[s][t] & ~a->bb[s][t]);
            extra += arm_popcount(a->bb[s][t] & ~b->bb[s][t]);
        }
    }
    return missing <= left && extra <= 3 * left;
}

/* The last step of a turn (one step left, so only simple steps): nothing is expanded further, so
 * a step that cannot capture (it does not enter a trap and leaves no trap with a friend on it)
 * gets its end hash from two key updates, without copying the state. */
static int arm_search_last(arm_gen *g, const arm_state *st, int depth, const arm_action *acts,
                           int n)
{
    int side = st->side;
    uint64_t risky_from = arm_neighbours(ARM_TRAPS & st->occ[side]);
    for (int i = 0; i < n; i++) {
        int from = acts[i].step[0] >> 2, to = arm_step_to(from, acts[i].step[0] & 3);
        uint64_t hash;
        if ((ARM_TRAPS & arm_bit(to)) || (risky_from & arm_bit(from))) {
            arm_state child = *st;
            arm_apply_action(&child, &acts[i]);
            hash = child.hash;
        } else {
            const uint64_t *keys = arm_zobrist_piece[side][st->board[from] & 7];
            hash = st->hash ^ keys[from] ^ keys[to];
        }
        size_t slot = 0;
        int seen = arm_table_visit(g, hash, 0, &slot);
        if (seen == -1) continue;
        if (seen < -1) {
            g->err = seen;
            return 1;
        }
        g->path[depth] = acts[i].step[0];
        if (seen == 1) {
            if (arm_emit(g, hash, depth + 1, slot)) return 1;
        } else {
            arm_shorten(g, hash, depth + 1, slot);
        }
    }
    return 0;
}

static int arm_search(arm_gen *g, const arm_state *st, int depth)
{
    arm_action acts[ARM_MAX_ACTIONS];
    int left = g->max_steps - depth;
    int n = arm_actions(st, st->side, left, acts);
    if (left == 1 && !g->find) return arm_search_last(g, st, depth, acts, n);
    for (int i = 0; i < n; i++) {
        arm_state child = *st;
        arm_apply_action(&child, &acts[i]);
        int child_left = left - acts[i].n;
        if (g->find && !arm_may_reach(&child, g->target_state, child_left)) continue;
        size_t slot = 0;
        int seen = arm_table_visit(g, child.hash, child_left, &slot);
        if (seen == -1) continue;
        if (seen < -1) {
            g->err = seen;
            return 1;
        }
        g->path[depth] = acts[i].step[0];
        if (acts[i].n == 2) g->path[depth + 1] = acts[i].step[1];
        if (seen == 1) {
            if (arm_emit(g, child.hash, depth + acts[i].n, slot)) return 1;
        } else {
            arm_shorten(g, child.hash, depth + acts[i].n, slot);
        }
        if (child_left > 0 && arm_search(g, &child, depth + acts[i].n)) return 1;
    }
    return 0;
}

static int arm_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The end-of-turn hashes that may not be produced again: those already seen twice. */
static int arm_banned_list(const ba_history *hist, uint64_t **out, size_t *count)
{
    *out = NULL;
    *count = 0;
    if (!hist || hist->count < 2 || !hist->hashes) return BA_OK;
    uint64_t *copy = malloc(hist->count * sizeof *copy);
    if (!copy) return BA_ERR_NOMEM;
    memcpy(copy, hist->hashes, hist->count * sizeof *copy);
    qsort(copy, hist->count, sizeof *copy, arm_cmp_u64);
    size_t n = 0;
    for (size_t i = 1; i < hist->count; i++) {
        if (copy[i] == copy[i - 1] && (n == 0 || copy[n - 1] != copy[i])) copy[n++] = copy[i];
    }
    if (n == 0) {
        free(copy);
        return BA_OK;
    }
    *out = copy;
    *count = n;
    return BA_OK;
}

static int arm_run(const arm_state *st, const ba_history *hist, ba_move *moves, size_t cap,
                   int stop_at_first, const arm_state *target, int max_steps)
{
    arm_gen g;
    memset(&g, 0, sizeof g);
    g.out = moves;
    g.cap = cap;
    g.stop_at_first = stop_at_first;
    g.find = target != NULL;
    g.target = target ? target->hash : 0;
    g.target_state = target;
    g.max_steps = max_steps;
    uint64_t *banned;
    int rc = arm_banned_list(hist, &banned, &g.banned_count);
    if (rc != BA_OK) return rc;
    g.banned = banned;
    if (arm_table_init(&g, 1u << 12) != BA_OK) {
        free(banned);
        return BA_ERR_NOMEM;
    }
    size_t root_slot;
    arm_table_visit(&g, st->hash, max_steps, &root_slot);
    arm_search(&g, st, 0);
    arm_table_free(&g);
    free(banned);
    if (g.err) return g.err;
    return g.count > (size_t)0x7fffffff ? BA_ERR_INTERNAL : (int)g.count;
}

int arm_generate_turns(const arm_state *st, const ba_history *hist, ba_move *moves, size_t cap,
                       int stop_at_first)
{
    return arm_run(st, hist, moves, cap, stop_at_first, NULL, 4);
}

int arm_find_turn(const arm_state *st, const ba_history *hist, const arm_state *target, int nsteps,
                  ba_move *out)
{
    /* The search runs to the end (a shorter path to the target may come after the first), but
     * only as deep as the given step sequence and only through positions near the target. The
     * visit order of the positions it does explore is that of the full search, so the move it
     * reports is the one generate() lists. */
    return arm_run(st, hist, out, 1, 0, target, nsteps);
}

int arm_has_legal_turn(const arm_state *st, const ba_history *hist)
{
    /* Fast path: one action always changes the position, so any action whose result is not a
     * third repetition is a legal turn. Only when all of them repeat do we search deeper. */
    arm_action acts[ARM_MAX_ACTIONS];
    int n = arm_actions(st, st->side, 4, acts);
    if (n == 0) return 0;
    uint64_t *banned;
    size_t banned_count;
    int rc = arm_banned_list(hist, &banned, &banned_count);
    if (rc != BA_OK) return rc;
    if (banned_count == 0) return 1;
    arm_gen probe;
    memset(&probe, 0, sizeof probe);
    probe.banned = banned;
    probe.banned_count = banned_count;
    for (int i = 0; i < n; i++) {
        arm_state child = *st;
        arm_apply_action(&child, &acts[i]);
        if (!arm_is_banned(&probe, arm_hash_after_turn(&child))) {
            free(banned);
            return 1;
        }
    }
    free(banned);
    rc = arm_generate_turns(st, hist, NULL, 0, 1);
    return rc < 0 ? rc : rc > 0;
}

/* ---- setups ----------------------------------------------------------------------------------- */

/* Curated setups, Gold's view: 16 letters, rank 2 (a..h) then rank 1 (a..h). All keep the
 * traps' neighbours (c2, f2) guarded, the elephant and camel central, and most rabbits on
 * rank 1 — the shape of strong human setups; half of them swap elephant and camel. Silver
 * uses the same arrangements on its ranks 7 and 8. */
const char *const arm_setup_rows[BA_ARIMAA_SETUP_COUNT] = {
    "DHCMECHD" "RRRRRRRR", "DHCEMCHD" "RRRRRRRR", "RHCMECHR" "RDRRRRDR", "RHCEMCHR" "RDRRRRDR",
    "HDCMECDH" "RRRRRRRR", "HDCEMCDH" "RRRRRRRR", "RHDMEDHR" "RCRRRRCR", "RHDEMDHR" "RCRRRRCR",
    "HCDMEDCH" "RRRRRRRR", "HCDEMDCH" "RRRRRRRR", "RHCMEDHR" "RDRRRRCR", "RHDEMCHR" "RCRRRRDR",
    "MHCDECHD" "RRRRRRRR", "DHCEDCHM" "RRRRRRRR", "RHCMECHD" "DRRRRRRR", "DHCEMCHR" "RRRRRRRD",
};

static int arm_type_of_letter(char c)
{
    switch (c) {
    case 'R': case 'r': return ARM_RABBIT;
    case 'C': case 'c': return ARM_CAT;
    case 'D': case 'd': return ARM_DOG;
    case 'H': case 'h': return ARM_HORSE;
    case 'M': case 'm': return ARM_CAMEL;
    case 'E': case 'e': return ARM_ELEPHANT;
    default: return -1;
    }
}

int arm_generate_setups(const arm_state *st, ba_move *moves, size_t cap)
{
    if (cap < BA_ARIMAA_SETUP_COUNT) return BA_ERR_BUFFER;
    for (int i = 0; i < BA_ARIMAA_SETUP_COUNT; i++) {
        ba_move *m = &moves[i];
        memset(m, 0, sizeof *m);
        m->tag = BA_ARIMAA_TAG_SETUP;
        m->len = 16;
        /* Byte k is square base + k (base a1 for Gold, a7 for Silver); the row text lists the
         * front rank (Gold's 2, Silver's 7) first, then the back rank. */
        const char *row = arm_setup_rows[i];
        for (int j = 0; j < 16; j++) {
            int front = j < 8;
            int k = (st->side == ARM_GOLD) == front ? 8 + (j & 7) : (j & 7);
            m->bytes[k] = (uint8_t)(arm_type_of_letter(row[j]) + 1);
        }
    }
    return BA_ARIMAA_SETUP_COUNT;
}

/* ---- applying and checking -------------------------------------------------------------------- */

int arm_apply_move(arm_state *st, const ba_move *m)
{
    if (m->tag == BA_ARIMAA_TAG_SETUP) {
        if (st->phase == ARM_PHASE_PLAY || m->len != 16) return BA_ERR_ARG;
        int base = st->side == ARM_GOLD ? 0 : 48;
        for (int k = 0; k < 16; k++) {
            int t = m->bytes[k] - 1;
            if (t < 0 || t >= ARM_TYPES || st->board[base + k] != ARM_EMPTY) return BA_ERR_ARG;
            arm_put(st, base + k, st->side, t);
        }
        st->phase = (uint8_t)(st->phase + 1);
        st->side ^= 1;
        st->hash = arm_hash_full(st); /* the phase key changed; setups are rare */
        return BA_OK;
    }
    if (m->tag != BA_ARIMAA_TAG_TURN || m->len < 1 || m->len > 4 || st->phase != ARM_PHASE_PLAY)
        return BA_ERR_ARG;
    for (int i = 0; i < m->len; i++) {
        int from = m->bytes[i] >> 2, dir = m->bytes[i] & 3;
        int to = arm_step_to(from, dir);
        if (to < 0 || st->board[from] == ARM_EMPTY || st->board[to] != ARM_EMPTY) return BA_ERR_ARG;
        arm_make_step(st, from, dir, NULL, NULL);
    }
    st->hash = arm_hash_after_turn(st);
    st->side ^= 1;
    return BA_OK;
}

static const char *arm_simple_step_problem(const arm_state *st, int from, int dir)
{
    int to = arm_step_to(from, dir);
    if (to < 0) return "it leaves the board";
    if (st->board[from] == ARM_EMPTY) return "there is no piece on that square";
    if (st->board[to] != ARM_EMPTY) return "the destination is occupied";
    int side = st->board[from] >> 3, type = st->board[from] & 7;
    if (side != st->side) return "an enemy piece moves without a push or pull";
    if (arm_frozen(st, side) & arm_bit(from)) return "the piece is frozen";
    if (type == ARM_RABBIT && dir == (side == ARM_GOLD ? ARM_SOUTH : ARM_NORTH))
        return "rabbits cannot step backwards";
    return NULL;
}

static int arm_decompose(const arm_state *st, const uint8_t *steps, int n)
{
    if (n == 0) return 1;
    int from = steps[0] >> 2, dir = steps[0] & 3;
    int to = arm_step_to(from, dir);
    if (to < 0 || st->board[from] == ARM_EMPTY || st->board[to] != ARM_EMPTY) return 0;
    int side = st->board[from] >> 3, type = st->board[from] & 7;
    if (side == st->side) {
        if (arm_simple_step_problem(st, from, dir) == NULL) {
            arm_state next = *st;
            arm_make_step(&next, from, dir, NULL, NULL);
            if (arm_decompose(&next, steps + 1, n - 1)) return 1;
        }
        /* A pull: the step, then a weaker enemy beside `from` follows into it. */
        if (n >= 2 && type != ARM_RABBIT && !(arm_frozen(st, side) & arm_bit(from))) {
            int vfrom = steps[1] >> 2, vto = arm_step_to(vfrom, steps[1] & 3);
            if (vto == from && st->board[vfrom] != ARM_EMPTY && (st->board[vfrom] >> 3) != side &&
                (st->board[vfrom] & 7) < type) {
                arm_state next = *st;
                arm_make_step(&next, from, dir, NULL, NULL);
                arm_make_step(&next, vfrom, steps[1] & 3, NULL, NULL);
                if (arm_decompose(&next, steps + 2, n - 2)) return 1;
            }
        }
        return 0;
    }
    /* An enemy step: the first half of a push by a stronger unfrozen friend moving into from. */
    if (n < 2) return 0;
    int pfrom = steps[1] >> 2, pto = arm_step_to(pfrom, steps[1] & 3);
    if (pto != from || st->board[pfrom] == ARM_EMPTY || (st->board[pfrom] >> 3) != st->side) return 0;
    if ((st->board[pfrom] & 7) <= type || (arm_frozen(st, st->side) & arm_bit(pfrom))) return 0;
    arm_state next = *st;
    arm_make_step(&next, from, dir, NULL, NULL);
    arm_make_step(&next, pfrom, steps[1] & 3, NULL, NULL);
    return arm_decompose(&next, steps + 2, n - 2);
}

int arm_check_steps(const arm_state *st, const uint8_t *steps, int n, ba_error *err)
{
    if (n < 1 || n > 4) return ba_error_set(err, BA_ERR_ILLEGAL, "a turn has 1 to 4 steps, not %d", n);
    if (arm_decompose(st, steps, n)) return BA_OK;
    /* Explain: replay until the first step that is not a plain legal step of the mover. */
    arm_state cur = *st;
    for (int i = 0; i < n; i++) {
        int from = steps[i] >> 2, dir = steps[i] & 3;
        const char *why = arm_simple_step_problem(&cur, from, dir);
        char sqname[3] = {0, 0, 0};
        arm_square_name(from, sqname);
        if (why) {
            return ba_error_set(err, BA_ERR_ILLEGAL, "step %d (from %s, direction %c) is illegal: %s",
                                i + 1, sqname, "nsew"[dir], why);
        }
        arm_make_step(&cur, from, dir, NULL, NULL);
    }
    return ba_error_set(err, BA_ERR_ILLEGAL,
                        "the steps do not form legal steps, pushes and pulls (a push needs a "
                        "stronger unfrozen piece, one step cannot both push and pull)");
}
