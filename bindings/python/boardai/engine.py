"""The search engine (``ba_engine``): ``Engine(game, algorithm=..., depth=..., time=...)``."""

import ctypes
import threading
from dataclasses import dataclass, field

from . import _lib
from . import errors

ALGORITHMS = {"negamax": 0, "alphabeta": 1, "bestfirst": 2, "mcts": 3}

# Python keyword -> BA_OPT_ number (include/boardai/engine.h).
OPTIONS = {
    "algorithm": 0, "depth": 1, "nodes": 2, "time_ms": 3, "tt_mb": 4, "seed": 5, "noise": 6,
    "quiescence": 7, "aspiration": 8, "threads": 9, "bf_min_depth": 10, "bf_schedule": 11,
    "tt_deeper": 12, "qdepth": 13, "mcts_c": 14, "mcts_playout": 15, "mcts_solver": 16,
    "mcts_memory_mb": 17, "deterministic": 18, "mcts_eval_scale": 19, "mcts_iterations": 20,
    "mcts_reuse": 21,
    # Alpha-beta's selective search and multi-PV (libraries with the selective search; an older
    # library refuses them with RangeError).
    "selective": 22, "multipv": 23,
}


@dataclass
class SearchResult:
    """What a search found. ``score`` is from the side to move's point of view."""
    best: str            #: the best move's text (None when the position has no move)
    score: int
    depth: int           #: deepest completed depth
    nodes: int
    time_ms: int
    stopped: bool        #: a limit or stop() ended the search early
    pv: list = field(default_factory=list)  #: the principal variation, texts, from best
    proven: bool = False  #: the score is the game-theoretic value (libraries that report it)

    @property
    def nps(self):
        """Nodes per second (0 when the search took no measurable time)."""
        return self.nodes * 1000 // self.time_ms if self.time_ms else 0


@dataclass
class Progress:
    """A progress report: one per completed depth."""
    depth: int
    score: int
    nodes: int
    nps: int
    time_ms: int
    pv: list             #: texts of the principal variation


def _pv_texts(pos, moves):
    """Move texts along a principal variation, each in the position it is played from."""
    texts = []
    walk = pos.copy()
    try:
        for m in moves:
            texts.append(walk._move_text(m))
            walk._play_raw(m)
    except errors.BoardAIError:
        pass  # a PV is advisory; stop at the first move that no longer applies
    finally:
        walk.close()
    return texts


class Engine:
    """A search engine for @p game.

    Keyword options: ``algorithm`` ("alphabeta", "negamax", "bestfirst", "mcts"), ``depth``
    (plies), ``time`` (seconds, float), ``threads``, ``nodes``, ``progress`` (a callable given a
    :class:`Progress` after each depth) and any BA_OPT_ name in lower case (``tt_mb``, ``seed``,
    ...). ``search(pos)`` releases the GIL while the C search runs, so ``stop()`` can be called
    from another thread."""

    def __init__(self, game, algorithm="alphabeta", depth=None, time=None, threads=None,
                 progress=None, **options):
        self.game = game
        out = ctypes.c_void_p()
        errors.check(_lib.lib.ba_engine_new(game.handle, ctypes.byref(out)))
        self._h = out.value
        self._progress = None
        self._cb = None
        self._pos = None
        self._cb_error = None
        self.set("algorithm", algorithm)
        if depth is not None:
            self.set("depth", depth)
        if time is not None:
            self.set("time_ms", max(1, int(round(float(time) * 1000))))
        if threads is not None:
            self.set("threads", threads)
        for name, value in options.items():
            self.set(name, value)
        self.progress = progress

    def close(self):
        """Frees the C engine now (also done when the object is collected)."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            _lib.lib.ba_engine_free(h)

    def __del__(self):
        self.close()

    def set(self, name, value):
        """Sets one option (a BA_OPT_ name in lower case); raises RangeError when refused."""
        if name not in OPTIONS:
            raise errors.ArgumentError(_lib.ERR_ARG, f"unknown engine option '{name}' "
                                       f"(one of: {', '.join(OPTIONS)})")
        if name == "algorithm" and isinstance(value, str):
            if value not in ALGORITHMS:
                raise errors.ArgumentError(_lib.ERR_ARG, f"unknown algorithm '{value}' "
                                           f"(one of: {', '.join(ALGORITHMS)})")
            value = ALGORITHMS[value]
        errors.check(_lib.lib.ba_engine_set(self._h, OPTIONS[name], int(value)),
                     context=f"{name} = {value}")

    def get(self, name):
        """The value of one option."""
        value = ctypes.c_int64()
        errors.check(_lib.lib.ba_engine_get(self._h, OPTIONS[name], ctypes.byref(value)))
        return value.value

    @property
    def progress(self):
        """The progress callable, or None."""
        return self._progress

    @progress.setter
    def progress(self, fn):
        self._progress = fn
        self._cb = _lib.PROGRESS_FN(self._on_progress) if fn else _lib.PROGRESS_FN()
        errors.check(_lib.lib.ba_engine_set_progress(self._h, self._cb, None))

    def _on_progress(self, _user, p):
        # Runs on the searching thread (ctypes takes the GIL for it). An exception here cannot
        # cross the C frames: keep it, stop the search, raise it when search() returns.
        try:
            p = p.contents
            pv = _pv_texts(self._pos, [p.pv[i] for i in range(p.pv_len)]) if p.pv else []
            self._progress(Progress(p.depth, p.score, p.nodes, p.nps, p.time_ms, pv))
        except BaseException as exc:  # noqa: BLE001 - re-raised in search()
            if self._cb_error is None:
                self._cb_error = exc
            _lib.lib.ba_engine_stop(self._h)

    def search(self, pos):
        """Searches @p pos within the engine's limits; returns a :class:`SearchResult`."""
        r = _lib.SearchResult()
        self._pos = pos
        self._cb_error = None
        try:
            rc = _lib.lib.ba_engine_search(self._h, pos._handle(), ctypes.byref(r))
            errors.raise_parked()
            if self._cb_error is not None:
                raise self._cb_error
            errors.check(rc, context="search")
        finally:
            self._pos = None
        pv = _pv_texts(pos, [r.pv[i] for i in range(r.pv_len)])
        best = pv[0] if pv else (pos._move_text(r.best) if r.best.len or r.best.tag else None)
        return SearchResult(best, r.score, r.depth, r.nodes, r.time_ms, bool(r.stopped), pv,
                            bool(r.proven))

    def stop(self):
        """Asks a running search to stop soon (safe from any thread); it then returns the best
        move found so far."""
        if self._h:
            _lib.lib.ba_engine_stop(self._h)

    def clear(self):
        """Forgets what earlier searches learnt (transposition table, ordering tables)."""
        errors.check(_lib.lib.ba_engine_clear(self._h))

    def search_async(self, pos):
        """Starts search(pos) on a new thread; returns the thread, whose ``result`` attribute
        holds the SearchResult (or ``error`` the exception) once it has finished."""
        def run():
            try:
                t.result = self.search(pos)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller
                t.error = exc
        t = threading.Thread(target=run, daemon=True)
        t.result = None
        t.error = None
        t.start()
        return t
