#!/usr/bin/env python3
"""Which pieces move? Each piece type's share of a side's steps, from game records or from the
turns our search would play.

From records: for every bot of the records (their White and Black tags), the steps of its turns
from turn FROM to turn TO (default 10 to 20, the middle game, where the twenty-eighth round found
our games against bot_Sharp lost), counted by the type of the piece each step moves. A push or
a pull also moves an enemy piece: that step is counted for neither side (it is not a piece of
the mover's own). A play-out's record (scripts/arimaa-sharp-playout.py --records-out, whose
Event tag names the turn it starts from) is counted from its start when that is later than FROM.

With --search DEPTH --bot NAME: at each of BOT's turn starts in that range, the library's step
search (the Python binding, on the build given) at DEPTH steps on one thread, so the same build
always answers the same, once for each --setting (the game's parameters, e.g. loose_rabbit_pct=200;
"-" for the defaults), and the steps of the turn it plays counted the same way. With --list,
each position's turn too.

Output, a line per bot of each file (a play-out's bot names the side, whichever engine played
it) or per setting: the turns, the steps counted, and each type's percent of them (E M H D C R).

Measurement only (the test suite checks it on records whose counts are written out by hand).

Usage: scripts/arimaa-step-shares.py RECORDS... [--from-turn N] [--to-turn N]
                                     [--search DEPTH --bot NAME [--setting PARAMS]... [--list]]
                                     [--build DIR]
"""
import argparse
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = "EMHDCR"
STEP = re.compile(r"([RCDHMErcdhme])[a-h][1-8][nsew]$")


def own_steps(tokens, gold):
    """The types (upper case) of the pieces of Gold's (or Silver's) that a turn's tokens step;
    capture notes ('rc6x') are not steps. Raises ValueError on a token that is neither."""
    types = []
    for token in tokens:
        if token.endswith("x"):
            continue
        match = STEP.match(token)
        if not match:
            raise ValueError("step %r is not a piece, a square and a direction" % token)
        if match.group(1).isupper() == gold:
            types.append(match.group(1).upper())
    return types


def first_turn(lc, tags, first):
    """The first turn number counted: a play-out's start when later than @p first."""
    start = lc.playout_start(tags)
    return max(first, int(start[:-1])) if start else first


def counted_turns(lc, records, first, last):
    """(tags, label, tokens) of every turn from turn @p first to @p last of @p records (a
    list of (tags, turn lines)), setups left out; a record ends at its first empty turn."""
    for tags, turns in records:
        start = first_turn(lc, tags, first)
        for line in turns[2:]:
            label, *tokens = line.split()
            if not tokens:
                break
            if start <= int(label[:-1]) <= last:
                yield tags, label, tokens


def shares_line(name, turns, counts):
    """A report line: @p name, the turns, the steps and each type's percent of them."""
    steps = sum(counts.values())
    parts = " ".join("%s %.1f%%" % (t, 100.0 * counts.get(t, 0) / steps if steps else 0.0)
                     for t in TYPES)
    return "%s: %d turns, %d steps: %s" % (name, turns, steps, parts)


def record_shares(lc, loaded, first, last):
    """{(file name, bot): [turns, {type: steps}]} over the turns counted in @p loaded."""
    bots = {}
    for path, records in loaded:
        for tags, label, tokens in counted_turns(lc, records, first, last):
            gold = label[-1] in "gw"
            bot = tags.get("White" if gold else "Black", "?")
            entry = bots.setdefault((os.path.basename(path), bot), [0, {}])
            try:
                types = own_steps(tokens, gold)
            except ValueError as exc:
                raise ValueError("%s, turn %s: %s" % (os.path.basename(path), label, exc)) from exc
            entry[0] += 1
            for t in types:
                entry[1][t] = entry[1].get(t, 0) + 1
    return bots


def turn_starts(lc, game, loaded, bot, first, last):
    """The position texts of BOT's turn starts in the turns counted, replayed by the binding."""
    texts = []
    for _path, records in loaded:
        for tags, turns in records:
            if bot not in (tags.get("White"), tags.get("Black")):
                continue
            bot_gold = tags.get("White") == bot
            start = first_turn(lc, tags, first)
            pos = game.position(lc.setup_board(turns))
            for line in turns[2:]:
                label, *tokens = line.split()
                number = int(label[:-1])
                if number > last or not tokens or pos.winner is not None:
                    break
                if number >= start and (label[-1] in "gw") == bot_gold:
                    texts.append(pos.text)
                pos.play(lc.steps_played(tokens))
            pos.close()
    return texts


def searched_turn(boardai, game, text, depth):
    """The steps (texts) of the turn the step search at @p depth plays from @p text (the game's
    move is a whole turn: the search goes by steps inside it)."""
    pos = game.position(text)
    engine = boardai.Engine(game, depth=depth, threads=1)
    try:
        best = engine.search(pos).best
        return best.split() if best else []
    finally:
        engine.close()
        pos.close()


def main():
    ap = argparse.ArgumentParser(
        description="Each piece type's share of a side's Arimaa steps, from records or from "
        "our search's turns (measurement only)")
    ap.add_argument("records", nargs="+", metavar="RECORDS", help="record files of roundrobin.py "
                    "or of scripts/arimaa-sharp-playout.py --records-out (.gz read as gzip)")
    ap.add_argument("--from-turn", type=int, default=10, help="first turn counted (default 10)")
    ap.add_argument("--to-turn", type=int, default=20, help="last turn counted (default 20)")
    ap.add_argument("--search", type=int, metavar="DEPTH",
                    help="count the turns our step search plays at BOT's turn starts instead")
    ap.add_argument("--bot", help="with --search: the bot whose turn starts are searched")
    ap.add_argument("--setting", action="append", metavar="PARAMS",
                    help="with --search: the game's parameters of one run (repeatable; '-' for "
                    "the defaults, the default)")
    ap.add_argument("--list", action="store_true", help="with --search: print each turn")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build whose library replays and searches (default build)")
    args = ap.parse_args()
    if args.from_turn < 2 or args.to_turn < args.from_turn:
        ap.error("the turns counted are FROM..TO with 2 <= FROM <= TO (turn 1 is the setup)")
    if args.search is not None and (args.search < 1 or not args.bot):
        ap.error("--search needs a depth of 1 step or more, and --bot")
    if args.search is None and (args.bot or args.setting or args.list):
        ap.error("--bot, --setting and --list go with --search")
    import importlib.util  # pylint: disable=import-outside-toplevel
    spec = importlib.util.spec_from_file_location(
        "loss_check", os.path.join(ROOT, "scripts", "arimaa-loss-check.py"))
    lc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lc)
    try:
        loaded = lc.read_all(args.records)
    except OSError as exc:
        sys.exit("arimaa-step-shares: %s" % exc)
    if args.search is None:
        try:
            bots = record_shares(lc, loaded, args.from_turn, args.to_turn)
        except ValueError as exc:
            sys.exit("arimaa-step-shares: %s" % exc)
        if not bots:
            sys.exit("arimaa-step-shares: no turn %d to %d in the records"
                     % (args.from_turn, args.to_turn))
        for name, bot in sorted(bots):
            print(shares_line("%s %s" % (name, bot), *bots[(name, bot)]))
        return
    os.environ["BOARDAI_LIB"] = os.path.join(args.build, "lib")
    sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))
    import boardai  # pylint: disable=import-outside-toplevel
    try:
        texts = turn_starts(lc, boardai.Game("arimaa"), loaded, args.bot, args.from_turn,
                            args.to_turn)
    except (ValueError, boardai.BoardAIError) as exc:
        sys.exit("arimaa-step-shares: %s" % exc)
    if not texts:
        sys.exit("arimaa-step-shares: no turn start of %s in turns %d to %d"
                 % (args.bot, args.from_turn, args.to_turn))
    for setting in args.setting or ["-"]:
        params = "" if setting == "-" else setting
        try:
            game = boardai.Game("arimaa:step_search=1" + ("," + params if params else ""))
        except boardai.BoardAIError as exc:
            sys.exit("arimaa-step-shares: --setting %s: %s" % (setting, exc))
        counts = {}
        begun = time.time()
        for n, text in enumerate(texts, 1):
            steps = searched_turn(boardai, game, text, args.search)
            if n % 25 == 0 or n == len(texts):  # progress and the time left on standard error
                spent = time.time() - begun
                print("arimaa-step-shares: %s: %d/%d positions, %.0f s spent, about %.0f s left"
                      % (setting, n, len(texts), spent, spent / n * (len(texts) - n)),
                      file=sys.stderr, flush=True)
            if args.list:
                print("%s %s: %s" % (setting, text, " ".join(steps)))
            for t in own_steps(" ".join(steps).split(), text.startswith("g")):
                counts[t] = counts.get(t, 0) + 1
        print(shares_line("%s, search %d steps, %s" % (args.bot, args.search, setting),
                          len(texts), counts), flush=True)


if __name__ == "__main__":
    import script_cli  # pylint: disable=import-outside-toplevel
    script_cli.run(main)
