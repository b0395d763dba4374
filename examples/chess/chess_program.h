/* boardai-chess: the parts of the program (UCI over stdio, the match referee). */
#ifndef BOARDAI_CHESS_PROGRAM_H
#define BOARDAI_CHESS_PROGRAM_H

/* UCI on stdin/stdout with a search thread. Returns the exit status. */
int chess_run_uci(void);

/* The referee: boardai-chess --match [options]. argv starts after "--match". */
int chess_run_match(int argc, char **argv, const char *self_path);

#endif
