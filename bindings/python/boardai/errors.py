"""Exceptions: every library error code becomes a Python exception carrying the library's
message (the ``ba_error`` text when the call fills one, otherwise ``ba_errstr(code)``)."""

from . import _lib


class BoardAIError(Exception):
    """A libboardai call failed. ``code`` is the library's BA_ERR_ code, ``message`` its text."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class ArgumentError(BoardAIError, ValueError):
    """BA_ERR_ARG: an invalid argument."""


class ParseError(BoardAIError, ValueError):
    """BA_ERR_PARSE: a malformed move or position text."""


class IllegalMoveError(BoardAIError, ValueError):
    """BA_ERR_ILLEGAL: a well-formed move that is not legal here."""


class RangeError(BoardAIError, ValueError):
    """BA_ERR_RANGE: a setting outside its allowed range."""


class StateError(BoardAIError):
    """BA_ERR_STATE: the call is not valid now (game over, nothing to undo, ...)."""


class UnsupportedError(BoardAIError):
    """BA_ERR_UNSUPPORTED: the game or build does not offer this."""


class GameError(BoardAIError):
    """BA_ERR_GAME: a game vtable is incomplete or returned an invalid value."""


_CLASSES = {
    _lib.ERR_ARG: ArgumentError, _lib.ERR_PARSE: ParseError, _lib.ERR_ILLEGAL: IllegalMoveError,
    _lib.ERR_RANGE: RangeError, _lib.ERR_STATE: StateError,
    _lib.ERR_UNSUPPORTED: UnsupportedError, _lib.ERR_GAME: GameError,
}


def errstr(code):
    """The library's short description of an error code."""
    text = _lib.lib.ba_errstr(code)
    return text.decode() if text else f"error {code}"


def make(code, message=None, context=None):
    """The exception for @p code: the library's @p message when it gave one (a ba_error), else
    its description of the code; @p context (e.g. the call) is put in front."""
    if code == _lib.ERR_NOMEM:
        return MemoryError(message or errstr(code))
    text = message or errstr(code)
    if context:
        text = f"{context}: {text}"
    return _CLASSES.get(code, BoardAIError)(code, text)


# An exception raised inside a Python game's callback cannot cross the C frames: the callback
# parks it here and returns an error code; the next failing check() (or Engine.search) raises
# it. A list, because appending and popping are atomic under the GIL on every thread.
_pending = []


def park(exc):
    """Keeps @p exc (from a callback) until the C call that ran the callback returns."""
    if not _pending:
        _pending.append(exc)


def raise_parked():
    """Raises the exception a callback parked, if any."""
    if _pending:
        raise _pending.pop()


def check(code, err=None, context=None):
    """Raises the exception for a negative return @p code (with @p err's message when filled);
    returns @p code otherwise. A parked callback exception takes precedence."""
    if code >= 0:
        return code
    raise_parked()
    message = None
    if err is not None and err.code != 0 and err.message:
        message = err.message.decode(errors="replace")
    raise make(code, message, context)
