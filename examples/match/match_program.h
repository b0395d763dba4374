/* examples/match/match_program.h: an engine that is another program speaking the common text
 * protocol (configuration key `cmd=`), started once per game (match_program.c). */
#ifndef BOARDAI_MATCH_PROGRAM_H
#define BOARDAI_MATCH_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include <boardai/boardai.h>

typedef struct match_program match_program;

/* The limit of one search: the first of time, depth, nodes that is positive is sent. */
typedef struct match_program_limits {
    int64_t time_ms, depth, nodes;
} match_program_limits;

/* Starts `/bin/sh -c COMMAND` with pipes to its standard input and output.
 * @return BA_OK, or an error with @p err filled (*out stays NULL). */
int match_program_start(const char *command, match_program **out, ba_error *err);

/* Sends `setoption NAME VALUE`. */
int match_program_option(match_program *p, const char *name, int64_t value, ba_error *err);

/* Tells the program the game (`position START moves M1 M2 ...`, START = the position text or
 * NULL for startpos) and asks for a move within @p lim; the move's text goes to @p best (blanks
 * restored from the protocol's underscores), the nodes of its last `info` line to @p nodes.
 * Bounded: a program that does not answer within its limit plus a grace period is an error. */
int match_program_move(match_program *p, const char *start_text, const char *const *moves,
                       size_t count, const match_program_limits *lim, char *best, size_t cap,
                       uint64_t *nodes, ba_error *err);

/* Sends `quit`, waits briefly, kills the program if it is still running, frees @p p. */
void match_program_stop(match_program *p);

#endif /* BOARDAI_MATCH_PROGRAM_H */
