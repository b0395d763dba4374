#!/usr/bin/env python3
"""When was a lost Arimaa game lost? A check of the records of the AEI tools' roundrobin.py.

For every game of the records that BOT lost, the games are replayed through the library (the
Python binding, on the build given) and BOT's turns are checked one by one: the first turn of
BOT's after which the opponent can reach its goal in its next turn (the library's exact goal
search, which the evaluation runs for the side to move), and how many of BOT's legal turns at
that point would have left the opponent no goal in its turn (and not lost the game at once).
When none would, the game was lost before that turn: the goal was already a threat that one
turn could not meet. When some would, BOT missed a defence a one-turn search sees.

Along the way, the pieces: every turn of the opponent's that takes a piece of BOT's is counted,
and whether BOT's evaluation of the position after its own turn before (`explain`, the
capture_threat line) already credited the opponent a capture threat. A piece lost to a threat
the evaluation saw was given up knowingly; one lost to a threat it did not see was not foreseen.

The last two lines count the pieces and the losses of each kind. Measurement only (the test
suite checks it on five records of bench/data).

Usage: scripts/arimaa-loss-check.py PGN... --bot NAME [--build DIR] [--games N]
"""
import argparse
import gzip
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = "abcdefgh"


def read_records(path):
    """[(tags, [turn lines])] from a roundrobin.py record file (read through gzip when its name
    ends in .gz, as bench/data keeps the larger ones)."""
    games, tags, turns = [], None, []
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="ascii", errors="replace") as f:
        for line in f:
            line = line.strip()
            tag = re.match(r'\[(\w+) "(.*)"\]$', line)
            if tag:
                if tags is None or turns:
                    tags, turns = {}, []
                    games.append((tags, turns))
                tags[tag.group(1)] = tag.group(2)
            elif tags is not None and re.match(r"\d+[gswb]( |$)", line):
                turns.append(line)
    return games


def read_all(paths):
    """[(path, read_records(path))] for every file of @p paths; raises OSError naming the file
    that could not be read."""
    return [(path, read_records(path)) for path in paths]


def playout_start(tags):
    """The label of the turn a play-out starts from ('10g': its Event tag, as
    scripts/arimaa-sharp-playout.py --records-out writes it), or None for a game record."""
    found = re.search(r"from turn (\d+[gs])", tags.get("Event", ""))
    return found.group(1) if found else None


def side_of(label):
    """'g' or 's' from a turn label such as 12g, 12s, 12w or 12b."""
    return {"w": "g", "b": "s"}.get(label[-1], label[-1])


def steps_played(tokens):
    """The steps of a turn's tokens as the board plays them: a record's capture tokens ('rc6x')
    follow from the steps and are left out."""
    return " ".join(t for t in tokens if not t.endswith("x"))


def setup_board(turns):
    """The position text after the two setup turns, or raise ValueError."""
    board = ["."] * 64
    for line in turns[:2]:
        for tok in line.split()[1:]:
            if not re.match(r"[RCDHMErcdhme][a-h][1-8]$", tok):
                raise ValueError("setup token %r is not a piece on a square" % tok)
            board[(8 - int(tok[2])) * 8 + FILES.index(tok[1])] = tok[0]
    return "g [" + "".join(board) + "]"


def lost_now(pos, boardai, bot, least):
    """True when BOT (not to move) has lost, or the side to move reaches its goal in this turn
    (the evaluation scores that goal_now_score less the steps it takes; @p least is a bound
    well below)."""
    result = pos.result
    if result == boardai.Result.ONGOING:
        return pos.evaluate() >= least
    return result == (boardai.Result.WIN1 if bot == "g" else boardai.Result.WIN0)


def threat_of_side_to_move(pos):
    """The capture threat the evaluation credits the side to move (the explain line
    `capture_threat GOLD SILVER`), or None when the explain has no such line."""
    for line in pos.explain().splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "capture_threat":
            return int(words[1] if pos.text.startswith("g") else words[2])
    return None


def check_game(game, boardai, turns, bot, least, pieces):
    """(kind, text): kind 'early' (no turn stops the goal), 'missed', 'none' or 'error'. Counts
    the opponent's turns that take a piece of BOT's in @p pieces ('taken', 'foreseen')."""
    if len(turns) < 3:
        return "error", "fewer than three turns"
    try:
        pos = game.position(setup_board(turns))
    except (ValueError, boardai.BoardAIError) as exc:
        return "error", "setup: %s" % exc
    threat = None  # the opponent's capture threat after BOT's last turn
    for line in turns[2:]:
        label, *steps = line.split()
        played = steps_played(steps)
        if not played:
            break  # the game ended before this turn
        ours = side_of(label) == bot
        try:
            pos.play(played)
        except boardai.BoardAIError as exc:
            return "error", "turn %s: %s" % (label, exc)
        if not ours:
            if threat is not None and any(t.endswith("x") and t[0].isupper() == (bot == "g")
                                          for t in steps):
                pieces["taken"] += 1
                pieces["foreseen"] += threat > 0
            continue
        if not lost_now(pos, boardai, bot, least):
            threat = threat_of_side_to_move(pos) if pos.result == boardai.Result.ONGOING else None
            continue
        pos.undo()  # back to the position BOT played from, to try its other turns
        turns_here = pos.moves()
        stops = 0
        for move in turns_here:
            pos.play(move)
            if not lost_now(pos, boardai, bot, least):
                stops += 1
            pos.undo()
        kind = "early" if stops == 0 else "missed"
        return kind, ("the opponent's goal is open after %s: %d of %d turns there would have "
                      "stopped it" % (label, stops, len(turns_here)))
    return "none", "no goal was open after a turn of %s (lost otherwise)" % bot


def main():
    ap = argparse.ArgumentParser(description="When were the lost Arimaa games lost? (records of "
                                 "the AEI tools' roundrobin.py; measurement only)")
    ap.add_argument("records", nargs="+", metavar="PGN", help="record files of roundrobin.py")
    ap.add_argument("--bot", required=True, help="the name of the bot whose losses are checked")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build whose library replays the games (default build)")
    ap.add_argument("--games", type=int, default=0,
                    help="check only the first N games of each record file (default all)")
    args = ap.parse_args()
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel

    game = boardai.Game("arimaa")
    defaults = dict((p.name, p.default) for p in boardai.params("arimaa"))
    least = int(defaults["goal_now_score"]) * 9 // 10
    counts = {"early": 0, "missed": 0, "none": 0, "error": 0}
    pieces = {"taken": 0, "foreseen": 0}
    played = 0
    for path in args.records:
        try:
            records = read_records(path)
        except OSError as exc:
            sys.exit("arimaa-loss-check: %s" % exc)
        if args.games > 0:
            records = records[:args.games]
        for n, (tags, turns) in enumerate(records, 1):
            white, black = tags.get("White"), tags.get("Black")
            if args.bot not in (white, black):
                continue
            played += 1
            bot = "g" if white == args.bot else "s"
            if tags.get("Result") not in ("1-0", "0-1"):
                print("%s game %d: no result, skipped" % (path, n))
                continue
            if (tags["Result"] == "1-0") == (bot == "g"):
                continue  # a win
            kind, text = check_game(game, boardai, turns, bot, least, pieces)
            counts[kind] += 1
            print("%s game %d (%s-%s, %s plies, %s): %s" % (
                path, n, white, black, tags.get("PlyCount", "?"), tags.get("ResultCode", "?"),
                ("cannot replay: " if kind == "error" else "") + text))
    losses = sum(counts.values())
    if played == 0:
        sys.exit("arimaa-loss-check: no game of %s in the records" % args.bot)
    print("in the lost games, %d turns of the opponent's took a piece of %s's; after %s's turn "
          "before, its evaluation credited the opponent a capture threat in %d"
          % (pieces["taken"], args.bot, args.bot, pieces["foreseen"]))
    print("%d games of %s, %d lost: the goal could not be stopped at the last turn in %d, a "
          "turn that stopped it was missed in %d, no goal open in %d, not replayed %d"
          % (played, args.bot, losses, counts["early"], counts["missed"], counts["none"],
             counts["error"]))


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
