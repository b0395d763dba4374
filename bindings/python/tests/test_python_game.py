"""A game defined in Python (examples/tictactoe.py) searched by the C engine: the same counts
and answers as the C tic-tac-toe of tests/external/tictactoe.c."""

import ctypes
import os
import sys

import pytest

import boardai

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
from tictactoe import TicTacToe  # noqa: E402

FORK = "o../x../xo. x"  # x on a1 a2, o on b1 a3, x to move: b2 wins in 3 plies


@pytest.fixture(scope="module")
def game():
    return TicTacToe()


def count_paths(cells, to_move, depth):
    """Perft of tic-tac-toe in plain Python, without the library: the reference."""
    lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
    if depth == 0:
        return 1
    if any(cells[a] and cells[a] == cells[b] == cells[c] for a, b, c in lines):
        return 0
    total = 0
    for i in range(9):
        if not cells[i]:
            cells[i] = to_move + 1
            total += count_paths(cells, to_move ^ 1, depth - 1)
            cells[i] = 0
    return total


def test_perft(game):
    pos = game.position()
    assert pos.perft(3) == 504  # 9 * 8 * 7, as the C game's test
    # Six plies: the 1440 games x wins on its fifth ply stop there.
    assert pos.perft(6) == count_paths([0] * 9, 0, 6) == (15120 - 1440) * 4
    pos.text = FORK
    assert pos.perft(4) == count_paths([1, 2, 0, 1, 0, 0, 2, 0, 0], 0, 4)


def test_text_round_trip_and_errors(game):
    pos = game.position(FORK)
    assert pos.text == FORK
    with pytest.raises(boardai.IllegalMoveError, match="a1 is taken by x"):
        pos.play("a1")
    with pytest.raises(boardai.ParseError, match="bad square 'z9'"):
        pos.play("z9")
    with pytest.raises(boardai.ParseError, match="cannot have x to move"):
        pos.text = "xx./.../... x"
    assert pos.text == FORK


@pytest.mark.parametrize("algorithm", ["negamax", "alphabeta", "bestfirst"])
def test_search_like_the_c_game(game, algorithm):
    engine = boardai.Engine(game, algorithm=algorithm, depth=9)
    # After b2 a1 the game is a draw (the whole remaining tree: 7 plies).
    assert engine.search(game.position().play("b2").play("a1")).score == 0
    engine.set("depth", 5)
    r = engine.search(game.position(FORK))
    assert r.best == "b2" and r.score == 100000000 - 3


def test_play_through_to_the_end(game):
    pos = game.position()
    for m in ["b2", "a1", "c2", "a2", "a3", "c1", "b1", "b3", "c3"]:
        pos.play(m)
    assert pos.result == boardai.Result.DRAW and pos.moves() == []
    assert "x o x" in pos.render()
    assert pos.history()[:2] == ["b2", "a1"]


class Broken(TicTacToe):
    def evaluate(self, s):
        raise ZeroDivisionError("evaluation bug")


def test_an_exception_in_a_rule_reaches_the_caller():
    game = Broken()
    with pytest.raises(ZeroDivisionError, match="evaluation bug"):
        boardai.Engine(game, depth=3).search(game.position())


def test_the_vtable_mirror_has_the_library_layout():
    # A built-in game's struct_size is sizeof(ba_game) as the library was compiled: the ctypes
    # mirror must know at least every hook the library has (a hook appended in C is appended
    # to _lib.GameVtable too; the library ignores hooks it does not know).
    from boardai import _lib
    name = boardai.games()[0]
    head = _lib.GameHead.from_address(boardai.Game(name).handle)
    assert head.abi == _lib.GAME_ABI
    assert head.struct_size <= ctypes.sizeof(_lib.GameVtable)
