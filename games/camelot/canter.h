/* Camelot canters: the breadth-first canter search and the canter moves (canter.c). */
#ifndef BOARDAI_CAMELOT_CANTER_H
#define BOARDAI_CAMELOT_CANTER_H

#include "camelot/genlist.h"

/* Breadth-first canter search from `from` (its square counted as empty): fills parent[] for
 * `from` (itself) and for each reached square (the previous square on a shortest path; other
 * entries are left as they were) and order[] (reached squares in BFS order, `from` excluded);
 * returns their number. `restrict_knight`: skip squares from
 * which a jump exists (reading A). */
int cam_canter_bfs(const cam_state *s, int side, int from, int restrict_knight, uint8_t *parent,
                   uint8_t *order);
/* cam_canter_bfs for a piece of the side to move during a generation: the same result, with
 * the canter directions of its parity class computed once per generation (cam_gen). */
int cam_gen_canter_bfs(cam_gen *gen, int from, int restrict_knight, uint8_t *parent, uint8_t *order);
/* The canter moves of a BFS result, each by its shortest path. */
void cam_emit_canters(cam_gen *gen, const uint8_t *parent, const uint8_t *order, int count);
/* Non-capturing canter moves; with the knight rule for knights. */
void cam_gen_canters(cam_gen *gen, int from);
/* Squares the piece on `from` can reach by one or more canters (its start square treated as
 * empty), honouring the castle rules but not the knight-canter rule: also the squares from
 * which a Charge's jumps may start. */
void cam_canter_reach(const cam_state *s, int from, cam_sqset *out);
/* The same squares as cam_canter_reach for a piece of `side` on `from` (outside the opponent's
 * castle), as the word of from's parity class (pcbb.h), by a flood over the state's piece sets
 * instead of a square-by-square search: for the questions that need only the set. */
uint64_t cam_canter_reach_class(const cam_state *s, int side, int from);
/* cam_canter_reach_class for a piece of the side to move during a generation (cam_gen's
 * directions, as cam_gen_canter_bfs). */
uint64_t cam_gen_canter_reach_class(cam_gen *gen, int from);
/* The squares from which the knight of `side` on `from` could start a Charge's jumps, were a
 * canter to bring it there: as the word of from's parity class (pcbb.h), outside the
 * opponent's castle, the knight's own square counting as empty once it has left. Under the
 * knight rule these are also the squares its plain canters may not stop on. */
uint64_t cam_charge_starts(const cam_state *s, int side, int from);

#endif /* BOARDAI_CAMELOT_CANTER_H */
