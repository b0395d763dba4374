/**
 * @file registry.h
 * @brief The games built into the library, by name: list them, open one with its parameters.
 *
 * Every program finds a bundled game through this registry instead of keeping its own table:
 * @code
 * ba_game *game = NULL;
 * ba_error err;
 * if (ba_game_open("camelot:N=16.09,weights=nolan", &game, &err) != BA_OK)
 *     fprintf(stderr, "%s\n", err.message);
 * ...
 * ba_game_destroy(game);
 * @endcode
 *
 * A game specification is a game name, optionally followed by a colon and comma-separated
 * `key=value` parameters: `"kalah"`, `"kalah:pits=4,seeds=3"`. Each parameter has exactly one
 * spelling, the same in every program (docs/adding-a-game.md lists them per game; a program can
 * list them at run time with ba_game_params()). An unknown game or parameter, a parameter given
 * twice, and a value of the wrong type or out of range are refused with a message that names the
 * bad part and lists the valid ones.
 *
 * Only the games enabled when the library was built (`BOARDAI_GAMES`) are listed. A game written
 * outside the library is not in the registry; a program loads it from a shared object that
 * exports #BA_GAME_ENTRY_SYMBOL (see #ba_game_entry_fn).
 */
#ifndef BOARDAI_REGISTRY_H
#define BOARDAI_REGISTRY_H

#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Longest game specification ba_game_open() accepts, including the NUL. */
#define BA_GAME_SPEC_MAX 1024

/** One parameter a registered game accepts (constant data owned by the library). */
typedef struct ba_game_param {
    const char *name;          /**< Its one spelling, e.g. "pits" or "N". */
    /** "rules" (changes the game played: every player must agree on it) or "evaluation"
     *  (changes only how an engine judges positions: two engines may differ). */
    const char *kind;
    const char *type;          /**< "int", "real", "bool" (0 or 1) or "choice". */
    const char *range;         /**< The values accepted, e.g. "1..8" or "nolan". */
    const char *default_value; /**< The value when the parameter is not given. */
    const char *help;          /**< One line of description. */
} ba_game_param;

/**
 * The names of the games built into this library, in a fixed order, ending with NULL.
 * The array and the strings are constant and live as long as the library.
 */
BA_API const char *const *ba_game_names(void);

/**
 * The parameters the built-in game @p name accepts.
 * @param name a game name from ba_game_names()
 * @param count receives the number of entries (0 for an unknown game); may be NULL
 * @return the constant array (NULL when the game is unknown or has no parameters)
 */
BA_API const ba_game_param *ba_game_params(const char *name, size_t *count);

/**
 * Makes the built-in game described by @p spec ("name" or "name:key=value,key=value").
 * Free the game with ba_game_destroy() (always, even when no parameter was given: the game may
 * be a constant one, which ba_game_destroy() leaves alone). Never write through @p *out.
 * @return #BA_OK; #BA_ERR_ARG for a NULL argument; #BA_ERR_UNSUPPORTED for a game not built
 *         into this library (the message lists the games); #BA_ERR_PARSE for a malformed specification, an unknown or repeated parameter
 *         (the message lists the valid ones) or a value of the wrong type; #BA_ERR_RANGE for a
 *         value out of range; #BA_ERR_NOMEM.
 */
BA_API int ba_game_open(const char *spec, ba_game **out, ba_error *err);

/**
 * The one entry point a game built as a shared object exports so that programs can load it by
 * path (e.g. `boardai-match --game-lib ./libconnect4.so --game connect4`). It has the contract of
 * ba_game_open(): @p spec is "name" or "name:key=value,..." and the game is freed with
 * ba_game_destroy(). Export it under the name #BA_GAME_ENTRY_SYMBOL, with C linkage.
 */
typedef int (*ba_game_entry_fn)(const char *spec, ba_game **out, ba_error *err);

/** The symbol name of a shared object's #ba_game_entry_fn, for dlsym(). */
#define BA_GAME_ENTRY_SYMBOL "boardai_game_open"

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_REGISTRY_H */
