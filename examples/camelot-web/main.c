/*
 * boardai-camelot-web: Camelot against libboardai in the browser.
 *
 * Serves one page (an SVG board; the files are embedded into the program) and a small JSON API
 * on 127.0.0.1:8080 by default, then waits for Ctrl-C / SIGTERM. All rules are the library's:
 * the page only offers the moves the server lists. See docs/camelot-web.md.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <boardai/boardai.h>
#include <boardai/camelot.h>

#include "cli.h"
#include "web_db.h"
#include "web_games.h"
#include "web_server.h"

#define PROGRAM "boardai-camelot-web"

/* Ctrl-C / SIGTERM write a byte here, and main() waits for it: a handler may run on any
 * thread (the server's, the AI's, a sanitizer's), and write() is safe in a handler. */
static int stop_pipe[2] = {-1, -1};

static void on_stop_signal(int sig)
{
    unsigned char b = (unsigned char)sig;
    int saved = errno;
    if (write(stop_pipe[1], &b, 1) < 0) {
        /* nothing more can be done in a handler */
    }
    errno = saved;
}

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: " PROGRAM " [options]\n"
            "Play Camelot (WCF rules) against libboardai in a web browser.\n"
            "Starts a small web server and prints the address to open.\n\n"
            "Options:\n"
            "  --host ADDR       numeric address to listen on (default 127.0.0.1; 0.0.0.0 or ::\n"
            "                    opens the game to the network: use --token then)\n"
            "  --port N          port (default 8080; 0 = any free port)\n"
            "  --db FILE         the SQLite file the games are saved in (default\n"
            "                    $XDG_DATA_HOME/boardai/camelot-web.sqlite, else\n"
            "                    ~/.local/share/boardai/camelot-web.sqlite)\n"
            "  --token TEXT      every request must carry this token (header X-Camelot-Token,\n"
            "                    cookie camelot_token, or ?token= in the printed address)\n"
            "  --rate N          requests a second per client address, bursts of 5 s worth\n"
            "                    (default 20 when open to a network, none on loopback; 0: none)\n"
            "  --max-games N     games kept in memory (default 32; the one idle for longest is\n"
            "                    dropped beyond and read back from the file when needed)\n"
            "  --weights NAME    the AI's evaluation weights: nolan or tuned (the default)\n"
            "  --egtb FILE       exact endgame tables (boardai-camelot-egtb build FILE): the AI\n"
            "                    plays them and the hint shows the exact result\n"
            "  --verbose         log every request on stderr (default: quiet)\n"
            "  --quiet           no request log (the default)\n"
            "  --protocol        no server: the common text protocol on stdin/stdout\n"
            "  --help            this text\n"
            "  --version         the program's and the library's version\n");
}

/* Reads an integer option value in [lo, hi]. */
static int int_option(const char *name, const char *value, long lo, long hi, long *out)
{
    char *end = NULL;
    long v = value ? strtol(value, &end, 10) : 0;
    if (!value || end == value || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, PROGRAM ": %s needs a number %ld..%ld, not '%s'\n", name, lo, hi,
                value ? value : "");
        return -1;
    }
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    web_server_options opts = {"127.0.0.1", 8080, 32, 1, NULL, NULL, 0};
    char db_default[4096];
    const char *weights = NULL, *egtb_path = NULL;
    int protocol = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        long v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf(PROGRAM " %s (libboardai %s)\n", BOARDAI_EXAMPLE_VERSION, ba_version_string());
            return 0;
        } else if (strcmp(a, "--host") == 0 && next) {
            opts.host = next;
            i++;
        } else if (strcmp(a, "--port") == 0) {
            if (int_option(a, next, 0, 65535, &v) != 0)
                return 2;
            opts.port = (int)v;
            i++;
        } else if (strcmp(a, "--max-games") == 0) {
            if (int_option(a, next, 1, 10000, &v) != 0)
                return 2;
            opts.max_games = (size_t)v;
            i++;
        } else if (strcmp(a, "--protocol") == 0) {
            protocol = 1;
        } else if (strcmp(a, "--egtb") == 0 && next) {
            egtb_path = argv[++i];
        } else if (strcmp(a, "--weights") == 0 && next) {
            weights = next;
            i++;
        } else if (strcmp(a, "--quiet") == 0) {
            opts.quiet = 1;
        } else if (strcmp(a, "--verbose") == 0) {
            opts.quiet = 0;
        } else if (strcmp(a, "--db") == 0 && next) {
            opts.db_path = next;
            i++;
        } else if (strcmp(a, "--rate") == 0) {
            if (int_option(a, next, 0, 100000, &v) != 0)
                return 2;
            opts.rate_per_s = v == 0 ? -1 : (double)v;
            i++;
        } else if (strcmp(a, "--token") == 0 && next && next[0]) {
            opts.token = next;
            i++;
        } else {
            fprintf(stderr, PROGRAM ": unknown option or missing value: '%s' (try --help)\n", a);
            return 2;
        }
    }

    /* The weights are a registry parameter: camelot:weights=NAME checks the name. */
    const ba_game *game = ba_camelot_game();
    ba_game *made = NULL;
    if (weights) {
        char spec[BA_GAME_SPEC_MAX];
        ba_error werr;
        snprintf(spec, sizeof spec, "camelot:weights=%.64s", weights);
        if (ba_game_open(spec, &made, &werr) != BA_OK) {
            fprintf(stderr, PROGRAM ": --weights: %s\n", werr.message);
            return 2;
        }
        game = made;
    }
    ba_camelot_egtb *egtb = NULL;
    if (egtb_path) {
        ba_error terr;
        int trc = made ? BA_OK : ba_camelot_create(NULL, &made, &terr);
        if (trc == BA_OK) trc = ba_camelot_egtb_load(egtb_path, &egtb, &terr);
        if (trc == BA_OK) trc = ba_camelot_egtb_attach(made, egtb, &terr);
        if (trc != BA_OK) {
            fprintf(stderr, PROGRAM ": --egtb: %s\n", terr.message);
            ba_game_destroy(made);
            ba_camelot_egtb_free(egtb);
            return 2;
        }
        game = made;
    }
    if (protocol) {
        int rc = ba_cli_run_protocol(game, NULL, NULL, NULL);
        ba_game_destroy(made);
        ba_camelot_egtb_free(egtb);
        return rc;
    }
    if (!opts.db_path) {
        if (web_db_default_path(db_default, sizeof db_default) != 0) {
            fprintf(stderr, PROGRAM ": neither XDG_DATA_HOME nor HOME is set: give --db FILE\n");
            return 2;
        }
        opts.db_path = db_default;
    }
    if (strcmp(opts.db_path, ":memory:") != 0 && web_db_make_dirs(opts.db_path) != 0) {
        fprintf(stderr, PROGRAM ": cannot make the folder of '%s': %s\n", opts.db_path,
                strerror(errno));
        return 1;
    }
    if (pipe(stop_pipe) != 0) {
        perror(PROGRAM ": pipe");
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    web_server *server = NULL;
    ba_error err;
    ba_error_clear(&err);
    if (web_server_start(game, &opts, &server, &err) != BA_OK) {
        fprintf(stderr, PROGRAM ": %s\n", err.message);
        ba_game_destroy(made);
        ba_camelot_egtb_free(egtb);
        return 1;
    }
    const char *host = strchr(opts.host, ':') ? NULL : opts.host;
    if (host && strcmp(host, "0.0.0.0") == 0)
        host = "127.0.0.1";
    const char *tq = opts.token ? "?token=" : "", *tv = opts.token ? opts.token : "";
    if (host)
        printf("Camelot is ready: open http://%s:%d/%s%s in a web browser (Ctrl-C stops)\n",
               host, web_server_port(server), tq, tv);
    else
        printf("Camelot is ready: open http://[%s]:%d/%s%s in a web browser (Ctrl-C stops)\n",
               strcmp(opts.host, "::") == 0 ? "::1" : opts.host, web_server_port(server), tq, tv);
    printf("Games are saved in %s\n", opts.db_path);
    fflush(stdout);

    unsigned char sig = 0;
    while (read(stop_pipe[0], &sig, 1) < 0 && errno == EINTR) {
    }
    fprintf(stderr, PROGRAM ": stopping\n");
    web_server_stop(server);
    ba_game_destroy(made);
    ba_camelot_egtb_free(egtb);
    return 0;
}
