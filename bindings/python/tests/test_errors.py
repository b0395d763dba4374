"""C errors become Python exceptions carrying the library's message."""

import pytest

import boardai
from conftest import need


def test_illegal_move_has_the_library_message():
    need('camelot')
    pos = boardai.Game("camelot").position()
    with pytest.raises(boardai.IllegalMoveError, match="neither a step nor a leap") as info:
        pos.play("D6-D9")
    assert info.value.code == -4
    assert pos.ply == 0  # unchanged


def test_malformed_move_is_a_parse_error():
    need('chess')
    pos = boardai.Game("chess").position()
    with pytest.raises(boardai.ParseError) as info:
        pos.play("zz99")
    assert "zz99" in str(info.value) or info.value.message


def test_bad_position_text():
    need('kalah')
    pos = boardai.Game("kalah").position()
    before = pos.text
    with pytest.raises(boardai.ParseError) as info:
        pos.text = "not a kalah position"
    assert len(str(info.value)) > 10
    assert pos.text == before


def test_undo_at_the_start_is_a_state_error():
    need('kalah')
    with pytest.raises(boardai.StateError, match="undo"):
        boardai.Game("kalah").position().undo()


def test_engine_option_out_of_range():
    need('kalah')
    engine = boardai.Engine(boardai.Game("kalah"))
    with pytest.raises(boardai.RangeError, match="depth = 0"):
        engine.set("depth", 0)
    with pytest.raises(boardai.ArgumentError, match="unknown engine option"):
        engine.set("colour", 1)
    with pytest.raises(boardai.ArgumentError, match="unknown algorithm"):
        boardai.Engine(boardai.Game("kalah"), algorithm="minimax")


def test_bad_game_and_parameters():
    need('kalah', 'camelot', 'chess')
    # The registry's messages: an unknown game lists the games, an unknown parameter the
    # game's parameters, a bad value names the parameter.
    with pytest.raises(boardai.UnsupportedError, match="go") as info:
        boardai.Game("go")
    assert "kalah" in str(info.value)
    with pytest.raises(boardai.RangeError, match="pits") as info:
        boardai.Game("kalah", pits=99)
    with pytest.raises(boardai.ParseError, match="colour") as info:
        boardai.Game("camelot", colour=1)
    assert "knight_canter_rule" in str(info.value)
    with pytest.raises(boardai.BoardAIError, match="fen"):
        boardai.Game("chess", fen="x")
    with pytest.raises(boardai.ArgumentError, match="bad parameter value"):
        boardai.Game("kalah", pits="4,seeds=3")  # no smuggling a second parameter in


def test_games_and_parameters_come_from_the_registry():
    need('kalah')
    assert boardai.games()[:1] and all(isinstance(n, str) for n in boardai.games())
    names = {p.name: p for p in boardai.params("kalah")}
    assert set(names) >= {"pits", "seeds", "empty_capture"}
    assert names["pits"].kind == "rules" and names["pits"].default == "6"
    assert boardai.spec("kalah", pits=4, empty_capture=True) == "kalah:pits=4,empty_capture=1"


def test_search_after_the_end_is_refused_or_empty():
    need('kalah')
    game = boardai.Game("kalah", pits=1, seeds=1)
    pos = game.position()
    while pos.result == boardai.Result.ONGOING:
        pos.play(pos.moves()[0])
    assert pos.moves() == []
    with pytest.raises(boardai.IllegalMoveError):
        pos.play("1")
