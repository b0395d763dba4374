/* Arimaa notation: steps (Ed2n), capture tokens (rc3x), setup turns (Ra1 Rb1 ...), the position
 * text and the board drawing. */
#include <stdio.h>

#include "arimaa_internal.h"

static int arm_letter_type(char c, int *side)
{
    static const char letters[] = "RCDHME";
    for (int t = 0; t < ARM_TYPES; t++) {
        if (c == letters[t]) {
            *side = ARM_GOLD;
            return t;
        }
        if (c == letters[t] + ('a' - 'A')) {
            *side = ARM_SILVER;
            return t;
        }
    }
    return -1;
}

/* Appends text to buf at *len, failing with BA_ERR_BUFFER when it does not fit. */
static int arm_append(char *buf, size_t cap, size_t *len, const char *text, size_t n)
{
    if (*len + n + 1 > cap) return BA_ERR_BUFFER;
    memcpy(buf + *len, text, n);
    *len += n;
    buf[*len] = '\0';
    return BA_OK;
}

static int arm_append_token(char *buf, size_t cap, size_t *len, int piece, int sq, char suffix)
{
    char tok[6];
    size_t n = 0;
    if (*len > 0) tok[n++] = ' ';
    tok[n++] = arm_piece_letter(piece >> 3, piece & 7);
    arm_square_name(sq, tok + n);
    n += 2;
    if (suffix) tok[n++] = suffix;
    return arm_append(buf, cap, len, tok, n);
}

int arm_move_to_text(const arm_state *st, const ba_move *m, char *buf, size_t cap)
{
    if (!buf || cap == 0) return BA_ERR_BUFFER;
    buf[0] = '\0';
    size_t len = 0;
    if (m->tag == BA_ARIMAA_TAG_SETUP) {
        if (m->len != 16 || st->phase == ARM_PHASE_PLAY) return BA_ERR_ARG;
        int base = st->side == ARM_GOLD ? 0 : 48;
        for (int k = 0; k < 16; k++) {
            int t = m->bytes[k] - 1;
            if (t < 0 || t >= ARM_TYPES) return BA_ERR_ARG;
            int rc = arm_append_token(buf, cap, &len, st->side * 8 + t, base + k, 0);
            if (rc) return rc;
        }
        return (int)len;
    }
    if (m->tag != BA_ARIMAA_TAG_TURN || m->len < 1 || m->len > 4) return BA_ERR_ARG;
    arm_state cur = *st;
    for (int i = 0; i < m->len; i++) {
        int from = m->bytes[i] >> 2, dir = m->bytes[i] & 3, to = arm_step_to(from, dir);
        if (to < 0 || cur.board[from] == ARM_EMPTY || cur.board[to] != ARM_EMPTY) return BA_ERR_ARG;
        int rc = arm_append_token(buf, cap, &len, cur.board[from], from, "nsew"[dir]);
        if (rc) return rc;
        int cap_sq[4];
        uint8_t cap_piece[4];
        int nc = arm_make_step(&cur, from, dir, cap_sq, cap_piece);
        for (int c = 0; c < nc; c++) {
            rc = arm_append_token(buf, cap, &len, cap_piece[c], cap_sq[c], 'x');
            if (rc) return rc;
        }
    }
    return (int)len;
}

/* ---- parsing moves ----------------------------------------------------------------------------- */

#define ARM_MAX_TOKENS 40

typedef struct arm_token {
    const char *text;
    size_t len;
} arm_token;

static int arm_tokenize(const char *text, arm_token *toks, int max)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
        if (!*p) return n;
        if (n == max) return -1;
        toks[n].text = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') p++;
        toks[n].len = (size_t)(p - toks[n].text);
        n++;
    }
}

static int arm_parse_setup(const arm_state *st, const arm_token *toks, int n, ba_move *out,
                           ba_error *err)
{
    static const int counts[ARM_TYPES] = {8, 2, 2, 2, 1, 1};
    static const char *const names[ARM_TYPES] = {"rabbits", "cats", "dogs", "horses", "camel",
                                                 "elephant"};
    int have[ARM_TYPES] = {0};
    ba_move m = BA_MOVE_NONE;
    m.tag = BA_ARIMAA_TAG_SETUP;
    m.len = 16;
    int base = st->side == ARM_GOLD ? 0 : 48;
    for (int i = 0; i < n; i++) {
        int side, type, sq;
        if (toks[i].len != 3 || (type = arm_letter_type(toks[i].text[0], &side)) < 0 ||
            (sq = arm_parse_square(toks[i].text + 1)) < 0) {
            return ba_error_set(err, BA_ERR_PARSE, "bad placement '%.*s': expected e.g. Ra1",
                                (int)(toks[i].len > 20 ? 20 : toks[i].len), toks[i].text);
        }
        if (side != st->side)
            return ba_error_set(err, BA_ERR_ILLEGAL, "placement '%.3s': it is %s's setup", toks[i].text,
                                st->side == ARM_GOLD ? "Gold" : "Silver");
        if (sq < base || sq >= base + 16)
            return ba_error_set(err, BA_ERR_ILLEGAL, "placement '%.3s': %s sets up on ranks %s",
                                toks[i].text, st->side == ARM_GOLD ? "Gold" : "Silver",
                                st->side == ARM_GOLD ? "1 and 2" : "7 and 8");
        if (m.bytes[sq - base])
            return ba_error_set(err, BA_ERR_ILLEGAL, "placement '%.3s': square already used",
                                toks[i].text);
        m.bytes[sq - base] = (uint8_t)(type + 1);
        have[type]++;
    }
    for (int t = 0; t < ARM_TYPES; t++) {
        if (have[t] != counts[t])
            return ba_error_set(err, BA_ERR_ILLEGAL,
                                "a setup places %d %s, this one places %d (16 pieces in all)",
                                counts[t], names[t], have[t]);
    }
    *out = m;
    return BA_OK;
}

int arm_move_from_text(const arm_state *st, const ba_history *hist, const char *text, ba_move *out,
                       ba_error *err)
{
    if (!text) return ba_error_set(err, BA_ERR_ARG, "no move text");
    arm_token toks[ARM_MAX_TOKENS];
    int n = arm_tokenize(text, toks, ARM_MAX_TOKENS);
    if (n < 0) return ba_error_set(err, BA_ERR_PARSE, "too many tokens in the move");
    if (n == 0) return ba_error_set(err, BA_ERR_PARSE, "empty move");
    if (st->phase != ARM_PHASE_PLAY) return arm_parse_setup(st, toks, n, out, err);
    if (arm_static_result(st) != BA_RESULT_ONGOING)
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over");

    uint8_t steps[4];
    int nsteps = 0;
    arm_state cur = *st;
    int cap_sq[8], ncap = 0;
    uint8_t cap_piece[8];
    for (int i = 0; i < n; i++) {
        const arm_token *t = &toks[i];
        int side, type, sq;
        if (t->len != 4 || (type = arm_letter_type(t->text[0], &side)) < 0 ||
            (sq = arm_parse_square(t->text + 1)) < 0 || !strchr("nsewx", t->text[3])) {
            return ba_error_set(err, BA_ERR_PARSE,
                                "bad step '%.*s': expected piece, square, direction (n s e w) or "
                                "x for a capture, e.g. Ed2n or rc3x",
                                (int)(t->len > 20 ? 20 : t->len), t->text);
        }
        int piece = side * 8 + type;
        if (t->text[3] == 'x') {
            /* A capture token must name a capture of the step just made. */
            int ok = 0;
            for (int c = 0; c < ncap && !ok; c++) {
                if (cap_sq[c] == sq && cap_piece[c] == piece) {
                    ok = 1;
                    cap_sq[c] = -1;
                }
            }
            if (!ok)
                return ba_error_set(err, BA_ERR_ILLEGAL, "'%.4s': no such capture happens there",
                                    t->text);
            continue;
        }
        if (nsteps == 4) return ba_error_set(err, BA_ERR_ILLEGAL, "a turn has at most 4 steps");
        int dir = t->text[3] == 'n' ? ARM_NORTH : t->text[3] == 's' ? ARM_SOUTH
                : t->text[3] == 'e' ? ARM_EAST : ARM_WEST;
        if (cur.board[sq] != piece)
            return ba_error_set(err, BA_ERR_ILLEGAL, "'%.4s': %c is not on %.2s at that point",
                                t->text, t->text[0], t->text + 1);
        int to = arm_step_to(sq, dir);
        if (to < 0) return ba_error_set(err, BA_ERR_ILLEGAL, "'%.4s' leaves the board", t->text);
        if (cur.board[to] != ARM_EMPTY)
            return ba_error_set(err, BA_ERR_ILLEGAL, "'%.4s': the destination is occupied", t->text);
        steps[nsteps++] = (uint8_t)(sq << 2 | dir);
        ncap = arm_make_step(&cur, sq, dir, cap_sq, cap_piece);
    }
    if (nsteps == 0) return ba_error_set(err, BA_ERR_PARSE, "the turn has no steps");
    int rc = arm_check_steps(st, steps, nsteps, err);
    if (rc != BA_OK) return rc;
    if (cur.hash == st->hash) return ba_error_set(err, BA_ERR_ILLEGAL, "a turn must change the position");
    rc = arm_find_turn(st, hist, &cur, nsteps, out);
    if (rc < 0) return ba_error_set(err, rc, "move generation failed: %s", ba_errstr(rc));
    if (rc == 0)
        return ba_error_set(err, BA_ERR_ILLEGAL,
                            "the turn would create the same position for the third time");
    return BA_OK;
}

/* ---- position text ----------------------------------------------------------------------------- */

int arm_position_to_text(const arm_state *st, char *buf, size_t cap)
{
    char text[128];
    size_t n = 0;
    text[n++] = st->side == ARM_GOLD ? 'g' : 's';
    text[n++] = ' ';
    text[n++] = '[';
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++) {
            int p = st->board[rank * 8 + file];
            text[n++] = p == ARM_EMPTY ? '.' : arm_piece_letter(p >> 3, p & 7);
        }
    }
    text[n++] = ']';
    text[n] = '\0';
    if (st->phase != ARM_PHASE_PLAY) {
        memcpy(text + n, " setup", 7);
        n += 6;
    } else if (st->steps > 0) {
        /* The step game inside a turn: the steps made and the turn's start (its hash), so that
         * the text says everything that decides the legal moves. */
        int k = snprintf(text + n, sizeof text - n, " steps %d start %016llx", st->steps,
                         (unsigned long long)st->turn_start);
        if (k < 0 || (size_t)k >= sizeof text - n) return BA_ERR_BUFFER;
        n += (size_t)k;
    }
    if (!buf || n + 1 > cap) return BA_ERR_BUFFER;
    memcpy(buf, text, n + 1);
    return (int)n;
}

int arm_position_from_text(arm_state *st, const char *text, ba_error *err)
{
    static const int counts[ARM_TYPES] = {8, 2, 2, 2, 1, 1};
    if (!text) return ba_error_set(err, BA_ERR_ARG, "no position text");
    const char *p = text;
    while (*p == ' ' || *p == '\t') p++;
    int side;
    switch (*p) {
    case 'g': case 'G': case 'w': case 'W': side = ARM_GOLD; break;
    case 's': case 'S': case 'b': case 'B': side = ARM_SILVER; break;
    default:
        return ba_error_set(err, BA_ERR_PARSE, "position must start with the side to move, g or s");
    }
    p++;
    if (*p != ' ' && *p != '\t')
        return ba_error_set(err, BA_ERR_PARSE, "expected a space after the side to move");
    while (*p == ' ' || *p == '\t') p++;
    int bracket = *p == '[';
    if (bracket) p++;
    arm_state s;
    arm_clear(&s);
    int have[2][ARM_TYPES] = {{0}};
    for (int i = 0; i < 64; i++) {
        char c = p[i];
        if (!c || (bracket && c == ']'))
            return ba_error_set(err, BA_ERR_PARSE, "the board has %d squares, it needs 64", i);
        if (c == '.' || c == ' ' || c == 'x' || c == 'X') {
            if (c == ' ' && !bracket)
                return ba_error_set(err, BA_ERR_PARSE,
                                    "a board with spaces for empty squares must be in [ ]");
            continue;
        }
        int ps, t = arm_letter_type(c, &ps);
        if (t < 0) return ba_error_set(err, BA_ERR_PARSE, "bad board character '%c' at square %d", c, i + 1);
        int sq = (7 - i / 8) * 8 + i % 8;
        if (++have[ps][t] > counts[t]) {
            return ba_error_set(err, BA_ERR_ILLEGAL, "too many %c: a side has only %d", c, counts[t]);
        }
        arm_put(&s, sq, ps, t);
    }
    p += 64;
    if (bracket) {
        if (*p != ']') return ba_error_set(err, BA_ERR_PARSE, "the board has more than 64 squares");
        p++;
    }
    while (*p == ' ' || *p == '\t') p++;
    int setup = 0;
    if (strncmp(p, "setup", 5) == 0) {
        setup = 1;
        p += 5;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    }
    int steps = 0;
    unsigned long long start = 0;
    if (!setup && strncmp(p, "steps ", 6) == 0) {
        /* The step game inside a turn: "steps <1..3> start <16 hex digits>". */
        p += 6;
        if (*p < '1' || *p > '3' || strncmp(p + 1, " start ", 7) != 0)
            return ba_error_set(err, BA_ERR_PARSE, "expected 'steps <1..3> start <hash>'");
        steps = *p - '0';
        p += 8;
        for (int i = 0; i < 16; i++, p++) {
            int d = (*p >= '0' && *p <= '9') ? *p - '0' : (*p >= 'a' && *p <= 'f') ? *p - 'a' + 10 : -1;
            if (d < 0) return ba_error_set(err, BA_ERR_PARSE, "the turn's start hash needs 16 hex digits");
            start = start << 4 | (unsigned long long)d;
        }
        while (*p == ' ' || *p == '\t') p++;
    }
    while (*p == '\r' || *p == '\n') p++;
    if (*p) return ba_error_set(err, BA_ERR_PARSE, "unexpected text after the board: '%.20s'", p);
    if (setup) {
        if (s.occ[side]) return ba_error_set(err, BA_ERR_ILLEGAL, "the side setting up already has pieces");
        /* It places all 16 pieces on its two home ranks, so they must be empty (a Gold piece
         * there could only have come by moves, which start after both setups). */
        uint64_t home = side == ARM_GOLD ? 0xFFFFull : 0xFFFFull << 48;
        if ((s.occ[ARM_GOLD] | s.occ[ARM_SILVER]) & home)
            return ba_error_set(err, BA_ERR_ILLEGAL, "%s sets up on ranks %s, which must be empty",
                                side == ARM_GOLD ? "Gold" : "Silver", side == ARM_GOLD ? "1 and 2" : "7 and 8");
        if (side == ARM_GOLD && s.occ[ARM_SILVER])
            return ba_error_set(err, BA_ERR_ILLEGAL, "Silver cannot have set up before Gold");
        s.phase = side == ARM_GOLD ? ARM_PHASE_SETUP_GOLD : ARM_PHASE_SETUP_SILVER;
    } else {
        s.phase = ARM_PHASE_PLAY;
        /* Every step ends with the trap captures, so no position has an unguarded trap piece. */
        for (int ps = 0; ps < 2; ps++) {
            uint64_t doomed = ARM_TRAPS & s.occ[ps] & ~arm_neighbours(s.occ[ps]);
            if (doomed) {
                char name[3] = {0, 0, 0};
                arm_square_name(arm_lsb(doomed), name);
                return ba_error_set(err, BA_ERR_ILLEGAL, "the piece on trap %s has no friend beside it",
                                    name);
            }
        }
    }
    s.side = (uint8_t)side;
    s.hash = arm_hash_full(&s);
    s.steps = (uint8_t)steps;
    s.turn_start = start;
    *st = s;
    return BA_OK;
}

int arm_render(const arm_state *st, char *buf, size_t cap)
{
    char out[1024];
    int n = 0;
    n += snprintf(out + n, sizeof out - (size_t)n, " +-----------------+\n");
    for (int rank = 7; rank >= 0; rank--) {
        n += snprintf(out + n, sizeof out - (size_t)n, "%d|", rank + 1);
        for (int file = 0; file < 8; file++) {
            int sq = rank * 8 + file, p = st->board[sq];
            char c = p != ARM_EMPTY ? arm_piece_letter(p >> 3, p & 7)
                                    : (ARM_TRAPS & arm_bit(sq)) ? 'x' : '.';
            n += snprintf(out + n, sizeof out - (size_t)n, " %c", c);
        }
        n += snprintf(out + n, sizeof out - (size_t)n, " |\n");
    }
    n += snprintf(out + n, sizeof out - (size_t)n, " +-----------------+\n   a b c d e f g h\n%s %s\n",
                  st->side == ARM_GOLD ? "Gold" : "Silver",
                  st->phase == ARM_PHASE_PLAY ? "to move" : "to set up");
    if (!buf || (size_t)n + 1 > cap) return BA_ERR_BUFFER;
    memcpy(buf, out, (size_t)n + 1);
    return n;
}
