/**
 * @file pst.h
 * @brief A generic piece-square evaluator for grid games, described as data.
 *
 * Material per piece type plus a value per square, from one table shared by every piece type or
 * one table per type, mirrored for side 1 or not. Chess uses it with the classic 10x12 table,
 * ugolki with its corner table; any grid game can describe its own.
 *
 * Squares are numbered `rank * width + file` from side 0's point of view (square 0 is the
 * bottom-left corner as side 0 sees the board).
 */
#ifndef BOARDAI_PST_H
#define BOARDAI_PST_H

#include "common.h"

/* The whole of pst.h is experimental (docs/api-stability.md): declared only when the program
 * defines BOARDAI_EXPERIMENTAL before including the headers. */
#ifdef BOARDAI_EXPERIMENTAL
#ifdef __cplusplus
extern "C" {
#endif

/** How side 1 reads the tables (#ba_pst::mirror). */
typedef enum ba_pst_mirror {
    BA_PST_SAME = 0,   /**< Both sides use the same square numbers (chess's shared table). */
    BA_PST_FLIP = 1,   /**< Side 1 reads rank `height - 1 - rank`, same file. */
    BA_PST_ROTATE = 2  /**< Side 1 reads square `width * height - 1 - square` (180 degrees). */
} ba_pst_mirror;

/** A piece-square evaluator, as data. */
typedef struct ba_pst {
    int width;              /**< Board width in squares (files). */
    int height;             /**< Board height in squares (ranks). */
    int piece_types;        /**< Number of piece types (>= 1). */
    const int *material;    /**< Value per piece type (@c piece_types entries), or NULL for none. */
    const int *squares;     /**< One table of width*height values, or piece_types of them. */
    int shared_table;       /**< 1: one table for all types; 0: one per type, type-major. */
    ba_pst_mirror mirror;   /**< How side 1 reads the tables. */
} ba_pst;

/** One piece on the board, for ba_pst_evaluate(). */
typedef struct ba_pst_piece {
    uint8_t side;    /**< 0 or 1. */
    uint8_t type;    /**< 0 .. piece_types - 1. */
    uint16_t square; /**< 0 .. width * height - 1, side 0's numbering. */
} ba_pst_piece;

/** Checks that a description is consistent. @return #BA_OK or #BA_ERR_ARG / #BA_ERR_RANGE. */
BA_API int ba_pst_check(const ba_pst *pst);

/** The value (material + square) of one piece of @p type of @p side on @p square. Unchecked
 *  arguments: call ba_pst_check() once first. */
BA_API int ba_pst_value(const ba_pst *pst, int side, int type, int square);

/** Sum of ba_pst_value() over the pieces of @p side among @p pieces. */
BA_API int64_t ba_pst_side_sum(const ba_pst *pst, const ba_pst_piece *pieces, size_t count, int side);

/** Evaluation from @p side's point of view: its sum minus the other side's. */
BA_API int64_t ba_pst_evaluate(const ba_pst *pst, const ba_pst_piece *pieces, size_t count, int side);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_EXPERIMENTAL */
#endif /* BOARDAI_PST_H */
