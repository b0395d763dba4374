/* The chess game vtable: rules at the end of the game, evaluation through the generic
 * piece-square evaluator, notation, and the public helpers of chess.h. */
#include <stdio.h>

#include "chess_internal.h"

/* ---- the classic evaluator, as data (docs/chess.md), in centipawns ---- */
static const int chess_material[CHS_NTYPES] = {100, 300, 300, 450, 900, 0};
/* Positional values by 10x12 mailbox index, row r = indices 10r .. 10r+9, exactly as given
 * (including the slight asymmetry of rows 4 and 7). */
static const int chess_squares[120] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* r0 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* r1 */
    0, 0, 1, 2, 3, 3, 2, 1, 0, 0, /* r2: rank 1 */
    0, 1, 4, 4, 4, 4, 4, 4, 1, 0, /* r3 */
    0, 3, 4, 6, 6, 6, 6, 4, 2, 0, /* r4 */
    0, 3, 4, 6, 8, 8, 6, 4, 3, 0, /* r5 */
    0, 3, 4, 6, 8, 8, 6, 4, 3, 0, /* r6 */
    0, 2, 4, 6, 6, 6, 6, 4, 2, 0, /* r7 */
    0, 1, 4, 4, 4, 4, 4, 4, 1, 0, /* r8 */
    0, 0, 1, 2, 3, 3, 2, 1, 0, 0, /* r9: rank 8 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* r10 */
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* r11 */
};
static const ba_pst chess_pst = {10, 12, CHS_NTYPES, chess_material, chess_squares, 1, BA_PST_SAME};

const ba_pst *ba_chess_pst(void) { return &chess_pst; }

int ba_chess_mailbox(int square)
{
    if (square < 0 || square > 63)
        return BA_ERR_RANGE;
    return 21 + (square & 7) + 10 * (square >> 3);
}

/* ---- moves ---- */
void chs_to_ba_move(chs_move m, ba_move *out)
{
    memset(out, 0, sizeof *out);
    out->len = 3;
    out->bytes[0] = (uint8_t)CHS_FROM(m);
    out->bytes[1] = (uint8_t)CHS_TO(m);
    out->bytes[2] = (uint8_t)CHS_PROMO(m);
}

int chs_from_ba_move(const ba_move *m, chs_move *out)
{
    if (!m || m->len != 3 || m->tag != 0 || m->bytes[0] > 63 || m->bytes[1] > 63 || m->bytes[2] > CHS_QUEEN)
        return BA_ERR_ARG;
    *out = CHS_MOVE(m->bytes[0], m->bytes[1], m->bytes[2]);
    return BA_OK;
}

/* Is @p m one of the legal moves of @p b? */
static int is_legal(const chs_board *b, chs_move m)
{
    chs_move list[CHS_MAX_MOVES];
    int n = chs_generate(b, list, CHS_GEN_ALL);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return 1;
    return 0;
}

/* ---- end of game ---- */
int chs_insufficient_material(const chs_board *b)
{
    if (b->piece[CHS_PAWN] | b->piece[CHS_ROOK] | b->piece[CHS_QUEEN])
        return 0;
    chs_bb minors = b->piece[CHS_KNIGHT] | b->piece[CHS_BISHOP];
    if (chs_popcount(minors) <= 1)
        return 1; /* K v K, K+minor v K */
    /* Only bishops, all on one colour of square: no mate is possible. */
    const chs_bb light = 0x55AA55AA55AA55AAULL;
    if (!b->piece[CHS_KNIGHT] && (!(b->piece[CHS_BISHOP] & light) || !(b->piece[CHS_BISHOP] & ~light)))
        return 1;
    return 0;
}

/* How many of the earlier positions equal the current one (same hash), looking back only as
 * far as the last capture or pawn move. */
static int repetitions(const chs_board *b, const ba_history *hist)
{
    if (!hist || !hist->hashes || hist->count == 0)
        return 0;
    size_t back = b->halfmove;
    if (back > hist->count)
        back = hist->count;
    int count = 0;
    for (size_t i = 1; i <= back; i++)
        if (hist->hashes[hist->count - i] == b->hash)
            count++;
    return count;
}

/* A draw by rule (50 moves, repetition, material), checkmate aside. */
static int drawn_by_rule(const chs_board *b, const ba_history *hist)
{
    return b->halfmove >= 100 || chs_insufficient_material(b) || repetitions(b, hist) >= 2;
}

int chs_status(const chs_board *b, const ba_history *hist)
{
    if (chs_count_legal(b) == 0) {
        if (chs_in_check(b))
            return b->stm == CHS_WHITE ? BA_RESULT_WIN1 : BA_RESULT_WIN0;
        return BA_RESULT_DRAW;
    }
    return drawn_by_rule(b, hist) ? BA_RESULT_DRAW : BA_RESULT_ONGOING;
}

/* ---- the vtable ---- */
static int g_init(const ba_game *g, void *state)
{
    (void)g;
    chs_start((chs_board *)state);
    return BA_OK;
}

static int g_side(const ba_game *g, const void *state)
{
    (void)g;
    return ((const chs_board *)state)->stm;
}

static int export_moves(const chs_move *list, int n, ba_move *moves, size_t cap)
{
    if ((size_t)n > cap)
        return BA_ERR_BUFFER;
    for (int i = 0; i < n; i++)
        chs_to_ba_move(list[i], &moves[i]);
    return n;
}

static int g_generate(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves, size_t cap)
{
    (void)g;
    const chs_board *b = state;
    if (drawn_by_rule(b, hist))
        return 0;
    chs_move list[CHS_MAX_MOVES];
    return export_moves(list, chs_generate(b, list, CHS_GEN_ALL), moves, cap);
}

static int g_generate_noisy(const ba_game *g, const void *state, const ba_history *hist, ba_move *moves,
                            size_t cap)
{
    (void)g;
    const chs_board *b = state;
    if (drawn_by_rule(b, hist))
        return 0;
    chs_move list[CHS_MAX_MOVES];
    int n = chs_generate(b, list, CHS_GEN_NOISY);
    if (!chs_in_check(b)) {
        /* Quiescence follows only the captures that do not lose material by exchange (SEE):
         * a losing capture rarely changes a stand-pat value, and following every one of them
         * is what made quiescence explode in busy middlegames. In check every evasion stays. */
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!chs_capture_loses(b, list[i]))
                list[k++] = list[i];
        n = k;
    }
    return export_moves(list, n, moves, cap);
}

static int g_apply(const ba_game *g, void *state, const ba_move *move)
{
    (void)g;
    chs_board *b = state;
    chs_move m;
    if (chs_from_ba_move(move, &m) != BA_OK)
        return BA_ERR_ARG;
    uint8_t code = b->sq[CHS_FROM(m)];
    if (!code || CHS_COLOR(code) != b->stm)
        return BA_ERR_ILLEGAL;
    chs_make(b, m);
    chs_normalize_ep(b);
    return BA_OK;
}

static int g_status(const ba_game *g, const void *state, const ba_history *hist)
{
    (void)g;
    return chs_status(state, hist);
}

/* Piece list in the evaluator's numbering (10x12 mailbox). */
static size_t pst_pieces(const chs_board *b, ba_pst_piece *pieces)
{
    size_t n = 0;
    chs_bb occ = b->color[0] | b->color[1];
    while (occ) {
        int s = chs_lsb(occ);
        occ &= occ - 1;
        uint8_t code = b->sq[s];
        pieces[n].side = (uint8_t)CHS_COLOR(code);
        pieces[n].type = (uint8_t)CHS_TYPE(code);
        pieces[n].square = (uint16_t)(21 + (s & 7) + 10 * (s >> 3));
        n++;
    }
    return n;
}

/* The preset of a chess game object (its params). */
static int eval_of(const ba_game *g) { return g->params ? *(const int *)g->params : BA_CHESS_EVAL_CLASSIC; }

static int g_evaluate(const ba_game *g, const void *state)
{
    const chs_board *b = state;
    if (eval_of(g) == BA_CHESS_EVAL_TAPERED) {
        chs_eval_terms t;
        chs_tapered_terms(b, &t);
        return chs_tapered_blend(&t, b->stm);
    }
    /* One pass of ba_pst_value() over the pieces: the same sum as ba_pst_evaluate() on the
     * piece list (tests compare both), without building the list in the search's hot path. */
    int score = 0;
    chs_bb occ = b->color[0] | b->color[1];
    while (occ) {
        int s = chs_lsb(occ);
        occ &= occ - 1;
        uint8_t code = b->sq[s];
        int v = ba_pst_value(&chess_pst, CHS_COLOR(code), CHS_TYPE(code), 21 + (s & 7) + 10 * (s >> 3));
        score += CHS_COLOR(code) == b->stm ? v : -v;
    }
    return score;
}

static uint64_t g_hash(const ba_game *g, const void *state)
{
    (void)g;
    return ((const chs_board *)state)->hash;
}

static int g_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf, size_t cap)
{
    (void)g;
    (void)state;
    chs_move m;
    if (chs_from_ba_move(move, &m) != BA_OK)
        return BA_ERR_ARG;
    return chs_move_to_uci(m, buf, cap);
}

static int g_move_from_text(const ba_game *g, const void *state, const ba_history *hist, const char *text,
                            ba_move *out, ba_error *err)
{
    (void)g;
    const chs_board *b = state;
    if (drawn_by_rule(b, hist))
        return ba_error_set(err, BA_ERR_ILLEGAL, "the game is over (drawn)");
    chs_move m;
    int rc = chs_parse_move(b, text, &m, err);
    if (rc != BA_OK)
        return rc;
    chs_to_ba_move(m, out);
    return BA_OK;
}

static int g_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    return chs_to_fen(state, buf, cap);
}

static int g_position_from_text(const ba_game *g, void *state, const char *text, ba_error *err)
{
    (void)g;
    return chs_from_fen(state, text, err);
}

/* MVV-LVA: the most valuable victim first, then the least valuable attacker; promotions count
 * as winning the promoted piece. Quiet moves get 0, and a capture that loses material by
 * exchange (SEE < 0) a negative key: after the quiet moves, as the strong engines order them. */
static int g_order_key(const ba_game *g, const void *state, const ba_move *move)
{
    (void)g;
    static const int victim_rank[CHS_NTYPES] = {1, 2, 2, 3, 4, 0};
    const chs_board *b = state;
    chs_move m;
    if (chs_from_ba_move(move, &m) != BA_OK)
        return 0;
    uint8_t mover = b->sq[CHS_FROM(m)], victim = b->sq[CHS_TO(m)];
    int key = 0;
    if (victim)
        key += 10 * victim_rank[CHS_TYPE(victim)];
    else if (mover && CHS_TYPE(mover) == CHS_PAWN && CHS_TO(m) == b->ep)
        key += 10 * victim_rank[CHS_PAWN];
    if (CHS_PROMO(m))
        key += 10 * victim_rank[CHS_PROMO(m)];
    if (key && mover)
        key += 6 - CHS_TYPE(mover); /* least valuable attacker first */
    if (key && chs_capture_loses(b, m))
        return -key;
    return key;
}

static int append(char *buf, size_t cap, size_t *n, const char *text)
{
    size_t len = strlen(text);
    if (*n + len + 1 > cap)
        return BA_ERR_BUFFER;
    memcpy(buf + *n, text, len + 1);
    *n += len;
    return BA_OK;
}

static int g_render(const ba_game *g, const void *state, char *buf, size_t cap)
{
    (void)g;
    const chs_board *b = state;
    size_t n = 0;
    char line[64];
    if (!buf || cap == 0)
        return BA_ERR_BUFFER;
    buf[0] = '\0';
    for (int rank = 7; rank >= 0; rank--) {
        int k = snprintf(line, sizeof line, "%d ", rank + 1);
        for (int file = 0; file < 8; file++) {
            uint8_t code = b->sq[rank * 8 + file];
            char c = code ? "PNBRQK"[CHS_TYPE(code)] : '.';
            if (code && CHS_COLOR(code))
                c = (char)(c + 32);
            line[k++] = c;
            line[k++] = file < 7 ? ' ' : '\n';
        }
        line[k] = '\0';
        if (append(buf, cap, &n, line) != BA_OK)
            return BA_ERR_BUFFER;
    }
    snprintf(line, sizeof line, "  a b c d e f g h\n%s to move%s\n", b->stm ? "black" : "white",
             chs_in_check(b) ? " (in check)" : "");
    if (append(buf, cap, &n, line) != BA_OK)
        return BA_ERR_BUFFER;
    return (int)n;
}

/* The tapered terms, one "name white black" line each (middlegame/endgame pairs). */
static int explain_tapered(const chs_board *b, char *buf, size_t cap)
{
    chs_eval_terms t;
    chs_tapered_terms(b, &t);
    int len = snprintf(buf, cap,
                       "phase %d %d\npst_mg %d %d\npst_eg %d %d\nmobility_mg %d %d\nmobility_eg %d %d\n"
                       "passed_mg %d %d\npassed_eg %d %d\nking_mg %d %d\nbishop_pair_mg %d %d\n"
                       "bishop_pair_eg %d %d\ntotal %d %d\n",
                       t.phase, t.phase, t.pst_mg[0], t.pst_mg[1], t.pst_eg[0], t.pst_eg[1], t.mobility_mg[0],
                       t.mobility_mg[1], t.mobility_eg[0], t.mobility_eg[1], t.passed_mg[0], t.passed_mg[1],
                       t.passed_eg[0], t.passed_eg[1], t.king_mg[0], t.king_mg[1], t.pair_mg[0], t.pair_mg[1],
                       t.pair_eg[0], t.pair_eg[1], chs_tapered_blend(&t, 0), chs_tapered_blend(&t, 1));
    if (len < 0 || (size_t)len >= cap)
        return BA_ERR_BUFFER;
    return len;
}

static int g_explain(const ba_game *g, const void *state, char *buf, size_t cap)
{
    const chs_board *b = state;
    if (eval_of(g) == BA_CHESS_EVAL_TAPERED)
        return explain_tapered(b, buf, cap);
    int material[2] = {0, 0}, squares[2] = {0, 0};
    ba_pst_piece pieces[64];
    size_t n = pst_pieces(b, pieces);
    for (size_t i = 0; i < n; i++) {
        int v = ba_pst_value(&chess_pst, pieces[i].side, pieces[i].type, pieces[i].square);
        material[pieces[i].side] += chess_material[pieces[i].type];
        squares[pieces[i].side] += v - chess_material[pieces[i].type];
    }
    int len = snprintf(buf, cap, "material %d %d\nsquares %d %d\n", material[0], material[1], squares[0],
                       squares[1]);
    if (len < 0 || (size_t)len >= cap)
        return BA_ERR_BUFFER;
    return len;
}

/* Positions before the last capture or pawn move can never come back: the half-move clock
 * bounds the history that repetition (and the search's table keys) must look at. */
static size_t g_repeat_window(const ba_game *g, const void *state)
{
    (void)g;
    return ((const chs_board *)state)->halfmove;
}

/* The check extension (the corners article's advice for chess): a position in check is
 * searched one ply deeper, and quiescence answers every check instead of standing pat. */
static int g_extension(const ba_game *g, const void *state)
{
    (void)g;
    return chs_in_check((const chs_board *)state) ? 1 : 0;
}

/* ---- selective search (the core's null-move, futility and reduction hooks) ---- */

/* The side to move passes: the other side moves in the same position, without an en-passant
 * right. Never a legal chess move; the search uses it to prove "already too good". */
static int g_make_null(const ba_game *g, void *state)
{
    (void)g;
    chs_board *b = state;
    if (b->ep != CHS_NO_EP) {
        b->hash ^= chs_zobrist_ep[b->ep & 7];
        b->ep = CHS_NO_EP;
    }
    b->stm ^= 1;
    b->hash ^= chs_zobrist_side;
    b->halfmove++;
    return BA_OK;
}

/* Passing is unsafe in check (it would leave the king capturable) and where zugzwang is likely:
 * when the side to move has no piece but its king and pawns, or a single knight or bishop (a
 * lone minor piece is often the only thing that can move, as in a mate in two that starts with
 * a quiet move and leaves the defender only moves that lose: tests/chess/test_vtable.c). */
static int g_null_move_unsafe(const ba_game *g, const void *state)
{
    (void)g;
    const chs_board *b = state;
    chs_bb pieces = b->color[b->stm] & ~(b->piece[CHS_PAWN] | b->piece[CHS_KING]);
    int lone_minor = chs_popcount(pieces) == 1 && (pieces & (b->piece[CHS_KNIGHT] | b->piece[CHS_BISHOP]));
    return chs_in_check(b) || !pieces || lone_minor;
}

/* A quiet move rarely changes the evaluation by more than about a pawn per ply (both presets
 * count in centipawns); none in check, where every evasion must be searched. */
static int g_futility_margin(const ba_game *g, const void *state, int depth)
{
    (void)g;
    return chs_in_check((const chs_board *)state) ? 0 : 90 * depth;
}

/* Noisy for reductions and futility: captures (en passant too) that do not lose material by
 * exchange, promotions, and moves that give check (a quiet check is often the point of a line: b7# after Ra6 bxa6 in the test's mate in
 * two would otherwise be pruned as "quiet" once the rook is gone). */
static int g_move_noisy(const ba_game *g, const void *state, const ba_move *move)
{
    (void)g;
    const chs_board *b = state;
    chs_move m;
    if (chs_from_ba_move(move, &m) != BA_OK)
        return 0;
    uint8_t mover = b->sq[CHS_FROM(m)];
    int capture = b->sq[CHS_TO(m)] || CHS_PROMO(m) || (mover && CHS_TYPE(mover) == CHS_PAWN && CHS_TO(m) == b->ep);
    if (capture && !chs_capture_loses(b, m))
        return 1; /* a capture that loses by exchange is as prunable as a quiet move */
    chs_board c = *b;
    chs_make(&c, m);
    return chs_in_check(&c);
}

/* One vtable for every preset; the preset is the game's params. */
#define CHESS_GAME(eval_params)                                                                    \
    BA_GAME_INIT(.flags = BA_GAME_HISTORY_MATTERS, .name = "chess", .side_names = {"white", "black"}, \
                 .state_size = sizeof(chs_board), .max_moves = CHS_MAX_MOVES, .max_plies = 0,      \
                 .params = (eval_params), .init = g_init, .side_to_move = g_side,                  \
                 .generate = g_generate, .apply = g_apply, .status = g_status,                     \
                 .evaluate = g_evaluate, .hash = g_hash, .move_to_text = g_move_to_text,           \
                 .move_from_text = g_move_from_text, .position_to_text = g_position_to_text,       \
                 .position_from_text = g_position_from_text, .generate_noisy = g_generate_noisy,   \
                 .order_key = g_order_key, .render = g_render, .explain = g_explain,               \
                 .destroy = NULL, .repeat_window = g_repeat_window, .extension = g_extension,      \
                 .make_null = g_make_null, .null_move_unsafe = g_null_move_unsafe,                 \
                 .futility_margin = g_futility_margin, .move_noisy = g_move_noisy)

static const int eval_ids[BA_CHESS_EVAL_COUNT] = {BA_CHESS_EVAL_CLASSIC, BA_CHESS_EVAL_TAPERED};
static const char *const eval_names[BA_CHESS_EVAL_COUNT] = {"classic", "tapered"};
static const ba_game chess_games[BA_CHESS_EVAL_COUNT] = {CHESS_GAME(&eval_ids[0]), CHESS_GAME(&eval_ids[1])};

const ba_game *ba_chess_game(void) { return &chess_games[BA_CHESS_EVAL_CLASSIC]; }

const ba_game *ba_chess_game_eval(int eval)
{
    return eval >= 0 && eval < BA_CHESS_EVAL_COUNT ? &chess_games[eval] : NULL;
}

const char *ba_chess_eval_name(int eval) { return eval >= 0 && eval < BA_CHESS_EVAL_COUNT ? eval_names[eval] : NULL; }

int ba_chess_eval_from_name(const char *name)
{
    if (!name)
        return BA_ERR_PARSE;
    for (int e = 0; e < BA_CHESS_EVAL_COUNT; e++) {
        const char *a = name, *b = eval_names[e];
        while (*a && *b && (*a | 32) == *b)
            a++, b++;
        if (!*a && !*b)
            return e;
    }
    return BA_ERR_PARSE;
}

int ba_chess_perft(const char *fen, int depth, uint64_t *count, ba_error *err)
{
    chs_board b;
    if (!count)
        return ba_error_set(err, BA_ERR_ARG, "count is NULL");
    if (depth < 0 || depth > 20)
        return ba_error_set(err, BA_ERR_RANGE, "perft depth %d outside 0..20", depth);
    int rc = chs_from_fen(&b, fen ? fen : BA_CHESS_START_FEN, err);
    if (rc != BA_OK)
        return rc;
    *count = chs_perft(&b, depth);
    return BA_OK;
}

int ba_chess_san(const void *state, const ba_move *move, char *buf, size_t cap)
{
    chs_move m;
    if (!state || chs_from_ba_move(move, &m) != BA_OK)
        return BA_ERR_ARG;
    if (!is_legal(state, m))
        return BA_ERR_ILLEGAL;
    return chs_move_to_san(state, m, buf, cap);
}
