/* A Camelot position drawn as text (render.c). */
#ifndef BOARDAI_CAMELOT_RENDER_H
#define BOARDAI_CAMELOT_RENDER_H

#include "camelot/camelot_internal.h"

int cam_render(const cam_state *s, char *buf, size_t cap);

#endif /* BOARDAI_CAMELOT_RENDER_H */
