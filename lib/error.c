/* Version and error reporting: the small functions every other file leans on. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "boardai/common.h"

int ba_version_number(void) { return BA_VERSION_NUMBER; }

const char *ba_version_string(void) { return BA_VERSION_STRING; }

const char *ba_errstr(int code)
{
    switch (code) {
    case BA_OK: return "ok";
    case BA_ERR_ARG: return "invalid argument";
    case BA_ERR_NOMEM: return "out of memory";
    case BA_ERR_PARSE: return "malformed text";
    case BA_ERR_ILLEGAL: return "illegal move";
    case BA_ERR_RANGE: return "value out of range";
    case BA_ERR_BUFFER: return "buffer too small";
    case BA_ERR_STATE: return "not allowed in this state";
    case BA_ERR_UNSUPPORTED: return "not supported";
    case BA_ERR_INTERNAL: return "internal error";
    case BA_ERR_GAME: return "invalid game definition";
    default: return "unknown error";
    }
}

int ba_error_set(ba_error *err, int code, const char *fmt, ...)
{
    if (err) {
        err->code = code;
        if (!fmt) { /* no message given: the code's description, never vsnprintf(NULL) */
            snprintf(err->message, sizeof err->message, "%s", ba_errstr(code));
            return code;
        }
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

void ba_error_clear(ba_error *err)
{
    if (err) {
        err->code = BA_OK;
        err->message[0] = '\0';
    }
}
