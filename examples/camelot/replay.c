/*
 * boardai-camelot replay [--position TEXT] FILE: reads a WCF game record (FILE, or - for
 * standard input), checks every move with the library's record reader, and prints the final
 * position and the result, or the first illegal move with its place and reason (on stderr,
 * exit status 1, after the position before that move).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardai/boardai.h>
#include <boardai/camelot.h>

#include "camelot_replay.h"

#define MAX_RECORD (16u << 20) /* 16 MiB: far beyond any game, small enough to hold */

static int usage(FILE *out)
{
    fputs("Usage: boardai-camelot replay [--position TEXT] FILE\n"
          "Checks a Camelot game record in WCF style (FILE, or - for standard input): move\n"
          "numbers (1. and 1...), one or two moves per line, annotations (! ? !! ?? !? ?!),\n"
          "comments in ( ), { } or [ ], Resigns and results (1-0, 0-1, 1/2-1/2).\n"
          "Prints the final position and the result, or the first illegal move and why.\n"
          "  --position TEXT  the record starts from this position text (default: the start)\n",
          out);
    return out == stdout ? 0 : 2;
}

/* Reads the whole file; NULL with a message on failure. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "boardai-camelot replay: cannot open '%s'\n", path);
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        if (n == cap) {
            char *bigger = cap < MAX_RECORD ? realloc(buf, cap * 2) : NULL;
            if (bigger == NULL) {
                free(buf);
                buf = NULL;
                fprintf(stderr, "boardai-camelot replay: '%s' is too large\n", path);
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                fprintf(stderr, "boardai-camelot replay: cannot read '%s'\n", path);
                free(buf);
                buf = NULL;
            }
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    *len = n;
    return buf;
}

static const char *result_text(int result)
{
    switch (result) {
    case BA_RESULT_WIN0: return "White wins";
    case BA_RESULT_WIN1: return "Black wins";
    case BA_RESULT_DRAW: return "draw";
    default: return "the game goes on";
    }
}

static void print_position(const ba_pos *pos)
{
    char board[BA_RENDER_MAX], text[BA_POS_TEXT_MAX];
    if (ba_pos_render(pos, board, sizeof board) >= 0)
        printf("%s\n", board);
    if (ba_pos_text(pos, text, sizeof text) >= 0)
        printf("position %s\n", text);
}

int camelot_replay_main(int argc, char **argv)
{
    const char *path = NULL, *position = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return usage(stdout);
        if (strcmp(argv[i], "--position") == 0 && i + 1 < argc) {
            position = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "boardai-camelot replay: unknown option '%s'\n", argv[i]);
            return usage(stderr);
        } else if (path == NULL) {
            path = argv[i];
        } else {
            fprintf(stderr, "boardai-camelot replay: one record at a time ('%s')\n", argv[i]);
            return usage(stderr);
        }
    }
    if (path == NULL) {
        fputs("boardai-camelot replay: no record file given\n", stderr);
        return usage(stderr);
    }
    ba_pos *pos = NULL;
    ba_error err;
    ba_error_clear(&err);
    if (ba_pos_new(ba_camelot_game(), &pos) != BA_OK) {
        fputs("boardai-camelot replay: out of memory\n", stderr);
        return 1;
    }
    if (position != NULL && ba_pos_set_text(pos, position, &err) != BA_OK) {
        fprintf(stderr, "boardai-camelot replay: --position: %s\n", err.message);
        ba_pos_free(pos);
        return 2;
    }
    size_t len = 0;
    char *text = read_all(path, &len);
    if (text == NULL) {
        ba_pos_free(pos);
        return 1;
    }
    ba_camelot_record_result res;
    int rc = ba_camelot_record_play(pos, text, len, &res, &err);
    free(text);
    if (rc != BA_OK) {
        printf("%d moves were legal; the position before the bad one:\n", res.plies);
        print_position(pos);
        fflush(stdout);
        fprintf(stderr, "%s:%s\n", path, err.message);
        ba_pos_free(pos);
        return 1;
    }
    print_position(pos);
    printf("moves: %d\n", res.plies);
    int result = ba_pos_result(pos);
    printf("result: %s\n", result_text(result));
    if (res.resigned >= 0)
        printf("resigned: %s (so %s wins)\n", res.resigned == 0 ? "White" : "Black",
               res.resigned == 0 ? "Black" : "White");
    if (res.claimed >= 0)
        printf("the record states: %s\n", result_text(res.claimed));
    ba_pos_free(pos);
    return 0;
}
