/* Ugolki's notation, position text and drawing (owner: ugolki_text.c). Not installed. */
#ifndef BOARDAI_UGOLKI_TEXT_H
#define BOARDAI_UGOLKI_TEXT_H

#include "ugolki_rules.h"

int ug_move_to_text(const ba_game *g, const void *state, const ba_move *move, char *buf,
                    size_t cap);
int ug_move_from_text(const ba_game *g, const void *state, const ba_history *hist,
                      const char *text, ba_move *out, ba_error *err);
int ug_position_to_text(const ba_game *g, const void *state, char *buf, size_t cap);
int ug_position_from_text(const ba_game *g, void *state, const char *text, ba_error *err);
int ug_render(const ba_game *g, const void *state, char *buf, size_t cap);
/* Writes square @p sq as "a1".."h8" into buf (at least 3 bytes). */
void ug_square_name(int sq, char *buf);

#endif /* BOARDAI_UGOLKI_TEXT_H */
