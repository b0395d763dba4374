/* boardai-arimaa: Arimaa against libboardai. `--aei` (or, with input not a terminal, a first line
 * `aei`) speaks the Arimaa Engine Interface on stdin/stdout for match tools; otherwise the
 * standard terminal game and `--protocol`. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <boardai/arimaa.h>

#include "cli.h"

typedef struct aei_io {
    pthread_mutex_t lock; /* the search thread and the reader both write */
    FILE *out;
} aei_io;

static void aei_write(void *user, const char *line, size_t len)
{
    aei_io *io = user;
    pthread_mutex_lock(&io->lock);
    fwrite(line, 1, len, io->out);
    fputc('\n', io->out);
    fflush(io->out);
    pthread_mutex_unlock(&io->lock);
}

static void *aei_search_thread(void *arg)
{
    ba_arimaa_aei_search(arg);
    return NULL;
}

/* Reads one line into buf; an overlong line is consumed whole and reported as "" with *too_long. */
static int read_line(char *buf, size_t cap, int *too_long)
{
    *too_long = 0;
    if (!fgets(buf, (int)cap, stdin)) return 0;
    size_t n = strlen(buf);
    if (n == cap - 1 && buf[n - 1] != '\n') {
        int c;
        while ((c = getchar()) != EOF && c != '\n') {
        }
        *too_long = 1;
        buf[0] = '\0';
    }
    return 1;
}

/* The AEI loop. The search runs on its own thread so that the controller is answered while it
 * searches: `isready`, `setoption` (gameroom.py sends `moveused` every second) and `stop` are
 * handled at once; `stop` ends the search and its bestmove follows. Any other command waits for
 * the search to finish (a controller sends them only after bestmove). `first` is a line already
 * read (the `aei` that chose this mode), or NULL. */
static int run_aei(const char *first, const ba_game *game)
{
    aei_io io;
    pthread_mutex_init(&io.lock, NULL);
    io.out = stdout;
    ba_arimaa_aei *aei = NULL;
    if (ba_arimaa_aei_new(game, aei_write, &io, &aei) != BA_OK) {
        fprintf(stderr, "boardai-arimaa: cannot create the AEI session\n");
        return 1;
    }
    pthread_t thread;
    int searching = 0;
    char line[8192];
    int too_long = 0;
    int status = 0;
    if (first) snprintf(line, sizeof line, "%s", first);
    while (first || read_line(line, sizeof line, &too_long)) {
        first = NULL;
        if (too_long) {
            aei_write(&io, "log Error: line too long", 24);
            continue;
        }
        char word[16] = {0};
        sscanf(line, "%15s", word);
        int quick = strcmp(word, "isready") == 0 || strcmp(word, "setoption") == 0 ||
                    strcmp(word, "stop") == 0 || strcmp(word, "quit") == 0;
        if (searching && !quick) {
            pthread_join(thread, NULL);
            searching = 0;
        }
        int rc = ba_arimaa_aei_feed(aei, line);
        if (searching && (strcmp(word, "stop") == 0 || rc == BA_ARIMAA_AEI_QUIT)) {
            pthread_join(thread, NULL); /* the feed told it to stop: its bestmove is out */
            searching = 0;
        }
        if (rc == BA_ARIMAA_AEI_QUIT) break;
        if (rc == BA_ARIMAA_AEI_SEARCH) {
            if (pthread_create(&thread, NULL, aei_search_thread, aei) != 0) {
                ba_arimaa_aei_search(aei); /* no thread: search in line, stop is not possible */
            } else {
                searching = 1;
            }
        } else if (rc < 0) {
            fprintf(stderr, "boardai-arimaa: AEI session failed: %s\n", ba_errstr(rc));
            status = 1;
            break;
        }
    }
    if (searching) {
        ba_arimaa_aei_stop(aei);
        pthread_join(thread, NULL);
    }
    ba_arimaa_aei_free(aei);
    pthread_mutex_destroy(&io.lock);
    return status;
}

/* Copies the rest of standard input behind a line already read into a pipe (see main). */
typedef struct replay {
    int fd;
    char first[512];
} replay;

static void *replay_thread(void *arg)
{
    replay *r = arg;
    size_t n = strlen(r->first);
    int ok = write(r->fd, r->first, n) == (ssize_t)n;
    char buf[4096];
    ssize_t got;
    while (ok && (got = read(STDIN_FILENO, buf, sizeof buf)) > 0)
        ok = write(r->fd, buf, (size_t)got) == got;
    close(r->fd);
    return NULL;
}

/* With no arguments and standard input not a terminal, a first line `aei` means a match tool is
 * talking: speak AEI. The line is read byte by byte (nothing beyond it is consumed); when it is
 * something else, a thread replays it and the rest of the input through a pipe that becomes
 * standard input, so the ordinary program reads exactly what was sent. */
static int sniff_aei(int *is_aei)
{
    static replay r;
    size_t n = 0;
    char c;
    ssize_t got;
    *is_aei = 0;
    while (n + 1 < sizeof r.first && (got = read(STDIN_FILENO, &c, 1)) == 1) {
        r.first[n++] = c;
        if (c == '\n') break;
    }
    r.first[n] = '\0';
    char word[8] = {0};
    sscanf(r.first, "%7s", word);
    if (strcmp(word, "aei") == 0) {
        *is_aei = 1;
        return 0;
    }
    int fds[2];
    if (pipe(fds) != 0) return -1;
    r.fd = fds[1];
    pthread_t t;
    if (pthread_create(&t, NULL, replay_thread, &r) != 0) return -1;
    pthread_detach(t);
    if (dup2(fds[0], STDIN_FILENO) < 0) return -1;
    close(fds[0]);
    return 0;
}

/* --search: how the engine chooses a turn (the terminal game and --protocol); --params: the
 * registry's parameters of the game (listed by `boardai-match --help`). */
typedef struct arimaa_prog {
    int by_turns; /* 1: the whole-turn search, as before the step search (for measuring it) */
    const char *params; /* "name=value,..." or NULL */
} arimaa_prog;

/* Opens Arimaa with the parameters `params` (NULL: none) and, when step_search, the step search. */
static int open_game(const char *params, int step_search, ba_game **out, ba_error *err)
{
    char spec[1024];
    int n = snprintf(spec, sizeof spec, "arimaa:%s%s%s", params ? params : "",
                     params && step_search ? "," : "", step_search ? "step_search=1" : "");
    if (n < 0 || (size_t)n >= sizeof spec)
        return ba_error_set(err, BA_ERR_ARG, "--params: the list is too long");
    if (!params && !step_search) spec[6] = '\0'; /* "arimaa" */
    return ba_game_open(spec, out, err);
}

static int handle_option(void *user, const char *name, const char *value, ba_error *err)
{
    arimaa_prog *a = user;
    if (strcmp(name, "search") == 0) {
        if (strcmp(value, "steps") == 0 || strcmp(value, "turns") == 0) {
            a->by_turns = strcmp(value, "turns") == 0;
            return BA_OK;
        }
        return ba_error_set(err, BA_ERR_ARG, "--search: '%s' is not steps or turns", value);
    }
    if (strcmp(name, "params") == 0) {
        ba_game *g = NULL; /* checked now, so that a wrong list is refused before any play */
        int rc = open_game(value, 0, &g, err);
        if (rc != BA_OK) return rc;
        ba_game_destroy(g);
        a->params = value;
        return BA_OK;
    }
    /* --aei reaches this parser only beside --help or --version (main), which answer. */
    if (strcmp(name, "aei") == 0) return BA_OK;
    return ba_error_set(err, BA_ERR_ARG, "--%s must be the only option", name);
}

/* The game of whole turns, searched by steps unless --search turns. */
static int make_game(void *user, const ba_game **out, int *destroy_after, ba_error *err)
{
    const arimaa_prog *a = user;
    *destroy_after = 0;
    if (a->by_turns && !a->params) {
        *out = ba_arimaa_game();
        return BA_OK;
    }
    ba_game *g = NULL;
    int rc = open_game(a->params, !a->by_turns, &g, err);
    if (rc != BA_OK) return rc;
    *out = g;
    *destroy_after = 1;
    return BA_OK;
}

/* The step search counts its depth in steps (a push or pull two, a pass the steps it gives up):
 * 4 steps are one turn. The whole-turn search (--search turns) counts turns, so its levels are
 * shallower. */
static const ba_cli_level step_levels[] = {
    {"Beginner (4 steps)", 4, 0, 0},
    {"Club (8 steps, 10 s cap)", 8, 0, 10000},
    {"Strong (12 steps, 30 s cap)", 12, 0, 30000},
    {"Patient (16 steps, 120 s cap)", 16, 0, 120000},
};

/* A whole turn is a node: depth 2 already looks at tens of millions of positions, so the levels
 * are shallow and time-capped. */
static const ba_cli_level turn_levels[] = {
    {"Beginner (1 turn)", 1, 0, 0},
    {"Club (2 turns, 10 s cap)", 2, 0, 10000},
    {"Strong (3 turns, 30 s cap)", 3, 0, 30000},
    {"Patient (4 turns, 120 s cap)", 4, 0, 120000},
};

static const ba_cli_option options[] = {
    {"aei", NULL, "speak the Arimaa Engine Interface on stdin/stdout (for match tools)"},
    {"search", "HOW", "steps (default: each turn by a search of steps) or turns (whole turns)"},
    {"params", "LIST", "the game's registry parameters, e.g. trap_pct=80,threat_pct=120 (also "
                       "with --aei; boardai-match --help lists them)"},
};

/* --aei, alone or with --params LIST: the AEI session on the game with those parameters. */
static int aei_main(int argc, char **argv)
{
    const char *params = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--aei") == 0) continue;
        if (strcmp(argv[i], "--params") == 0 && i + 1 < argc && !params) {
            params = argv[++i];
            continue;
        }
        fprintf(stderr, "boardai-arimaa: with --aei only --params LIST may be given, not '%s'\n",
                argv[i]);
        return 2;
    }
    if (!params) return run_aei(NULL, NULL);
    ba_game *g = NULL;
    ba_error err;
    if (open_game(params, 0, &g, &err) != BA_OK) {
        fprintf(stderr, "boardai-arimaa: --params: %s\n", err.message);
        return 2;
    }
    int status = run_aei(NULL, g);
    ba_game_destroy(g);
    return status;
}

/* The value of --search in argv, to choose the level table before ba_cli_main (which lists the
 * levels in --help and checks --level against them). */
static int wants_turns(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--search") == 0) return strcmp(argv[i + 1], "turns") == 0;
    return 0;
}

int main(int argc, char **argv)
{
    /* --help and --version win over --aei: the ordinary option parser answers them. */
    int aei = 0, info = 0;
    for (int i = 1; i < argc; i++) {
        aei |= strcmp(argv[i], "--aei") == 0;
        info |= strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0 ||
                strcmp(argv[i], "--version") == 0 || strcmp(argv[i], "-V") == 0;
    }
    if (aei && !info) return aei_main(argc, argv);
    if (argc == 1 && !isatty(STDIN_FILENO)) {
        int is_aei = 0;
        if (sniff_aei(&is_aei) != 0) {
            fprintf(stderr, "boardai-arimaa: cannot read standard input\n");
            return 1;
        }
        if (is_aei) return run_aei("aei", NULL);
    }
    arimaa_prog a = {wants_turns(argc, argv), NULL};
    ba_cli_program prog = BA_CLI_PROGRAM_INIT;
    prog.name = "boardai-arimaa";
    prog.summary = "Play Arimaa against libboardai (or --aei for match tools).";
    prog.make_game = make_game;
    prog.user = &a;
    prog.options = options;
    prog.option_count = sizeof options / sizeof options[0];
    prog.handle_option = handle_option;
    prog.hooks.levels = a.by_turns ? turn_levels : step_levels;
    prog.hooks.level_count = sizeof step_levels / sizeof step_levels[0]; /* both tables */
    prog.hooks.default_level = 2;
    prog.hooks.move_help =
        "A turn is 1-4 steps: piece, square, direction (n s e w), e.g. 'Ed2n Ed3n rc6s Md4w'.\n"
        "Pushes and pulls are two steps (the pushed piece moves first). Setup turns place all\n"
        "16 pieces: 'Ra1 Rb1 ... Eh2'.";
    return ba_cli_main(argc, argv, &prog);
}
