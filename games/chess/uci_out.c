/* The UCI session's one way to answer (uci_internal.h): a line through the session kernel. A
 * bottom file of its own, used by both the command parser (uci.c) and the searcher
 * (uci_search.c), so that those two do not use each other in a circle. */
#include <stdarg.h>
#include <stdio.h>

#include "uci_internal.h"

void uci_out(ba_chess_uci *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bac_session_vsay(u->session, fmt, ap);
    va_end(ap);
}
