/**
 * @file games.h
 * @brief The game modules bundled with libboardai.
 */
#ifndef BOARDAI_GAMES_H
#define BOARDAI_GAMES_H
#include "arimaa.h"
#include "kalah.h"
#include "chess.h"
#include "camelot.h"
#include "ugolki.h"
#endif /* BOARDAI_GAMES_H */
