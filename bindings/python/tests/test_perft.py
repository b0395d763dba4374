"""Every game's perft from Python equals the C program's count, from the library's perft and
from a walk in Python over moves()/play()/undo()."""

import pytest

import boardai
from conftest import protocol

# Depth per game: enough to cross captures, extra turns and multi-step moves, small enough for
# the walk in Python. Positions: the start, and one a few moves in.
CASES = {
    "kalah": [(None, [], 6), (None, ["3"], 5)],
    "camelot": [(None, [], 2), (None, ["D7-D8", "E11-C9"], 2)],
    "ugolki": [(None, [], 4)],
    "chess": [(None, [], 3), (None, ["e2e4", "d7d5"], 3)],
    "arimaa": [(None, [], 2)],
}


def walk(pos, depth):
    """Perft by hand, through the bindings' move list, play and undo."""
    if depth == 0:
        return 1
    total = 0
    for m in pos.moves():
        pos.play(m)
        total += walk(pos, depth - 1) if depth > 1 else 1
        pos.undo()
    return total


def test_every_game_has_cases():
    assert set(boardai.games()) <= set(CASES), "add perft cases for the new game"


@pytest.mark.parametrize("case", range(2))
def test_perft_equals_the_c_program(game_name, case):
    if case >= len(CASES[game_name]):
        pytest.skip("one position for this game")
    text, moves, depth = CASES[game_name][case]
    game = boardai.Game(game_name)
    pos = game.position(text)
    for m in moves:
        pos.play(m)
    setup = "position startpos" + (" moves " + " ".join(moves) if moves else "")
    lines = protocol(game_name, [setup, f"perft {depth}"])
    want = int(lines[-1])
    assert pos.perft(depth) == want
    walk_depth = min(depth, 3 if game_name != "kalah" else depth)
    want_walk = want if walk_depth == depth else int(protocol(game_name, [setup, f"perft {walk_depth}"])[-1])
    assert walk(pos, walk_depth) == want_walk
    assert pos.ply == len(moves)  # the walk left the position as it found it
