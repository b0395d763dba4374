/* boardai-ugolki's match mode: engine against engine at equal time (examples/ugolki/match.c). */
#ifndef UGOLKI_MATCH_H
#define UGOLKI_MATCH_H

/* Runs `boardai-ugolki match ...` (argv[0] is "match"). @return the exit status. */
int ugolki_match_main(int argc, char **argv);

#endif
