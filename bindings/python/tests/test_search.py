"""A search from Python gives the protocol program's move and score (deterministic mode, same
depth, same defaults)."""

import re

import pytest

import boardai
from conftest import protocol

DEPTHS = {"kalah": 9, "camelot": 3, "ugolki": 4, "chess": 4, "arimaa": 1}
MOVES = {"kalah": ["3"], "camelot": ["D7-D8"], "ugolki": [], "chess": ["e2e4"], "arimaa": []}


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax"])
def test_search_equals_the_protocol(game_name, algorithm):
    depth = DEPTHS[game_name] if algorithm == "alphabeta" else 1 if game_name == "camelot" else 2
    if algorithm == "negamax" and game_name in ("arimaa", "chess"):
        # Plain negamax has no table: Arimaa's whole turns, and chess's quiescence and check
        # extension past depth 1, take minutes even in C.
        pytest.skip("negamax is too slow in this game for a unit test")
    moves = MOVES[game_name]
    setup = "position startpos" + (" moves " + " ".join(moves) if moves else "")
    lines = protocol(game_name, ["setoption deterministic 1", f"setoption algorithm {algorithm}",
                                 setup, f"go depth {depth}"])
    m = re.match(r"bestmove (\S+) score (-?\d+)", lines[-1])
    assert m, lines[-1]

    game = boardai.Game(game_name)
    pos = game.position()
    for mv in moves:
        pos.play(mv)
    engine = boardai.Engine(game, algorithm=algorithm, depth=depth, deterministic=1)
    r = engine.search(pos)
    # The protocol writes a move containing spaces (an Arimaa turn) with underscores.
    assert (r.best.replace(" ", "_"), r.score) == (m.group(1), int(m.group(2)))
    assert r.depth == depth and not r.stopped and r.nodes > 0
    assert r.pv[0] == r.best and r.best in pos.moves()
