"""Shared by the examples: the package from this tree when it is not installed, and --quick."""

import argparse
import os
import sys

import importlib.util

if importlib.util.find_spec("boardai") is None:  # not installed: the package from this tree
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def options(description):
    """Parses the examples' one option: --quick (a shorter run, for the tests)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="a shorter run (used by the tests)")
    return parser.parse_args()


def self_play(game, engine, pos, plies):
    """The engine plays both sides for @p plies plies (or to the end); prints each move."""
    import boardai  # after the path set-up above
    for _ in range(plies):
        if pos.result != boardai.Result.ONGOING:
            break
        r = engine.search(pos)
        print(f"{game.side_names[pos.side_to_move]:>6} plays {r.best:<12} score {r.score:>6} "
              f"depth {r.depth} nodes {r.nodes}")
        pos.play(r.best)
    board = pos.render()
    print(board if board.endswith("\n") else board + "\n", end="")
    print("result:", pos.result.name.lower())
