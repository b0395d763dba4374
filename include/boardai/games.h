/**
 * @file games.h
 * @brief The game modules bundled with libboardai.
 */
#ifndef BOARDAI_GAMES_H
#define BOARDAI_GAMES_H
#endif /* BOARDAI_GAMES_H */
