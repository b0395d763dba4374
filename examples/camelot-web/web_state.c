/* examples/camelot-web/web_state.c: the state JSON the page draws (web_game_state()). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/camelot.h>

#include "web_board.h"
#include "web_game_impl.h"


static const char *const SIDE_NAMES[2] = {"white", "black"};
/* ba_move::tag of a Camelot move (docs/camelot-rules.md, "Move identity and encoding"). */
static const char *const KINDS[] = {"move", "plain", "canter", "jump", "charge", "castle"};

/* {"path": [...], "captures": [...]} of a move text; NULL when the text is not a path. */
static json_t *path_json(const char *text, json_t *obj)
{
    web_path p;
    if (web_path_from_text(text, &p) != 0)
        return obj;
    json_t *path = json_array(), *caps = json_array();
    for (int i = 0; i < p.len; i++) {
        char name[4];
        web_square_name(p.sq[i], name);
        json_array_append_new(path, json_string(name));
        if (i > 0 && p.sep[i] == 'x') {
            web_square mid = {(p.sq[i].file + p.sq[i - 1].file) / 2,
                              (p.sq[i].rank + p.sq[i - 1].rank) / 2};
            web_square_name(mid, name);
            json_array_append_new(caps, json_string(name));
        }
    }
    json_object_set_new(obj, "path", path);
    json_object_set_new(obj, "captures", caps);
    return obj;
}

static json_t *score_json(int score)
{
    char buf[64];
    if (score >= BA_SCORE_WIN_MIN)
        snprintf(buf, sizeof buf, "wins in %d", (BA_SCORE_WIN - score + 1) / 2);
    else if (score <= -BA_SCORE_WIN_MIN)
        snprintf(buf, sizeof buf, "loses in %d", (BA_SCORE_WIN + score + 1) / 2);
    else /* hundredths of Nolan's points; a man is worth 100 points */
        snprintf(buf, sizeof buf, "%+.2f", (double)score / 100.0);
    return json_string(buf);
}

/* The last search's score from White's side in men ("White +2.30"), null before any. */
static json_t *eval_json(const web_game *g)
{
    if (g->ai_depth <= 0)
        return json_null();
    int white = g->ai_searched == 0 ? g->ai_score : -g->ai_score;
    json_t *e = json_object();
    char buf[64];
    if (white >= BA_SCORE_WIN_MIN || white <= -BA_SCORE_WIN_MIN) {
        int plies = BA_SCORE_WIN - (white > 0 ? white : -white);
        snprintf(buf, sizeof buf, "%s wins in %d", white > 0 ? "White" : "Black",
                 (plies + 1) / 2);
    } else {
        double men = (double)white / (100.0 * BA_CAMELOT_EVAL_SCALE);
        snprintf(buf, sizeof buf, "%s %+.1f", men >= 0 ? "White" : "Black",
                 men >= 0 ? men : -men);
    }
    json_object_set_new(e, "text", json_string(buf));
    json_object_set_new(e, "white", json_integer(white));
    return e;
}

/* Times the current position has occurred (it counts itself). */
static int occurrences(const ba_pos *pos)
{
    ba_history h;
    int n = 1;
    uint64_t now = ba_pos_hash(pos);
    if (ba_pos_history(pos, &h) == BA_OK)
        for (size_t i = 0; i < h.count; i++)
            n += h.hashes[i] == now;
    return n;
}

/* Why the game ended, in words, after the rules' order (docs/camelot-rules.md). */
static const char *end_reason(const web_board *b, int result, int repeats, char *buf,
                              size_t cap)
{
    static const char *const NAMES[2] = {"White", "Black"};
    int pieces[2] = {0, 0}, in_castle[2] = {0, 0};
    for (int r = 0; r < WEB_RANKS; r++)
        for (int f = 0; f < WEB_FILES; f++) {
            char c = b->cell[r][f];
            if (!c || c == '.')
                continue;
            int side = c == 'm' || c == 'k';
            pieces[side]++;
            /* White's pieces in Black's castle (rank 16), Black's in White's (rank 1). */
            in_castle[side] += side == 0 ? r == WEB_RANKS - 1 : r == 0;
        }
    if (result == BA_RESULT_WIN0 || result == BA_RESULT_WIN1) {
        int w = result == BA_RESULT_WIN1, l = !w;
        if (in_castle[w] >= 2)
            snprintf(buf, cap, "two pieces in %s's castle", NAMES[l]);
        else if (pieces[l] == 0)
            snprintf(buf, cap, "all of %s's pieces are captured", NAMES[l]);
        else
            snprintf(buf, cap, "%s has no legal move", NAMES[l]);
    } else if (result == BA_RESULT_DRAW) {
        if (pieces[0] <= 1 && pieces[1] <= 1)
            snprintf(buf, cap, "each side has one piece or none");
        else if (repeats >= 3)
            snprintf(buf, cap, "threefold repetition");
        else if (b->quiet_plies >= 100)
            snprintf(buf, cap, "50 moves each without a capture or a castle entry");
        else
            snprintf(buf, cap, "%s has no legal move", NAMES[b->side]);
    } else {
        return NULL;
    }
    return buf;
}

/* The status panel: pieces, castle moves used out of the limit, the 50-move counter,
 * repetitions and the reason the game ended. */
static json_t *status_json(const web_game *g, const web_board *b, int result)
{
    int men[2] = {0, 0}, knights[2] = {0, 0};
    for (int r = 0; r < WEB_RANKS; r++)
        for (int f = 0; f < WEB_FILES; f++)
            switch (b->cell[r][f]) {
            case 'M': men[0]++; break;
            case 'K': knights[0]++; break;
            case 'm': men[1]++; break;
            case 'k': knights[1]++; break;
            default: break;
            }
    ba_camelot_options opts = ba_camelot_options_default();
    ba_camelot_get_options(ba_pos_game(g->pos), &opts);
    json_t *s = json_object();
    json_t *pieces = json_object();
    for (int side = 0; side < 2; side++) {
        json_t *p = json_object();
        json_object_set_new(p, "men", json_integer(men[side]));
        json_object_set_new(p, "knights", json_integer(knights[side]));
        json_object_set_new(pieces, side ? "black" : "white", p);
    }
    json_object_set_new(s, "pieces", pieces);
    json_object_set_new(s, "castle_limit", json_integer(opts.castle_moves_per_player));
    /* the AI's evaluation weights (boardai-camelot-web --weights) */
    json_object_set_new(s, "weights", json_string(ba_camelot_weights_name(&opts.weights)));
    json_object_set_new(s, "quiet_plies", json_integer(b->quiet_plies));
    json_object_set_new(s, "quiet_limit", json_integer(opts.fifty_move_rule ? 100 : 0));
    int repeats = occurrences(g->pos);
    json_object_set_new(s, "repetitions", json_integer(repeats));
    char buf[96];
    const char *why = end_reason(b, result, repeats, buf, sizeof buf);
    json_object_set_new(s, "reason", why ? json_string(why) : json_null());
    return s;
}

/* "squares" (the 160, rank 16 first) and "pieces" (square -> letter) of a board. */
static void board_json(const web_board *board, json_t *st)
{
    json_t *squares = json_array(), *pieces = json_object();
    for (int r = WEB_RANKS - 1; r >= 0; r--)
        for (int f = 0; f < WEB_FILES; f++) {
            if (!board->cell[r][f])
                continue;
            char name[4];
            web_square_name((web_square){f, r}, name);
            json_array_append_new(squares, json_string(name));
            char c = board->cell[r][f];
            if (c != '.')
                json_object_set_new(pieces, name, json_string((char[2]){c, 0}));
        }
    json_object_set_new(st, "squares", squares);
    json_object_set_new(st, "pieces", pieces);
}

json_t *web_game_view(web_game *g, size_t ply, ba_error *err)
{
    pthread_mutex_lock(&g->mu);
    if (ply > g->record_len) {
        size_t n = g->record_len;
        pthread_mutex_unlock(&g->mu);
        ba_error_set(err, BA_ERR_RANGE, "\"ply\" must be 0..%zu", n);
        return NULL;
    }
    /* Replayed from the start on a copy: the game itself is not touched. */
    ba_pos *pos = NULL;
    int ok = ba_pos_new(ba_pos_game(g->pos), &pos) == BA_OK &&
             ba_pos_set_text(pos, g->start, NULL) == BA_OK;
    for (size_t i = 0; ok && i < ply; i++)
        ok = ba_pos_play_text(pos, g->record[i].text, NULL) == BA_OK;
    char pt[BA_POS_TEXT_MAX];
    web_board board;
    ok = ok && ba_pos_text(pos, pt, sizeof pt) >= 0 && web_board_parse(pt, &board) == 0;
    json_t *v = ok ? json_object() : NULL;
    if (v) {
        json_object_set_new(v, "game", json_string(g->id));
        json_object_set_new(v, "ply", json_integer((json_int_t)ply));
        json_object_set_new(v, "position", json_string(pt));
        json_object_set_new(v, "to_move", json_string(SIDE_NAMES[board.side == 1]));
        board_json(&board, v);
        if (ply > 0) {
            json_t *last = json_object();
            json_object_set_new(last, "text", json_string(g->record[ply - 1].text));
            json_object_set_new(last, "by", json_string(g->record[ply - 1].by_ai ? "ai" : "human"));
            json_object_set_new(v, "last_move", path_json(g->record[ply - 1].text, last));
        } else {
            json_object_set_new(v, "last_move", json_null());
        }
    } else {
        ba_error_set(err, BA_ERR_NOMEM, "out of memory");
    }
    pthread_mutex_unlock(&g->mu);
    ba_pos_free(pos);
    return v;
}

json_t *web_game_state(web_game *g)
{
    pthread_mutex_lock(&g->mu);
    json_t *st = json_object();
    char pt[BA_POS_TEXT_MAX];
    web_board board;
    if (ba_pos_text(g->pos, pt, sizeof pt) < 0 || web_board_parse(pt, &board) != 0) {
        pthread_mutex_unlock(&g->mu);
        json_decref(st);
        return NULL;
    }
    json_object_set_new(st, "game", json_string(g->id));
    json_object_set_new(st, "seq", json_integer((json_int_t)g->seq));
    json_object_set_new(st, "position", json_string(pt));

    board_json(&board, st);

    int side = ba_pos_side_to_move(g->pos);
    int result = ba_pos_result(g->pos);
    json_object_set_new(st, "to_move", json_string(SIDE_NAMES[side == 1]));
    json_object_set_new(st, "result", json_string(web_result_name(result)));
    json_object_set_new(st, "start", json_string(g->start));
    json_object_set_new(st, "status", status_json(g, &board, result));
    json_t *castles = json_array();
    json_array_append_new(castles, json_integer(board.castle_moves[0]));
    json_array_append_new(castles, json_integer(board.castle_moves[1]));
    json_object_set_new(st, "castle_moves", castles);
    json_object_set_new(st, "must_leave", json_string(board.must_leave));
    json_object_set_new(st, "quiet_plies", json_integer(board.quiet_plies));

    /* The legal moves with their full paths: the page offers nothing else. */
    const ba_game *game = ba_pos_game(g->pos);
    ba_move *moves = malloc(game->max_moves * sizeof *moves);
    int n = moves ? ba_pos_moves(g->pos, moves, game->max_moves) : BA_ERR_NOMEM;
    json_t *legal = json_array();
    int captures = 0;
    for (int i = 0; i < n; i++) {
        char text[BA_MOVE_TEXT_MAX];
        if (ba_pos_move_text(g->pos, &moves[i], text, sizeof text) < 0)
            continue;
        json_t *m = json_object();
        json_object_set_new(m, "text", json_string(text));
        int tag = moves[i].tag;
        json_object_set_new(m, "kind", json_string(tag >= 1 && tag <= 5 ? KINDS[tag] : KINDS[0]));
        captures += (tag == 3 || tag == 4);
        json_array_append_new(legal, path_json(text, m));
    }
    free(moves);
    json_object_set_new(st, "moves", legal);
    /* Only captures offered (the compulsory capture rule is in force). */
    json_object_set_new(st, "capture_compulsory", json_boolean(n > 0 && captures == n));

    json_t *record = json_array();
    for (size_t i = 0; i < g->record_len; i++) {
        json_t *m = json_object();
        json_object_set_new(m, "text", json_string(g->record[i].text));
        json_object_set_new(m, "by", json_string(g->record[i].by_ai ? "ai" : "human"));
        json_array_append_new(record, path_json(g->record[i].text, m));
    }
    json_object_set_new(st, "record", record);
    if (g->record_len > 0) {
        json_t *last = json_object();
        const web_record *r = &g->record[g->record_len - 1];
        json_object_set_new(last, "text", json_string(r->text));
        json_object_set_new(last, "by", json_string(r->by_ai ? "ai" : "human"));
        json_object_set_new(st, "last_move", path_json(r->text, last));
    } else {
        json_object_set_new(st, "last_move", json_null());
    }

    json_t *ai = json_object();
    json_object_set_new(ai, "side", g->ai_side < 0 ? json_null()
                                                   : json_string(SIDE_NAMES[g->ai_side]));
    json_object_set_new(ai, "level", json_integer(g->level));
    json_object_set_new(ai, "level_name", json_string(web_level_get(g->level).name));
    json_object_set_new(ai, "thinking", json_boolean(g->thinking));
    json_object_set_new(ai, "paused", json_boolean(g->paused && !g->thinking));
    json_object_set_new(ai, "depth", json_integer(g->ai_depth));
    json_object_set_new(ai, "score", json_integer(g->ai_score));
    json_object_set_new(ai, "score_text", score_json(g->ai_score));
    json_object_set_new(ai, "nodes", json_integer((json_int_t)g->ai_nodes));
    json_object_set_new(ai, "time_ms", json_integer((json_int_t)g->ai_time_ms));
    json_object_set_new(ai, "error", g->ai_error[0] ? json_string(g->ai_error) : json_null());
    json_object_set_new(ai, "eval", eval_json(g));
    json_object_set_new(st, "ai", ai);
    json_object_set_new(st, "hint", g->hint[0] ? path_json(g->hint, json_object()) : json_null());
    if (g->hint[0])
        json_object_set_new(json_object_get(st, "hint"), "text", json_string(g->hint));
    if (g->hint[0] && g->hint_exact[0])
        json_object_set_new(json_object_get(st, "hint"), "exact", json_string(g->hint_exact));
    json_t *levels = json_array(), *limits = json_array();
    for (int i = 1; i <= WEB_LEVELS; i++) {
        const web_level lv = web_level_get(i);
        json_array_append_new(levels, json_string(lv.name));
        json_t *l = json_object();
        json_object_set_new(l, "name", json_string(lv.name));
        json_object_set_new(l, "depth", json_integer(lv.depth));
        json_object_set_new(l, "time_ms", json_integer(lv.time_ms));
        json_object_set_new(l, "noise", json_integer(lv.noise));
        json_array_append_new(limits, l);
    }
    json_object_set_new(st, "levels", levels);
    json_object_set_new(st, "level_limits", limits);
    pthread_mutex_unlock(&g->mu);
    return st;
}
