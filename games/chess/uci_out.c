/* The UCI session's one way to answer (uci_internal.h): a line through the session kernel. A
 * bottom file of its own, used by both the command parser (uci.c) and the searcher
 * (uci_search.c), so that those two do not use each other in a circle. */
#include <stdarg.h>
#include <stdio.h>

#include "uci_internal.h"

void uci_out(ba_chess_uci *u, const char *fmt, ...)
{
    char buf[UCI_OUT];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof buf)
        n = (int)sizeof buf - 1;
    bac_session_write(u->session, buf, (size_t)n);
}
