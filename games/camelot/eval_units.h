/*
 * The Camelot evaluation's unit and parameter type (types and inline helpers only, no owner).
 *
 * Units: every value of the evaluation is in hundredths of Nolan's points (CAM_EVAL_SCALE), so
 * the two decimals of the knight's value K(P, N) survive in integer arithmetic.
 */
#ifndef BOARDAI_CAMELOT_EVAL_UNITS_H
#define BOARDAI_CAMELOT_EVAL_UNITS_H

#include <stdint.h>

#include "boardai/camelot.h"

/** Hundredths of a point: the evaluation's integer unit (BA_CAMELOT_EVAL_SCALE). */
#define CAM_EVAL_SCALE 100

/** Every factor reads the game's options (weights and Nolan's N). */
typedef ba_camelot_options cam_eval_params;

/** Saturates a 64-bit sum into the int32 range of the terms. */
static inline int32_t cam_sat32(int64_t x)
{
    return x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : (int32_t)x;
}

#endif /* BOARDAI_CAMELOT_EVAL_UNITS_H */
