"""The GIL is released during a search, stop() works from another thread, progress reports."""

import threading
import time

import pytest

import boardai
from conftest import need


def test_stop_from_another_thread():
    need('camelot')
    game = boardai.Game("camelot")
    pos = game.position()
    engine = boardai.Engine(game, depth=64)  # far beyond what ends on its own
    timer = threading.Timer(0.5, engine.stop)
    t0 = time.monotonic()
    timer.start()
    r = engine.search(pos)
    elapsed = time.monotonic() - t0
    timer.join()
    assert r.stopped
    assert r.best in pos.moves()
    assert elapsed < 60  # it ended because of the stop, not the depth


def test_the_gil_is_released_while_searching():
    need('camelot')
    game = boardai.Game("camelot")
    pos = game.position()
    engine = boardai.Engine(game, depth=64)
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    job = engine.search_async(pos)
    counter.start()
    time.sleep(0.5)
    during = len(ticks)
    engine.stop()
    job.join(60)
    done.set()
    counter.join()
    assert not job.is_alive() and job.error is None and job.result.stopped
    assert during > 50  # the Python thread ran while C searched


def test_progress_callback_reports_each_depth():
    need('kalah')
    game = boardai.Game("kalah")
    seen = []
    engine = boardai.Engine(game, depth=7, progress=seen.append)
    r = engine.search(game.position())
    assert [p.depth for p in seen] == list(range(1, 8))
    assert seen[-1].score == r.score and seen[-1].pv == r.pv


def test_an_exception_in_the_callback_stops_and_is_raised():
    need('kalah')
    game = boardai.Game("kalah")

    def boom(progress):
        if progress.depth == 3:
            raise KeyError("from the callback")

    engine = boardai.Engine(game, depth=10, progress=boom)
    with pytest.raises(KeyError, match="from the callback"):
        engine.search(game.position())
    engine.progress = None
    assert engine.search(game.position()).depth == 10  # the engine is still usable
