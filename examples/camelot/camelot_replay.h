/* boardai-camelot replay: checks a WCF game record (replay.c). */
#ifndef BOARDAI_EXAMPLES_CAMELOT_REPLAY_H
#define BOARDAI_EXAMPLES_CAMELOT_REPLAY_H

/* argv[0] is "replay". Returns the exit status: 0 the record is legal, 1 it is not (or the file
 * cannot be read), 2 bad usage. */
int camelot_replay_main(int argc, char **argv);

#endif
