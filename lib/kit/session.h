/* The session kernel of the line protocols (private, not installed): what the common protocol
 * (lib/protocol.c), UCI (games/chess/uci*.c) and AEI (games/arimaa/aei.c) share, so that each of
 * them is only its own dialect: its words, its answers, its options.
 *
 *  - bac_text: a bounded growing text writer (answers whose length depends on the game);
 *  - the tokenizer: words, ASCII case-insensitive compare, integers with a range and a message;
 *  - bac_option: an options table (name, type, range, setter) with one parser for every dialect;
 *  - bac_session: the search of a `go` run on a worker thread with per-search ba_limits, the
 *    output lock, `stop`, and the rule that every `go` ends in exactly one final line.
 *
 * The threading contract (one for every dialect):
 *  1. One thread, the reader, feeds command lines. A `go` is first prepared
 *     (bac_session_prepare), then run either on the session's own worker thread
 *     (bac_session_start) or on a thread of the caller's (bac_session_run, for the older public
 *     entry points that hand the search to the caller).
 *  2. While it runs, the search owns the position and the engine. The reader may still answer
 *     any command that touches neither (`stop`, `isready`, clock options, ...); the dialect
 *     refuses the others with its error line (or waits for the search, bac_session_wait).
 *  3. Every line goes out through bac_session_write(), under the session's output lock: lines
 *     from the reader and the worker never interleave, and the caller's write callback is
 *     never entered twice at once.
 *  4. Every prepared `go` that runs ends in exactly one final line (the best move, or the
 *     dialect's answer for a search that failed), written after its info lines. A `go` marked
 *     `hold` (infinite, ponder) keeps that line until bac_session_stop() when it ends first.
 *  5. bac_session_stop() never blocks; bac_session_finish() stops and waits; freeing the session
 *     finishes a running search first.
 */
#ifndef BOARDAI_KIT_SESSION_H
#define BOARDAI_KIT_SESSION_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "boardai/engine.h"
#include "boardai/protocol.h"

/* The longest line any session reads, and so the longest one it writes (an answer such as
 * `moves` must be fit to be fed back, e.g. as `go searchmoves ...`). One constant for every
 * program: the public BA_PROTOCOL_LINE_MAX. */
#define BAC_LINE_MAX BA_PROTOCOL_LINE_MAX

/* ---- the text writer ---- */

/* A growing text, always NUL-terminated once something was added. Never longer than
 * BAC_LINE_MAX: past it (or when memory runs out) `failed` is set and the text stays as it was. */
typedef struct bac_text {
    char *data;
    size_t len;
    size_t cap;
    int failed;
} bac_text;

void bac_text_add(bac_text *t, const char *s, size_t len);
void bac_text_adds(bac_text *t, const char *s);
void bac_text_addf(bac_text *t, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
/* Empties the text (keeps its memory). */
void bac_text_clear(bac_text *t);
void bac_text_free(bac_text *t);

/* ---- the tokenizer ---- */

int bac_is_space(char c);
char *bac_skip_spaces(char *s);
/* Removes trailing spaces, tabs, CR and LF in place. */
void bac_trim_end(char *s);
/* Cuts the next word off *s (NUL-terminating it) and advances *s past the spaces after it.
 * NULL at the end of the line. */
char *bac_next_word(char **s);
/* Splits @p s in place into at most @p max words. Returns the count, or -1 for more. */
int bac_split(char *s, char **words, int max);
/* ASCII case-insensitive equality of two words. */
int bac_word_is(const char *word, const char *name);
/* A decimal integer in [min, max] with an optional sign, nothing else in the word:
 * BA_OK, BA_ERR_PARSE (not a number) or BA_ERR_RANGE. */
int bac_parse_int(const char *word, int64_t min, int64_t max, int64_t *value);
/* bac_parse_int() with the message: on failure writes "<what>: ..." (a number is missing, is
 * not a number, is out of range min..max) into @p msg and returns the error code. */
int bac_parse_int_msg(const char *what, const char *word, int64_t min, int64_t max,
                      int64_t *value, char *msg, size_t cap);

/* ---- the options table ---- */

typedef enum bac_option_type {
    BAC_OPT_INT,    /* a number in [min, max] */
    BAC_OPT_BOOL,   /* true/false, on/off, 1/0 -> 1 or 0 */
    BAC_OPT_CHOICE, /* one of `choices` (any case; or its index) -> the index */
    BAC_OPT_BUTTON, /* no value */
    BAC_OPT_TEXT    /* the value as written, parsed by the setter */
} bac_option_type;

typedef struct bac_option bac_option;

/* Applies a parsed value (`text` is the value as written, NULL for a button). Returns BA_OK, or an
 * error code with @p msg saying what was wrong. */
typedef int (*bac_option_set_fn)(void *user, const bac_option *opt, int64_t value,
                                 const char *text, char *msg, size_t cap);

struct bac_option {
    const char *name;            /* matched case-insensitively */
    bac_option_type type;
    int64_t min, max;            /* BAC_OPT_INT */
    const char *const *choices;  /* BAC_OPT_CHOICE: NULL-terminated */
    bac_option_set_fn set;
    int key;                     /* the dialect's own tag (e.g. a ba_option) */
    const char *help;
};

/* The entry named @p name (case-insensitive), or NULL. */
const bac_option *bac_option_find(const bac_option *table, size_t n, const char *name);
/* Parses @p text for @p opt and calls its setter. BA_OK or an error with the message in @p msg. */
int bac_option_apply(void *user, const bac_option *opt, const char *text, char *msg, size_t cap);

/* ---- the session: output, and the search of a `go` ---- */

typedef struct bac_session bac_session;

/* The search of one `go`, run on the worker (or the caller's) thread. Writes its info lines with
 * bac_session_write/say and puts its final line into @p final (left empty: the kernel answers
 * "<error prefix> the search gave no answer" so that the `go` still ends in one line). */
typedef void (*bac_search_fn)(void *user, bac_session *s, bac_text *final);

/* A session writing through @p write; @p error_prefix starts the kernel's own error lines
 * ("error:", "info string error:", "log Error:"). */
int bac_session_new(ba_write_fn write, void *user, const char *error_prefix, bac_session **out);
/* Finishes a running search (its final line is written), then frees. NULL is a no-op. */
void bac_session_free(bac_session *s);

/* Writes one line under the output lock. A line longer than BAC_LINE_MAX is replaced by an
 * error line (no program could read it back). */
void bac_session_write(bac_session *s, const char *line, size_t len);
/* Formats one line (at most BAC_SAY_MAX - 1 bytes; longer text is cut) and writes it: every
 * dialect's printf-style answer goes through here. */
#define BAC_SAY_MAX 4096
void bac_session_say(bac_session *s, const char *fmt, ...) BA_PRINTF_LIKE(2, 3);
void bac_session_vsay(bac_session *s, const char *fmt, va_list ap) BA_PRINTF_LIKE(2, 0);
/* Writes a multi-line text one line per call (CR before LF dropped). */
void bac_session_lines(bac_session *s, const char *text);

/* Prepares a `go`: @p fn(@p user) will run it. @p hold: its final line waits for stop when it ends
 * first (infinite, ponder). BA_ERR_STATE while another search runs. */
int bac_session_prepare(bac_session *s, bac_search_fn fn, void *user, int hold);
/* Runs the prepared `go` on the session's own worker thread and returns at once. */
int bac_session_start(bac_session *s);
/* Runs the prepared `go` on the calling thread; returns when it is done (BA_ERR_STATE: none). */
int bac_session_run(bac_session *s);
/* Drops a `go` that was prepared but never run. */
void bac_session_drop(bac_session *s);
/* 1 while a `go` is prepared or running. */
int bac_session_busy(bac_session *s);
/* 1 while a `go` runs. */
int bac_session_running(bac_session *s);
/* The engine a stop must reach (the search sets it before searching; NULL after). */
void bac_session_set_engine(bac_session *s, ba_engine *engine);
/* Asks the running search to stop and writes a held final line. Never blocks. */
void bac_session_stop(bac_session *s);
/* 1 once a stop was asked for this `go`; a progress callback calls bac_session_poll() so that a
 * stop that came before the engine started is repeated. */
int bac_session_stopping(bac_session *s);
void bac_session_poll(bac_session *s);
/* Waits until the running search ends by itself (not held). */
void bac_session_wait(bac_session *s);
/* Stops the running search and waits for its end: its final line is out when this returns. */
void bac_session_finish(bac_session *s);

#endif /* BOARDAI_KIT_SESSION_H */
