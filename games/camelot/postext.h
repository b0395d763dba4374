/* Camelot positions as text (postext.c). */
#ifndef BOARDAI_CAMELOT_POSTEXT_H
#define BOARDAI_CAMELOT_POSTEXT_H

#include "camelot/camelot_internal.h"

int cam_position_to_text(const cam_state *s, char *buf, size_t cap);
int cam_position_from_text(const ba_game *g, cam_state *s, const char *text, ba_error *err);

#endif /* BOARDAI_CAMELOT_POSTEXT_H */
