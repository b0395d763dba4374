"""C errors become Python exceptions carrying the library's message."""

import pytest

import boardai


def test_illegal_move_has_the_library_message():
    pos = boardai.Game("camelot").position()
    with pytest.raises(boardai.IllegalMoveError, match="neither a step nor a leap") as info:
        pos.play("D6-D9")
    assert info.value.code == -4
    assert pos.ply == 0  # unchanged


def test_malformed_move_is_a_parse_error():
    pos = boardai.Game("chess").position()
    with pytest.raises(boardai.ParseError) as info:
        pos.play("zz99")
    assert "zz99" in str(info.value) or info.value.message


def test_bad_position_text():
    pos = boardai.Game("kalah").position()
    before = pos.text
    with pytest.raises(boardai.ParseError) as info:
        pos.text = "not a kalah position"
    assert len(str(info.value)) > 10
    assert pos.text == before


def test_undo_at_the_start_is_a_state_error():
    with pytest.raises(boardai.StateError, match="undo"):
        boardai.Game("kalah").position().undo()


def test_engine_option_out_of_range():
    engine = boardai.Engine(boardai.Game("kalah"))
    with pytest.raises(boardai.RangeError, match="depth = 0"):
        engine.set("depth", 0)
    with pytest.raises(boardai.ArgumentError, match="unknown engine option"):
        engine.set("colour", 1)
    with pytest.raises(boardai.ArgumentError, match="unknown algorithm"):
        boardai.Engine(boardai.Game("kalah"), algorithm="minimax")


def test_bad_game_and_parameters():
    with pytest.raises(boardai.ArgumentError, match="unknown game 'go'"):
        boardai.Game("go")
    with pytest.raises(boardai.RangeError) as info:
        boardai.Game("kalah", pits=99)
    assert "pits" in str(info.value)
    with pytest.raises(boardai.ArgumentError, match="colour"):
        boardai.Game("camelot", colour=1)
    with pytest.raises(boardai.ArgumentError, match="no parameters"):
        boardai.Game("chess", fen="x")


def test_search_after_the_end_is_refused_or_empty():
    game = boardai.Game("kalah", pits=1, seeds=1)
    pos = game.position()
    while pos.result == boardai.Result.ONGOING:
        pos.play(pos.moves()[0])
    assert pos.moves() == []
    with pytest.raises(boardai.IllegalMoveError):
        pos.play("1")
