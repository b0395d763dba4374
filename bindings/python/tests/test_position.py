"""Position objects: moves, play, undo, copy, text, render, iteration; Kalah's solver."""

import boardai
from conftest import need


def test_play_undo_copy():
    need('camelot')
    game = boardai.Game("camelot", N=16.09)
    pos = game.position()
    start = pos.text
    assert "D6-F8" in pos.moves() and "D6-D9" not in pos.moves()
    other = pos.copy()
    pos.play("D7-D8")
    assert pos.text != start and other.text == start and pos.ply == 1
    assert pos.history() == ["D7-D8"]
    pos.undo()
    assert pos.text == start
    assert sorted(m.text for m in pos) == sorted(str(m) for m in pos.moves())
    assert pos.result == boardai.Result.ONGOING and pos.winner is None
    assert "F1" in pos.render() or len(pos.render().splitlines()) >= 16


def test_text_sets_a_position():
    need('chess')
    game = boardai.Game("chess")
    pos = game.position("6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1")
    assert pos.side_to_move == 0
    pos.play("d1d8")  # a back-rank mate
    assert pos.result == boardai.Result.WIN0 and pos.winner == 0


def test_variants_differ():
    need('kalah', 'ugolki')
    assert boardai.Game("kalah", pits=4, seeds=3).position().perft(1) == 4
    assert boardai.Game("ugolki", pieces=16).position().text != boardai.Game("ugolki").position().text


def test_kalah_solver_published_values():
    need('kalah')
    # Published values (Irving, Donkers and Uiterwijk 2000): Kalah(3,2) = +4 for the first
    # player; Kalah(6,1) with the empty-pit capture = +2.
    assert boardai.kalah.solve(3, 2, tt_mb=16).value == 4
    sol = boardai.kalah.solve(6, 1, empty_capture=True, tt_mb=16)
    assert sol.exact and sol.value == 2 and sol.best is not None
