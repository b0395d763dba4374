/* Camelot captures: jump chains and Knight's Charges (jumps.c). */
#ifndef BOARDAI_CAMELOT_JUMPS_H
#define BOARDAI_CAMELOT_JUMPS_H

#include "camelot/genlist.h"

void cam_gen_jumps(cam_gen *gen, int from);
void cam_gen_charges(cam_gen *gen, int from);
/* The Charges of the knight on `from` given its unrestricted canter BFS (parent, order, count)
 * and cam_charge_starts (canter.h). Returns 1 if some square it reaches lets it jump (then the knight rule
 * bites). */
int cam_gen_charges_bfs(cam_gen *gen, int from, const uint8_t *parent, const uint8_t *order, int count,
                        uint64_t starts);

#endif /* BOARDAI_CAMELOT_JUMPS_H */
