/* The generic piece-square evaluator: material plus square tables, described as data (pst.h).
 * Chess (10x12 mailbox table) and ugolki (corner table) are two instances of the same code. */
#include "boardai/pst.h"

/* Square counts are capped so that a square fits the uint16_t of ba_pst_piece and
 * width * height can never overflow an int. */
#define PST_MAX_SQUARES 65536
/* Type counts are capped so that a ba_pst_piece's uint8_t type can name every type. */
#define PST_MAX_TYPES 256

int ba_pst_check(const ba_pst *pst)
{
    if (!pst || !pst->squares)
        return BA_ERR_ARG;
    if (pst->width < 1 || pst->height < 1 || pst->width > PST_MAX_SQUARES ||
        pst->height > PST_MAX_SQUARES || (long)pst->width * (long)pst->height > PST_MAX_SQUARES)
        return BA_ERR_RANGE;
    if (pst->piece_types < 1 || pst->piece_types > PST_MAX_TYPES)
        return BA_ERR_RANGE;
    if (pst->shared_table != 0 && pst->shared_table != 1)
        return BA_ERR_RANGE;
    if (pst->mirror != BA_PST_SAME && pst->mirror != BA_PST_FLIP && pst->mirror != BA_PST_ROTATE)
        return BA_ERR_RANGE;
    return BA_OK;
}

/* The square side 1 reads in the tables: side 0's numbering seen through the mirror. */
static int pst_mirrored_square(const ba_pst *pst, int side, int square)
{
    if (side == 0)
        return square;
    switch (pst->mirror) {
    case BA_PST_FLIP: {
        int rank = square / pst->width;
        int file = square % pst->width;
        return (pst->height - 1 - rank) * pst->width + file;
    }
    case BA_PST_ROTATE:
        return pst->width * pst->height - 1 - square;
    case BA_PST_SAME:
    default:
        return square;
    }
}

int ba_pst_value(const ba_pst *pst, int side, int type, int square)
{
    int area = pst->width * pst->height;
    int index = pst_mirrored_square(pst, side, square);
    const int *table = pst->shared_table ? pst->squares : pst->squares + (size_t)type * (size_t)area;
    int material = pst->material ? pst->material[type] : 0;
    return material + table[index];
}

int64_t ba_pst_side_sum(const ba_pst *pst, const ba_pst_piece *pieces, size_t count, int side)
{
    int64_t sum = 0;
    if (!pst || (!pieces && count > 0))
        return 0;
    int area = pst->width * pst->height;
    for (size_t i = 0; i < count; i++) {
        const ba_pst_piece *p = &pieces[i];
        /* A piece outside the description would read past the tables: it is skipped rather
         * than trusted, since this sum is the one entry point taking a caller's array. */
        if (p->side != side || p->type >= pst->piece_types || p->square >= area)
            continue;
        sum += ba_pst_value(pst, side, p->type, p->square);
    }
    return sum;
}

int64_t ba_pst_evaluate(const ba_pst *pst, const ba_pst_piece *pieces, size_t count, int side)
{
    return ba_pst_side_sum(pst, pieces, count, side) -
           ba_pst_side_sum(pst, pieces, count, 1 - side);
}
