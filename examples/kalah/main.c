/* boardai-kalah: play Kalah against libboardai in the terminal (the 1986 program's board and
 * input), speak the common text protocol (--protocol), or solve a board exactly (solve). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kalah_cli.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: boardai-kalah [options]            play against the computer\n"
            "       boardai-kalah --protocol [options] the common text protocol on stdin/stdout\n"
            "       boardai-kalah solve [options]      the exact value of a board and its best move\n"
            "       boardai-kalah grade [options]      each level's moves against perfect play\n"
            "\n"
            "rules:\n"
            "  --pits M            pits per side, 1-8 (default 6)\n"
            "  --seeds N           seeds per pit at the start, 1-12 (default 6)\n"
            "  --empty-capture     a last seed in an own empty pit captures even when the\n"
            "                      opposite pit is empty (default: only when it holds seeds)\n"
            "play:\n"
            "  --level L           1-%d: Beginner (depth 3), Average Player (4), Expert (5),\n"
            "                      Advanced (8), Master (12), Grandmaster (18), Perfect (the exact\n"
            "                      solver once at most 36 seeds are left in the pits);\n"
            "                      default 1. It rises after each game you win and falls after\n"
            "                      each game you lose.\n"
            "  --computer-first    the computer opens the game (default: you do);\n"
            "  --side 0|1          the same as a move order: 1 (second) = --computer-first.\n"
            "                      You always sit at pits 1-6, as in the 1986 program.\n"
            "  --hash MB           transposition table size (default 64)\n"
            "solve:\n"
            "  --position TEXT     solve this position instead of the start, e.g.\n"
            "                      '0 7 7 7 7 7 / 1 / 6 6 6 6 6 6 / 0 / s'\n"
            "  --hash MB           solver table size (default 256)\n"
            "  --db-mb MB          endgame database budget (default 128)\n"
            "  --db-seeds K        endgame database for up to K seeds (default: automatic)\n"
            "  --db-file PATH      load the endgame database from PATH if it exists (instead\n"
            "                      of building it); otherwise, or if the solve needed a bigger\n"
            "                      one, save the database there after the solve. One file\n"
            "                      serves every seed count of the same pits and capture rule\n"
            "  --time MS           give up after MS milliseconds (exit status 1)\n"
            "  --quiet             no progress line on stderr\n"
            "grade (the solve options apply to its solver; try --pits 6 --seeds 4):\n"
            "  --games N           games per level (default 10), each played by the level on\n"
            "                      both sides after random opening plies\n"
            "  --levels A-B        the levels to grade (default 1-5; 6 is slow)\n"
            "  --random-plies K    random opening plies (default 2)\n"
            "  --seed S            seed of the openings (default 1)\n"
            "other:\n"
            "  --help, --version\n",
            kcli_level_count);
}

static int parse_int(const char *prog, const char *name, const char *v, long min, long max,
                     long *out)
{
    char *end;
    errno = 0;
    long x = v ? strtol(v, &end, 10) : 0;
    if (v == NULL || *v == '\0' || *end != '\0' || errno != 0 || x < min || x > max) {
        fprintf(stderr, "%s: --%s needs a number from %ld to %ld, got '%s'\n", prog, name, min,
                max, v ? v : "(nothing)");
        return 0;
    }
    *out = x;
    return 1;
}

int main(int argc, char **argv)
{
    const char *prog = "boardai-kalah";
    kcli_options o;
    memset(&o, 0, sizeof o);
    o.rules = ba_kalah_options_default();
    o.level = 1;
    o.hash_mb = -1;
    o.db_mb = 128;
    o.db_seeds = -1;
    o.grade_games = 10;
    o.grade_first = 1;
    o.grade_last = 5;
    o.random_plies = 2;
    o.grade_seed = 1;
    int solve = 0, grade = 0, protocol = 0;
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "solve") == 0) {
        solve = 1;
        first = 2;
    } else if (argc > 1 && strcmp(argv[1], "grade") == 0) {
        grade = 1;
        first = 2;
    }
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            fprintf(stderr, "%s: unexpected argument '%s' (see --help)\n", prog, a);
            return 2;
        }
        a += 2;
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        long x;
        if (strcmp(a, "help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "version") == 0) {
            printf("%s %s (libboardai %s)\n", prog, BOARDAI_EXAMPLE_VERSION, ba_version_string());
            return 0;
        } else if (strcmp(a, "protocol") == 0) {
            protocol = 1;
        } else if (strcmp(a, "empty-capture") == 0) {
            o.rules.empty_capture = 1;
        } else if (strcmp(a, "computer-first") == 0) {
            o.computer_first = 1;
        } else if (strcmp(a, "side") == 0) {
            /* The common option: which side the human takes in the move order. The human always
             * sits at South's pits 1-6 as in the 1986 program; side 1 lets the computer open. */
            if (v && (strcmp(v, "0") == 0 || strcmp(v, "first") == 0 || strcmp(v, "south") == 0))
                o.computer_first = 0;
            else if (v && (strcmp(v, "1") == 0 || strcmp(v, "second") == 0 ||
                           strcmp(v, "north") == 0))
                o.computer_first = 1;
            else {
                fprintf(stderr, "%s: --side needs 0/first or 1/second, got '%s'\n", prog,
                        v ? v : "(nothing)");
                return 2;
            }
            i++;
        } else if (strcmp(a, "quiet") == 0) {
            o.quiet = 1;
        } else if (strcmp(a, "pits") == 0) {
            if (!parse_int(prog, a, v, BA_KALAH_MIN_PITS, BA_KALAH_MAX_PITS, &x))
                return 2;
            o.rules.pits = (int)x;
            i++;
        } else if (strcmp(a, "seeds") == 0) {
            if (!parse_int(prog, a, v, BA_KALAH_MIN_SEEDS, BA_KALAH_MAX_SEEDS, &x))
                return 2;
            o.rules.seeds = (int)x;
            i++;
        } else if (strcmp(a, "level") == 0) {
            if (!parse_int(prog, a, v, 1, kcli_level_count, &x))
                return 2;
            o.level = (int)x;
            i++;
        } else if (strcmp(a, "hash") == 0) {
            if (!parse_int(prog, a, v, 1, 65536, &x))
                return 2;
            o.hash_mb = x;
            i++;
        } else if (strcmp(a, "db-mb") == 0) {
            if (!parse_int(prog, a, v, 0, 65536, &x))
                return 2;
            o.db_mb = x;
            i++;
        } else if (strcmp(a, "db-seeds") == 0) {
            if (!parse_int(prog, a, v, 0, 100, &x))
                return 2;
            o.db_seeds = (int)x;
            i++;
        } else if (strcmp(a, "db-file") == 0) {
            if (v == NULL || *v == '\0') {
                fprintf(stderr, "%s: --db-file needs a file name\n", prog);
                return 2;
            }
            o.db_file = v;
            i++;
        } else if (strcmp(a, "time") == 0) {
            if (!parse_int(prog, a, v, 1, 1000000000L, &x))
                return 2;
            o.time_ms = x;
            i++;
        } else if (strcmp(a, "games") == 0) {
            if (!parse_int(prog, a, v, 1, 100000, &x))
                return 2;
            o.grade_games = (int)x;
            i++;
        } else if (strcmp(a, "random-plies") == 0) {
            if (!parse_int(prog, a, v, 0, 20, &x))
                return 2;
            o.random_plies = (int)x;
            i++;
        } else if (strcmp(a, "seed") == 0) {
            if (!parse_int(prog, a, v, 0, 2000000000L, &x))
                return 2;
            o.grade_seed = x;
            i++;
        } else if (strcmp(a, "levels") == 0) {
            int lo = 0, hi = 0, used = 0;
            if (v == NULL || sscanf(v, "%d-%d%n", &lo, &hi, &used) != 2 || v[used] != '\0' ||
                lo < 1 || hi < lo || hi > kcli_level_count - 1) {
                /* The last level, Perfect, is the solver itself: nothing to grade. */
                fprintf(stderr, "%s: --levels needs A-B with 1 <= A <= B <= %d, got '%s'\n", prog,
                        kcli_level_count - 1, v ? v : "(nothing)");
                return 2;
            }
            o.grade_first = lo;
            o.grade_last = hi;
            i++;
        } else if (strcmp(a, "position") == 0) {
            if (v == NULL) {
                fprintf(stderr, "%s: --position needs a position text\n", prog);
                return 2;
            }
            o.position = v;
            i++;
        } else {
            fprintf(stderr, "%s: unknown option '--%s' (see --help)\n", prog, a);
            return 2;
        }
    }

    ba_game *g = NULL;
    ba_error err;
    if (ba_kalah_create(&o.rules, &g, &err) != BA_OK) {
        fprintf(stderr, "%s: %s\n", prog, err.message);
        return 2;
    }
    int status;
    if (solve) {
        status = kcli_solve(g, &o);
    } else if (grade) {
        status = kcli_grade(g, &o);
    } else if (protocol) {
        ba_cli_play_options setup;
        ba_cli_play_options_default(&setup);
        if (o.hash_mb > 0)
            setup.hash_mb = o.hash_mb;
        status = ba_cli_run_protocol(g, NULL, NULL, &setup);
    } else {
        status = kcli_play(g, &o, stdin, stdout);
    }
    ba_game_destroy(g);
    return status;
}
