/* Ugolki's Zobrist keys (owner: ugolki_zobrist.c). Not installed. */
#ifndef BOARDAI_UGOLKI_ZOBRIST_H
#define BOARDAI_UGOLKI_ZOBRIST_H

#include <stdint.h>

/* Fixed Zobrist keys, index side * 64 + square. */
extern const uint64_t ug_zobrist[128];

#endif /* BOARDAI_UGOLKI_ZOBRIST_H */
