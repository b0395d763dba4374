/**
 * @file common.h
 * @brief Version, export macro, error codes and the error record shared by every libboardai header.
 *
 * Every public symbol of libboardai starts with `ba_` (functions, types) or `BA_` (macros,
 * constants). The library keeps no mutable global state: every object is created and destroyed
 * explicitly by the caller, and two objects never share anything mutable.
 */
#ifndef BOARDAI_COMMON_H
#define BOARDAI_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Version
 *  The version of the headers. ba_version_number() gives the version of the library actually
 *  linked, so a program can check that the two agree.
 *  @{ */
#define BA_VERSION_MAJOR 1 /**< Incremented on incompatible API or ABI changes. */
#define BA_VERSION_MINOR 0 /**< Incremented when features are added compatibly. */
#define BA_VERSION_PATCH 0 /**< Incremented for compatible bug fixes. */
/** The version as one number: major * 10000 + minor * 100 + patch. */
#define BA_VERSION_NUMBER (BA_VERSION_MAJOR * 10000 + BA_VERSION_MINOR * 100 + BA_VERSION_PATCH)
/** @cond INTERNAL */
#define BA_STRINGIFY_(x) #x
#define BA_STRINGIFY(x) BA_STRINGIFY_(x)
/** @endcond */
/** The version as a string, "major.minor.patch". */
#define BA_VERSION_STRING \
    BA_STRINGIFY(BA_VERSION_MAJOR) "." BA_STRINGIFY(BA_VERSION_MINOR) "." BA_STRINGIFY(BA_VERSION_PATCH)
/** @} */

/** @cond INTERNAL */
#if defined(BOARDAI_BUILDING) && defined(__GNUC__)
#define BA_API __attribute__((visibility("default")))
#else
#define BA_API
#endif
#if defined(__GNUC__)
#define BA_PRINTF_LIKE(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define BA_PRINTF_LIKE(fmt, args)
#endif
/** @endcond */

/** @name Error codes
 *  Functions that can fail return #BA_OK (zero) or one of these negative codes. Functions that
 *  return a count return it as a non-negative number, or a negative error code.
 *  @{ */
#define BA_OK 0                /**< Success. */
#define BA_ERR_ARG (-1)        /**< An argument is invalid (a NULL handle, a negative size, ...). */
#define BA_ERR_NOMEM (-2)      /**< A memory allocation failed. */
#define BA_ERR_PARSE (-3)      /**< A text (move, position, command) is malformed. */
#define BA_ERR_ILLEGAL (-4)    /**< A move is well-formed but not legal in the position. */
#define BA_ERR_RANGE (-5)      /**< A setting or value is outside its allowed range. */
#define BA_ERR_BUFFER (-6)     /**< A caller-supplied buffer is too small. */
#define BA_ERR_STATE (-7)      /**< The call is not valid now (game over, search running, ...). */
#define BA_ERR_UNSUPPORTED (-8) /**< The game or build does not offer this feature. */
#define BA_ERR_INTERNAL (-9)   /**< A broken invariant inside the library (please report). */
#define BA_ERR_GAME (-10)      /**< A game vtable is incomplete or returned an invalid value. */
/** @} */

/** Longest message kept in a #ba_error, including the terminating NUL. */
#define BA_ERROR_MSG_MAX 256

/**
 * A detailed error: a code and a message that names what was wrong.
 *
 * Functions that parse text take an optional `ba_error *` (NULL is allowed) and fill it when they
 * fail, e.g. `code = BA_ERR_PARSE`, `message = "bad square 'Z9': files are A-L"`.
 */
typedef struct ba_error {
    int code;                       /**< One of the BA_ERR_ codes, or #BA_OK. */
    char message[BA_ERROR_MSG_MAX]; /**< NUL-terminated, never longer than the buffer. */
} ba_error;

/** The library's version as BA_VERSION_NUMBER was when it was built. */
BA_API int ba_version_number(void);

/** The library's version as a string, e.g. "1.0.0". */
BA_API const char *ba_version_string(void);

/**
 * A short, static English description of an error code ("invalid argument", ...).
 * Unknown codes give "unknown error". Never returns NULL.
 */
BA_API const char *ba_errstr(int code);

/**
 * Fills @p err (if not NULL) with @p code and a printf-style message, truncated to fit.
 * A NULL @p fmt is allowed: the message is then ba_errstr(@p code).
 * @return @p code, so that a failing function can `return ba_error_set(err, BA_ERR_PARSE, ...)`.
 */
BA_API int ba_error_set(ba_error *err, int code, const char *fmt, ...) BA_PRINTF_LIKE(3, 4);

/** Clears @p err (if not NULL) to #BA_OK with an empty message. */
BA_API void ba_error_clear(ba_error *err);

#ifdef __cplusplus
}
#endif
#endif /* BOARDAI_COMMON_H */
