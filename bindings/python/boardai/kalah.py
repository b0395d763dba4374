"""Kalah's exact solver: ``boardai.kalah.solve(pits, seeds, empty_capture=False)``."""

import ctypes
from dataclasses import dataclass

from . import _lib
from . import errors
from .game import Game


@dataclass
class Solution:
    """A solve's outcome. ``value`` is the side to move's final margin (own store minus the
    opponent's) with perfect play; it is proven when ``exact``, else ``lower..upper`` is."""
    exact: bool
    value: int
    lower: int
    upper: int
    best: str  #: a move reaching the value (None when the game is over or the solve stopped)
    nodes: int
    time_ms: int
    db_seeds: int


def solve(pits=6, seeds=6, empty_capture=False, position=None, tt_mb=None, db_seeds=None,
          max_time=None, max_nodes=None):
    """Solves Kalah(@p pits, @p seeds) from the start, or from @p position (a Position of a
    Kalah game, whose variant is then used). ``max_time`` (seconds) and ``max_nodes`` bound
    the work; ``exact`` is False when a limit ended it first. The GIL is released meanwhile."""
    if not _lib.has("ba_kalah_solve"):  # the library was built without Kalah
        raise errors.UnsupportedError(_lib.ERR_UNSUPPORTED, "this library has no Kalah module")
    if position is None:
        game = Game("kalah", pits=pits, seeds=seeds, empty_capture=empty_capture)
        position = game.position()
    opts = _lib.lib.ba_kalah_solve_options_default()
    if tt_mb is not None:
        opts.tt_mb = int(tt_mb)
    if db_seeds is not None:
        opts.db_seeds = int(db_seeds)
    if max_time is not None:
        opts.max_time_ms = max(1, int(round(float(max_time) * 1000)))
    if max_nodes is not None:
        opts.max_nodes = int(max_nodes)
    out = _lib.KalahSolution()
    err = _lib.Error()
    state = _lib.lib.ba_pos_state(position._handle())
    errors.check(_lib.lib.ba_kalah_solve(position.game.handle, state, ctypes.byref(opts),
                                         ctypes.byref(out), ctypes.byref(err)), err)
    best = None
    if out.best.len or out.best.tag:
        best = position._move_text(out.best)
    return Solution(bool(out.exact), out.value, out.lower, out.upper, best, out.nodes,
                    out.time_ms, out.db_seeds)
