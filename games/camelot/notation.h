/* Camelot moves as WCF text (notation.c). */
#ifndef BOARDAI_CAMELOT_NOTATION_H
#define BOARDAI_CAMELOT_NOTATION_H

#include "camelot/camelot_internal.h"

int cam_move_to_text(const cam_state *s, const ba_move *m, char *buf, size_t cap);
int cam_move_from_text(const ba_game *g, const cam_state *s, const char *text, ba_move *out,
                       ba_error *err);

#endif /* BOARDAI_CAMELOT_NOTATION_H */
