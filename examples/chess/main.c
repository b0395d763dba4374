/* boardai-chess: a UCI chess engine (the default, for chess GUIs and other engines), the common
 * text protocol (--protocol), a terminal game (--play and the usual options), and a match
 * referee against an xboard engine such as fairymax or a UCI engine such as stockfish (--match). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chess_program.h"
#include "cli.h"

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

/* Answer lines come from two threads (the searcher's info/bestmove, the reader's readyok). */
static void write_line(void *user, const char *line, size_t len)
{
    (void)user;
    pthread_mutex_lock(&out_lock);
    fwrite(line, 1, len, stdout);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

static void *search_main(void *arg)
{
    ba_chess_uci_search(arg);
    return NULL;
}

static int first_word_is(const char *line, const char *word)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t n = strlen(word);
    return !strncmp(line, word, n) && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t' ||
                                       line[n] == '\r' || line[n] == '\n');
}

int chess_run_uci(void)
{
    ba_chess_uci *uci;
    if (ba_chess_uci_new(write_line, NULL, &uci) != BA_OK) {
        fprintf(stderr, "boardai-chess: cannot create the UCI session\n");
        return 1;
    }
    char *line = NULL;
    size_t cap = 0;
    pthread_t thread;
    int running = 0, status = 0;
    for (;;) {
        ssize_t got = getline(&line, &cap, stdin);
        if (got < 0)
            break;
        if (running) {
            if (first_word_is(line, "isready") || first_word_is(line, "ponderhit")) {
                ba_chess_uci_feed(uci, line);
                continue;
            }
            /* Anything else ends the search first (stop, quit, or a GUI that skipped stop). */
            ba_chess_uci_stop(uci);
            pthread_join(thread, NULL);
            running = 0;
            if (first_word_is(line, "stop"))
                continue;
        }
        int rc = ba_chess_uci_feed(uci, line);
        if (rc == BA_PROTOCOL_QUIT)
            break;
        if (rc == BA_CHESS_UCI_GO) {
            if (pthread_create(&thread, NULL, search_main, uci) != 0) {
                ba_chess_uci_search(uci); /* no thread: search here, stop will not interrupt */
            } else {
                running = 1;
            }
        } else if (rc < 0) {
            fprintf(stderr, "boardai-chess: %s\n", ba_errstr(rc));
            status = 1;
            break;
        }
    }
    if (running) {
        ba_chess_uci_stop(uci);
        pthread_join(thread, NULL);
    }
    free(line);
    ba_chess_uci_free(uci);
    return status;
}

static const ba_cli_option chess_options[] = {
    {"uci", NULL, "speak UCI on stdin/stdout (the default without arguments when stdin is not a terminal)"},
    {"play", NULL, "play a game in the terminal (the default at a terminal)"},
    {"match", NULL, "referee a match against an xboard or UCI engine; see --match --help"},
};

static int handle_option(void *user, const char *name, const char *value, ba_error *err)
{
    (void)user;
    (void)value;
    (void)err;
    (void)name;
    return BA_OK;
}

static int san_text(void *user, const ba_pos *pos, const ba_move *move, char *buf, size_t cap)
{
    (void)user;
    return ba_chess_san(ba_pos_state(pos), move, buf, cap);
}

int main(int argc, char **argv)
{
    /* Chess GUIs and engine matches start the engine without arguments on pipes: that is UCI.
     * A person starting it without arguments at a terminal gets the terminal game. */
    if ((argc == 1 && !isatty(STDIN_FILENO)) || (argc == 2 && !strcmp(argv[1], "--uci")))
        return chess_run_uci();
    if (argc >= 2 && !strcmp(argv[1], "--match"))
        return chess_run_match(argc - 2, argv + 2, argv[0]);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--uci") || !strcmp(argv[i], "--match")) {
            fprintf(stderr, "boardai-chess: %s must be the only (first) option\n", argv[i]);
            return 2;
        }
    ba_cli_program prog = BA_CLI_PROGRAM_INIT;
    prog.name = "boardai-chess";
    prog.summary = "Chess with libboardai: a UCI engine (default), --protocol, --play, --match.";
    prog.game = ba_chess_game();
    prog.options = chess_options;
    prog.option_count = sizeof chess_options / sizeof chess_options[0];
    prog.handle_option = handle_option;
    prog.hooks.move_text = san_text;
    prog.hooks.move_help = "Type moves in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q).";
    return ba_cli_main(argc, argv, &prog);
}
