/*
 * examples/camelot-web/web_record.h: games in and out as WCF records (the format
 * `boardai-camelot replay` reads; docs/camelot-web.md). Export is web_game_record_text()
 * (web_games.h); this is the import.
 */
#ifndef BOARDAI_CAMELOT_WEB_RECORD_H
#define BOARDAI_CAMELOT_WEB_RECORD_H

#include <stddef.h>

#include "web_games.h"

/**
 * Finds the `[Position "TEXT"]` comment of a record (@p len bytes, not NUL-terminated) and
 * copies TEXT into @p start. @return 1 found, 0 none (the usual start), -1 malformed or too
 * long for @p cap.
 */
int web_record_start(const char *text, size_t len, char *start, size_t cap);

/**
 * A new game (saved) holding the record's moves, at its final position. The library's record
 * reader checks every move; a bad one is refused with its line, column and the reason
 * (BA_ERR_PARSE, BA_ERR_ILLEGAL, BA_ERR_STATE), and nothing is saved.
 */
int web_record_import(web_store *store, const char *text, size_t len, int ai_side, int level,
                      web_game **out, ba_error *err);

#endif /* BOARDAI_CAMELOT_WEB_RECORD_H */
