/*
 * Camelot game records (WCF style): a tokenizer that knows move numbers, annotation marks,
 * comments, "Resigns" and results, and that checks each move on a ba_pos. Library code: it
 * never prints; every failure is an error code with the line, column, token and reason, so a
 * fuzzer can drive it with arbitrary bytes (it reads exactly `len` bytes).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "boardai/camelot.h"

/* One token: [start, start + len) at (line, col). */
typedef struct token {
    const char *s;
    size_t len;
    int line, col;
} token;

typedef struct reader {
    const char *p, *end;
    int line, col;
    /* the record's state */
    ba_pos *pos;
    int start_side;      /* side to move when the record starts */
    size_t start_ply;    /* ba_pos_ply() then */
    int numbered;        /* 1 once the first move number fixed the numbering */
    long number_offset;  /* record number - natural number */
    int black_marker;    /* 1 after "N..." (a Black move must follow) */
    int white_pending;   /* 1 after "N." with Black to move: "..." must follow */
    token pending;       /* that "N." token, for the error */
    int ended;           /* 1 after Resigns or a result */
    ba_camelot_record_result *res;
    ba_error *err;
} reader;

static void advance(reader *r)
{
    if (*r->p == '\n') {
        r->line++;
        r->col = 1;
    } else {
        r->col++;
    }
    r->p++;
}

static int fail(reader *r, const token *t, int code, const char *what)
{
    size_t n = t->len < sizeof r->res->token - 1 ? t->len : sizeof r->res->token - 1;
    memcpy(r->res->token, t->s, n);
    r->res->token[n] = '\0';
    r->res->line = t->line;
    r->res->column = t->col;
    return ba_error_set(r->err, code, "line %d, column %d: %s", t->line, t->col, what);
}

static int is_comment_open(char c)
{
    return c == '(' || c == '{' || c == '[';
}

/* Skips a comment starting at r->p ('(' comments nest; '{' and '[' end at their closer). */
static int skip_comment(reader *r)
{
    token at = {r->p, 1, r->line, r->col};
    char open = *r->p, close = open == '(' ? ')' : open == '{' ? '}' : ']';
    int depth = 0;
    while (r->p < r->end) {
        char c = *r->p;
        advance(r);
        if (c == open && (open == '(' || depth == 0))
            depth++;
        else if (c == close && --depth == 0)
            return BA_OK;
    }
    char what[80];
    snprintf(what, sizeof what, "unclosed comment: no '%c' before the end of the record", close);
    return fail(r, &at, BA_ERR_PARSE, what);
}

static int lower_equal(const token *t, const char *word)
{
    size_t n = strlen(word);
    if (t->len != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)t->s[i]) != word[i])
            return 0;
    return 1;
}

static int side_to_move(reader *r)
{
    return ba_pos_side_to_move(r->pos);
}

/* The move number a move played now would carry in a record starting at move 1. */
static long natural_number(reader *r)
{
    size_t plies = ba_pos_ply(r->pos) - r->start_ply;
    return 1 + (long)((plies + (size_t)r->start_side) / 2);
}

static const char *side_word(int side)
{
    return side == 0 ? "White" : "Black";
}

/* "N." (dots == 1) or "N..." / "N...." (dots 3 or 4). */
static int take_number(reader *r, const token *t, long number, int dots)
{
    char msg[160];
    if (r->ended)
        return fail(r, t, BA_ERR_PARSE, "a move number after the end of the game record");
    if (dots == 2 || dots > 4)
        return fail(r, t, BA_ERR_PARSE, "a move number ends with '.' (White) or '...' (Black)");
    int black = dots >= 3, side = side_to_move(r);
    if (!black && side == 1) {
        /* "N. ... move": White's move left out; the placeholder must follow. */
        r->white_pending = 1;
        r->pending = *t;
    } else if (black != (side == 1)) {
        snprintf(msg, sizeof msg, "move number %ld%s marks a %s move, but %s is to move", number,
                 black ? "..." : ".", black ? "Black" : "White", side_word(side));
        return fail(r, t, BA_ERR_PARSE, msg);
    }
    long natural = natural_number(r);
    if (!r->numbered) {
        r->numbered = 1;
        r->number_offset = number - natural;
    } else if (number - natural != r->number_offset) {
        snprintf(msg, sizeof msg, "move number %ld is out of sequence: expected %ld", number,
                 natural + r->number_offset);
        return fail(r, t, BA_ERR_PARSE, msg);
    }
    r->black_marker = black;
    return BA_OK;
}

static int is_annotation(const char *s, size_t len)
{
    if (len == 0 || len > 2)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (s[i] != '!' && s[i] != '?')
            return 0;
    return 1;
}

static int take_move(reader *r, const token *t)
{
    /* Room for the move, its number and the rules' reason; ba_error_set truncates to fit. */
    char text[BA_MOVE_TEXT_MAX], msg[BA_MOVE_TEXT_MAX + BA_ERROR_MSG_MAX + 64];
    size_t n = t->len;
    /* Annotation marks glued to the move: at most two of '!' and '?'. */
    size_t marks = 0;
    while (marks < n && marks < 2 && (t->s[n - 1 - marks] == '!' || t->s[n - 1 - marks] == '?'))
        marks++;
    n -= marks;
    if (n >= sizeof text)
        return fail(r, t, BA_ERR_PARSE, "a move longer than any legal Camelot move");
    memcpy(text, t->s, n);
    text[n] = '\0';
    if (r->ended)
        return fail(r, t, BA_ERR_PARSE, "a move after the end of the game record");
    int side = side_to_move(r);
    if (r->black_marker && side != 1)
        return fail(r, t, BA_ERR_PARSE, "a White move after a Black move number");
    long number = natural_number(r) + r->number_offset;
    int result = ba_pos_result(r->pos);
    if (result != BA_RESULT_ONGOING) {
        snprintf(msg, sizeof msg, "%s: the game is already over (%s)", text,
                 result == BA_RESULT_DRAW ? "drawn"
                 : result == BA_RESULT_WIN0 ? "White has won" : "Black has won");
        return fail(r, t, BA_ERR_STATE, msg);
    }
    ba_error why;
    ba_error_clear(&why);
    int rc = ba_pos_play_text(r->pos, text, &why);
    if (rc != BA_OK) {
        snprintf(msg, sizeof msg, "%s move %ld%s %s: %s", rc == BA_ERR_PARSE ? "malformed" : "illegal",
                 number, side == 0 ? "." : "...", text, why.message);
        return fail(r, t, rc == BA_ERR_PARSE ? BA_ERR_PARSE : BA_ERR_ILLEGAL, msg);
    }
    r->res->plies++;
    r->black_marker = 0;
    return BA_OK;
}

static int take_token(reader *r, const token *t)
{
    if (is_annotation(t->s, t->len))
        return BA_OK;
    if (r->white_pending) {
        size_t dots = 0;
        while (dots < t->len && t->s[dots] == '.')
            dots++;
        r->white_pending = 0;
        if (dots < 3 || dots != t->len)
            return fail(r, &r->pending, BA_ERR_PARSE,
                        "a White move number, but Black is to move (write N... or N. ...)");
    }
    if (lower_equal(t, "resigns") || lower_equal(t, "resigns.")) {
        if (r->ended)
            return fail(r, t, BA_ERR_PARSE, "Resigns after the end of the game record");
        r->res->resigned = side_to_move(r);
        r->ended = 1;
        return BA_OK;
    }
    static const struct {
        const char *word;
        int result;
    } results[] = {{"1-0", BA_RESULT_WIN0}, {"0-1", BA_RESULT_WIN1},
                   {"1/2-1/2", BA_RESULT_DRAW}, {"\xc2\xbd-\xc2\xbd", BA_RESULT_DRAW},
                   {"draw", BA_RESULT_DRAW}, {"drawn", BA_RESULT_DRAW}, {"*", -1}};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (lower_equal(t, results[i].word)) {
            if (r->res->claimed != -1)
                return fail(r, t, BA_ERR_PARSE, "a second result in the game record");
            r->res->claimed = results[i].result;
            r->ended = 1;
            return BA_OK;
        }
    if (isdigit((unsigned char)t->s[0])) {
        long number = 0;
        size_t i = 0;
        while (i < t->len && isdigit((unsigned char)t->s[i])) {
            if (number < 100000)
                number = number * 10 + (t->s[i] - '0');
            i++;
        }
        size_t dots = 0;
        while (i < t->len && t->s[i] == '.') {
            dots++;
            i++;
        }
        if (dots == 0)
            return fail(r, t, BA_ERR_PARSE, "a move number needs a '.' after it (1. or 1...)");
        int rc = take_number(r, t, number, (int)dots);
        if (rc != BA_OK || i == t->len)
            return rc;
        token rest = {t->s + i, t->len - i, t->line, t->col + (int)i};
        return take_token(r, &rest);
    }
    size_t dots = 0;
    while (dots < t->len && t->s[dots] == '.')
        dots++;
    if (dots == t->len && dots >= 3) { /* "1. ... E10-E9": a placeholder for White's move */
        if (side_to_move(r) != 1)
            return fail(r, t, BA_ERR_PARSE, "'...' stands for a White move, but White is to move");
        r->black_marker = 1;
        return BA_OK;
    }
    char c = (char)tolower((unsigned char)t->s[0]);
    if (c >= 'a' && c <= 'l' && t->len >= 2 && isdigit((unsigned char)t->s[1]))
        return take_move(r, t);
    return fail(r, t, BA_ERR_PARSE,
                "expected a move number, a move, an annotation (! ? !! ?? !? ?!), Resigns or a "
                "result (1-0, 0-1, 1/2-1/2)");
}

int ba_camelot_record_play(ba_pos *pos, const char *text, size_t len,
                           ba_camelot_record_result *res, ba_error *err)
{
    ba_camelot_record_result local;
    if (res == NULL)
        res = &local;
    memset(res, 0, sizeof *res);
    res->resigned = -1;
    res->claimed = -1;
    if (pos == NULL || (text == NULL && len > 0))
        return ba_error_set(err, BA_ERR_ARG, "record: NULL position or text");
    const ba_game *g = ba_pos_game(pos);
    if (g == NULL || g->params == NULL || g->name == NULL || strcmp(g->name, "camelot") != 0)
        return ba_error_set(err, BA_ERR_ARG, "record: the position is not a Camelot game");
    reader r;
    memset(&r, 0, sizeof r);
    r.p = text;
    r.end = text + len;
    r.line = r.col = 1;
    r.pos = pos;
    r.start_side = ba_pos_side_to_move(pos);
    r.start_ply = ba_pos_ply(pos);
    r.res = res;
    r.err = err;
    while (r.p < r.end) {
        char c = *r.p;
        if (isspace((unsigned char)c)) {
            advance(&r);
            continue;
        }
        if (is_comment_open(c)) {
            int rc = skip_comment(&r);
            if (rc != BA_OK)
                return rc;
            continue;
        }
        token t = {r.p, 0, r.line, r.col};
        while (r.p < r.end && !isspace((unsigned char)*r.p) && !is_comment_open(*r.p)) {
            advance(&r);
            t.len++;
        }
        int rc = take_token(&r, &t);
        if (rc != BA_OK)
            return rc;
    }
    if (r.white_pending)
        return fail(&r, &r.pending, BA_ERR_PARSE,
                    "a White move number, but Black is to move (write N... or N. ...)");
    if (r.black_marker) {
        token t = {r.end, 0, r.line, r.col};
        return fail(&r, &t, BA_ERR_PARSE, "the record ends after a Black move number");
    }
    ba_error_clear(err);
    return BA_OK;
}
