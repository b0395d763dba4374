/*
 * boardai-camelot-egtb: builds, checks and reads the exact Camelot endgame tables (two pieces
 * against one; docs/camelot-endgames.md).
 *
 *   boardai-camelot-egtb build FILE [--endings LIST] [--verbose]
 *   boardai-camelot-egtb stats FILE
 *   boardai-camelot-egtb probe FILE POSITION
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "boardai/boardai.h"
#include "prog_util.h"

static const char *const ending_names[BA_CAMELOT_EGTB_ENDINGS] = {"two men", "man and knight", "two knights"};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: boardai-camelot-egtb build FILE [--endings LIST] [--verbose]\n"
            "       boardai-camelot-egtb stats FILE\n"
            "       boardai-camelot-egtb probe FILE POSITION\n"
            "\n"
            "Exact Camelot endgame tables: two pieces against one, by retrograde analysis.\n"
            "  build   computes the tables (about 15 s of CPU time, 0.45 GB) into FILE\n"
            "  stats   prints each ending's wins, draws, losses and longest win\n"
            "  probe   prints the exact result of a position (position text, see\n"
            "          docs/camelot-rules.md), e.g. \"white wins in 7 plies\"\n"
            "options:\n"
            "  --endings LIST  the endings to build, a comma-separated list of mm, mk, kk\n"
            "                  (the attacker's men and knights; default all three)\n"
            "  --verbose       print the time taken and the counts after building\n"
            "  --help, --version\n");
}

static int parse_endings(const char *text, unsigned *mask)
{
    static const char *const names[BA_CAMELOT_EGTB_ENDINGS] = {"mm", "mk", "kk"};
    *mask = 0;
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, ",");
        int found = 0;
        for (int e = 0; e < BA_CAMELOT_EGTB_ENDINGS; e++)
            if (n == 2 && strncmp(p, names[e], 2) == 0) {
                *mask |= 1u << e;
                found = 1;
            }
        if (!found) {
            fprintf(stderr, "boardai-camelot-egtb: unknown ending '%.*s' (use mm, mk, kk)\n", (int)n, p);
            return -1;
        }
        p += n;
        if (*p == ',') p++;
    }
    return *mask ? 0 : -1;
}

static void print_stats(const ba_camelot_egtb *tb)
{
    printf("%-15s %12s %12s %12s %12s %8s  %s\n", "ending", "positions", "wins", "draws", "losses",
           "longest", "position of the longest win");
    for (int e = 0; e < BA_CAMELOT_EGTB_ENDINGS; e++) {
        ba_camelot_egtb_stats st;
        if (ba_camelot_egtb_stats_get(tb, e, &st) != BA_OK) continue;
        printf("%-15s %12llu %12llu %12llu %12llu %8d  %s\n", ending_names[e],
               (unsigned long long)st.positions, (unsigned long long)st.wins,
               (unsigned long long)st.draws, (unsigned long long)st.losses, st.longest,
               st.longest_text);
    }
}

static int cmd_build(int argc, char **argv)
{
    const char *path = NULL;
    unsigned mask = 0;
    int verbose = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--endings") == 0 && i + 1 < argc) {
            if (parse_endings(argv[++i], &mask) < 0) return 2;
        } else if (strcmp(argv[i], "--verbose") == 0) {
            verbose = 1;
        } else if (argv[i][0] == '-' || path != NULL) {
            fprintf(stderr, "boardai-camelot-egtb build: unexpected argument '%s'\n", argv[i]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (path == NULL) {
        fprintf(stderr, "boardai-camelot-egtb build: no FILE given\n");
        return 2;
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ba_camelot_egtb *tb = NULL;
    ba_error err;
    int rc = ba_camelot_egtb_build(mask, &tb, &err);
    if (rc == BA_OK) rc = ba_camelot_egtb_save(tb, path, &err);
    if (rc != BA_OK) {
        fprintf(stderr, "boardai-camelot-egtb build: %s\n", err.message);
        ba_camelot_egtb_free(tb);
        return 1;
    }
    if (verbose) {
        printf("built and saved in %.1f s\n", prog_seconds_since(&t0));
        print_stats(tb);
    }
    ba_camelot_egtb_free(tb);
    return 0;
}

static int load(const char *path, ba_camelot_egtb **tb)
{
    ba_error err;
    if (ba_camelot_egtb_load(path, tb, &err) != BA_OK) {
        fprintf(stderr, "boardai-camelot-egtb: %s\n", err.message);
        return 1;
    }
    return 0;
}

static int cmd_probe(const char *path, const char *text)
{
    ba_camelot_egtb *tb;
    if (load(path, &tb)) return 1;
    const ba_game *g = ba_camelot_game();
    void *state = calloc(1, g->state_size);
    ba_error err;
    int rc = state == NULL ? BA_ERR_NOMEM : g->position_from_text(g, state, text, &err);
    ba_camelot_egtb_result r;
    if (rc == BA_OK) rc = ba_camelot_egtb_probe(tb, g, state, &r, &err);
    if (rc == BA_OK) {
        if (r.result == BA_RESULT_DRAW)
            printf("draw\n");
        else
            printf("%s wins in %d plies\n", g->side_names[ba_result_winner(r.result)], r.plies);
    } else {
        fprintf(stderr, "boardai-camelot-egtb probe: %s\n", rc == BA_ERR_NOMEM ? "out of memory" : err.message);
    }
    free(state);
    ba_camelot_egtb_free(tb);
    return rc == BA_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("boardai-camelot-egtb %s\n", BOARDAI_EXAMPLE_VERSION);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "build") == 0) return cmd_build(argc - 2, argv + 2);
    if (argc == 3 && strcmp(argv[1], "stats") == 0) {
        ba_camelot_egtb *tb;
        if (load(argv[2], &tb)) return 1;
        print_stats(tb);
        ba_camelot_egtb_free(tb);
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "probe") == 0) return cmd_probe(argv[2], argv[3]);
    usage(stderr);
    return 2;
}
