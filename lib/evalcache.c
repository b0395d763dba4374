/* Evaluation cache storage (see evalcache.h). */
#include <stdlib.h>
#include <string.h>

#include "boardai/game.h"
#include "evalcache.h"

int bac_evc_new_search(bac_evc *c)
{
    if (!c->slots) {
        c->slots = calloc((size_t)1 << BAC_EVC_BITS, sizeof *c->slots);
        c->stamp = 0;
        if (!c->slots)
            return BA_ERR_NOMEM;
    }
    c->stamp++;
    if (c->stamp == 0) {
        /* After 2^32 - 1 searches the stamps come round again: forget them all once. */
        memset(c->slots, 0, ((size_t)1 << BAC_EVC_BITS) * sizeof *c->slots);
        c->stamp = 1;
    }
    return BA_OK;
}

void bac_evc_free(bac_evc *c)
{
    free(c->slots);
    c->slots = NULL;
    c->stamp = 0;
}
