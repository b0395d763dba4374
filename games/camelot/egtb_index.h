/* Camelot endgame tables: positions <-> table indices (egtb_index.c). */
#ifndef BOARDAI_CAMELOT_EGTB_INDEX_H
#define BOARDAI_CAMELOT_EGTB_INDEX_H

#include "camelot/egtb.h"

/* The ending, index and attacking side (0 White, 1 Black) of a two-against-one position, looked
 * up as if the attacker were White. Castle obligations are not looked at (the caller resolves
 * them first). Returns 0 for any other position (other material, castle counts over 2). */
int cam_egtb_index(const cam_state *s, int *ending, uint64_t *idx, int *attacker);

/* Fills the statistics of ending e from its data (counts, longest win). */
void cam_egtb_count(ba_camelot_egtb *tb, int ending);

/* Writes into *s the position of index idx of ending e with the attacker as White (clean: no
 * castle obligation, no quiet plies). Returns 0 when idx is no position (two pieces on one
 * square). */
int cam_egtb_state(int ending, uint64_t idx, cam_state *s);

#endif /* BOARDAI_CAMELOT_EGTB_INDEX_H */
