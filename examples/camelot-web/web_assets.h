/*
 * examples/camelot-web/web_assets.h: the page's files, embedded into the program at build time
 * (embed.cmake turns assets/ into web_assets.c in the build tree).
 */
#ifndef BOARDAI_CAMELOT_WEB_ASSETS_H
#define BOARDAI_CAMELOT_WEB_ASSETS_H

#include <stddef.h>

/** One embedded file. */
typedef struct web_asset {
    const char *name;          /**< file name in assets/, e.g. "app.js" */
    const unsigned char *data; /**< its bytes */
    size_t size;               /**< their number */
} web_asset;

/** The embedded files. */
extern const web_asset web_assets[];
/** How many there are. */
extern const size_t web_asset_count;

#endif /* BOARDAI_CAMELOT_WEB_ASSETS_H */
