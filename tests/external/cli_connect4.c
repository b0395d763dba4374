/*
 * An outside game's whole program on the installed front end (libboardai-cli, boardai/cli.h):
 * the Connect Four of connect4.c (its game only: CONNECT4_SHARED_OBJECT leaves its test main()
 * out) behind one call, with the same options, terminal game and `--protocol` as every bundled
 * boardai-<game> program. cli_connect4.sh drives it through a pipe.
 */
#define CONNECT4_SHARED_OBJECT 1
#include "connect4.c"

#include <boardai/cli.h>

int main(int argc, char **argv) { return ba_cli_game_main(&CONNECT4, argc, argv); }
