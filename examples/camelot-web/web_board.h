/*
 * examples/camelot-web/web_board.h: the Camelot board as the page sees it, read from the
 * library's public position text and move text (docs/camelot-rules.md). No rule lives here:
 * which moves are legal always comes from the library.
 */
#ifndef BOARDAI_CAMELOT_WEB_BOARD_H
#define BOARDAI_CAMELOT_WEB_BOARD_H

#include <stddef.h>

#define WEB_RANKS 16
#define WEB_FILES 12
/** Longest path of one move (start + landings); a Camelot move has at most 54 squares. */
#define WEB_PATH_MAX 64

/** A board read from a position text. */
typedef struct web_board {
    /** [rank 0..15][file 0..11]: 0 off the board, '.' empty, 'M' 'K' white, 'm' 'k' black. */
    char cell[WEB_RANKS][WEB_FILES];
    int side;             /**< side to move, 0 White, 1 Black */
    int castle_moves[2];  /**< castle moves used by White, Black */
    char must_leave[16];  /**< "-" or castle squares, e.g. "F1" */
    int quiet_plies;      /**< plies since the last capture or castle entry */
} web_board;

/** A square: file 0..11, rank 0..15. */
typedef struct web_square {
    int file;
    int rank;
} web_square;

/** True when (file, rank) is one of the 160 squares. */
int web_on_board(int file, int rank);
/** Reads a position text. @return 0, or -1 when it is not a Camelot position text. */
int web_board_parse(const char *text, web_board *out);
/** Reads a square name ("D6", "d6"); the whole string must be the square. @return 0 or -1. */
int web_square_parse(const char *name, web_square *out);
/** Writes "D6" into @p buf (at least 4 bytes). */
void web_square_name(web_square sq, char *buf);

/** A move split into its squares. */
typedef struct web_path {
    web_square sq[WEB_PATH_MAX];
    char sep[WEB_PATH_MAX]; /**< sep[i] ('-' or 'x') stands before sq[i], i >= 1 */
    int len;
} web_path;

/** Splits a full WCF move text ("C6-E8xG8") into its squares. @return 0 or -1. */
int web_path_from_text(const char *text, web_path *out);
/**
 * Writes clicked squares as WCF text for the library to judge: 'x' before a landing two squares
 * away whose middle square holds an enemy of the moving piece on @p board, '-' otherwise.
 * @return 0, or -1 when a square is not on the board or the text does not fit.
 */
int web_path_to_text(const web_board *board, const web_square *sq, int len, char *buf,
                     size_t cap);

#endif /* BOARDAI_CAMELOT_WEB_BOARD_H */
