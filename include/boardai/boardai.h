/**
 * @file boardai.h
 * @brief The umbrella header of libboardai: include this one.
 *
 * libboardai gives programs strong, correct AI for abstract board games. A game is described by
 * a #ba_game vtable (game.h); a #ba_pos holds a game in progress (position.h); a #ba_engine
 * searches it (engine.h); the text protocol of the example programs is in protocol.h. Each game
 * module has its own header (kalah.h, camelot.h, ...), included here as well.
 */
#ifndef BOARDAI_BOARDAI_H
#define BOARDAI_BOARDAI_H

#include "common.h"
#include "game.h"
#include "position.h"
#include "engine.h"
#include "protocol.h"
#include "pst.h"
#include "registry.h"
#include "selftest.h"
#include "games.h"

#endif /* BOARDAI_BOARDAI_H */
