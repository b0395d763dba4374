/* Small helpers shared by the Check suites (include "test_util.h"; linked through
 * ba_testsupport): a position from text, a legality test, a stop from another thread, a
 * repeatable random sequence, a data file beside a test's source. */
#ifndef BA_TEST_UTIL_H
#define BA_TEST_UTIL_H
#include <stdint.h>
#include <stdio.h>

#include <boardai/engine.h>
#include <boardai/position.h>

/** A new position of @p g, set from @p text unless it is NULL; fails the test on error. */
ba_pos *bt_new_pos(const ba_game *g, const char *text);

/** 1 when @p m is one of the legal moves of @p p. */
int bt_is_legal(const ba_pos *p, const ba_move *m);

/** A pthread start routine: sleeps 50 ms, then ba_engine_stop(@p engine) (a ba_engine *).
 *  Stops a search from another thread while it runs. */
void *bt_stop_engine_later(void *engine);

/** The next value (31 bits) of a 64-bit linear congruential sequence: seeded, repeatable. */
uint64_t bt_lcg_next(uint64_t *x);

/** Opens (for reading) the file @p name in the folder of the source file @p source (pass
 *  __FILE__): a suite's data file kept beside it. NULL when it cannot be opened. */
FILE *bt_open_beside(const char *source, const char *name);
#endif
