"""libboardai for Python: strong, correct AI for abstract board games.

    import boardai
    game = boardai.Game("kalah")
    pos = game.position()
    engine = boardai.Engine(game, depth=10)
    print(engine.search(pos).best)

The package is a thin ctypes layer over the installed C library (libboardai.so); see
docs/python.md for where it looks for it.
"""

from . import _lib
from .errors import (BoardAIError, ArgumentError, ParseError, IllegalMoveError, RangeError,
                     StateError, UnsupportedError, GameError)
from .game import Game, games, params, spec, Param
from .position import Position, Move, Result
from .engine import Engine, SearchResult, Progress
from .custom import PythonGame
from . import kalah

__version__ = "1.0.0"
library_path = _lib.path  #: the libboardai.so that was loaded


def library_version():
    """The C library's version string, e.g. "1.0.0"."""
    return _lib.lib.ba_version_string().decode()


__all__ = ["Game", "games", "params", "spec", "Param", "Position", "Move", "Result", "Engine", "SearchResult", "Progress",
           "PythonGame", "kalah", "BoardAIError", "ArgumentError", "ParseError",
           "IllegalMoveError", "RangeError", "StateError", "UnsupportedError", "GameError",
           "library_path", "library_version"]
