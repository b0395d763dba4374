"""Games: ``boardai.games()`` and ``boardai.Game(name, **params)``, over the library's registry
(include/boardai/registry.h)."""

import ctypes
from dataclasses import dataclass

from . import _lib
from . import errors


def games():
    """The names of the games built into the loaded library, e.g. ``["kalah", "camelot"]``."""
    names = _lib.lib.ba_game_names()
    out = []
    i = 0
    while names[i]:
        out.append(names[i].decode())
        i += 1
    return out


@dataclass
class Param:
    """One parameter a game accepts (``ba_game_param``)."""
    name: str
    kind: str      #: "rules" (changes the game) or "evaluation" (changes only the engine's view)
    type: str      #: "int", "real", "bool" or "choice"
    range: str
    default: str
    help: str


def params(name):
    """The parameters of the built-in game @p name, as :class:`Param` objects."""
    count = ctypes.c_size_t()
    arr = _lib.lib.ba_game_params(name.encode(), ctypes.byref(count))
    dec = lambda s: s.decode() if s else ""  # noqa: E731
    return [Param(dec(p.name), dec(p.kind), dec(p.type), dec(p.range), dec(p.default_value),
                  dec(p.help)) for p in (arr[i] for i in range(count.value))]


def _value(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    text = str(v)
    if any(c in text for c in ",:=") or not text:
        raise errors.ArgumentError(_lib.ERR_ARG, f"bad parameter value {v!r}")
    return text


def spec(name, **values):
    """The registry's specification text of a game: ``spec("kalah", pits=4)`` is
    ``"kalah:pits=4"`` (booleans as 0/1)."""
    if not values:
        return name
    return name + ":" + ",".join(f"{k}={_value(v)}" for k, v in values.items())


class Game:
    """A game from the library's registry, with its parameters.

    ``Game("kalah")`` is the standard game; ``Game("kalah", pits=4, seeds=3)`` or
    ``Game("camelot", N=16.09)`` a variant (``boardai.params(name)`` lists the parameters). An
    unknown game raises ``UnsupportedError``, an unknown parameter ``ParseError`` and a value out
    of range ``RangeError``, each with the library's message.
    """

    def __init__(self, name, **values):
        self._owned = None
        out = ctypes.c_void_p()
        err = _lib.Error()
        errors.check(_lib.lib.ba_game_open(spec(name, **values).encode(), ctypes.byref(out),
                                           ctypes.byref(err)), err)
        self._owned = self._ptr = out.value
        self.params = dict(values)
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
