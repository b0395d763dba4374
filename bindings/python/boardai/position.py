"""Positions: a game's state plus the moves that led to it (``ba_pos``)."""

import ctypes
import enum

from . import _lib
from . import errors


class Result(enum.IntEnum):
    """The result of a position (BA_RESULT_ values)."""
    ONGOING = 0
    WIN0 = 1  #: side 0 (the side that moves first) has won
    WIN1 = 2  #: side 1 has won
    DRAW = 3


class Move:
    """A legal move of a position: its text in the game's notation and the library's encoding.

    Compares equal to its text, so ``"D6-F8" in pos.moves()`` works."""

    __slots__ = ("text", "_raw")

    def __init__(self, text, raw):
        self.text = text
        self._raw = raw

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"Move({self.text!r})"

    def __eq__(self, other):
        if isinstance(other, Move):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self):
        return hash(self.text)


def _text_call(fn, handle, cap):
    buf = ctypes.create_string_buffer(cap)
    errors.check(fn(handle, buf, cap))
    return buf.value.decode()


class Position:
    """A position of @p game: the start, or the position text @p text.

    ``moves()`` lists the legal moves, ``play(move)`` and ``undo()`` change it, iterating over it
    yields the legal moves. Errors raise the library's message (``ParseError``,
    ``IllegalMoveError``, ``StateError``)."""

    def __init__(self, game, text=None, _handle=None):
        self.game = game  # keeps the game alive as long as the position
        if _handle is None:
            out = ctypes.c_void_p()
            errors.check(_lib.lib.ba_pos_new(game.handle, ctypes.byref(out)))
            _handle = out.value
        self._h = _handle
        if text is not None:
            try:
                self.text = text
            except BaseException:
                self.close()
                raise

    # ---- lifetime ----
    def close(self):
        """Frees the C position now (also done when the object is collected)."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            _lib.lib.ba_pos_free(h)

    def __del__(self):
        self.close()

    def _handle(self):
        if not self._h:
            raise errors.StateError(_lib.ERR_STATE, "the position has been closed")
        return self._h

    def copy(self):
        """An independent copy (same position and move history)."""
        out = ctypes.c_void_p()
        errors.check(_lib.lib.ba_pos_clone(self._handle(), ctypes.byref(out)))
        return Position(self.game, _handle=out.value)

    __copy__ = copy

    # ---- reading ----
    @property
    def text(self):
        """The position text (the game's notation); assigning parses a new position."""
        return _text_call(_lib.lib.ba_pos_text, self._handle(), _lib.POS_TEXT_MAX)

    @text.setter
    def text(self, value):
        err = _lib.Error()
        errors.check(_lib.lib.ba_pos_set_text(self._handle(), value.encode(), ctypes.byref(err)),
                     err)

    def render(self):
        """A drawing of the board for people (several lines of text)."""
        return _text_call(_lib.lib.ba_pos_render, self._handle(), _lib.RENDER_MAX)

    def explain(self):
        """The static evaluation term by term (when the game offers it)."""
        return _text_call(_lib.lib.ba_pos_explain, self._handle(), 65536)

    def evaluate(self):
        """The game's static evaluation, from the side to move's point of view."""
        score = ctypes.c_int()
        errors.check(_lib.lib.ba_pos_evaluate(self._handle(), ctypes.byref(score)))
        return score.value

    @property
    def result(self):
        """A :class:`Result`: ONGOING, WIN0, WIN1 or DRAW."""
        return Result(errors.check(_lib.lib.ba_pos_result(self._handle())))

    @property
    def winner(self):
        """The side that has won (0 or 1), or None when the game goes on or is drawn."""
        r = self.result
        return 0 if r == Result.WIN0 else 1 if r == Result.WIN1 else None

    @property
    def side_to_move(self):
        """0 or 1."""
        return _lib.lib.ba_pos_side_to_move(self._handle())

    @property
    def ply(self):
        """Moves played since the position was set."""
        return _lib.lib.ba_pos_ply(self._handle())

    @property
    def hash(self):
        """The game's 64-bit hash of the position."""
        return _lib.lib.ba_pos_hash(self._handle())

    def history(self):
        """The texts of the moves played since the position was set, oldest first."""
        texts = []
        replay = self.copy()
        raws = []
        for i in range(self.ply):
            m = _lib.Move()
            errors.check(_lib.lib.ba_pos_move_at(self._handle(), i, ctypes.byref(m)))
            raws.append(m)
        for _ in raws:
            replay.undo()
        for m in raws:
            texts.append(replay._move_text(m))
            replay._play_raw(m)
        return texts

    # ---- moves ----
    def _move_text(self, m):
        return _text_call(lambda h, b, c: _lib.lib.ba_pos_move_text(h, ctypes.byref(m), b, c),
                          self._handle(), _lib.MOVE_TEXT_MAX)

    def _raw_moves(self):
        cap = 256
        while True:
            arr = (_lib.Move * cap)()
            n = _lib.lib.ba_pos_moves(self._handle(), arr, cap)
            if n == _lib.ERR_BUFFER:
                cap *= 4
                continue
            errors.check(n)
            return arr[:n]

    def moves(self):
        """The legal moves, as :class:`Move` objects (compare equal to their text)."""
        return [Move(self._move_text(m), m) for m in self._raw_moves()]

    def __iter__(self):
        return iter(self.moves())

    def _play_raw(self, m):
        err = _lib.Error()
        errors.check(_lib.lib.ba_pos_play(self._handle(), ctypes.byref(m), ctypes.byref(err)), err)

    def play(self, move):
        """Plays @p move: a text in the game's notation or a :class:`Move`. Returns self."""
        if isinstance(move, Move):
            self._play_raw(move._raw)
        else:
            err = _lib.Error()
            errors.check(_lib.lib.ba_pos_play_text(self._handle(), str(move).encode(),
                                                   ctypes.byref(err)), err)
        return self

    def parse(self, text):
        """The legal :class:`Move` that @p text names (raises with the library's message)."""
        m = _lib.Move()
        err = _lib.Error()
        errors.check(_lib.lib.ba_pos_parse_move(self._handle(), text.encode(), ctypes.byref(m),
                                                ctypes.byref(err)), err)
        return Move(self._move_text(m), m)

    def undo(self):
        """Takes the last move back (StateError when none is left). Returns self."""
        errors.check(_lib.lib.ba_pos_undo(self._handle()), context="undo")
        return self

    def reset(self):
        """Back to the start position, with no history. Returns self."""
        errors.check(_lib.lib.ba_pos_reset(self._handle()))
        return self

    def perft(self, depth):
        """The number of move paths of @p depth plies from here (the library's perft)."""
        count = ctypes.c_uint64()
        errors.check(_lib.lib.ba_perft(self._handle(), int(depth), ctypes.byref(count)))
        return count.value

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"<boardai.Position {self.game.name} {self.text!r}>"
