"""Games: ``boardai.games()`` and ``boardai.Game(name, **params)``."""

import ctypes

from . import _lib
from . import errors


def _kalah(params):
    opts = _lib.KalahOptions(int(params.pop("pits", 6)), int(params.pop("seeds", 6)),
                             int(bool(params.pop("empty_capture", False))))
    return opts, _lib.lib.ba_kalah_create


def _camelot(params):
    opts = _lib.lib.ba_camelot_options_default()
    if "N" in params:
        opts.knight_n = float(params.pop("N"))
    for name in ("fifty_move_rule", "repetition_draw", "castle_moves_per_player",
                 "knight_canter_rule"):
        if name in params:
            setattr(opts, name, int(params.pop(name)))
    return opts, _lib.lib.ba_camelot_create


def _ugolki(params):
    opts = _lib.lib.ba_ugolki_options_default()
    for name, _ in _lib.UgolkiOptions._fields_[:-1]:
        if name in params:
            setattr(opts, name, int(params.pop(name)))
    return opts, _lib.lib.ba_ugolki_create


# name -> (constant game function, options builder or None). Until the library's registry
# (ba_game_names/ba_game_open) is available this table is the registry; a game the library was
# built without is simply absent.
_MODULES = {
    "kalah": ("ba_kalah_game", _kalah),
    "camelot": ("ba_camelot_game", _camelot),
    "ugolki": ("ba_ugolki_game", _ugolki),
    "chess": ("ba_chess_game", None),
    "arimaa": ("ba_arimaa_game", None),
}


def games():
    """The names of the games this build of the library offers, e.g. ``["kalah", "camelot"]``."""
    return [name for name, (fn, _) in _MODULES.items() if _lib.has(fn)]


class Game:
    """A game: a C vtable (``const ba_game *``) and its variant parameters.

    ``Game("kalah")`` is the standard game; ``Game("kalah", pits=4, seeds=3)``,
    ``Game("camelot", N=16.09)`` or ``Game("ugolki", pieces=16)`` make a variant (freed with
    the object). Unknown names and parameters raise ``ArgumentError``; values the library
    refuses raise ``RangeError`` with its message.
    """

    def __init__(self, name, **params):
        entry = _MODULES.get(name)
        if entry is None or not _lib.has(entry[0]):
            raise errors.ArgumentError(
                _lib.ERR_ARG, f"unknown game '{name}' (this library has: {', '.join(games())})")
        self._owned = None
        if params:
            if entry[1] is None:
                raise errors.ArgumentError(_lib.ERR_ARG,
                                           f"{name} takes no parameters, got {sorted(params)}")
            rest = dict(params)
            opts, create = entry[1](rest)
            if rest:
                raise errors.ArgumentError(
                    _lib.ERR_ARG, f"unknown parameter(s) of {name}: {', '.join(sorted(rest))}")
            out = ctypes.c_void_p()
            err = _lib.Error()
            errors.check(create(ctypes.byref(opts), ctypes.byref(out), ctypes.byref(err)), err)
            self._owned = out.value
            self._ptr = out.value
        else:
            self._ptr = getattr(_lib.lib, entry[0])()
        self.params = dict(params)
        self._read_head()

    def _read_head(self):
        head = _lib.GameHead.from_address(self._ptr)
        self.name = head.name.decode()
        self.side_names = (head.side_names[0].decode(), head.side_names[1].decode())

    @property
    def handle(self):
        """The ``const ba_game *`` as an integer address (for other ctypes code)."""
        return self._ptr

    def position(self, text=None):
        """A new position of this game: the start, or the position @p text."""
        from .position import Position
        return Position(self, text)

    def __repr__(self):
        extra = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"boardai.Game({self.name!r}{extra})"

    def __del__(self):
        owned, self._owned = getattr(self, "_owned", None), None
        if owned:
            _lib.lib.ba_game_destroy(owned)
