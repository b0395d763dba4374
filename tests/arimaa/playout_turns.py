"""The turn starts that tests/arimaa/captures_script.sh recounts in the play-out records.

A play-out's Event tag names the turn it starts from ("from turn 10g"); its turns before that are
the game it was taken from, and are played but not counted.
"""


def turn_key(label):
    """Sorts turn labels in the order they are played: 10g, 10s, 11g, ..."""
    return int(label[:-1]), label[-1] == "s"


def counted_turn_starts(lc, game, games):
    """Yields (tags, gold, label, pos) at each counted turn start of the records `games` (as
    arimaa-loss-check.py's read_records gives them, `lc` being that module): gold when Steps plays
    Gold, the turn's label, and the position before the turn, which is played once the caller
    has looked at it. A record ends at its first empty turn or when the game is won."""
    for tags, turns in games:
        gold = tags["White"] == "Steps"
        start = turn_key(lc.playout_start(tags))
        pos = game.position(lc.setup_board(turns))
        for line in turns[2:]:
            label, *tokens = line.split()
            played = lc.steps_played(tokens)
            if not played or pos.winner is not None:
                break
            if turn_key(label) >= start:
                yield tags, gold, label, pos
            pos.play(played)
